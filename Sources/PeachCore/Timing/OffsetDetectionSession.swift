// OffsetDetectionSession: timing offset detection as a state machine in injected time.

import Foundation

/// Timing offset detection: a one-beat pattern (four sixteenths by default) looped without a break, in every
/// repetition the same note early or late; the answer is `early` or `late`, and the offset adapts
/// (``TimingStaircase``).
///
/// A trial's repetitions are placed on the ``ClickPlayer`` ``repetitionsAhead`` beats ahead, the first a lead
/// time from now, so each note is heard exactly where it belongs whatever the timers' jitter. The loop runs
/// until the answer comes, or for ``TimingSettings/maxRepetitions`` repetitions (then the answer is still
/// awaited). Answers are ignored until the first offset note has been heard, then taken once; an answer stops
/// the loop (the notes not yet heard are dropped). The result goes to every observer (the store first)
/// *before* feedback; the next trial starts once feedback has shown and the clicks placed have sounded.
/// Settings are read at the start of each trial. `stop()` works from every state: it drops the clicks not yet
/// heard, cancels timers and records nothing.
///
/// When the output's sound breaks off during a trial (an underrun: ``ClickPlayer/dropoutCount`` changes), its
/// clicks were heard out of time: the trial is discarded unanswered (``OffsetDetectionEvent/dropout``) and
/// another starts after ``dropoutRest``, in which the output measures its timeline anew. No trial's clicks are
/// placed while the output's timeline settles (at the start, after a dropout: ``ClickPlayer/settlesIn``).
@MainActor
public final class OffsetDetectionSession: TrainingSession {
    /// Where the session is in its loop.
    public enum State: Sendable, Equatable {
        /// Not started, or stopped.
        case idle
        /// The clicks are playing; the first offset note has not sounded yet.
        case playingClicks
        /// The first offset note has sounded: an answer is awaited (the loop may still run).
        case awaitingAnswer
        /// Feedback on the answer shows.
        case showingFeedback
        /// The sound dropped out during the trial: it was discarded, and the next starts after a rest.
        case resting
        /// The output's timeline is being measured (``ClickPlayer/settlesIn``): the trial starts once it can be
        /// trusted.
        case settling
    }

    /// The rest after a dropout before the next trial: the output's timeline is measured anew meanwhile.
    public static let dropoutRest = 1.0
    /// How many repetitions of the loop are placed ahead of the one sounding.
    static let repetitionsAhead = 2

    /// Where the session is.
    public private(set) var state: State = .idle
    /// The trial playing or awaiting its answer.
    public private(set) var currentTrial: OffsetDetectionTrial?
    /// The number of trials answered since `start()`.
    public private(set) var answeredCount = 0
    /// The number answered right since `start()`.
    public private(set) var correctCount = 0

    private let machinery: SessionMachinery<OffsetDetectionEvent>
    private let clicks: any ClickPlayer
    private let settings: @MainActor () -> TimingSettings
    private let observers: [any TimingObserver]
    private var staircase: TimingStaircase
    private var generator: AnyRandomNumberGenerator
    private var last: CompletedOffsetDetection?
    private var trialSettings = TimingSettings.defaults
    private var offsetClickHeard = 0.0
    private var lastClickHeard = 0.0
    /// When the trial's first repetition starts (its beat), on the click timeline.
    private var trialStart = 0.0
    /// The repetitions placed so far.
    private var repetitionsPlaced = 0
    /// The output's dropouts when the trial's clicks were placed.
    private var trialDropouts = 0

    /// A session.
    /// - Parameters:
    ///   - clicks: places the clicks.
    ///   - settings: read at the start of each trial.
    ///   - clock: time and timers.
    ///   - observers: receive each result before feedback (store first).
    ///   - staircase: the staircase, with the store's trials already counted for the balance.
    ///   - generator: randomness for the directions.
    public init(
        clicks: any ClickPlayer, settings: @escaping @MainActor () -> TimingSettings, clock: any SessionClock,
        observers: [any TimingObserver], staircase: TimingStaircase = TimingStaircase(),
        generator: some RandomNumberGenerator
    ) {
        machinery = SessionMachinery(notePlayer: SilentNotePlayer(), clock: clock)
        self.clicks = clicks
        self.settings = settings
        self.observers = observers
        self.staircase = staircase
        self.generator = AnyRandomNumberGenerator(generator)
    }

    /// Adds a handler that receives every event from now on.
    public func addEventHandler(_ handler: @escaping @MainActor (OffsetDetectionEvent) -> Void) {
        machinery.addEventHandler(handler)
    }

    /// Starts with the widest offset; does nothing unless idle.
    public func start() {
        guard state == .idle else { return }
        machinery.started()
        last = nil
        answeredCount = 0
        correctCount = 0
        startTrial()
    }

