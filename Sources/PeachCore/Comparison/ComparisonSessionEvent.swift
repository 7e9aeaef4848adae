// ComparisonSessionEvent: what a comparison session tells its user interface.

/// What a ``ComparisonSession`` reports, in order, to its event handlers (terminal UI, event stream,
/// simulated listener).
public enum ComparisonSessionEvent: TrainingSessionEvent {
    /// The reason when this is ``stopped(_:)``, nil for every other event.
    public var stopReason: SessionStopReason? { if case .stopped(let reason) = self { reason } else { nil } }
    /// The error when this is ``observerFailed(_:)``, nil for every other event.
    public var observerFailure: (any Error)? {
        if case .observerFailed(let error) = self { error } else { nil }
    }

    /// A new comparison started: note 1 sounds. Carries the difficulty as `comparison.centDifference`.
    case trialStarted(Comparison)
    /// The comparison is played again from note 1 (a replay); answers count again from note 2.
    case replayStarted(Comparison)
    /// Note 2 started: answers count from now.
    case note2Started(Comparison)
    /// Note 2 ended without an answer.
    case awaitingAnswer(Comparison)
    /// An answer was taken and handed to every observer (stored); feedback is shown now.
    case answered(CompletedComparison)
    /// An observer (the store, on a full disk) failed on a result: it is not acknowledged, and the session stops
    /// (`.storeFailure`) right after.
    case observerFailed(any Error)
    /// Feedback ended; the next comparison starts at once.
    case feedbackEnded
    /// The session stopped; the unfinished comparison, if any, was discarded.
    case stopped(SessionStopReason)
}
