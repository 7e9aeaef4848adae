// PitchMatchingSessionEvent: what a pitch-matching session tells its user interface.

/// What a ``PitchMatchingSession`` reports, in order, to its event handlers. There is deliberately no event
/// while tuning: no feedback until commit.
public enum PitchMatchingSessionEvent: TrainingSessionEvent {
    /// The reason when this is ``stopped(_:)``, nil for every other event.
    public var stopReason: SessionStopReason? { if case .stopped(let reason) = self { reason } else { nil } }
    /// The error when this is ``observerFailed(_:)``, nil for every other event.
    public var observerFailure: (any Error)? {
        if case .observerFailed(let error) = self { error } else { nil }
    }

    /// A new challenge started: the reference note sounds.
    case trialStarted(PitchMatchingChallenge)
    /// The reference plays again (a replay); the tunable note comes back where the user left it.
    case replayStarted(PitchMatchingChallenge)
    /// The tunable note started at the challenge's offset (after a replay: where the user left it); the
    /// control works from now.
    case tunableStarted(PitchMatchingChallenge)
    /// The attempt was committed and handed to every observer (stored); feedback is shown now.
    case committed(CompletedPitchMatching)
    /// An observer (the store, on a full disk) failed on a result: it is not acknowledged, and the session stops
    /// (`.storeFailure`) right after.
    case observerFailed(any Error)
    /// Feedback ended; the next challenge starts at once.
    case feedbackEnded
    /// The session stopped; the unfinished attempt, if any, was discarded.
    case stopped(SessionStopReason)
}
