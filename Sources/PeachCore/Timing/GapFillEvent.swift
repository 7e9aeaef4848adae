// GapFillEvent: what a fill-the-gap session tells its user interface.

/// What a ``GapFillSession`` reports, in order, to its event handlers.
public enum GapFillEvent: TrainingSessionEvent {
    /// The reason when this is ``stopped(_:)``, nil for every other event.
    public var stopReason: SessionStopReason? { if case .stopped(let reason) = self { reason } else { nil } }
    /// The error when this is ``observerFailed(_:)``, nil for every other event.
    public var observerFailure: (any Error)? {
        if case .observerFailed(let error) = self { error } else { nil }
    }

    /// The loop started at the tempo; its first cycle starts at the time given (the click timeline), the
    /// others follow every beat; the steps to strike, and the pattern played (nil: four sixteenths).
    case started(Tempo, gapPositions: [Int], firstCycleAt: Double, pattern: TimingPattern?)
    /// A strike fell within half a sixteenth of a gap and counts: the strike, and the trial's strikes so far.
    case struck(GapStrike, trialStrikes: Int)
    /// The loop drops out for `bars` silent bars from the time given; the user keeps striking.
    case silence(bars: Int, startsAt: Double)
    /// The tempo ramp stepped: the loop plays at the tempo from the time given.
    case tempoChanged(Tempo, startsAt: Double)
    /// A strike fell outside every gap's window (or struck a gap a second time) and does not count.
    case strikeOutside
    /// A trial's cycles ended with strikes while the loop sounded, and the result is stored.
    case trialCompleted(CompletedGapFill)
    /// A trial's cycles ended with no strike counted while the loop sounded; nothing is stored.
    case trialEmpty
    /// The output's sound broke off (an underrun), so the clicks placed before it are heard late: the trial's
    /// strikes so far are discarded and its cycles start again after ``GapFillSession/dropoutRest`` (from
    /// `restartsAt` on the click timeline).
    case dropout(restartsAt: Double)
    /// An observer (the store, on a full disk) failed on a result: it is not acknowledged, and the session stops.
    case observerFailed(any Error)
    /// The session stopped; the unfinished trial was discarded.
    case stopped(SessionStopReason)
}
