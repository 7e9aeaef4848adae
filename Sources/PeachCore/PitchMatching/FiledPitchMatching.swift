// FiledPitchMatching: what the profile and the progress history file of a committed pitch matching.

import Foundation

/// The part of a committed pitch-matching attempt that the profile and the progress history file: the notes,
/// the tuning, the signed error and when. Plain values, as ``FiledComparison`` is, for the same reason.
public struct FiledPitchMatching: Hashable, Sendable {
    /// The note to match.
    public let referenceNote: MIDINote
    /// The note the tunable tone was tuned to (the reference note in unison training).
    public let targetNote: MIDINote
    /// How the interval from the reference to the target was tuned.
    public let tuningSystem: TuningSystem
    /// The signed error at commit, cents; + = sharp.
    public let userError: Cents
    /// When the attempt was committed.
    public let timestamp: Date

    /// The filed part of an attempt.
    public init(
        referenceNote: MIDINote, targetNote: MIDINote, tuningSystem: TuningSystem, userError: Cents,
        timestamp: Date
    ) {
        self.referenceNote = referenceNote
        self.targetNote = targetNote
        self.tuningSystem = tuningSystem
        self.userError = userError
        self.timestamp = timestamp
    }

    /// Whether the target is the reference itself (unison training).
    public var isUnison: Bool { targetNote == referenceNote }

    /// The interval from the reference to the target note.
    public var interval: DirectedInterval {
        DirectedInterval(semitones: targetNote.rawValue - referenceNote.rawValue) ?? .prime
    }
}

extension CompletedPitchMatching {
    /// What the profile files of this attempt.
    public var filed: FiledPitchMatching {
        FiledPitchMatching(
            referenceNote: referenceNote, targetNote: targetNote, tuningSystem: tuningSystem,
            userError: userError, timestamp: timestamp)
    }
}