    /// Answers the current trial, at `time` on the click timeline (nil: now). Taken only once the offset click
    /// has sounded, once per trial.
    /// - Returns: whether the answer was taken.
    @discardableResult
    public func answer(_ answer: TimingDirection, at time: Double? = nil, input: InputKind = .unknown) -> Bool
    {
        guard state == .awaitingAnswer, let trial = currentTrial, !droppedOut() else { return false }
        machinery.cancelTimer()
        // The answer ends the loop: the notes not yet heard are dropped.
        if lastClickHeard > clicks.now {
            clicks.cancelClicks()
            lastClickHeard = clicks.now
        }
        let completed = CompletedOffsetDetection(
            trial: trial, answer: answer, timestamp: machinery.now,
            responseTime: max(0, (time ?? clicks.now) - offsetClickHeard), inputKind: input)
        let kept = machinery.delivered(to: observers, discarding: discardTrial) {
            try $0.offsetDetectionCompleted(completed)
        }
        guard kept else { return true }
        last = completed
        answeredCount += 1
        if completed.isCorrect { correctCount += 1 }
        state = .showingFeedback
        machinery.emit(.answered(completed))
        let rest = max(trialSettings.feedbackDuration, lastClickHeard + trial.step - clicks.now)
        machinery.schedule(after: rest) { [weak self] in self?.endFeedback() }
        return true
    }

    /// Stops from any state: drops the clicks not yet heard, cancels timers, discards the unfinished trial.
    public func stop(reason: SessionStopReason = .userRequest) {
        machinery.stop(reason, discarding: discardTrial)
    }

    /// Discards what the stop leaves: the unfinished trial, back to idle (``SessionMachinery/stop(_:discarding:)``).
    private func discardTrial() {
        clicks.cancelClicks()
        currentTrial = nil
        state = .idle
    }

    private func startTrial() {
        // A click is placed by the output's timeline of the moment: wait until that can be trusted.
        let settled = machinery.isSettled(clicks) { [weak self] in
            guard self?.state == .settling else { return }
            self?.startTrial()
        }
        guard settled else {
            currentTrial = nil
            state = .settling
            return
        }
        machinery.beginTrial()
        trialSettings = settings()
        let trial = staircase.nextTrial(settings: trialSettings, last: last, using: &generator)
        currentTrial = trial
        trialDropouts = clicks.dropoutCount
        trialStart = clicks.now + clicks.leadTime
        repetitionsPlaced = 0
        lastClickHeard = trialStart
        var heard: [Double] = []
        guard sounded({ heard = try placeRepetition() }) else { return }
        offsetClickHeard = heard[trial.offsetNoteIndex]
        state = .playingClicks
        machinery.emit(.trialStarted(trial, firstClickAt: heard[0]))
        guard placeAhead(upTo: 0) else { return }
        machinery.schedule(after: max(0, offsetClickHeard - clicks.now)) { [weak self] in
            self?.offsetClickSounded()
        }
    }

    /// Places the trial's next repetition; returns when each of its notes will be heard.
    private func placeRepetition() throws -> [Double] {
        guard let trial = currentTrial else { return [] }
        let start = trialStart + Double(repetitionsPlaced) * trial.repetitionLength
        var heard: [Double] = []
        for time in trial.clickTimes { heard.append(try clicks.click(at: start + time, accent: false)) }
        repetitionsPlaced += 1
        lastClickHeard = heard.last ?? start
        return heard
    }

    /// The number of repetitions the trial plays at most.
    private var repetitionLimit: Int { trialSettings.maxRepetitions ?? Int.max }

    /// Places repetitions up to ``repetitionsAhead`` beyond `sounding` (from 0), within the limit; returns false
    /// (and halts) when the player fails.
    private func placeAhead(upTo sounding: Int) -> Bool {
        while repetitionsPlaced <= sounding + Self.repetitionsAhead - 1, repetitionsPlaced < repetitionLimit {
            guard sounded({ _ = try placeRepetition() }) else { return false }
        }
        return true
    }

    /// Schedules the start of repetition `number` (from 0) while the loop runs on.
    private func scheduleRepetition(_ number: Int) {
        guard let trial = currentTrial, number < repetitionsPlaced else { return }
        let start = trialStart + Double(number) * trial.repetitionLength
        machinery.schedule(after: max(0, start - clicks.now)) { [weak self] in
            self?.repetitionBegan(number, at: start)
        }
    }

    /// Repetition `number` (from 1) begins: the loop is placed on, and said.
    private func repetitionBegan(_ number: Int, at start: Double) {
        guard state == .playingClicks || state == .awaitingAnswer, let trial = currentTrial, !droppedOut()
        else { return }
        guard placeAhead(upTo: number) else { return }
        machinery.emit(.repetition(trial, number: number + 1, startsAt: start))
        scheduleRepetition(number + 1)
    }

    private func offsetClickSounded() {
        guard state == .playingClicks, let trial = currentTrial, !droppedOut() else { return }
        state = .awaitingAnswer
        machinery.emit(.answerable(trial))
        scheduleRepetition(1)
    }

    /// Whether the sound dropped out since the trial's clicks were placed; if so, the trial is discarded (its
    /// clicks not yet heard dropped, nothing recorded) and the next starts after ``dropoutRest``.
    private func droppedOut() -> Bool {
        guard clicks.dropoutCount != trialDropouts else { return false }
        clicks.cancelClicks()
        machinery.cancelTimer()
        currentTrial = nil
        state = .resting
        machinery.emit(.dropout)
        machinery.schedule(after: Self.dropoutRest) { [weak self] in
            guard self?.state == .resting else { return }
            self?.startTrial()
        }
        return true
    }

    private func endFeedback() {
        guard state == .showingFeedback else { return }
        machinery.emit(.feedbackEnded)
        startTrial()
    }
}
