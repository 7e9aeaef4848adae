// EchoEvent: what a rhythm-echo session tells its user interface.

/// What an ``EchoSession`` reports, in order, to its event handlers.
public enum EchoEvent: TrainingSessionEvent {
    /// The reason when this is ``stopped(_:)``, nil for every other event.
    public var stopReason: SessionStopReason? { if case .stopped(let reason) = self { reason } else { nil } }
    /// The error when this is ``observerFailed(_:)``, nil for every other event.
    public var observerFailure: (any Error)? {
        if case .observerFailed(let error) = self { error } else { nil }
    }

    /// The count-in bar (four clicks) starts at the time given (the click timeline); the first call follows.
    case countIn(Tempo, startsAt: Double)
    /// A bar to echo plays from the time given.
    case call(EchoRhythm, level: Int, startsAt: Double)
    /// The echo bar starts at the time given: strike the rhythm against its clicks.
    case respond(EchoRhythm, startsAt: Double)
    /// A strike in an echo bar was taken (it is paired with a note when the bar is scored).
    case struck(at: Double)
    /// A strike outside every echo bar; it does not count.
    case strikeOutside
    /// An echo bar was scored and the result stored.
    case trialCompleted(CompletedEcho)
    /// An echo bar passed without a strike; nothing is stored.
    case trialEmpty
    /// The level changed (after the echo just scored).
    case levelChanged(Int)
    /// The output's sound broke off (an underrun): the bars placed before it are heard late, so the echo being
    /// played is discarded, and the loop starts again with a count-in after ``EchoSession/dropoutRest``.
    case dropout
    /// An observer (the store, on a full disk) failed on a result: it is not acknowledged, and the session stops.
    case observerFailed(any Error)
    /// The session stopped; the unfinished echo was discarded.
    case stopped(SessionStopReason)
}
