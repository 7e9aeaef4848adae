// TrainingMode: which skill a run trains: pitch discrimination, pitch matching, or timing.

/// Which skill a run trains. A run can switch between them (the controller's `startComparison` and
/// `startPitchMatching` actions) without restarting the program.
public enum TrainingMode: String, Sendable, Codable, CaseIterable {
    /// Pitch discrimination: two notes, higher or lower (`peach train`).
    case comparison
    /// Pitch matching: tune a note to the reference, then commit (`peach match`).
    case pitchMatching
    /// A threshold measurement: comparisons placed by the Psi procedure until it is precise (`peach measure`).
    case measurement
    /// Timing offset detection: four clicks, one early or late; answer which (`peach timing`).
    case offsetDetection
    /// Fill the gap: strike the silent steps of a click loop (`peach tap`).
    case gapFill
    /// Timing calibration: tap along with the clicks (`peach timing calibrate`); ends by itself.
    case calibration

    /// Whether the mode trains timing (clicks) rather than pitch (notes).
    public var isTiming: Bool { self == .offsetDetection || self == .gapFill || self == .calibration }
}
