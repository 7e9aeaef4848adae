// Cents: a signed pitch interval in hundredths of an equal-tempered semitone.

/// A signed pitch interval in cents (1/100 of an equal-tempered semitone, 1/1200 of an octave).
/// Positive means higher (sharp), negative lower (flat).
public struct Cents: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The interval in cents; always finite.
    public let rawValue: Double

    /// Creates an interval from a value computed in code.
    public init(_ rawValue: Double) {
        precondition(rawValue.isFinite, "cents must be finite, got \(rawValue)")
        self.rawValue = rawValue
    }

    /// Creates an interval from a number read from a user, a file or a device.
    /// - Throws: ``DomainValueError/invalidCents(_:)`` for infinity or NaN.
    public init(validating rawValue: Double) throws(DomainValueError) {
        guard rawValue.isFinite else { throw .invalidCents(rawValue) }
        self.rawValue = rawValue
    }

    /// The unsigned size of the interval.
    public var magnitude: Double { abs(rawValue) }

    /// The interval with the sign flipped.
    public static prefix func - (value: Cents) -> Cents { Cents(-value.rawValue) }

    /// The sum of two intervals.
    public static func + (lhs: Cents, rhs: Cents) -> Cents { Cents(lhs.rawValue + rhs.rawValue) }

    /// The difference of two intervals.
    public static func - (lhs: Cents, rhs: Cents) -> Cents { Cents(lhs.rawValue - rhs.rawValue) }

    /// The value with an explicit sign and one decimal, e.g. `+12.3` or `-0.4`.
    public var description: String { formatted(decimals: 1) }

    /// The value with an explicit sign (`+` for positive) and the given number of decimals.
    public func formatted(decimals: Int) -> String {
        let text = formatFixed(rawValue, decimals: decimals)
        return rawValue > 0 && !text.allSatisfy({ "0.".contains($0) }) ? "+" + text : text
    }

    /// Orders intervals from low to high.
    public static func < (lhs: Cents, rhs: Cents) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Cents {
    /// A cent value as a user types it: a number, with an optional `+` (`+12.3`, `-5`, `0`); nil for anything
    /// else, infinity and NaN included.
    public init?(signedText text: String) {
        let digits = text.hasPrefix("+") ? String(text.dropFirst()) : text
        guard let value = Double(digits), value.isFinite else { return nil }
        self.init(value)
    }
}

extension Cents: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// Creates an interval from a floating-point literal.
    public init(floatLiteral value: Double) { self.init(value) }
    /// Creates an interval from an integer literal.
    public init(integerLiteral value: Int) { self.init(Double(value)) }
}

extension Cents: Codable, ValidatedScalar {
    /// The interval as a number, as stored in files.
    var codedValue: Double { rawValue }
}

/// Formats `value` with exactly `decimals` digits after the point, without Foundation's locale rules
/// (rounding half away from zero; "-0.0" is written "0.0").
func formatFixed(_ value: Double, decimals: Int) -> String {
    let scale = (0..<max(decimals, 0)).reduce(1.0) { result, _ in result * 10 }
    let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
    guard scaled < 1e15 else { return String(value) }
    let integer = Int64(scaled)
    let whole = integer / Int64(scale)
    let fraction = integer % Int64(scale)
    let sign = value < 0 && integer != 0 ? "-" : ""
    guard decimals > 0 else { return sign + String(whole) }
    let digits = String(fraction)
    return sign + String(whole) + "." + String(repeating: "0", count: decimals - digits.count) + digits
}
