// PitchMatchingFeedbackBand: how close a pitch-matching attempt was, by its rounded error.

/// How close a pitch-matching attempt came, judged on the error rounded to whole cents:
/// 0 dead centre, 1–9 close (green), 10–30 moderate (yellow), above 30 far (red).
public enum PitchMatchingFeedbackBand: String, Hashable, Sendable, Codable, CaseIterable {
    /// Rounded error 0 cents.
    case deadCenter
    /// Rounded error 1–9 cents.
    case close
    /// Rounded error 10–30 cents.
    case moderate
    /// Rounded error above 30 cents.
    case far

    /// The band of `error`.
    public init(error: Cents) {
        switch Self.roundedMagnitude(of: error) {
        case 0: self = .deadCenter
        case ..<10: self = .close
        case ...30: self = .moderate
        default: self = .far
        }
    }

    /// The error rounded to whole cents (half away from zero), without its sign.
    public static func roundedMagnitude(of error: Cents) -> Int {
        let rounded = error.magnitude.rounded(.toNearestOrAwayFromZero)
        return rounded < Double(Int.max) ? Int(rounded) : Int.max
    }
}
