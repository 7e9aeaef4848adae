// OffsetDetectionEvent: what an offset-detection session tells its user interface.

/// What an ``OffsetDetectionSession`` reports, in order, to its event handlers.
public enum OffsetDetectionEvent: TrainingSessionEvent {
    /// The reason when this is ``stopped(_:)``, nil for every other event.
    public var stopReason: SessionStopReason? { if case .stopped(let reason) = self { reason } else { nil } }
    /// The error when this is ``observerFailed(_:)``, nil for every other event.
    public var observerFailure: (any Error)? {
        if case .observerFailed(let error) = self { error } else { nil }
    }

    /// A trial started: its first repetition is placed, its first note heard at the time given (the click
    /// timeline).
    case trialStarted(OffsetDetectionTrial, firstClickAt: Double)
    /// The first offset note has sounded: answers count from now.
    case answerable(OffsetDetectionTrial)
    /// The loop goes on unanswered: repetition `number` (2, 3, …) begins at the time given.
    case repetition(OffsetDetectionTrial, number: Int, startsAt: Double)
    /// An answer was taken and handed to every observer (stored); feedback shows now.
    case answered(CompletedOffsetDetection)
    /// An observer (the store, on a full disk) failed on a result: it is not acknowledged, and the session stops.
    case observerFailed(any Error)
    /// The output's sound broke off (an underrun) while the trial played, so its clicks were heard out of time:
    /// it was discarded unanswered, and the next starts after ``OffsetDetectionSession/dropoutRest``.
    case dropout
    /// Feedback ended; the next trial starts at once.
    case feedbackEnded
    /// The session stopped; the unfinished trial, if any, was discarded.
    case stopped(SessionStopReason)
}
