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
    /// Play-back, scale degrees: a cadence sets the key, a note sounds; play it (`peach play --kind degrees`).
    case playDegrees
    /// Play-back, melodies: a phrase in a key; play its notes in order (`peach play --kind melodies`).
    case playMelodies

    /// The families of modes: what a mode's session answers with and what its records are.
    public enum Family: Sendable, Equatable {
        /// Pitch from notes: comparison, measurement and pitch matching (keys answer, the wheel tunes).
        case pitch
        /// Timing from clicks: offset detection, fill the gap, calibration and rhythm echo (pads strike).
        case timing
        /// Play-back: the keys are notes, played to answer what was heard.
        case playBack(PlayBackKind)
    }

    /// The mode's family. Every place that must know a new mode starts from an exhaustive switch like this one
    /// (CONTRIBUTING's "Adding a discipline"): a new case fails to compile until it is given its family.
    public var family: Family {
        switch self {
        case .comparison, .pitchMatching, .measurement: .pitch
        case .offsetDetection, .gapFill, .calibration, .echo: .timing
        case .playNotes: .playBack(.notes)
        case .playIntervals: .playBack(.intervals)
        case .playChords: .playBack(.chords)
        case .playDegrees: .playBack(.degrees)
        case .playMelodies: .playBack(.melodies)
        }
    }

    /// Whether the mode trains timing (clicks) rather than pitch (notes).
    public var isTiming: Bool { family == .timing }

    /// The play-back kind the mode trains, or nil for the other modes.
    public var playBackKind: PlayBackKind? {
        if case .playBack(let kind) = family { return kind }
        return nil
    }

    /// The play-back mode of `kind`.
    public init(playBack kind: PlayBackKind) {
        switch kind {
        case .notes: self = .playNotes
        case .intervals: self = .playIntervals
        case .chords: self = .playChords
        case .degrees: self = .playDegrees
        case .melodies: self = .playMelodies
        }
    }
}
