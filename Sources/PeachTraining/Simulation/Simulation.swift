// Simulation: a real training session answered by a simulated listener in virtual time (`peach simulate`).

import Foundation
import PeachCore
import PeachStore

/// Which skill a simulation runs. Play-back is one case for all its kinds, named on the command line by the kind
/// alone (`--mode melodies`): a new ``PlayBackKind`` is simulated with nothing to add here.
public enum SimulationMode: Sendable, Hashable, CaseIterable, RawRepresentable {
    /// Pitch discrimination.
    case comparison
    /// Pitch matching.
    case matching
    /// A threshold measurement (the Psi procedure places every trial).
    case measurement
    /// Timing offset detection: the listener's threshold is in milliseconds.
    case timing
    /// Fill the gap: the listener's bias and spread are in milliseconds; a trial is sixteen cycles.
    case tap
    /// Rhythm echo: each note struck with the listener's bias and spread (ms), missed with its lapse rate.
    case echo
    /// Play-back of one kind, answered by a ``SimulatedPlayer`` (in a melody each note a little less likely
    /// right).
    case playBack(PlayBackKind)

    /// Every mode: the pitch and timing ones, then play-back's kinds in their order.
    public static let allCases: [SimulationMode] =
        [.comparison, .matching, .measurement, .timing, .tap, .echo]
        + PlayBackKind.allCases.map(SimulationMode.playBack)

    /// The mode's name on the command line (`--mode`): `comparison`, `tap`, and play-back's by their kind (`notes`,
    /// `melodies`).
    public var rawValue: String {
        switch self {
        case .comparison: "comparison"
        case .matching: "matching"
        case .measurement: "measurement"
        case .timing: "timing"
        case .tap: "tap"
        case .echo: "echo"
        case .playBack(let kind): kind.rawValue
        }
    }

    /// The mode named `rawValue` (``rawValue``), or nil.
    public init?(rawValue: String) {
        guard let mode = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = mode
    }

    /// The play-back kind the mode simulates, or nil.
    public var playBackKind: PlayBackKind? {
        if case .playBack(let kind) = self { return kind }
        return nil
    }

    /// The training mode the simulation runs a session of.
    public var trainingMode: TrainingMode {
        switch self {
        case .comparison: .comparison
        case .matching: .pitchMatching
        case .measurement: .measurement
        case .timing: .offsetDetection
        case .tap: .gapFill
        case .echo: .echo
        case .playBack(let kind): .playBack(kind)
        }
    }
}

/// Runs the real comparison or pitch-matching session, with the real strategy and profile, answered by a
/// ``SimulatedListener`` in virtual time, and reports it. Nothing sounds; answers are stored only when a store
/// is given (marked as input `simulated`).
public struct Simulation: Sendable {
    /// Comparison or matching.
    public let mode: SimulationMode
    /// The listener.
    public let parameters: SimulatedListener.Parameters
    /// The settings of every trial.
    public let settings: TrainingSettings
    /// How many trials.
    public let trials: Int
    /// The seed: the same seed replays the same session.
    public let seed: UInt64
    /// The timing settings (tempo, offset click, gap positions), for the timing modes.
    public let timing: TimingSettings
    /// The model player of the play-back modes.
    public let player: SimulatedPlayer
    /// The play-back options (items, octave and voicing rules); the kind follows the mode.
    public let playBack: PlayBackOptions?

    /// A simulation of `trials` trials.
    public init(
        mode: SimulationMode, parameters: SimulatedListener.Parameters, settings: TrainingSettings,
        trials: Int,
        seed: UInt64, timing: TimingSettings = .defaults, player: SimulatedPlayer = SimulatedPlayer(),
        playBack: PlayBackOptions? = nil
    ) {
        self.timing = timing
        self.player = player
        self.playBack = playBack
        self.mode = mode
        self.parameters = parameters
        self.settings = settings
        self.trials = trials
        self.seed = seed
    }

