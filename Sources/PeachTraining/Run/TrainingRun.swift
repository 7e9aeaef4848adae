// TrainingRun: one training run: controller input in; session, sound, store and presenters out.

import Foundation
import PeachCore
import PeachMIDI
import PeachStore
import PeachSystem

/// One training run, from its start to its ending, over ports only: a clock, a sound output, a store, the
/// controller profile and presenters. The command line and the practice box feed it ``TrainingInput``; tests
/// do the same in virtual time.
///
/// What each controller action means:
///
/// | action | comparison | pitch matching |
/// |---|---|---|
/// | `higher` / `lower` | answers (from the start of note 2, once) | nudges the tunable note by ±1 cent |
/// | `tune` | not applicable (a notice) | moves the tunable note |
/// | `commit` | not applicable (a notice) | commits the tuned pitch |
/// | `replay` | plays the comparison again from note 1 | plays the reference again, then the tunable note where it was |
/// | `startComparison` | nothing (already) | switches to comparison, discarding the open attempt |
/// | `startPitchMatching` | switches to pitch matching, discarding the open comparison | nothing (already) |
/// | `startTiming` | switches to fill the gap | switches to fill the gap (from fill the gap: to rhythm echo) |
/// | `startPlayBack` | switches to play-back of intervals | switches to play-back of intervals |
/// | `stop` | ends the run | ends the run |
///
/// In the timing modes (``TrainingMode/offsetDetection``, ``TrainingMode/gapFill``, ``TrainingMode/echo``) the
/// keys answer by their
/// place as in pitch training, so any profile works: `early` and `lower` (a key below C4 in the default
/// profile, ←, ↓) answer *early*, `late` and `higher` (from C4 up, →, ↑) *late*; in fill the gap every
/// switch action but `stop` and the mode switches strikes (any key or pad, Space, Enter), and so in rhythm echo. `tune` is not
/// applicable there. A strike or answer is timed by its MIDI event's stamp (the sequencer's, on the monotonic
/// clock), a key by when it was read.
///
/// In the play-back modes (``TrainingMode/playNotes``, ``TrainingMode/playIntervals``,
/// ``TrainingMode/playChords``) the keys are notes, not answers: every note-on and note-off of a key
/// (``ControllerProfile/isPlayedKey(_:channel:)``: a note no rule maps, or one the profile maps to an answer)
/// goes to the ``PlayBackSession`` with its stamp, and the sustain pedal (CC 64) holds the play-through. The
/// other controls act: `replay` replays the question, `commit` skips it, `stop` and the mode switches as
/// everywhere; a cluster of four adjacent keys (``ClusterGesture``) replays (below C4) or skips (from C4 up),
/// and a second cluster within ``ClusterGesture/stopWithin`` of the first stops.
/// The computer keyboard: Space or `r` replays, Enter skips, `q` stops.
///
/// A measurement (``TrainingMode/measurement``) is comparison training whose differences the Psi procedure
/// places; its trials are stored marked as a measurement, and the run ends by itself with
/// ``TrainingEnding/measured(_:)`` when the procedure is complete.
///
/// Every result goes to the store first (durably), then to the profile tracker, then to the presenters.
/// Every way out (stop, signal, unplugged controller, lost sound, end of input) discards the unfinished trial,
/// silences the sound once and presents ``TrainingEvent/ended(_:_:storeLocation:)`` last.
@MainActor
public final class TrainingRun {
    /// How far `higher` / `lower` move the tunable note in pitch matching, cents.
    public static let pressNudge = Cents(1)
    /// The wrong-answer tick: 25 ms of C7 at −30 dB, quiet and short.
    public static let tick = (frequency: Frequency(hertz: 2093), duration: Duration.milliseconds(25))

    private enum Active {
        case comparison(ComparisonSession)
        case pitchMatching(PitchMatchingSession)
        case offsetDetection(OffsetDetectionSession)
        case gapFill(GapFillSession)
        case echo(EchoSession)
        case playBack(PlayBackSession)
    }

