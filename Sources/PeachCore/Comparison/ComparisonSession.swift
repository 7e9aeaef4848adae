// ComparisonSession: the pitch-discrimination loop as a state machine in injected time.

import Foundation

/// The pitch-discrimination training loop.
///
/// `start()` plays note 1 for the note duration, waits the gap, plays note 2 (at the vary-loudness offset)
/// for the note duration, then waits for an answer. Answers are ignored during note 1 and the gap, accepted
/// from the start of note 2 (an answer stops note 2) and taken once per comparison. The result goes to every
/// observer *before* feedback is shown; feedback lasts the feedback duration, then the next comparison
/// starts at once. Settings are read at the start of every comparison.
///
/// `stop()` works from every state: it stops sound, cancels timers, discards the unfinished comparison and
/// records nothing. An audio error stops the session quietly (reason `.audioFailure`). An answer is
/// acknowledged only once every observer has it: when one fails (the store, on a full disk) the session
/// reports `.observerFailed`, shows no feedback, does not count the answer, and stops (`.storeFailure`).
///
/// All time comes from the injected ``SessionClock``; all methods run on the main actor.
@MainActor
public final class ComparisonSession: TrainingSession {
    /// Where the session is in its loop.
    public private(set) var state: ComparisonSessionState = .idle
    /// The comparison being played or awaiting its answer, if any.
    public private(set) var currentComparison: Comparison?
    /// The last answered comparison of this session run (cleared by `start()`, so each run cold-starts).
    public private(set) var lastCompleted: CompletedComparison?
    /// The narrowest cent difference answered correctly in this session run.
    public private(set) var sessionBest: Double?
    /// The number of comparisons answered in this session run.
    public private(set) var answeredCount = 0

    private let machinery: SessionMachinery<ComparisonSessionEvent>
    private let strategy: any NextComparisonStrategy
    private let profile: @MainActor () -> PerceptualProfile
    private let settings: @MainActor () -> TrainingSettings
    private let observers: [any ComparisonObserver]
    private let procedure: TrialProcedure
    private var generator: AnyRandomNumberGenerator

    private var trialSettings = TrainingSettings.defaults
    private var note2AmplitudeOffset = 0.0
    private var note2StartTime = Date.distantPast

    /// Creates a session.
    /// - Parameters:
    ///   - notePlayer: plays the notes.
    ///   - strategy: chooses each comparison (default: ``KazezNoteStrategy``).
    ///   - profile: the current perceptual profile, for the cold start.
    ///   - settings: the current settings, read at the start of each comparison.
    ///   - clock: time and timers.
    ///   - observers: receive each result before feedback (store first, then the profile tracker).
    ///   - generator: randomness for notes, directions and loudness.
    ///   - procedure: what the trials are for (kept with each result): training, or a measurement.
    public init(
        notePlayer: any NotePlayer, strategy: any NextComparisonStrategy = KazezNoteStrategy(),
        profile: @escaping @MainActor () -> PerceptualProfile,
        settings: @escaping @MainActor () -> TrainingSettings, clock: any SessionClock,
        observers: [any ComparisonObserver],
        generator: some RandomNumberGenerator, procedure: TrialProcedure = .training
    ) {
        self.procedure = procedure
        machinery = SessionMachinery(notePlayer: notePlayer, clock: clock)
        self.strategy = strategy
        self.profile = profile
        self.settings = settings
        self.observers = observers
        self.generator = AnyRandomNumberGenerator(generator)
    }

    /// Adds a handler that receives every event from now on.
    public func addEventHandler(_ handler: @escaping @MainActor (ComparisonSessionEvent) -> Void) {
        machinery.addEventHandler(handler)
    }

    /// Starts training with a cold start; does nothing unless idle.
    public func start() {
        guard state == .idle else { return }
        machinery.started()
        lastCompleted = nil
        sessionBest = nil
        answeredCount = 0
        startComparison()
    }

