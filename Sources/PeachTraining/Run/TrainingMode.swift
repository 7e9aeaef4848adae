// TrainingMode: which skill a run trains: pitch discrimination, pitch matching, timing, or play-back.

import PeachCore

/// Which skill a run trains. A run can switch between them (the controller's `startComparison` and
/// `startPitchMatching` actions) without restarting the program.
public enum TrainingMode: String, Sendable, Codable, CaseIterable {
    /// Pitch discrimination: two notes, higher or lower (`peach train`).
    case comparison
    /// Pitch matching: tune a note to the reference, then commit (`peach match`).
    case pitchMatching
    /// A threshold measurement: comparisons placed by the Psi procedure until it is precise (`peach measure`).
    case measurement
    /// Timing offset detection: a pattern loops, one note early or late; answer which (`peach timing`).
    case offsetDetection
    /// Fill the gap: strike the silent steps of a click loop (`peach tap`).
    case gapFill
    /// Timing calibration: tap along with the clicks (`peach timing calibrate`); ends by itself.
    case calibration
    /// Rhythm echo: a bar plays, echo it on a pad in the next (`peach echo`).
    case echo
    /// Play-back, notes: a reference, then a note; play the second note (`peach play --kind notes`).
    case playNotes
    /// Play-back, intervals: play the other note of an interval (`peach play --kind intervals`).
    case playIntervals
    /// Play-back, chords: play the chord (`peach play --kind chords`).
    case playChords

    /// Whether the mode trains timing (clicks) rather than pitch (notes).
    public var isTiming: Bool {
        self == .offsetDetection || self == .gapFill || self == .calibration || self == .echo
    }

    /// The play-back kind the mode trains, or nil for the other modes.
    public var playBackKind: PlayBackKind? {
        switch self {
        case .playNotes: .notes
        case .playIntervals: .intervals
        case .playChords: .chords
        default: nil
        }
    }

    /// The play-back mode of `kind`.
    public init(playBack kind: PlayBackKind) {
        switch kind {
        case .notes: self = .playNotes
        case .intervals: self = .playIntervals
        case .chords: self = .playChords
        }
    }
}
