// PitchMatchingSessionState: where a pitch-matching session is in its loop.

/// Where a ``PitchMatchingSession`` is in its loop:
/// `idle → playingReference → playingTunable → showingFeedback → playingReference …`.
public enum PitchMatchingSessionState: String, Hashable, Sendable {
    /// Not training.
    case idle
    /// The reference note sounds (and the gap after it, if any); the control does nothing.
    case playingReference
    /// The tunable note sounds until commit; the control moves it.
    case playingTunable
    /// The attempt is stored and feedback is shown; the next challenge follows.
    case showingFeedback
}