    /// Runs it, from `start` in virtual time, reporting to `report`; `store` (if any) keeps every answer and
    /// `error` gets a line when storing fails (the session then stops, as a real one does).
    /// - Returns: whether every answer was stored.
    @MainActor
    @discardableResult
    public func run(
        start: Date, store: JournalStore?, report: some SimulationReporting, error: @escaping (String) -> Void
    ) -> Bool {
        var stored = true
        report.header(mode: mode, parameters: parameters, settings: settings, timing: timing, seed: seed)
        let clock = VirtualClock(start: start)
        let listener = SimulatedListener(
            parameters: parameters, clock: clock, generator: SeededRandomGenerator(seed: seed &+ 1))
        let settings = self.settings
        switch mode {
        case .comparison, .measurement:
            // The session chooses from everything stored (as a real one does); the summary tells this run alone
            // (`run`), so a saved simulation's figures are not mixed with the store's.
            let tracker = ProfileTracker()
            let run = ProfileTracker()
            if let contents = store?.contents {
                tracker.restore(profile: contents.profile, trend: contents.trend)
            }
            let psi =
                mode == .measurement
                ? PsiNoteStrategy(procedure: PsiProcedure(minimumTrials: trials, maximumTrials: trials)) : nil
            let session = ComparisonSession(
                notePlayer: SilentNotePlayer(), strategy: psi ?? KazezNoteStrategy(),
                profile: { tracker.profile },
                settings: { settings }, clock: clock, observers: (store.map { [$0] } ?? []) + [tracker, run],
                generator: SeededRandomGenerator(seed: seed), procedure: psi == nil ? .training : .measurement
            )
            listener.answer(session)
            var next: Double?
            stored = drive(session, clock: clock, until: { session.answeredCount >= trials }, report, error) {
                session, event in
                if case .answered(let completed) = event {
                    report.comparison(completed, number: session.answeredCount)
                    next = KazezNoteStrategy().nextDifference(
                        after: completed.comparison.centDifference.magnitude, wasCorrect: completed.isCorrect)
                }
            }
            if let psi, let last = session.lastCompleted { psi.record(last) }
            report.comparisonSummary(
                tracker: run, answered: session.answeredCount, sessionBest: session.sessionBest,
                nextDifference: psi == nil ? next : nil, elapsed: clock.elapsed,
                measured: psi?.procedure.estimate)
        case .matching:
            let session = PitchMatchingSession(
                notePlayer: SilentNotePlayer(), settings: { settings }, clock: clock,
                observers: store.map { [$0] } ?? [], generator: SeededRandomGenerator(seed: seed))
            listener.match(session)
            stored = drive(session, clock: clock, until: { session.committedCount >= trials }, report, error)
            { session, event in
                if case .committed(let completed) = event {
                    report.matching(completed, number: session.committedCount)
                }
            }
            report.matchingSummary(elapsed: clock.elapsed)
        case .timing, .tap, .echo:
            stored = runTiming(clock: clock, listener: listener, store: store, report: report, error: error)
        case .playBack:
            stored = runPlayBack(clock: clock, store: store, report: report, error: error)
        }
        // Only a run whose every answer was stored says where they are: after a failure (a full disk) its error
        // line has said what happened, and "saved" would be untrue.
        if let store, stored {
            report.saved(to: store.journalPath, total: store.contents.recordCount)
        }
        return stored
    }

    /// A timing simulation: offset detection answered, or fill the gap struck, by `listener`.
    @MainActor
    private func runTiming(
        clock: VirtualClock, listener: SimulatedListener, store: JournalStore?,
        report: some SimulationReporting,
        error: @escaping (String) -> Void
    ) -> Bool {
        let stored: Bool
        let clicks = SilentClickPlayer(clock: clock)
        let timing = self.timing
        let observers: [any TimingObserver] = store.map { [$0] } ?? []
        if mode == .echo {
            let session = EchoSession(
                clicks: clicks, settings: { timing }, clock: clock, observers: observers,
                level: max(1, store?.contents.timing.echoLevel ?? 1),
                generator: SeededRandomGenerator(seed: seed))
            var history = TimingHistory()
            listener.echo(session) { clicks.now }
            stored = drive(session, clock: clock, until: { session.trialCount >= trials }, report, error) {
                session, event in
                if case .trialCompleted(let completed) = event {
                    history.addEcho(completed)
                    report.echo(completed, number: session.trialCount)
                }
            }
            report.echoSummary(
                history: history, trials: session.trialCount, level: session.level, elapsed: clock.elapsed)
        } else if mode == .timing {
            let session = OffsetDetectionSession(
                clicks: clicks, settings: { timing }, clock: clock, observers: observers,
                generator: SeededRandomGenerator(seed: seed))
            var history = TimingHistory()
            var last: CompletedOffsetDetection?
            listener.answer(session)
            stored = drive(session, clock: clock, until: { session.answeredCount >= trials }, report, error) {
                session, event in
                if case .answered(let completed) = event {
                    last = completed
                    history.addOffsetDetection(
                        tempoBPM: completed.trial.tempo.bpm, offsetMs: completed.trial.offsetMs,
                        isCorrect: completed.isCorrect, pattern: completed.trial.pattern)
                    report.offsetDetection(completed, number: session.answeredCount)
                }
            }
            let next = last.map {
                TimingStaircase.nextPercent(after: $0.trial.offsetPercent, wasCorrect: $0.isCorrect)
            }
            report.offsetDetectionSummary(
                history: history, answered: session.answeredCount, correct: session.correctCount,
                nextPercent: next, tempo: timing.tempo, elapsed: clock.elapsed)
        } else {
            let session = GapFillSession(
                clicks: clicks, settings: { timing }, clock: clock, observers: observers)
            var strikes = WelfordAccumulator()
            var drift = WelfordAccumulator()
            listener.tap(session) { clicks.now }
            stored = drive(session, clock: clock, until: { session.trialCount >= trials }, report, error) {
                session, event in
                switch event {
                case .struck(let strike, _) where strike.silentBar == nil: strikes.add(strike.offsetMs)
                case .trialCompleted(let completed):
                    if let silent = completed.drift { drift.add(silent.msPerBar) }
                    report.gapFill(completed, number: session.trialCount)
                default: break
                }
            }
            report.gapFillSummary(
                strikes: strikes, trials: session.trialCount, elapsed: clock.elapsed,
                drift: timing.silentBars > 0 ? drift : nil)
        }
        return stored
    }

