// CompletedPitchMatching: a committed pitch-matching attempt and its signed error.

import Foundation

/// A committed pitch-matching attempt.
public struct CompletedPitchMatching: Hashable, Sendable, Codable {
    /// The note to match.
    public let referenceNote: MIDINote
    /// The note the tunable tone was tuned to (the reference note in unison training).
    public let targetNote: MIDINote
    /// How the interval from the reference to the target was tuned.
    public let tuningSystem: TuningSystem
    /// Where the tunable note started, relative to the in-tune target.
    public let initialOffset: Cents
    /// The signed error at commit: 1200 · log2(f_user / f_target), the target being the reference or the
    /// interval from it in ``tuningSystem``; + = sharp.
    public let userError: Cents
    /// When the attempt was committed.
    public let timestamp: Date
    /// The conditions of the trial.
    public let context: TrialContext
    /// Seconds from the start of the tunable note to the commit.
    public let timeTaken: Double
    /// The kind of control that tuned the note (``InputKind/unknown`` if it was never moved).
    public let tuneControl: InputKind

    /// Creates a completed attempt.
    public init(
        referenceNote: MIDINote, initialOffset: Cents, userError: Cents, targetNote: MIDINote? = nil,
        tuningSystem: TuningSystem = .equalTemperament, timestamp: Date, context: TrialContext,
        timeTaken: Double = 0, tuneControl: InputKind = .unknown
    ) {
        self.referenceNote = referenceNote
        self.targetNote = targetNote ?? referenceNote
        self.tuningSystem = tuningSystem
        self.initialOffset = initialOffset
        self.userError = userError
        self.timestamp = timestamp
        self.context = context
        self.timeTaken = timeTaken
        self.tuneControl = tuneControl
    }

    /// Whether the target is the reference itself (unison training).
    public var isUnison: Bool { filed.isUnison }

    /// The interval from the reference to the target note.
    public var interval: DirectedInterval { filed.interval }

    /// The feedback band of the error.
    public var feedbackBand: PitchMatchingFeedbackBand { PitchMatchingFeedbackBand(error: userError) }
}
