// ComparisonSessionState: where a comparison session is in its loop.

/// Where a ``ComparisonSession`` is in its loop:
/// `idle → playingNote1 → playingNote2 → awaitingAnswer → showingFeedback → playingNote1 …`.
public enum ComparisonSessionState: String, Hashable, Sendable {
    /// Not training.
    case idle
    /// Note 1 sounds (and the gap after it, if any); answers are ignored.
    case playingNote1
    /// Note 2 sounds; an answer is accepted and stops it.
    case playingNote2
    /// Both notes have sounded; waiting for the answer.
    case awaitingAnswer
    /// The answer is stored and feedback is shown; the next comparison follows.
    case showingFeedback

    /// Whether an answer given now counts.
    public var acceptsAnswer: Bool { self == .playingNote2 || self == .awaitingAnswer }
}