    /// The mode being trained now.
    public private(set) var mode: TrainingMode
    /// What the run has done so far.
    public private(set) var progress = TrainingProgress()
    /// Why the run ended; nil while it runs.
    public private(set) var ending: TrainingEnding?

    private let clock: any SessionClock
    private let sound: any SoundOutput
    private let store: any TrainingStore
    private let storeLocation: String
    private let settings: @MainActor () -> PeachSettings
    private let timing: @MainActor () -> TimingSettings
    private let calibrations: [TimingCalibration]
    /// The controller strikes come from: the last one connected, else the raw MIDI or keyboard input.
    private var controllerLabel: String?
    /// The level rhythm echo starts at: the store's last echo's, then where this run's echo moved it.
    private var echoLevel = 1
    private var calibrationOffsets: [Double] = []
    private var calibrationController = ""
    private let profile: ControllerProfile
    private let presenters: [any TrainingPresenter]
    private let tracker: ProfileTracker
    private var mapper: ControllerMapper
    private var seed: UInt64
    private var active: Active?
    private var onEnd: (@MainActor () -> Void)?
    private let measurement: PsiProcedure
    private var psi: PsiNoteStrategy?
    private let playBackOptions: @MainActor (PlayBackKind) -> PlayBackOptions
    private let timeline: @MainActor () -> Double
    private let playBackTracker: PlayBackTracker
    private var cluster = ClusterGesture()
    private var lastCluster: Double?

    /// A run, ready to ``start()``.
    /// - Parameters:
    ///   - mode: the mode to start in.
    ///   - clock: time and timers (live, or virtual in tests).
    ///   - sound: plays the notes; shut down when the run ends.
    ///   - store: keeps every result durably before it is shown.
    ///   - storeLocation: where the store keeps the answers, for the closing line.
    ///   - history: what the store held at the start (profile, trend, timeline), for the cold start.
    ///   - settings: the settings, read at the start of every trial (a change applies to the next one).
    ///   - profile: the controller profile that turns MIDI into actions.
    ///   - presenters: what shows the run.
    ///   - seed: randomness for notes and directions; each session of the run gets its own stream.
    ///   - measurement: the measurement's procedure (its trial count and precision), for that mode.
    ///   - timing: the timing settings (tempo, offset click, gap positions), read at the start of each trial.
    ///   - calibrations: the timing calibrations measured so far; the one of the controller and output in use
    ///     is shown with fill the gap's strikes.
    ///   - playBack: the play-back options of a kind (what to ask, how to judge), read at the start of each trial.
    ///   - timeline: now on the timeline that stamps MIDI input (the monotonic clock; virtual time in tests).
    public init(
        mode: TrainingMode, clock: any SessionClock, sound: any SoundOutput, store: any TrainingStore,
        storeLocation: String, history: JournalContents?, settings: @escaping @MainActor () -> PeachSettings,
        profile: ControllerProfile, presenters: [any TrainingPresenter], seed: UInt64,
        measurement: PsiProcedure = PsiProcedure(),
        timing: @escaping @MainActor () -> TimingSettings = { .defaults },
        calibrations: [TimingCalibration] = [],
        playBack: @escaping @MainActor (PlayBackKind) -> PlayBackOptions = { PlayBackOptions(kind: $0) },
        timeline: @escaping @MainActor () -> Double = { MonotonicTime.now() }
    ) {
        self.timing = timing
        playBackOptions = playBack
        self.timeline = timeline
        playBackTracker = PlayBackTracker(history: history?.playBack ?? PlayBackHistory())
        self.calibrations = calibrations
        self.measurement = measurement
        self.mode = mode
        self.clock = clock
        self.sound = sound
        self.store = store
        self.storeLocation = storeLocation
        self.settings = settings
        self.profile = profile
        self.presenters = presenters
        self.seed = seed
        echoLevel = max(1, history?.timing.echoLevel ?? 1)
        tracker = ProfileTracker()
        if let history {
            tracker.restore(profile: history.profile, trend: history.trend)
        }
        mapper = ControllerMapper(profile: profile, longPressThreshold: settings().longPress)
    }