    /// A play-back simulation: each question answered by ``player`` after its response time, its notes struck
    /// at their onsets, in virtual time; the adaptive choice reads the history as a real run does.
    @MainActor
    private func runPlayBack(
        clock: VirtualClock, store: JournalStore?, report: some SimulationReporting,
        error: @escaping (String) -> Void
    ) -> Bool {
        guard let kind = mode.playBackKind else { return true }
        let tracker = PlayBackTracker(history: store?.contents.playBack ?? PlayBackHistory())
        var options = PlayBackOptions.forRun(playBack, kind: kind, settings: settings)
        // Melodies in tempo: against silent clicks at the timing settings' tempo, as `peach play --in-tempo`.
        let inTempo = kind == .melodies && options.inTempo
        if inTempo { options.tempo = timing.tempo }
        let session = PlayBackSession(
            notePlayer: SilentNotePlayer(), options: { [options] in options },
            settings: { [settings] in settings },
            history: { tracker.history }, clock: clock, timeline: { clock.elapsed.seconds },
            observers: (store.map { [$0] } ?? []) + [tracker], generator: SeededRandomGenerator(seed: seed),
            clicks: inTempo ? SilentClickPlayer(clock: clock) : nil)
        var generator = SeededRandomGenerator(seed: seed &+ 2)
        let player = self.player
        // The clock's closures hold the session weakly: one still pending when the run ends must not keep it (and
        // the store) alive.
        let stored = drive(session, clock: clock, until: { session.answeredCount >= trials }, report, error) {
            session, event in
            switch event {
            case .grid(let grid):
                guard let question = session.question else { return }
                for struck in player.answerInTempo(question, grid: grid, using: &generator) {
                    clock.schedule(after: .seconds(max(0, struck.time - clock.elapsed.seconds))) {
                        [weak session] in
                        guard let session, session.question == question else { return }
                        session.noteOn(struck.note, velocity: 90, at: struck.time, input: .simulated)
                        clock.schedule(after: .seconds(0.2)) { [weak session] in
                            session?.noteOff(struck.note, at: struck.time + 0.2)
                        }
                    }
                }
            case .answerable(let question, _) where !inTempo:
                let answer = player.answer(question, using: &generator)
                clock.schedule(after: .seconds(answer.responseTime)) { [weak session] in
                    guard let session, session.state == .awaitingAnswer, session.question == question else {
                        return
                    }
                    let start = clock.elapsed.seconds
                    for note in answer.notes {
                        session.noteOn(note.note, velocity: 90, at: start + note.onset, input: .simulated)
                    }
                    clock.schedule(after: .seconds(0.5)) { [weak session] in
                        for note in answer.notes { session?.noteOff(note.note, at: start + 0.5) }
                    }
                }
            case .answered(let completed): report.playBack(completed, number: session.answeredCount)
            case .placementEnded(let inPlay):
                report.placementEnded(inPlay: inPlay, answered: session.answeredCount)
            case .nothingToAsk: report.nothingToAsk()
            default: break
            }
        }
        report.playBackSummary(
            history: tracker.history, kind: kind, answered: session.answeredCount,
            correct: session.correctCount, elapsed: clock.elapsed)
        return stored
    }

    /// Runs `session` on the discipline seam, as a training run holds any session: `handle` takes the session and
    /// its events, a result the store could not keep is reported (and the simulation is then not all stored), it
    /// starts, runs in virtual time until `done` or until it stops by itself, and is stopped.
    ///
    /// The session is handed to `handle`, not captured by it: a handler the session keeps must not keep the
    /// session, or the session, its observers and the store among them would outlive the run, and the store's
    /// snapshot, written on another thread and waited for when the store goes, could be cut off by the
    /// process's exit.
    /// - Returns: whether every result was stored.
    @MainActor
    private func drive<Session: TrainingSession>(
        _ session: Session, clock: VirtualClock, until done: @escaping @MainActor () -> Bool,
        _ report: some SimulationReporting, _ error: @escaping (String) -> Void,
        handle: @escaping @MainActor (Session, Session.Event) -> Void
    ) -> Bool {
        var stored = true
        var stopped = false
        session.addEventHandler { [weak session] event in
            if let failure = event.observerFailure {
                stored = false
                report.storeFailed(failure, error: error)
            }
            if event.stopReason != nil { stopped = true }
            if let session { handle(session, event) }
        }
        session.start()
        clock.run(until: { done() || stopped })
        session.stop(reason: .userRequest)
        return stored
    }
}