    /// Answers the current comparison. Counts only while note 2 sounds or after it, once per comparison.
    /// - Returns: whether the answer was taken.
    @discardableResult
    public func answer(_ answer: ComparisonAnswer, input: InputKind = .unknown) -> Bool {
        guard state.acceptsAnswer, let comparison = currentComparison else { return false }
        let audioError = machinery.silenceForAnswer()
        let now = machinery.now
        let completed = CompletedComparison(
            comparison: comparison, answer: answer, timestamp: now,
            context: TrialContext(settings: trialSettings, procedure: procedure),
            note2AmplitudeOffset: note2AmplitudeOffset,
            responseTime: max(0, now.timeIntervalSince(note2StartTime)),
            inputKind: input)
        let kept = machinery.delivered(to: observers, discarding: discardTrial) {
            try $0.comparisonCompleted(completed)
        }
        guard kept else { return true }
        lastCompleted = completed
        answeredCount += 1
        if completed.isCorrect {
            sessionBest = min(sessionBest ?? .infinity, comparison.centDifference.magnitude)
        }
        state = .showingFeedback
        machinery.emit(.answered(completed))
        machinery.feedback(
            for: trialSettings.feedbackDuration, audioError: audioError, discarding: discardTrial
        ) {
            [weak self] in self?.endFeedback()
        }
        return true
    }

    /// Plays the current comparison again from note 1 (a replay control), while note 2 sounds or the answer is
    /// awaited. Answers are ignored again until note 2 starts; the comparison and its answer stay the same.
    /// - Returns: whether the replay was taken.
    @discardableResult
    public func replay() -> Bool {
        guard state == .playingNote2 || state == .awaitingAnswer, let comparison = currentComparison else {
            return false
        }
        machinery.cancelTimer()
        guard stopNote() else { return true }
        machinery.beginTrial()
        guard play(comparison.note1Frequency(in: trialSettings.tuning), amplitude: .nominal) else {
            return true
        }
        state = .playingNote1
        machinery.emit(.replayStarted(comparison))
        machinery.schedule(after: trialSettings.noteDuration) { [weak self] in self?.endNote1() }
        return true
    }

    /// Stops training from any state: silences the note, cancels timers, discards the unfinished comparison.
    /// Does nothing when idle.
    public func stop(reason: SessionStopReason = .userRequest) {
        machinery.stop(reason, discarding: discardTrial)
    }

    /// Discards what the stop leaves: the unfinished trial, back to idle (``SessionMachinery/stop(_:discarding:)``).
    private func discardTrial() {
        currentComparison = nil
        state = .idle
    }

    private func startComparison() {
        machinery.beginTrial()
        trialSettings = settings()
        let comparison = strategy.nextComparison(
            profile: profile(), settings: trialSettings, last: lastCompleted, using: &generator)
        let roving = trialSettings.varyLoudness * TrainingSettings.maximumLoudnessVariation
        note2AmplitudeOffset = roving > 0 ? Double.random(in: -roving...roving, using: &generator) : 0
        currentComparison = comparison
        guard play(comparison.note1Frequency(in: trialSettings.tuning), amplitude: .nominal) else { return }
        state = .playingNote1
        machinery.emit(.trialStarted(comparison))
        machinery.schedule(after: trialSettings.noteDuration) { [weak self] in self?.endNote1() }
    }

    private func endNote1() {
        guard state == .playingNote1, stopNote() else { return }
        machinery.schedule(orNow: trialSettings.gapBetweenNotes) { [weak self] in self?.startNote2() }
    }

    private func startNote2() {
        guard state == .playingNote1, let comparison = currentComparison,
            play(
                comparison.note2Frequency(in: trialSettings.tuning),
                amplitude: AmplitudeDB(note2AmplitudeOffset))
        else { return }
        state = .playingNote2
        note2StartTime = machinery.now
        machinery.emit(.note2Started(comparison))
        machinery.schedule(after: trialSettings.noteDuration) { [weak self] in self?.endNote2() }
    }

    private func endNote2() {
        guard state == .playingNote2, let comparison = currentComparison, stopNote() else { return }
        state = .awaitingAnswer
        machinery.emit(.awaitingAnswer(comparison))
    }

    private func endFeedback() {
        guard state == .showingFeedback else { return }
        machinery.emit(.feedbackEnded)
        startComparison()
    }

    /// Starts a note; on failure stops the session and returns `false`.
    private func play(_ frequency: Frequency, amplitude: AmplitudeDB) -> Bool {
        sounded { try machinery.play(frequency, velocity: trialSettings.velocity, amplitude: amplitude) }
    }

    /// Stops the sounding note; on failure stops the session and returns `false`.
    private func stopNote() -> Bool { sounded(machinery.stopNote) }
}
