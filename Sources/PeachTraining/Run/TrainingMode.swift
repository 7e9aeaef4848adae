// TrainingMode: which skill a run trains: pitch discrimination, pitch matching, timing, or play-back.

import PeachCore

/// Which skill a run trains. A run can switch between them (the controller's `startComparison` and
/// `startPitchMatching` actions) without restarting the program.
///
/// Play-back is one case for all its kinds (``PlayBackKind``): a new kind of question is a new mode with nothing
/// to add here, and the places that treat the kinds apart (the box's earcons, the titles) switch over the kind,
/// so the compiler leads to them from ``PlayBackKind``. The raw value (`playNotes`, `playMelodies`: `play` and the
/// kind) is what the box's status file and the dashboard's live feed carry.
public enum TrainingMode: Sendable, Hashable, Codable, CaseIterable, RawRepresentable {
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
    /// Play-back of one kind: a note, an interval, a chord, a scale degree or a melody is heard; play it on the
    /// keys (`peach play --kind KIND`).
    case playBack(PlayBackKind)

    /// Every mode: the pitch and timing modes, then play-back's kinds in their order.
    public static let allCases: [TrainingMode] =
        [.comparison, .pitchMatching, .measurement, .offsetDetection, .gapFill, .calibration, .echo]
        + PlayBackKind.allCases.map(TrainingMode.playBack)

    /// The mode's name where it is written down: `comparison`, `gapFill`, `playNotes`, `playMelodies`.
    public var rawValue: String {
        switch self {
        case .comparison: "comparison"
        case .pitchMatching: "pitchMatching"
        case .measurement: "measurement"
        case .offsetDetection: "offsetDetection"
        case .gapFill: "gapFill"
        case .calibration: "calibration"
        case .echo: "echo"
        case .playBack(let kind): "play" + kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst()
        }
    }

    /// The mode named `rawValue` (``rawValue``), or nil.
    public init?(rawValue: String) {
        guard let mode = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = mode
    }

    /// Reads the mode from its name (``rawValue``).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let mode = TrainingMode(rawValue: name) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "Cannot initialize TrainingMode from invalid String value \(name)")
        }
        self = mode
    }

    /// Writes the mode as its name (``rawValue``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

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
        case .playBack(let kind): .playBack(kind)
        }
    }

    /// Whether the mode trains timing (clicks) rather than pitch (notes).
    public var isTiming: Bool { family == .timing }

    /// The play-back kind the mode trains, or nil for the other modes.
    public var playBackKind: PlayBackKind? {
        if case .playBack(let kind) = self { return kind }
        return nil
    }
}
