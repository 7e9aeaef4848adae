// ValidatedScalar: the shared Codable behaviour of value types that validate a single raw value.

/// A value type stored as one raw value (a number) that must pass validation. Provides `Codable`: it encodes
/// the raw value, and decoding rejects an invalid one with a `DecodingError` that says why.
protocol ValidatedScalar: Codable {
    /// The type of the stored raw value.
    associatedtype CodedValue: Codable
    /// Creates the value from a raw value read from outside.
    init(validating value: CodedValue) throws(DomainValueError)
    /// The raw value to store.
    var codedValue: CodedValue { get }
}

extension ValidatedScalar {
    /// Decodes the raw value and validates it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let value = try container.decode(CodedValue.self)
        do {
            try self.init(validating: value)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes the raw value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(codedValue)
    }
}