    /// Presents the start and begins the first trial.
    public func start() {
        guard active == nil, ending == nil else { return }
        updateCalibration()
        present(.started(mode, profile: profile.name, output: sound.name, stack: sound.stack))
        begin(mode)
    }

    /// Shows a notice from outside the run (no controller yet, a settings file that cannot be read).
    public func notify(_ notice: TrainingNotice) {
        present(.notice(notice))
    }

    /// Takes one input. After the run ended, inputs are ignored.
    public func handle(_ input: TrainingInput) {
        guard ending == nil else { return }
        switch input {
        case .controller(.midi(.event(let event))):
            if case .playBack(let session) = active, play(event, on: session) { return }
            for action in mapper.actions(for: event) { perform(action, at: event.time) }
        case .controller(.keys(let keys)):
            for key in keys {
                for action in oneMeaning(of: key.actions) { perform(action, at: key.time) }
            }
        case .controller(.midi(.connected(let port))):
            controllerLabel = port.portName  // not the address: a controller plugged in again may get another
            updateCalibration()
            present(.notice(.controllerConnected(port.label)))
        case .controller(.midi(.disconnected(let port))):
            end(.controllerDisconnected(port.label))
        case .controller(.midi(.ended)):
            end(.inputEnded)
        case .controller(.midi(.failed(let error))):
            end(.controllerFailed(error))
        case .controller(.signal(let number)):
            end(.signal(number))
        case .soundLost(let error):
            end(.audioFailure(error))
        case .outputClosed:
            end(.outputClosed)
        }
    }

    /// A computer key that both answers and tunes (↑ ↓ h l) does one of them: it tunes in pitch matching and
    /// answers otherwise, so ↑ is one cent in pitch matching and never a "not applicable" notice in comparison.
    private func oneMeaning(of actions: [ControllerAction]) -> [ControllerAction] {
        func isTune(_ action: ControllerAction) -> Bool {
            if case .tune = action { return true }
            return false
        }
        guard actions.contains(where: isTune), actions.contains(where: { !isTune($0) }) else {
            return actions
        }
        return mode == .pitchMatching ? actions.filter(isTune) : actions.filter { !isTune($0) }
    }

    /// Does what `action` means in the current mode (see the table above); `time` is when it happened on the
    /// monotonic clock (nil: now), for timing answers and strikes.
    public func perform(_ action: ControllerAction, at time: Double? = nil) {
        guard ending == nil, let active else { return }
        switch active {
        case .playBack(let session):
            performPlayBack(action, session: session)
            return
        case .offsetDetection(let session):
            performTiming(action) { direction, input in
                if let direction { session.answer(direction, at: time, input: input) }
            }
            return
        case .gapFill(let session):
            performTiming(action) { _, input in
                if mode == .calibration { calibrationController = controllerName(for: input) }
                session.strike(at: time, input: input)
            }
            return
        case .echo(let session):
            performTiming(action) { _, input in session.strike(at: time, input: input) }
            return
        case .comparison, .pitchMatching:
            break
        }
        switch (action, active) {
        case (.press(.higher, let input), .comparison(let session)): session.answer(.higher, input: input)
        case (.press(.lower, let input), .comparison(let session)): session.answer(.lower, input: input)
        case (.press(.higher, let input), .pitchMatching(let session)):
            session.nudge(by: Self.pressNudge, input: input)
        case (.press(.lower, let input), .pitchMatching(let session)):
            session.nudge(by: Cents(-Self.pressNudge.rawValue), input: input)
        case (.tune(let cents, let input), .pitchMatching(let session)):
            session.nudge(by: cents, input: input)
        case (.press(.commit, let input), .pitchMatching(let session)): session.commit(input: input)
        case (.tune, .comparison): present(.notice(.actionNotApplicable("tune", .comparison)))
        case (.press(.commit, _), .comparison): present(.notice(.actionNotApplicable("commit", .comparison)))
        case (.press(.replay, _), .comparison(let session)): session.replay()
        case (.press(.replay, _), .pitchMatching(let session)): session.replay()
        case (.press(.startComparison, _), _): switchTo(.comparison)
        case (.press(.startPitchMatching, _), _): switchTo(.pitchMatching)
        case (.press(.startTiming, _), _): switchTo(mode == .gapFill ? .echo : .gapFill)
        case (.press(.startPlayBack, _), _): switchTo(.playIntervals)
        case (.press(.stop, _), _): end(.user)
        case (.press(.early, _), _): present(.notice(.actionNotApplicable("early", mode)))
        case (.press(.late, _), _): present(.notice(.actionNotApplicable("late", mode)))
        case (.press(.strike, _), _): present(.notice(.actionNotApplicable("strike", mode)))
        case (_, .offsetDetection), (_, .gapFill), (_, .echo), (_, .playBack): break  // handled above
        }
    }

