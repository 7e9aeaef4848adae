// JSONFields: the fields of the object a reader scanned last, in room it keeps from object to object.

/// The fields of one scanned object (``JSONObjectScanner``), written over those of the object before: the room
/// is never shrunk, so reading an object removes and appends nothing. It grows (doubled) only for an object
/// with more fields than any before.
struct JSONFields {
    /// Room for the fields; the first ``count`` are the object's.
    var room = [JSONField](repeating: Self.none, count: 32)
    /// A place no field has taken yet.
    private static let none = JSONField(
        keyRange: 0..<0, keyEscaped: false, value: JSONValueSpan(kind: .null, range: 0..<0))
    /// How many fields the object has.
    var count = 0

    /// The object's fields.
    func withFields<Result>(_ body: (UnsafeBufferPointer<JSONField>) throws -> Result) rethrows -> Result {
        try room.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[0..<count])) }
    }
}
