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
/// In the play-back modes (``TrainingMode/playBack(_:)``, every kind) the keys are notes, not answers: every note-on
/// and note-off of a key (``ControllerProfile/isPlayedKey(_:channel:)``: a note no rule maps, or one the profile
/// maps to an answer)
/// goes to the ``PlayBackSession`` with its stamp, and the sustain pedal (CC 64) holds the play-through. The
/// other controls act: `replay` replays the question, `commit` skips it, `stop` and the mode switches as
/// everywhere; a cluster of four adjacent keys (``ClusterGesture``) replays (below C4) or skips (from C4 up),
/// and a second cluster within ``ClusterGesture/stopWithin`` of the first stops.
/// The computer keyboard: Space or `r` replays, Enter skips, `q` stops; its letters are a piano
/// (``PianoKey``: `a w s e d f t g y h u j k o l p ;` from C4, `z`/`x` an octave down/up), played as keys are.
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

    /// The session being trained, held through the discipline seam (``TrainingSession``): the run knows of it
    /// only how to stop it, what a controller action does in it and whether it takes a played key. One
    /// ``attach(_:perform:play:present:count:after:)`` makes it, whatever the discipline.
    private struct Active {
        let session: AnyObject
        let stop: @MainActor () -> Void
        let perform: @MainActor (ControllerAction, Double?) -> Void
        let play: @MainActor (MIDIEvent, InputKind) -> Bool
    }

    /// The mode being trained now.
    public private(set) var mode: TrainingMode
    /// What the run has done so far.
    public private(set) var progress = TrainingProgress()
    /// Why the run ended; nil while it runs.
    public private(set) var ending: TrainingEnding?

    private let clock: any SessionClock
    private let sound: any SoundOutput
    /// Where the input thread sends the played keys (routed to the sound's play-through while the run lasts).
    private let tap: PlayThroughTap?
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
    private var profile: ControllerProfile
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
    /// The computer keyboard's piano's C in play-back (`a`): C4, until `z`/`x` move it.
    private var pianoC = 60
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
    ///   - tap: where the input thread sends the played keys, to sound on the output without the main actor
    ///     (``PlayThroughTap``); nil: the keys sound when the run takes them.
    public init(
        mode: TrainingMode, clock: any SessionClock, sound: any SoundOutput, store: any TrainingStore,
        storeLocation: String, history: JournalContents?, settings: @escaping @MainActor () -> PeachSettings,
        profile: ControllerProfile, presenters: [any TrainingPresenter], seed: UInt64,
        measurement: PsiProcedure = PsiProcedure(),
        timing: @escaping @MainActor () -> TimingSettings = { .defaults },
        calibrations: [TimingCalibration] = [],
        playBack: @escaping @MainActor (PlayBackKind) -> PlayBackOptions = { PlayBackOptions(kind: $0) },
        timeline: @escaping @MainActor () -> Double = { MonotonicTime.now() },
        tap: PlayThroughTap? = nil
    ) {
        self.tap = tap
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
        tap?.route(to: sound.player.inputPlayThrough, profile: profile)
        tap?.rehearse()  // before the session arms the play-through: silent
        present(.started(mode, profile: profile.name, output: sound.name, stack: sound.stack))
        begin(mode)
    }

    /// Maps the controller with `profile` from the next input on (the `controllerProfile` setting changed while
    /// the run trains: the settings are read before each trial, and so the profile reaches the next one). The
    /// trial under way goes on; a change to the same profile does nothing.
    public func use(_ profile: ControllerProfile) {
        guard ending == nil, profile != self.profile else { return }
        self.profile = profile
        mapper = ControllerMapper(profile: profile, longPressThreshold: settings().longPress)
        tap?.route(to: sound.player.inputPlayThrough, profile: profile)
        present(.notice(.profileChanged(profile.name)))
    }

    /// Names the controller that was connected before the run began (the practice box connects its controller
    /// once, for all its sessions): its timing calibration is the one used, and a calibration is kept under it,
    /// as for a controller connected during the run. Call it before ``start()``.
    public func useController(named name: String) {
        controllerLabel = name
        updateCalibration()
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
            if let active, active.play(event, .midiNote) { return }
            for action in mapper.actions(for: event) { perform(action, at: event.time) }
        case .controller(.keys(let keys)):
            for key in keys {
                if mode.playBackKind != nil, let piano = key.piano {
                    playPiano(piano, at: key.time)
                    continue
                }
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
    /// monotonic clock (nil: now), for timing answers and strikes. `stop` and the mode switches mean the same in
    /// every mode; every other action is the active discipline's.
    public func perform(_ action: ControllerAction, at time: Double? = nil) {
        guard ending == nil, let active else { return }
        switch action {
        case .press(.stop, _): end(.user)
        case .press(.startComparison, _): switchTo(.comparison)
        case .press(.startPitchMatching, _): switchTo(.pitchMatching)
        case .press(.startTiming, _): switchTo(mode == .gapFill ? .echo : .gapFill)
        case .press(.startPlayBack, _): if mode.playBackKind == nil { switchTo(.playBack(.intervals)) }
        case .press(.higher, _), .press(.lower, _), .press(.commit, _), .press(.replay, _), .press(.early, _),
            .press(.late, _), .press(.strike, _), .tune:
            active.perform(action, time)
        }
    }

    /// Comparison's (and a measurement's) actions: `higher` / `lower` answer, `replay` replays.
    private func performComparison(_ action: ControllerAction, session: ComparisonSession) {
        switch action {
        case .press(.higher, let input): session.answer(.higher, input: input)
        case .press(.lower, let input): session.answer(.lower, input: input)
        case .press(.replay, _): session.replay()
        case .tune: present(.notice(.actionNotApplicable("tune", .comparison)))
        case .press(.commit, _): present(.notice(.actionNotApplicable("commit", .comparison)))
        case .press(let press, _): present(.notice(.actionNotApplicable(press.rawValue, mode)))
        }
    }

    /// Pitch matching's actions: `higher` / `lower` nudge by ``pressNudge``, `tune` moves, `commit` commits.
    private func performPitchMatching(_ action: ControllerAction, session: PitchMatchingSession) {
        switch action {
        case .press(.higher, let input): session.nudge(by: Self.pressNudge, input: input)
        case .press(.lower, let input): session.nudge(by: Cents(-Self.pressNudge.rawValue), input: input)
        case .tune(let cents, let input): session.nudge(by: cents, input: input)
        case .press(.commit, let input): session.commit(input: input)
        case .press(.replay, _): session.replay()
        case .press(let press, _): present(.notice(.actionNotApplicable(press.rawValue, mode)))
        }
    }

    /// A timing mode's actions: `tune` is not applicable; every press is a direction (early: `early`/`lower`; late: `late`/`higher`) handed to `take`, which in fill the
    /// gap strikes whatever the direction.
    private func performTiming(
        _ action: ControllerAction, take: (TimingDirection?, InputKind) -> Void
    ) {
        switch action {
        case .tune: present(.notice(.actionNotApplicable("tune", mode)))
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
    private func play(_ event: MIDIEvent, on session: PlayBackSession, input: InputKind) -> Bool {
        switch PlayedKey(event.message, profile: profile) {
        case .struck(let note, let velocity):
            session.noteOn(note, velocity: velocity, at: event.time, input: input)
            if let low = cluster.noteOn(note.rawValue, at: event.time) {
                // Two clusters within a second stop (a keys-only controller's stop); one replays or skips.
                if let last = lastCluster, event.time - last <= ClusterGesture.stopWithin {
                    end(.user)
                    return true
                }
                lastCluster = event.time
                if low < ClusterGesture.skipFrom { session.replay() } else { session.skip() }
            }
            return true
        case .released(let note):
            cluster.noteOff(note.rawValue)
            session.noteOff(note, at: event.time)
            return true
        case .pedal(let down):
            session.sustain(down)
            return true
        case nil:
            return false
        }
    }

    /// The computer keyboard's piano in play-back (``PianoKey``): a letter plays its note from ``pianoC`` through
    /// the same path as a controller's key, timed when it was read, and lets go of it after ``pianoHold`` (a
    /// terminal tells no key's release); `z`/`x` move the piano an octave (C1 to C7).
    private func playPiano(_ key: PianoKey, at time: Double?) {
        switch key {
        case .octave(let step):
            pianoC = min(96, max(24, pianoC + 12 * step))
            present(.notice(.pianoFrom(MIDINote(clamping: pianoC))))
        case .note(let semitones):
            let number = UInt8(clamping: pianoC + semitones)
            _ = active?.play(
                MIDIEvent(.noteOn(channel: 0, note: number, velocity: 90), at: time ?? timeline()), .keyboard)
            clock.schedule(after: Self.pianoHold) { [weak self] in
                guard let self else { return }
                _ = self.active?.play(
                    MIDIEvent(.noteOff(channel: 0, note: number, velocity: 0), at: self.timeline()), .keyboard
                )
            }
        }
    }

    /// How long a note of the computer keyboard's piano sounds.
    static let pianoHold = Duration.milliseconds(400)

    /// A play-back mode's controls: replay and skip (`commit`); answers and tuning from controls that are not keys
    /// mean nothing here.
    private func performPlayBack(_ action: ControllerAction, session: PlayBackSession) {
        switch action {
        case .press(.replay, _): session.replay()
        case .press(.commit, _): session.skip()
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
        active = nil  // detached first: its `stopped` is the run's ending, not a session stopping by itself
        session?.stop()
        tap?.route(to: nil, profile: profile)
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
        previous?.stop()
        mode = target
        present(.modeChanged(target))
        begin(target)
    }

    /// Makes `session` the active one and starts it: the one path every discipline takes. Its events reach the
    /// run while it is the active session (a stale one's are dropped); `stopped` — a session that stops by
    /// itself — is presented (through `present`) and ends the run; every other event is counted (`count`: the
    /// progress it makes), presented with the progress after it, then followed up (`after`: a tick, the end of
    /// a measurement or a calibration).
    private func attach<Session: TrainingSession>(
        _ session: Session,
        perform: @escaping @MainActor (ControllerAction, Double?) -> Void,
        play: @escaping @MainActor (MIDIEvent, InputKind) -> Bool = { _, _ in false },
        present wrap: @escaping @MainActor (Session.Event, TrainingProgress) -> TrainingEvent,
        count: @escaping @MainActor (Session.Event) -> Void,
        after: @escaping @MainActor (Session.Event) -> Void = { _ in }
    ) {
        active = Active(
            session: session, stop: { session.stop(reason: .userRequest) }, perform: perform, play: play)
        session.addEventHandler { [weak self, weak session] event in
            guard let self, let session, self.active?.session === session else { return }
            if let reason = event.stopReason {
                self.present(wrap(event, self.progress))
                self.end(Self.ending(for: reason))
            } else {
                count(event)
                self.present(wrap(event, self.progress))
                after(event)
            }
        }
        session.start()
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
            attach(
                session,
                perform: { [weak self, unowned session] action, _ in
                    self?.performComparison(action, session: session)
                }, present: TrainingEvent.comparison,
                count: { [weak self, unowned session] in self?.countComparison($0, session: session) },
                after: { [weak self] in self?.afterComparison($0) })
        case .pitchMatching:
            let session = PitchMatchingSession(
                notePlayer: sound.player, settings: training, clock: clock, observers: [store, tracker],
                generator: generator)
            attach(
                session,
                perform: { [weak self, unowned session] action, _ in
                    self?.performPitchMatching(action, session: session)
                }, present: TrainingEvent.pitchMatching,
                count: { [weak self] in
                    if case .committed = $0 {
                        self?.progress.matched += 1
                        self?.progress.stored += 1
                    }
                })
        case .offsetDetection, .gapFill, .calibration, .echo:
            beginTiming(mode, generator: generator)
        case .playBack(let kind):
            cluster = ClusterGesture()
            lastCluster = nil
            let options = playBackOptions
            // Melodies in tempo are played against the clicks, on an output timing can use (as rhythm echo).
            var clicks: (any ClickPlayer)?
            if kind == .melodies, options(kind).inTempo {
                guard sound.clicksUnavailable == nil, let available = sound.clicks else {
                    end(.audioFailure(sound.clicksUnavailable ?? ClicksUnavailable(output: sound.name)))
                    return
                }
                clicks = available
            }
            let session = PlayBackSession(
                notePlayer: sound.player, options: { options(kind) }, settings: training,
                history: { [playBackTracker] in playBackTracker.history }, clock: clock, timeline: timeline,
                observers: [store, playBackTracker], generator: generator, clicks: clicks,
                output: sound.clicks)
            attach(
                session,
                perform: { [weak self, unowned session] action, _ in
                    self?.performPlayBack(action, session: session)
                }, play: { [weak self, unowned session] in self?.play($0, on: session, input: $1) ?? false },
                present: TrainingEvent.playBack,
                count: { [weak self] in
                    switch $0 {
                    case .answered(let completed): self?.progress.countAnswer(correct: completed.isCorrect)
                    case .dropout(let new, _, _): self?.progress.dropouts += new
                    default: break
                    }
                })
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
                calibration: { [weak self] in self?.progress.calibration }, generator: generator)
            attach(
                session,
                perform: { [weak self, unowned session] action, time in
                    self?.performTiming(action) { _, input in session.strike(at: time, input: input) }
                }, present: TrainingEvent.echo, count: { [weak self] in self?.countEcho($0) })
        } else if mode == .offsetDetection {
            let session = OffsetDetectionSession(
                clicks: clicks, settings: timing, clock: clock, observers: [store], generator: generator)
            attach(
                session,
                perform: { [weak self, unowned session] action, time in
                    self?.performTiming(action) { direction, input in
                        if let direction { session.answer(direction, at: time, input: input) }
                    }
                }, present: TrainingEvent.offsetDetection,
                count: { [weak self] in
                    switch $0 {
                    case .answered(let completed): self?.progress.countAnswer(correct: completed.isCorrect)
                    case .dropout: self?.progress.dropouts += 1
                    default: break
                    }
                })
        } else {
            calibrationOffsets = []
            let session = GapFillSession(
                clicks: clicks, settings: timing, clock: clock,
                observers: mode == .calibration ? [] : [store],
                targets: mode == .calibration ? .clicks : .gaps,
                calibration: { [weak self] in self?.mode == .calibration ? nil : self?.progress.calibration })
            attach(
                session,
                perform: { [weak self, unowned session] action, time in
                    guard let self else { return }
                    self.performTiming(action) { _, input in
                        if self.mode == .calibration {
                            self.calibrationController = self.controllerName(for: input)
                        }
                        session.strike(at: time, input: input)
                    }
                }, present: TrainingEvent.gapFill,
                count: { [weak self] in self?.countGapFill($0) },
                after: { [weak self] in self?.afterGapFill($0) })
        }
    }

    private func countEcho(_ event: EchoEvent) {
        switch event {
        case .struck: progress.strikes += 1
        case .trialCompleted(let completed):
            progress.countAnswer(correct: completed.score >= EchoLevel.promotion)
        case .levelChanged(let level): echoLevel = level
        case .dropout: progress.dropouts += 1
        default: break
        }
    }

    private func countGapFill(_ event: GapFillEvent) {
        switch event {
        case .struck: progress.strikes += 1
        case .trialCompleted: if mode != .calibration { progress.stored += 1 }
        case .dropout: progress.dropouts += 1
        default: break
        }
    }

    /// A calibration ends by itself once it has its strikes.
    private func afterGapFill(_ event: GapFillEvent) {
        guard mode == .calibration, case .struck(let strike, _) = event else { return }
        calibrationOffsets.append(strike.offsetMs)
        if calibrationOffsets.count >= TimingCalibration.strikesNeeded {
            end(
                .calibrated(
                    TimingCalibration(
                        offsets: calibrationOffsets, controller: calibrationController, output: sound.name,
                        time: clock.now)))
        }
    }

    private func countComparison(_ event: ComparisonSessionEvent, session: ComparisonSession) {
        guard case .answered(let completed) = event else { return }
        progress.countAnswer(correct: completed.isCorrect)
        progress.sessionBest = session.sessionBest
        if let psi {
            psi.record(completed)
            let procedure = psi.procedure
            progress.measuring = TrainingProgress.Measuring(
                trials: procedure.trialCount, maximum: procedure.maximumTrials, estimate: procedure.estimate)
        }
    }

    /// A wrong answer ticks (the setting); a measurement ends by itself once its procedure is complete.
    private func afterComparison(_ event: ComparisonSessionEvent) {
        guard case .answered(let completed) = event else { return }
        if !completed.isCorrect && settings().wrongAnswerTick { playTick() }
        if let psi, psi.procedure.isComplete, let estimate = psi.procedure.estimate {
            end(.measured(estimate))
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