    /// A timing mode's actions: the mode switches and `stop` as everywhere; `tune` is not applicable; every other
    /// press is a direction (early: `early`/`lower`; late: `late`/`higher`) handed to `take`, which in fill the
    /// gap strikes whatever the direction.
    private func performTiming(
        _ action: ControllerAction, take: (TimingDirection?, InputKind) -> Void
    ) {
        switch action {
        case .tune: present(.notice(.actionNotApplicable("tune", mode)))
        case .press(.stop, _): end(.user)
        case .press(.startComparison, _): switchTo(.comparison)
        case .press(.startPitchMatching, _): switchTo(.pitchMatching)
        case .press(.startTiming, _): switchTo(mode == .gapFill ? .echo : .gapFill)
        case .press(.startPlayBack, _): switchTo(.playIntervals)
        case .press(.early, let input), .press(.lower, let input): take(.early, input)
        case .press(.late, let input), .press(.higher, let input): take(.late, input)
        case .press(let press, let input):
            if mode == .gapFill || mode == .calibration || mode == .echo {
                take(nil, input)
            } else {
                present(.notice(.actionNotApplicable(press.rawValue, mode)))
            }
        }
    }

    /// In play-back, the keys' notes and the sustain pedal go to the session (true: `event` was taken); a
    /// cluster replays or skips.
    private func play(_ event: MIDIEvent, on session: PlayBackSession) -> Bool {
        switch event.message {
        case .noteOn(let channel, let number, let velocity) where velocity > 0:
            guard profile.isPlayedKey(number, channel: channel) else { return false }
            let note = MIDINote(clamping: Int(number))
            session.noteOn(
                note, velocity: MIDIVelocity(clamping: Int(velocity)), at: event.time, input: .midiNote)
            if let low = cluster.noteOn(Int(number), at: event.time) {
                // Two clusters within a second stop (a keys-only controller's stop); one replays or skips.
                if let last = lastCluster, event.time - last <= ClusterGesture.stopWithin {
                    end(.user)
                    return true
                }
                lastCluster = event.time
                if low < ClusterGesture.skipFrom { session.replay() } else { session.skip() }
            }
            return true
        case .noteOn(let channel, let number, _), .noteOff(let channel, let number, _):
            guard profile.isPlayedKey(number, channel: channel) else { return false }
            cluster.noteOff(Int(number))
            session.noteOff(MIDINote(clamping: Int(number)))
            return true
        case .controlChange(_, 64, let value):
            session.sustain(value >= 64)
            return true
        default:
            return false
        }
    }

    /// A play-back mode's controls: replay, skip (`commit`), stop and the mode switches; answers and tuning from
    /// controls that are not keys mean nothing here.
    private func performPlayBack(_ action: ControllerAction, session: PlayBackSession) {
        switch action {
        case .press(.replay, _): session.replay()
        case .press(.commit, _): session.skip()
        case .press(.stop, _): end(.user)
        case .press(.startComparison, _): switchTo(.comparison)
        case .press(.startPitchMatching, _): switchTo(.pitchMatching)
        case .press(.startTiming, _): switchTo(mode == .gapFill ? .echo : .gapFill)
        case .press(.startPlayBack, _): break  // already
        case .press(let press, _): present(.notice(.actionNotApplicable(press.rawValue, mode)))
        case .tune: present(.notice(.actionNotApplicable("tune", mode)))
        }
    }

