// SnapshotReader: reads the binary form SnapshotWriter writes, refusing anything that does not fit.

import Foundation

/// Reads values written by ``SnapshotWriter``, in the order written, from bytes it does not own (use it within
/// the bytes' `withUnsafeBytes`). Every read is bounds-checked and every count is checked against the bytes
/// left before anything is allocated for it, so a damaged or forged snapshot is refused
/// (``SnapshotReader/Malformed``), never trusted, and never makes a huge allocation.
public struct SnapshotReader {
    /// The bytes do not hold what was expected: cut short, a varint too long, a count beyond the bytes left, a
    /// value a type does not allow.
    public struct Malformed: Error, Hashable, Sendable {
        /// An error.
        public init() {}
    }

    private let bytes: UnsafeRawBufferPointer
    /// The offset of the next byte to read.
    public private(set) var position: Int

    /// A reader of `bytes` from `position`.
    public init(_ bytes: UnsafeRawBufferPointer, at position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { position == bytes.count }

    /// The bytes not yet read.
    public var remaining: Int { bytes.count - position }

    /// Reads a whole number.
    public mutating func int() throws(Malformed) -> Int {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < bytes.count, shift < 64 else { throw Malformed() }
            let byte = bytes[position]
            position += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        let value = Int64(bitPattern: result >> 1) ^ -Int64(bitPattern: result & 1)
        return Int(value)
    }

    /// Reads a whole number within `range`.
    public mutating func int(in range: ClosedRange<Int>) throws(Malformed) -> Int {
        let value = try int()
        guard range.contains(value) else { throw Malformed() }
        return value
    }

    /// Reads a count of things that each take at least one byte: refused when more than the bytes left.
    public mutating func count() throws(Malformed) -> Int { try int(in: 0...remaining) }

    /// Reads a double, bit for bit.
    public mutating func double() throws(Malformed) -> Double {
        guard remaining >= 8 else { throw Malformed() }
        let bits = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
        position += 8
        return Double(bitPattern: bits)
    }

    /// Reads a finite double.
    public mutating func finiteDouble() throws(Malformed) -> Double {
        let value = try double()
        guard value.isFinite else { throw Malformed() }
        return value
    }

    /// Reads a boolean (one byte, 0 or 1).
    public mutating func bool() throws(Malformed) -> Bool {
        guard position < bytes.count, bytes[position] <= 1 else { throw Malformed() }
        position += 1
        return bytes[position - 1] == 1
    }

    /// Reads a string of valid UTF-8.
    public mutating func string() throws(Malformed) -> String {
        let count = try count()
        let text = String(
            validating: UnsafeRawBufferPointer(rebasing: bytes[position..<position + count]), as: UTF8.self)
        guard let text else { throw Malformed() }
        position += count
        return text
    }

    /// Reads a time written bit for bit (finite).
    public mutating func date() throws(Malformed) -> Date {
        Date(timeIntervalSinceReferenceDate: try finiteDouble())
    }

    /// Reads a value.
    public mutating func read<Value: SnapshotCodable>(
        _ type: Value.Type = Value.self
    ) throws(Malformed) -> Value {
        try Value(from: &self)
    }

    /// Reads fields written by ``SnapshotWriter/write(_:_:_:)``, in order, each as its type reads itself:
    /// `(count, mean, sumOfSquaredDeviations) = try reader.fields()`.
    public mutating func fields<each Value: SnapshotCodable>() throws(Malformed) -> (repeat each Value) {
        (repeat try (each Value)(from: &self))
    }

    /// Reads an array written by ``SnapshotWriter/write(_:)-(Array)``.
    public mutating func array<Element: SnapshotCodable>(
        of type: Element.Type = Element.self
    ) throws(Malformed) -> [Element] {
        let count = try count()
        var values: [Element] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try Element(from: &self)) }
        return values
    }

    /// Reads a dictionary written by ``SnapshotWriter``: refused when a key comes twice.
    public mutating func dictionary<Key: SnapshotCodable & Hashable, Value: SnapshotCodable>(
        of type: [Key: Value].Type = [Key: Value].self
    ) throws(Malformed) -> [Key: Value] {
        let count = try count()
        var values: [Key: Value] = [:]
        values.reserveCapacity(count)
        for _ in 0..<count {
            let key = try Key(from: &self)
            guard values.updateValue(try Value(from: &self), forKey: key) == nil else { throw Malformed() }
        }
        return values
    }

    /// Reads binned trials written by ``SnapshotWriter/writeLevels(_:)``, handing each level with its trials
    /// and correct answers to `take`: refused when a level is off the ``StimulusLevel`` grid or out of order,
    /// or has no trials or more correct answers than trials.
    public mutating func levels(_ take: (Int, Int32, Int32) -> Void) throws(Malformed) {
        var level = -1
        for _ in 0..<(try int(in: 0...StimulusLevel.count)) {
            level += try int(in: 1...StimulusLevel.count)
            guard level < StimulusLevel.count else { throw Malformed() }
            let trials = try int(in: 1...Int(Int32.max))
            take(level, Int32(trials), Int32(try int(in: 0...trials)))
        }
    }

    /// Reads `count` raw bytes.
    public mutating func raw(_ count: Int) throws(Malformed) -> UnsafeRawBufferPointer {
        guard count >= 0, count <= remaining else { throw Malformed() }
        defer { position += count }
        return UnsafeRawBufferPointer(rebasing: bytes[position..<position + count])
    }
}
