// Frequency: a positive frequency in hertz.

/// A frequency in hertz; always positive and finite.
public struct Frequency: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The frequency in hertz.
    public let hertz: Double

    /// Creates a frequency from a number read from a user, a file or a device.
    /// - Throws: ``DomainValueError/invalidFrequency(_:)`` for zero, negative, infinite or NaN values.
    public init(validating hertz: Double) throws(DomainValueError) {
        guard hertz.isFinite, hertz > 0 else { throw .invalidFrequency(hertz) }
        self.hertz = hertz
    }

    /// Creates a frequency computed in code; traps when it is not positive and finite.
    public init(hertz: Double) {
        precondition(hertz.isFinite && hertz > 0, "frequency must be positive and finite, got \(hertz)")
        self.hertz = hertz
    }

    /// The frequency with two decimals and its unit, e.g. `440.00 Hz`.
    public var description: String { formatFixed(hertz, decimals: 2) + " Hz" }

    /// Orders frequencies from low to high.
    public static func < (lhs: Frequency, rhs: Frequency) -> Bool { lhs.hertz < rhs.hertz }
}

extension Frequency: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// Creates a frequency from a floating-point literal; traps unless positive.
    public init(floatLiteral value: Double) { self.init(hertz: value) }
    /// Creates a frequency from an integer literal; traps unless positive.
    public init(integerLiteral value: Int) { self.init(hertz: Double(value)) }
}

extension Frequency: Codable, ValidatedScalar {
    /// The frequency in hertz, as stored in files.
    var codedValue: Double { hertz }
}