    /// Ends the run for `reason`: stops the session (discarding the unfinished trial), silences the sound and
    /// presents the ending. Idempotent: only the first reason counts.
    public func end(_ reason: TrainingEnding) {
        guard ending == nil else { return }
        ending = reason
        let session = active
        active = nil
        stop(session)
        sound.shutdown()
        present(.ended(reason, progress, storeLocation: storeLocation))
        onEnd?()
    }

    /// Runs over `inputs` until the run ends (by an input, or by itself when the sound fails), then finishes
    /// the stream's `continuation` so nothing waits on it. Each controller input taken is reported to `gate`,
    /// which bounds what the input threads may queue.
    /// - Returns: why the run ended.
    public func run(
        _ inputs: AsyncStream<TrainingInput>, continuation: AsyncStream<TrainingInput>.Continuation,
        gate: InputGate? = nil
    ) async -> TrainingEnding {
        onEnd = { continuation.finish() }
        start()
        for await input in inputs {
            if case .controller = input { gate?.taken() }
            handle(input)
            if ending != nil { break }
        }
        end(.inputEnded)  // the stream ended without a reason: same as the end of the input
        return ending ?? .inputEnded
    }

    // MARK: Sessions

    private func switchTo(_ target: TrainingMode) {
        guard target != mode else { return }
        let previous = active
        active = nil  // the outgoing session's stop is a switch, not an ending
        stop(previous)
        mode = target
        present(.modeChanged(target))
        begin(target)
    }

    private func stop(_ session: Active?) {
        switch session {
        case .comparison(let session): session.stop(reason: .userRequest)
        case .pitchMatching(let session): session.stop(reason: .userRequest)
        case .offsetDetection(let session): session.stop(reason: .userRequest)
        case .gapFill(let session): session.stop(reason: .userRequest)
        case .echo(let session): session.stop(reason: .userRequest)
        case .playBack(let session): session.stop(reason: .userRequest)
        case nil: break
        }
    }

    private func begin(_ mode: TrainingMode) {
        seed &+= 0x9E37_79B9_7F4A_7C15
        let generator = SeededRandomGenerator(seed: seed)
        let training: @MainActor () -> TrainingSettings = { [settings] in settings().training }
        switch mode {
        case .comparison, .measurement:
            progress.sessionBest = nil
            psi = mode == .measurement ? PsiNoteStrategy(procedure: measurement) : nil
            progress.measuring =
                mode == .measurement
                ? TrainingProgress.Measuring(trials: 0, maximum: measurement.maximumTrials, estimate: nil)
                : nil
            let session = ComparisonSession(
                notePlayer: sound.player, strategy: psi ?? KazezNoteStrategy(),
                profile: { [tracker] in tracker.profile }, settings: training, clock: clock,
                observers: [store, tracker], generator: generator,
                procedure: mode == .measurement ? .measurement : .training)
            active = .comparison(session)
            session.addEventHandler { [weak self, weak session] event in
                guard let self, let session, case .comparison(let current) = self.active, current === session
                else { return }
                self.comparisonEvent(event, session: session)
            }
            session.start()
        case .pitchMatching:
            let session = PitchMatchingSession(
                notePlayer: sound.player, settings: training, clock: clock, observers: [store, tracker],
                generator: generator)
            active = .pitchMatching(session)
            session.addEventHandler { [weak self, weak session] event in
                guard let self, let session, case .pitchMatching(let current) = self.active,
                    current === session
                else { return }
                self.pitchMatchingEvent(event)
            }
            session.start()
        case .offsetDetection, .gapFill, .calibration, .echo:
            beginTiming(mode, generator: generator)
        case .playNotes, .playIntervals, .playChords:
            guard let kind = mode.playBackKind else { return }
            cluster = ClusterGesture()
            lastCluster = nil
            let options = playBackOptions
            let session = PlayBackSession(
                notePlayer: sound.player, options: { options(kind) }, settings: training,
                history: { [playBackTracker] in playBackTracker.history }, clock: clock, timeline: timeline,
                observers: [store, playBackTracker], generator: generator)
            active = .playBack(session)
            session.addEventHandler { [weak self, weak session] event in
                guard let self, let session, case .playBack(let current) = self.active, current === session
                else { return }
                self.playBackEvent(event)
            }
            session.start()
        }
    }

