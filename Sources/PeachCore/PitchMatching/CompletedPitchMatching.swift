// CompletedPitchMatching: a committed pitch-matching attempt and its signed error.

import Foundation

/// A committed pitch-matching attempt.
public struct CompletedPitchMatching: Hashable, Sendable, Codable {
    /// The note to match.
    public let referenceNote: MIDINote
    /// Where the tunable note started, relative to the reference.
    public let initialOffset: Cents
    /// The signed error at commit: 1200 · log2(f_user / f_reference); + = sharp.
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
        referenceNote: MIDINote, initialOffset: Cents, userError: Cents, timestamp: Date,
        context: TrialContext,
        timeTaken: Double = 0, tuneControl: InputKind = .unknown
    ) {
        self.referenceNote = referenceNote
        self.initialOffset = initialOffset
        self.userError = userError
        self.timestamp = timestamp
        self.context = context
        self.timeTaken = timeTaken
        self.tuneControl = tuneControl
    }

    /// The feedback band of the error.
    public var feedbackBand: PitchMatchingFeedbackBand { PitchMatchingFeedbackBand(error: userError) }
}
