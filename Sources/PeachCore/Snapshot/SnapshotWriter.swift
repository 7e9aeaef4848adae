// SnapshotWriter: writes the binary form of a store's snapshot: varints, doubles' bits, strings, in order.

import Foundation

/// Appends values in the snapshot's binary form (``SnapshotCodable``): whole numbers as zigzag LEB128 varints
/// (small numbers, the most common, take one byte), doubles as their 8 bits little-endian (exact), booleans as
/// one byte, strings as a length and UTF-8. Nothing names a field: a reader reads in the order written, and the
/// store's snapshot format number changes whenever that order does.
public struct SnapshotWriter {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty writer.
    public init() {}

    /// Writes a whole number.
    public mutating func write(_ value: Int) {
        var zigzag = UInt64(bitPattern: Int64(value) << 1 ^ Int64(value) >> 63)
        while zigzag >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: zigzag) | 0x80)
            zigzag >>= 7
        }
        bytes.append(UInt8(zigzag))
    }

    /// Writes a double, bit for bit.
    public mutating func write(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Writes a boolean.
    public mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

    /// Writes a string.
    public mutating func write(_ value: String) {
        let utf8 = Array(value.utf8)
        write(utf8.count)
        bytes.append(contentsOf: utf8)
    }

    /// Writes a time, bit for bit.
    public mutating func write(_ value: Date) { write(value.timeIntervalSinceReferenceDate) }

    /// Writes a value.
    public mutating func write(_ value: some SnapshotCodable) { value.write(to: &self) }

    /// Writes a value's fields in order, as ``SnapshotReader/fields()`` reads them back:
    /// `writer.write(count, mean, sumOfSquaredDeviations)` beside `(count, mean, sumOfSquaredDeviations) = try
    /// reader.fields()`, so the two orders can be compared at a glance.
    public mutating func write<each Rest: SnapshotCodable>(
        _ first: some SnapshotCodable, _ second: some SnapshotCodable, _ rest: repeat each Rest
    ) {
        first.write(to: &self)
        second.write(to: &self)
        repeat (each rest).write(to: &self)
    }

    /// Writes an array: its count, then each element.
    public mutating func write<Element: SnapshotCodable>(_ values: [Element]) {
        write(values.count)
        for value in values { value.write(to: &self) }
    }

    /// Writes a dictionary: its count, then each key and value in the keys' order (the same bytes for the same
    /// contents, run after run).
    public mutating func write<Key: SnapshotCodable & Comparable, Value: SnapshotCodable>(
        _ values: [Key: Value]
    ) {
        write(values.count)
        for key in values.keys.sorted() {
            key.write(to: &self)
            values[key]?.write(to: &self)
        }
    }

    /// Writes binned trials, `(level, trials, correct)` in increasing level order with trials > 0: their number,
    /// then each level as the step from the one before, its trials and correct answers.
    public mutating func writeLevels(_ levels: [(level: Int, trials: Int32, correct: Int32)]) {
        write(levels.count)
        var previous = -1
        for (level, trials, correct) in levels {
            write(level - previous)
            write(Int(trials))
            write(Int(correct))
            previous = level
        }
    }

    /// Writes raw bytes as they are (no length).
    public mutating func append(raw: some Sequence<UInt8>) { bytes.append(contentsOf: raw) }
}