    private func playBackEvent(_ event: PlayBackSessionEvent) {
        switch event {
        case .stopped(let reason):
            present(.playBack(event, progress))
            end(Self.ending(for: reason))
        case .answered(let completed):
            progress.answered += 1
            progress.stored += 1
            if completed.isCorrect { progress.correct += 1 }
            present(.playBack(event, progress))
        case .questionStarted, .replayStarted, .answerable, .referenceOnly, .comparingAnswers, .skipped,
            .nothingToAsk, .observerFailed, .feedbackEnded:
            present(.playBack(event, progress))
        }
    }

    private func beginTiming(_ mode: TrainingMode, generator: SeededRandomGenerator) {
        // The launcher refuses such an output before a run starts; the practice box learns it here.
        guard sound.clicksUnavailable == nil, let clicks = sound.clicks else {
            end(.audioFailure(sound.clicksUnavailable ?? ClicksUnavailable(output: sound.name)))
            return
        }
        if mode == .echo {
            let session = EchoSession(
                clicks: clicks, settings: timing, clock: clock, observers: [store], level: echoLevel,
                generator: generator)
            active = .echo(session)
            session.addEventHandler { [weak self, weak session] event in
                guard let self, let session, case .echo(let current) = self.active, current === session
                else { return }
                self.echoEvent(event)
            }
            session.start()
        } else if mode == .offsetDetection {
            let session = OffsetDetectionSession(
                clicks: clicks, settings: timing, clock: clock, observers: [store], generator: generator)
            active = .offsetDetection(session)
            session.addEventHandler { [weak self, weak session] event in
                guard let self, let session, case .offsetDetection(let current) = self.active,
                    current === session
                else { return }
                self.offsetDetectionEvent(event)
            }
            session.start()
        } else {
            calibrationOffsets = []
            let session = GapFillSession(
                clicks: clicks, settings: timing, clock: clock,
                observers: mode == .calibration ? [] : [store],
                targets: mode == .calibration ? .clicks : .gaps)
            active = .gapFill(session)
            session.addEventHandler { [weak self, weak session] event in
                guard let self, let session, case .gapFill(let current) = self.active, current === session
                else { return }
                self.gapFillEvent(event)
            }
            session.start()
        }
    }

    private func offsetDetectionEvent(_ event: OffsetDetectionEvent) {
        switch event {
        case .stopped(let reason):
            present(.offsetDetection(event, progress))
            end(Self.ending(for: reason))
        case .answered(let completed):
            progress.answered += 1
            progress.stored += 1
            if completed.isCorrect { progress.correct += 1 }
            present(.offsetDetection(event, progress))
        case .trialStarted, .answerable, .repetition, .dropout, .observerFailed, .feedbackEnded:
            present(.offsetDetection(event, progress))
        }
    }

    private func echoEvent(_ event: EchoEvent) {
        switch event {
        case .stopped(let reason):
            present(.echo(event, progress))
            end(Self.ending(for: reason))
        case .struck:
            progress.strikes += 1
            present(.echo(event, progress))
        case .trialCompleted(let completed):
            progress.answered += 1
            progress.stored += 1
            if completed.score >= EchoLevel.promotion { progress.correct += 1 }
            present(.echo(event, progress))
        case .levelChanged(let level):
            echoLevel = level
            present(.echo(event, progress))
        case .countIn, .call, .respond, .strikeOutside, .trialEmpty, .dropout, .observerFailed:
            present(.echo(event, progress))
        }
    }

