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
/// records nothing. An audio error stops the session quietly (reason `.audioFailure`); an observer error is
/// reported as an event and training goes on.
///
/// All time comes from the injected ``SessionClock``; all methods run on the main actor.
@MainActor
public final class ComparisonSession {
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

    private let notePlayer: any NotePlayer
    private let strategy: any NextComparisonStrategy
    private let profile: @MainActor () -> PerceptualProfile
    private let settings: @MainActor () -> TrainingSettings
    private let clock: any SessionClock
    private let observers: [any ComparisonObserver]
    private var generator: AnyRandomNumberGenerator
    private var eventHandlers: [@MainActor (ComparisonSessionEvent) -> Void] = []

    private var trialSettings = TrainingSettings.defaults
    private var note2AmplitudeOffset = 0.0
    private var note2StartTime = Date.distantPast
    private var handle: (any PlaybackHandle)?
    private var timer: (any ScheduledTimer)?
    private var trialNumber = 0

    /// Creates a session.
    /// - Parameters:
    ///   - notePlayer: plays the notes.
    ///   - strategy: chooses each comparison (default: ``KazezNoteStrategy``).
    ///   - profile: the current perceptual profile, for the cold start.
    ///   - settings: the current settings, read at the start of each comparison.
    ///   - clock: time and timers.
    ///   - observers: receive each result before feedback (store first, then the profile tracker).
    ///   - generator: randomness for notes, directions and loudness.
    public init(
        notePlayer: any NotePlayer, strategy: any NextComparisonStrategy = KazezNoteStrategy(),
        profile: @escaping @MainActor () -> PerceptualProfile,
        settings: @escaping @MainActor () -> TrainingSettings, clock: any SessionClock,
        observers: [any ComparisonObserver],
        generator: some RandomNumberGenerator = SystemRandomNumberGenerator()
    ) {
        self.notePlayer = notePlayer
        self.strategy = strategy
        self.profile = profile
        self.settings = settings
        self.clock = clock
        self.observers = observers
        self.generator = AnyRandomNumberGenerator(generator)
    }

    /// Adds a handler that receives every event from now on.
    public func addEventHandler(_ handler: @escaping @MainActor (ComparisonSessionEvent) -> Void) {
        eventHandlers.append(handler)
    }

    /// Starts training with a cold start; does nothing unless idle.
    public func start() {
        guard state == .idle else { return }
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
        timer?.cancel()
        timer = nil
        var audioError: (any Error)?
        do { try handle?.stop() } catch { audioError = error }
        handle = nil
        let now = clock.now
        let completed = CompletedComparison(
            comparison: comparison, answer: answer, timestamp: now,
            context: TrialContext(settings: trialSettings),
            note2AmplitudeOffset: note2AmplitudeOffset,
            responseTime: max(0, now.timeIntervalSince(note2StartTime)),
            inputKind: input)
        lastCompleted = completed
        answeredCount += 1
        if completed.isCorrect {
            sessionBest = min(sessionBest ?? .infinity, comparison.centDifference.magnitude)
        }
        for observer in observers {
            do { try observer.comparisonCompleted(completed) } catch { emit(.observerFailed(error)) }
        }
        state = .showingFeedback
        emit(.answered(completed))
        if let audioError {
            halt(.audioFailure(audioError))
            return true
        }
        let trial = trialNumber
        timer = clock.schedule(after: .seconds(trialSettings.feedbackDuration)) { [weak self] in
            guard let self, self.trialNumber == trial, self.state == .showingFeedback else { return }
            self.emit(.feedbackEnded)
            self.startComparison()
        }
        return true
    }

    /// Stops training from any state: silences the note, cancels timers, discards the unfinished comparison.
    /// Does nothing when idle.
    public func stop(reason: SessionStopReason = .userRequest) {
        guard state != .idle else { return }
        halt(reason)
    }

    /// Silences, cancels, discards and reports `reason`, whatever the state.
    private func halt(_ reason: SessionStopReason) {
        timer?.cancel()
        timer = nil
        try? handle?.stop()
        handle = nil
        currentComparison = nil
        trialNumber += 1
        state = .idle
        emit(.stopped(reason))
    }

    private func emit(_ event: ComparisonSessionEvent) {
        for handler in eventHandlers { handler(event) }
    }

    private func startComparison() {
        trialNumber += 1
        trialSettings = settings()
        let comparison = strategy.nextComparison(
            profile: profile(), settings: trialSettings, last: lastCompleted, using: &generator)
        let roving = trialSettings.varyLoudness * TrainingSettings.maximumLoudnessVariation
        note2AmplitudeOffset = roving > 0 ? Double.random(in: -roving...roving, using: &generator) : 0
        currentComparison = comparison
        guard play(comparison.note1Frequency(in: trialSettings.tuning), amplitude: .nominal) else { return }
        state = .playingNote1
        emit(.trialStarted(comparison))
        schedule(after: trialSettings.noteDuration) { $0.endNote1() }
    }

    private func endNote1() {
        guard state == .playingNote1 else { return }
        guard stopNote() else { return }
        if trialSettings.gapBetweenNotes > 0 {
            schedule(after: trialSettings.gapBetweenNotes) { $0.startNote2() }
        } else {
            startNote2()
        }
    }

    private func startNote2() {
        guard state == .playingNote1, let comparison = currentComparison else { return }
        guard
            play(
                comparison.note2Frequency(in: trialSettings.tuning),
                amplitude: AmplitudeDB(note2AmplitudeOffset))
        else { return }
        state = .playingNote2
        note2StartTime = clock.now
        emit(.note2Started(comparison))
        schedule(after: trialSettings.noteDuration) { $0.endNote2() }
    }

    private func endNote2() {
        guard state == .playingNote2, let comparison = currentComparison else { return }
        guard stopNote() else { return }
        state = .awaitingAnswer
        emit(.awaitingAnswer(comparison))
    }

    /// Starts a note; on failure stops the session and returns `false`.
    private func play(_ frequency: Frequency, amplitude: AmplitudeDB) -> Bool {
        do {
            handle = try notePlayer.play(
                frequency: frequency, velocity: trialSettings.velocity, amplitude: amplitude)
            return true
        } catch {
            halt(.audioFailure(error))
            return false
        }
    }

    /// Stops the sounding note; on failure stops the session and returns `false`.
    private func stopNote() -> Bool {
        do {
            try handle?.stop()
            handle = nil
            return true
        } catch {
            halt(.audioFailure(error))
            return false
        }
    }

    private func schedule(after seconds: Double, _ step: @escaping @MainActor (ComparisonSession) -> Void) {
        let trial = trialNumber
        timer = clock.schedule(after: .seconds(seconds)) { [weak self] in
            guard let self, self.trialNumber == trial else { return }
            step(self)
        }
    }
}
