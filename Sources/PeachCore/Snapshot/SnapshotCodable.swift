// SnapshotCodable: a value with a binary form in a store's snapshot (written and read in a fixed order).

import Foundation

/// A value the store's snapshot holds in binary (``SnapshotWriter``, ``SnapshotReader``): written field by field
/// in a fixed order, and read back checked, so a forged or damaged snapshot is refused rather than believed.
/// The binary form replaced JSON through `JSONDecoder`, which was four fifths of a start with years of
/// history. A change of any type's form changes the store's snapshot format number.
public protocol SnapshotCodable {
    /// Writes the value.
    func write(to writer: inout SnapshotWriter)
    /// Reads a value written by ``write(to:)``.
    init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed)
}

extension Int: SnapshotCodable {
    /// Writes the number.
    public func write(to writer: inout SnapshotWriter) { writer.write(self) }
    /// Reads a number.
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        self = try reader.int()
    }
}

extension Double: SnapshotCodable {
    /// Writes the number, bit for bit.
    public func write(to writer: inout SnapshotWriter) { writer.write(self) }
    /// Reads a number, any bit pattern (its owner checks it, as ``WelfordAccumulator/isConsistent(maximumCount:)``
    /// does; ``SnapshotReader/finiteDouble()`` refuses what is not finite at once).
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        self = try reader.double()
    }
}

extension Bool: SnapshotCodable {
    /// Writes the boolean as one byte.
    public func write(to writer: inout SnapshotWriter) { writer.write(self) }
    /// Reads a boolean (refused unless 0 or 1).
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        self = try reader.bool()
    }
}

extension Date: SnapshotCodable {
    /// Writes the time, bit for bit.
    public func write(to writer: inout SnapshotWriter) { writer.write(self) }
    /// Reads a time (refused unless finite).
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        self = try reader.date()
    }
}

extension String: SnapshotCodable {
    /// Writes the string.
    public func write(to writer: inout SnapshotWriter) { writer.write(self) }
    /// Reads a string.
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        self = try reader.string()
    }
}

extension Optional: SnapshotCodable where Wrapped: SnapshotCodable {
    /// Writes whether there is a value, then the value.
    public func write(to writer: inout SnapshotWriter) {
        writer.write(self != nil)
        if let self { self.write(to: &writer) }
    }

    /// Reads a value or none.
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        self = try reader.bool() ? try Wrapped(from: &reader) : nil
    }
}

extension Array: SnapshotCodable where Element: SnapshotCodable {
    /// Writes the count, then each element.
    public func write(to writer: inout SnapshotWriter) { writer.write(self) }
    /// Reads an array.
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        self = try reader.array(of: Element.self)
    }
}

extension SnapshotCodable where Self: RawRepresentable, RawValue == String {
    /// Writes the case's name.
    public func write(to writer: inout SnapshotWriter) { writer.write(rawValue) }

    /// Reads a case by its name (refused when no case has it).
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        guard let value = Self(rawValue: try reader.string()) else { throw SnapshotReader.Malformed() }
        self = value
    }
}

extension Dictionary: SnapshotCodable where Key: SnapshotCodable & Comparable, Value: SnapshotCodable {
    /// Writes the count, then each key and value in the keys' order.
    public func write(to writer: inout SnapshotWriter) { writer.write(self) }
    /// Reads a dictionary (refused when a key comes twice).
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        self = try reader.dictionary()
    }
}
