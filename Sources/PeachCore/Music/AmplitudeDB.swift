// AmplitudeDB: a gain in decibels, clamped to −90…+12 dB.

/// A gain in decibels relative to Peach's nominal level, clamped to −90 … +12 dB.
/// Values below −90 dB are treated as −90 dB (inaudible); values above +12 dB as +12 dB.
public struct AmplitudeDB: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The quietest level; the synth renders it as silence.
    public static let minimum = -90.0
    /// The loudest level.
    public static let maximum = 12.0
    /// The range every value is clamped to.
    public static let validRange = minimum...maximum
    /// 0 dB: the nominal level.
    public static let nominal = AmplitudeDB(0)

    /// The gain in decibels, within ``validRange``.
    public let decibels: Double

    /// Creates a gain, clamping it to ``validRange``; NaN becomes the minimum (silence is the safe side).
    public init(_ decibels: Double) {
        self.decibels = decibels.isNaN ? Self.minimum : min(max(decibels, Self.minimum), Self.maximum)
    }

    /// Creates a gain from a number read from a user or a file, clamping it to ``validRange``.
    /// - Throws: ``DomainValueError/invalidAmplitude(_:)`` for NaN.
    public init(validating decibels: Double) throws(DomainValueError) {
        guard !decibels.isNaN else { throw .invalidAmplitude(decibels) }
        self.init(decibels)
    }

    /// The linear amplitude factor, 10^(dB/20).
    public var linearGain: Double { decibels <= Self.minimum ? 0 : pow10(decibels / 20) }

    /// The gain with a sign and one decimal, e.g. `-3.0 dB`.
    public var description: String {
        (decibels > 0 ? "+" : "") + formatFixed(decibels, decimals: 1) + " dB"
    }

    /// Orders gains from quiet to loud.
    public static func < (lhs: AmplitudeDB, rhs: AmplitudeDB) -> Bool { lhs.decibels < rhs.decibels }
}

extension AmplitudeDB: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// Creates a gain from a floating-point literal (clamped).
    public init(floatLiteral value: Double) { self.init(value) }
    /// Creates a gain from an integer literal (clamped).
    public init(integerLiteral value: Int) { self.init(Double(value)) }
}

extension AmplitudeDB: Codable, ValidatedScalar {
    /// The gain in decibels, as stored in files.
    var codedValue: Double { decibels }
}