    private func gapFillEvent(_ event: GapFillEvent) {
        switch event {
        case .stopped(let reason):
            present(.gapFill(event, progress))
            end(Self.ending(for: reason))
        case .struck(let strike, _):
            progress.strikes += 1
            present(.gapFill(event, progress))
            if mode == .calibration {
                calibrationOffsets.append(strike.offsetMs)
                if calibrationOffsets.count >= TimingCalibration.strikesNeeded {
                    end(
                        .calibrated(
                            TimingCalibration(
                                offsets: calibrationOffsets, controller: calibrationController,
                                output: sound.name,
                                time: clock.now)))
                }
            }
        case .trialCompleted:
            if mode != .calibration { progress.stored += 1 }
            present(.gapFill(event, progress))
        case .started, .silence, .tempoChanged, .strikeOutside, .trialEmpty, .dropout, .observerFailed:
            present(.gapFill(event, progress))
        }
    }

    private func comparisonEvent(_ event: ComparisonSessionEvent, session: ComparisonSession) {
        switch event {
        case .stopped(let reason):
            // Only a session that stops by itself reaches here (a run's own stops detach it first).
            present(.comparison(event, progress))
            end(Self.ending(for: reason))
        case .answered(let completed):
            progress.answered += 1
            progress.stored += 1
            if completed.isCorrect { progress.correct += 1 }
            progress.sessionBest = session.sessionBest
            if let psi {
                psi.record(completed)
                let procedure = psi.procedure
                progress.measuring = TrainingProgress.Measuring(
                    trials: procedure.trialCount, maximum: procedure.maximumTrials,
                    estimate: procedure.estimate)
            }
            present(.comparison(event, progress))
            if !completed.isCorrect && settings().wrongAnswerTick { playTick() }
            if let psi, psi.procedure.isComplete, let estimate = psi.procedure.estimate {
                end(.measured(estimate))
            }
        case .trialStarted, .replayStarted, .note2Started, .awaitingAnswer, .observerFailed, .feedbackEnded:
            present(.comparison(event, progress))
        }
    }

    private func pitchMatchingEvent(_ event: PitchMatchingSessionEvent) {
        switch event {
        case .stopped(let reason):
            present(.pitchMatching(event, progress))
            end(Self.ending(for: reason))
        case .committed:
            progress.matched += 1
            progress.stored += 1
            present(.pitchMatching(event, progress))
        case .trialStarted, .replayStarted, .tunableStarted, .observerFailed, .feedbackEnded:
            present(.pitchMatching(event, progress))
        }
    }

    /// The name a calibration is kept under for strikes of `input`: the computer keyboard, else the controller
    /// connected last, else raw MIDI.
    private func controllerName(for input: InputKind) -> String {
        input == .keyboard ? "keyboard" : controllerLabel ?? "raw MIDI"
    }

    /// Picks the calibration of the controller and output in use (the keyboard's when no controller is known).
    private func updateCalibration() {
        let controller = controllerLabel ?? "raw MIDI"
        progress.calibration =
            calibrations.last { $0.controller == controller && $0.output == sound.name }
            ?? (controllerLabel == nil
                ? calibrations.last { $0.controller == "keyboard" && $0.output == sound.name } : nil)
    }

    private static func ending(for reason: SessionStopReason) -> TrainingEnding {
        switch reason {
        case .audioFailure(let error): .audioFailure(error)
        case .storeFailure(let error): .storeFailure(error)
        case .controllerDisconnected(let name): .controllerDisconnected(name)
        case .userRequest, .signal: .user
        }
    }

    /// The wrong-answer tick: a short, quiet, high click on the run's sound.
    private func playTick() {
        guard
            let handle = try? sound.player.play(
                frequency: Self.tick.frequency, velocity: 20, amplitude: AmplitudeDB(-30))
        else { return }
        present(.tick)
        clock.schedule(after: Self.tick.duration) { try? handle.stop() }
    }

    private func present(_ event: TrainingEvent) {
        let time = clock.now
        for presenter in presenters { presenter.present(event, at: time) }
    }
}
