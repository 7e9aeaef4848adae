// PracticeBox: the headless practice box (`peach serve`): waits for a controller, speaks in earcons, trains.

import Foundation
import Logging
import PeachCore
import PeachMIDI
import PeachStore
import PeachSystem

/// The practice box: a ``TrainingRun`` for each session, chosen and ended from the controller alone, with
/// earcons instead of a screen. Over ports only (clock, sound, store, input, logs), so tests drive it in
/// virtual time with fakes.
///
/// Its states:
///
/// | state | what happens |
/// |---|---|
/// | waiting for a controller | nothing runs and no audio device is open; the sequencer's announce port wakes the box when one appears |
/// | ready | the audio device opened, the ready earcon played; a mode action chooses a mode |
/// | starting a mode | the mode's earcon plays, then the session starts (the earcon never overlaps a note) |
/// | training | a ``TrainingRun``; stop ends it (the stop earcon) and the box is ready again |
/// | finished | SIGTERM/SIGINT or the end of a raw input: notes silenced, the audio closed |
///
/// Choosing and stopping, from the controller profile: its `startComparison` / `startPitchMatching` /
/// `startTiming` actions choose a mode (also during a session: it switches; `startTiming` during fill the gap
/// switches to rhythm echo, and back) and `stop` ends the session. A
/// profile without mode actions (the `default` profile, every keyboard) uses the box's default: when ready,
/// **Lower** (a key below C4) chooses comparison, **Higher** (a key from C4 up) chooses pitch matching and
/// **Commit** (the sustain pedal) chooses timing (fill the gap: a short note after each strike and the timing
/// result earcon after each sixteen cycles say on time, rushing or dragging); a profile without `stop`
/// stops with **Lower and Higher together** (a key in each half within ``chordWindow``, or both pedals); the
/// answer the first of the two gave counts like any answer.
///
/// Play-back (the keys as an instrument: notes, intervals, chords, scale degrees, melodies) and rhythm echo are chosen from a **menu
/// by ear**, for there are more modes than a keyboard has mode controls. A **cluster** (four or more adjacent keys at once,
/// the flat of the hand: ``ClusterGesture``) when ready, or the profile's `startPlayBack` control, opens it on
/// the kind chosen last (notes at first) and plays its earcon (``Earcon/playNotes`` C5+C6, ``Earcon/playIntervals``
/// C5+G5, ``Earcon/playChords`` C5+E5+G5: one, two, three voices; ``Earcon/playDegrees`` G5 falling to C5; ``Earcon/playMelodies`` C5 D5 E5 G5;
/// ``Earcon/echo`` a rhythm on E6). **Lower** and **Higher** move to the previous
/// and next kind (each says itself); **Commit**, a cluster or `startPlayBack` again choose it; left alone for
/// ``menuTimeout`` it starts the kind it is on; `stop` closes it. A key press when ready or in the menu waits
/// ``chordWindow`` before it counts, so the keys of a cluster are not read as Lower or Higher. During
/// play-back the keys are notes and sound as played; a right answer rings the ``Earcon/chime``, a wrong one
/// plays the answer given and then the right one; in rhythm echo each scored bar says its result by ear
/// (``Earcon/echoResult(_:)``); a cluster below C4 replays, one from C4 up skips, two within a
/// second stop the session (the profile's `stop` too). Notes played along with a free melody's phrase make the
/// box play the phrase again once it has ended (``playedAlong()``).
///
/// The controller unplugged: the session ends (its unfinished trial discarded), and the box waits for the next
/// one. The audio device missing or lost: the box retries with backoff (1, 2, 4 … 30 s), logging once per
/// change, and keeps the controller; a session on the internal synth ends when its device goes, one on an
/// external synth goes on without earcons. SIGHUP reloads the settings and the profile (the next session uses
/// them; the controller stays connected); a changed settings file is read again before the next session or
/// trial (a setting saved by `peach settings set` or the dashboard). SIGUSR1 takes the dashboard's
/// ``BoxRequest`` (a test tone on an output the box listed, or a minute in which key presses are shown in the
/// status instead of acted on); SIGUSR2 stops the box with status 140 so that its service starts it again.
/// Earcons never overlap: one that comes while another plays follows it.
@MainActor
public final class PracticeBox {
    /// Where the box is.
    public enum State: Equatable, Sendable {
        /// No controller is connected.
        case waitingForController
        /// A controller is connected and no session runs.
        case ready
        /// The menu by ear is open on an entry (a play-back kind or rhythm echo; its earcon says which); see the
        /// type's documentation.
        case choosingMenu(TrainingMode)
        /// A mode was chosen; its earcon plays before the session starts.
        case starting(TrainingMode)
        /// A session runs.
        case training(TrainingMode)
        /// The box stopped (a signal or the end of the input).
        case finished
    }

    /// What the box reads at start and again on SIGHUP.
    public struct Configuration: Sendable {
        /// The settings (with the command line's overrides applied).
        public var settings: PeachSettings
        /// The controller profile.
        public var profile: ControllerProfile

        /// A configuration.
        public init(settings: PeachSettings, profile: ControllerProfile) {
            self.settings = settings
            self.profile = profile
        }
    }

    /// What reaches the box from outside, in order, on the main actor.
    public enum Input: Sendable {
        /// Controller input (MIDI, a controller coming or going, the end of a raw input) or a signal.
        case controller(ControllerInputItem)
        /// The audio device opened as number `generation` failed (reported by the audio thread).
        case audioLost(generation: Int, any Error & Sendable)
    }

    /// The ports the box runs on.
    public struct Ports {
        /// Time and timers.
        public var clock: any SessionClock
        /// Keeps every answer before it is acknowledged.
        public var store: any TrainingStore
        /// Where the answers are, for logs and the events stream.
        public var storeLocation: String
        /// What the store holds now (the profile a new session starts from).
        public var history: @MainActor () -> JournalContents?
        /// Opens the internal synth on the audio device (earcons, and training on the internal synth); its
        /// second argument is called (on any thread) if the device fails later.
        public var openAudio:
            @MainActor (PeachSettings, @escaping @Sendable (any Error & Sendable) -> Void) throws ->
                any SoundOutput
        /// The external synth the training notes go to, or nil for the internal synth.
        public var externalSynth: (any SoundOutput)?
        /// The settings and the profile, read again when the settings file changed (asked before each session
        /// and each trial, so a setting saved by `peach settings set` or the dashboard applies at the next
        /// trial) and on SIGHUP; its initial configuration is the box's at start.
        public var configuration: ConfigurationWatcher<Configuration>
        /// Delivers an input to the box later (the launcher's queue; tests collect them).
        public var post: @Sendable (Input) -> Void
        /// Shows each session (the `--events` stream); may be empty.
        public var presenters: [any TrainingPresenter]
        /// Now on the timeline that stamps MIDI input (the monotonic clock; a test's virtual one).
        public var timeline: @MainActor () -> Double
        /// Takes the box's status at every change (`peach serve` writes it for the dashboard).
        public var publishStatus: @MainActor (BoxStatus) -> Void
        /// The sound outputs the box sees, for the dashboard's setup page (`peach serve`: ALSA's playable
        /// devices; none in tests unless given).
        public var listOutputs: @MainActor () -> [BoxStatus.Output] = { [] }
        /// The dashboard's request, read when SIGUSR1 comes (``BoxRequest``; none unless given).
        public var readRequest: @MainActor () -> BoxRequest? = { nil }
        /// Where the input thread sends the played keys; each session routes it to its sound's play-through
        /// (``PlayThroughTap``; none unless given: the keys sound when the session takes them).
        public var tap: PlayThroughTap?
        /// The timing calibrations (`calibration.json` beside the settings): a timing session's strike earcons
        /// take off the one of its controller and output, and the menu's calibration keeps what it measures there
        /// (none unless given: earcons then say the raw offsets, and a calibration is measured but not kept).
        public var calibrationFile: CalibrationFile?

        /// The ports.
        public init(
            clock: any SessionClock, store: any TrainingStore, storeLocation: String,
            history: @escaping @MainActor () -> JournalContents?,
            openAudio:
                @escaping @MainActor (PeachSettings, @escaping @Sendable (any Error & Sendable) -> Void)
                throws ->
                any SoundOutput,
            externalSynth: (any SoundOutput)?, configuration: ConfigurationWatcher<Configuration>,
            post: @escaping @Sendable (Input) -> Void, presenters: [any TrainingPresenter] = [],
            timeline: @escaping @MainActor () -> Double = { MonotonicTime.now() },
            publishStatus: @escaping @MainActor (BoxStatus) -> Void = { _ in }
        ) {
            self.publishStatus = publishStatus
            self.timeline = timeline
            self.clock = clock
            self.store = store
            self.storeLocation = storeLocation
            self.history = history
            self.openAudio = openAudio
            self.externalSynth = externalSynth
            self.configuration = configuration
            self.post = post
            self.presenters = presenters
        }
    }

    /// How long the setup page's controller test shows key presses instead of acting on them.
    public static let watchSeconds = 60.0
    /// How many of the watched key presses the status keeps.
    public static let watchedKeyCount = 12

    /// Lower and Higher pressed within this time of each other stop a session (profiles without `stop`); a key
    /// press when ready or in the play-back menu waits this long before it counts (a cluster may follow).
    public static let chordWindow = Duration.milliseconds(150)
    /// The play-back menu left alone this long starts the kind it is on.
    public static let menuTimeout = Duration.seconds(6)
    /// The pause after a mode's earcon before the session's first note.
    public static let earconPause = Duration.milliseconds(400)
    /// The silence between two earcons that follow each other, and after a session's sound before the earcon that
    /// follows it.
    public static let earconGap = Duration.milliseconds(60)
    /// The waits between attempts to open the audio device, seconds; the last repeats.
    public static let audioRetryDelays: [Double] = [1, 2, 4, 8, 16, 30]

    /// Where the box is now.
    public private(set) var state: State = .waitingForController {
        didSet {
            guard state != oldValue else { return }
            stateSince = ports.clock.now
            publish()
        }
    }
    /// The exit status once ``state`` is finished: 0 for SIGTERM/SIGINT and the end of the input, 128 + n for
    /// another signal n.
    public private(set) var exitStatus: Int32 = 0
    /// Whether the audio device is open.
    public var hasAudio: Bool { audio != nil }
    /// The controllers connected now (their labels).
    public var controllers: [String] { connectedPorts.map(\.label) }
    /// The controllers' ports, in the order they connected: a session's timing calibration is kept under the
    /// port name of the controller connected last (as `peach timing calibrate` keeps it).
    private var connectedPorts: [MIDIPortInfo] = []

    private let ports: Ports
    private let logger: Logger
    private let statusLog: (any StatusRecording)?
    private let words: (BoxLogEntry) -> String
    /// The settings and profile read last.
    private var configuration: Configuration { ports.configuration.current }
    private var mapper: ControllerMapper
    private var audio: SharedSoundOutput?
    private var audioGeneration = 0
    private var audioAttempt = 0
    private var audioProblem: String?
    private var retryTimer: (any ScheduledTimer)?
    /// The second after a reload, in which further SIGHUPs are gathered into one more reload at its end.
    private var reloadWindow: (any ScheduledTimer)?
    private var reloadPending = false
    private var run: TrainingRun?
    private var runMode: TrainingMode?
    /// The running session's tempo when it plays against clicks (timing; melodies in tempo), as it started.
    private var runTempo: Tempo?
    /// The keys struck and the actions taken while a session runs, counted: a phrase played again after notes
    /// came along with it waits for none to come (``playedAlong()``).
    private var runInputs = 0
    private var runSound: SharedSoundOutput?
    private var afterRun: AfterRun = .ready
    private var startGeneration = 0
    private var lastPress: (action: SwitchAction, time: Date)?
    private var earconsEnd: Date?
    private var seed: UInt64
    private var cluster = ClusterGesture()
    /// A key press waiting ``chordWindow`` before it counts (when ready, or in the menu), by generation.
    private var pendingPress = 0
    private var menuGeneration = 0
    /// The menu's entries, in order: every play-back kind, rhythm echo and the timing calibration.
    static let menuModes: [TrainingMode] =
        PlayBackKind.allCases.map(TrainingMode.playBack) + [.echo, .calibration]
    private var lastMenuMode = TrainingMode.playBack(.notes)
    private let started: Date
    private var stateSince: Date
    private var lastProblem: (message: String, time: Date)?
    private var published: BoxStatus?
    /// The sound outputs listed last, for the dashboard's setup page.
    private var outputs: [BoxStatus.Output]?
    /// Until when key presses are shown instead of acted on, and those shown.
    private var watchingUntil: Date?
    private var watchedKeys: [BoxStatus.Key] = []
    /// What came of the dashboard's last request.
    private var answer: BoxStatus.Answer?
    /// The test tone's own output, closed when its tone has ended.
    private var testOutput: (any SoundOutput)?

    /// What the box does when a session has ended.
    private enum AfterRun {
        case ready
        case menu
        case start(TrainingMode)
        case waitForController
        case finish
    }

    /// A box, ready to ``start()``, with the configuration its ports' watcher has now.
    /// - Parameters:
    ///   - ports: the clock, sound, store and queue.
    ///   - logger: where one line per event that matters goes (journald, through stderr).
    ///   - statusLog: the persistent log of sessions and errors in the data folder, if any.
    ///   - words: the log's words for each entry (the catalogue's, in the box's language).
    ///   - seed: randomness for the sessions.
    public init(
        ports: Ports, logger: Logger, statusLog: (any StatusRecording)?,
        words: @escaping (BoxLogEntry) -> String,
        seed: UInt64
    ) {
        self.ports = ports
        self.logger = logger
        self.statusLog = statusLog
        self.words = words
        self.seed = seed
        started = ports.clock.now
        stateSince = started
        mapper = ControllerMapper(
            profile: ports.configuration.current.profile,
            longPressThreshold: ports.configuration.current.settings.longPress)
    }

    /// Logs the start. The audio device is opened when a controller connects (and closed again when the last
    /// one goes), so a box waiting for a controller holds no device and wakes for nothing.
    public func start() {
        record(.notice, .started(profile: configuration.profile.name, store: ports.storeLocation))
    }

    /// Takes one input. After the box finished, inputs are ignored.
    public func handle(_ input: Input) {
        guard state != .finished else { return }
        switch input {
        case .audioLost(let generation, let error):
            // A device closed since (or replaced) may still report: only the open one counts.
            guard generation == audioGeneration, audio != nil else { return }
            audioLost(error)
        case .controller(.midi(.event(let event))):
            if watching(event) { return }
            if case .training(let mode) = state, mode.playBackKind != nil, let run, isPlayed(event) {
                if case .noteOn(_, _, let velocity) = event.message, velocity > 0 { runInputs &+= 1 }
                run.handle(.controller(.midi(.event(event))))
                return
            }
            if clustered(event) { return }
            for action in mapper.actions(for: event) { perform(action, at: event.time) }
        case .controller(.keys(let keys)):
            for key in keys {
                for action in key.actions { perform(action, at: key.time) }
            }
        case .controller(.midi(.connected(let port))):
            connected(port)
        case .controller(.midi(.disconnected(let port))):
            disconnected(port.label)
        case .controller(.midi(.ended)):
            finish(status: 0, reason: .inputEnded)
        case .controller(.midi(.failed(let error))):
            record(.error, .error(error))
            finish(status: 1, reason: .controllerFailed(error))
        case .controller(.signal(let number)):
            if number == SIGHUP {
                hangUp()
            } else if number == SIGUSR1 {
                takeRequest()
            } else if number == SIGUSR2 {
                record(.notice, .restarting)
                finish(status: Self.exitStatus(forSignal: number), reason: .signal(number))
            } else {
                record(.notice, .signal(name: TrainingEnding.signalName(number)))
                finish(status: Self.exitStatus(forSignal: number), reason: .signal(number))
            }
        }
    }

    // MARK: Controllers

    private func connected(_ port: MIDIPortInfo) {
        guard !controllers.contains(port.label) else { return }
        connectedPorts.append(port)
        record(.notice, .controllerConnected(port.label))
        if state == .waitingForController { becomeReady() }
    }

    private func disconnected(_ label: String) {
        guard let index = controllers.firstIndex(of: label) else { return }
        connectedPorts.remove(at: index)
        record(.notice, .controllerGone(label))
        guard controllers.isEmpty else { return }
        switch state {
        case .training:
            endRun(.controllerDisconnected(label), then: .waitForController)
        case .starting, .ready, .choosingMenu:
            startGeneration += 1
            menuGeneration += 1
            pendingPress += 1
            becomeIdle()
        case .waitingForController, .finished:
            break
        }
    }

    // MARK: The dashboard's requests

    /// SIGUSR1: does what the dashboard's ``BoxRequest`` asks, if it may, and says so in the status.
    private func takeRequest() {
        guard let request = ports.readRequest(), request.id != answer?.id else { return }
        outputs = ports.listOutputs()
        switch request.action {
        case .listOutputs:
            answer = BoxStatus.Answer(id: request.id, done: true)
        case .watchKeys:
            watchingUntil = ports.clock.now.addingTimeInterval(Self.watchSeconds)
            watchedKeys = []
            record(.notice, .watchingKeys(seconds: Int(Self.watchSeconds)))
            answer = BoxStatus.Answer(id: request.id, done: true)
        case .testTone:
            answer = testTone(request)
        }
        publish()
    }

    /// A key press while the setup page watches the controller: shown in the status, not acted on (so testing
    /// the keys starts nothing). True when it was taken so.
    private func watching(_ event: MIDIEvent) -> Bool {
        guard let until = watchingUntil else { return false }
        guard ports.clock.now < until, state != .finished else {
            watchingUntil = nil
            watchedKeys = []
            publish()
            return false
        }
        if case .training = state { return false }  // a session's keys are its own
        if case .noteOn(_, let note, let velocity) = event.message, velocity > 0 {
            watchedKeys.append(BoxStatus.Key(note: Int(note), velocity: Int(velocity), time: ports.clock.now))
            watchedKeys = Array(watchedKeys.suffix(Self.watchedKeyCount))
            publish()
        }
        return true
    }

    /// A short tone on the request's output: the box's own when it is the one open (its ready earcon), else
    /// that output opened for the tone and closed after it. Only an output the box listed itself is opened.
    private func testTone(_ request: BoxRequest) -> BoxStatus.Answer {
        guard let setting = request.output,
            outputs?.contains(where: { $0.setting == setting }) == true
                || setting == configuration.settings.audioOutput
        else {
            return BoxStatus.Answer(id: request.id, done: false, problem: words(.testToneRefused))
        }
        record(.notice, .testTone(setting))
        if audio != nil, setting == configuration.settings.audioOutput {
            playEarcon(.ready)
            return BoxStatus.Answer(id: request.id, done: true)
        }
        do {
            testOutput?.shutdown()
            let settings = try configuration.settings.setting(.audioOutput, toText: setting)
            let output = try ports.openAudio(settings) { _ in }
            testOutput = output
            let clock = ports.clock
            Earcon.ready.play(
                on: output.player, clock: clock, level: AmplitudeDB(configuration.settings.earconLevel))
            clock.schedule(after: Earcon.ready.duration + .milliseconds(300)) { [weak self] in
                guard let self, self.testOutput === output else { return }
                output.shutdown()
                self.testOutput = nil
            }
            return BoxStatus.Answer(id: request.id, done: true)
        } catch {
            return BoxStatus.Answer(id: request.id, done: false, problem: words(.error(error)))
        }
    }

    private func becomeReady() {
        if outputs == nil { outputs = ports.listOutputs() }
        state = .ready
        lastPress = nil
        if audio != nil {
            playEarcon(.ready)
        } else if retryTimer == nil {
            openAudio()  // plays the ready earcon when it opens
        }
    }

    /// No controller any more: once the earcons have ended, the audio device is closed (nothing renders while
    /// the box waits) and no retry is pending.
    private func becomeIdle() {
        state = .waitingForController
        retryTimer?.cancel()
        retryTimer = nil
        audioAttempt = 0
        let wait = max(0, (earconsEnd ?? ports.clock.now).timeIntervalSince(ports.clock.now)) + 0.1
        ports.clock.schedule(after: .seconds(wait)) { [weak self] in
            guard let self, self.state == .waitingForController, let audio = self.audio else { return }
            self.audio = nil
            self.audioGeneration += 1  // a late report of the closed device is ignored
            audio.base.shutdown()
            self.record(.info, .audioClosed)
        }
    }

    // MARK: Actions

    private var profileChoosesModes: Bool {
        configuration.profile.switches.contains { mapping in
            mapping.response.actions.contains {
                $0 == .startComparison || $0 == .startPitchMatching || $0 == .startTiming
                    || $0 == .startPlayBack
            }
        }
    }

    private var profileStops: Bool {
        configuration.profile.switches.contains { $0.response.actions.contains(.stop) }
    }

    /// What `action` means in the box's state (see the type's documentation); `time` is its stamp, for timing.
    private func perform(_ action: ControllerAction, at time: Double?) {
        runInputs &+= 1
        let chosen = modeChosen(by: action)
        switch state {
        case .waitingForController, .finished, .starting:
            return
        case .ready:
            if case .press(.startPlayBack, _) = action {
                openMenu()
            } else if let chosen {
                // A key may be the first of a cluster (which opens the play-back menu): it waits a moment.
                if isKey(action) { later { [weak self] in self?.choose(chosen) } } else { choose(chosen) }
            }
        case .choosingMenu(let entry):
            menu(action, on: entry)
        case .training(let mode):
            if case .press(.startPlayBack, _) = action, profileChoosesModes {
                if mode.playBackKind == nil { endRun(.user, then: .menu) }
                return
            }
            if let chosen, profileChoosesModes {
                if chosen != mode { endRun(.user, then: .start(chosen)) }
                return
            }
            if case .press(.stop, _) = action {
                endRun(.user, then: .ready)
                return
            }
            if isStopChord(action) {
                endRun(.user, then: .ready)
                return
            }
            run?.perform(action, at: time)
        }
    }

    /// The mode `action` chooses: the profile's mode actions, or Lower/Higher for a profile without them.
    private func modeChosen(by action: ControllerAction) -> TrainingMode? {
        guard case .press(let press, _) = action else { return nil }
        if profileChoosesModes {
            switch press {
            case .startComparison: return .comparison
            case .startPitchMatching: return .pitchMatching
            case .startTiming: return state == .training(.gapFill) ? .echo : .gapFill
            default: return nil
            }
        }
        guard state == .ready else { return nil }
        switch press {
        case .lower: return .comparison
        case .higher: return .pitchMatching
        case .commit: return .gapFill
        default: return nil
        }
    }

    /// Whether `action` completes the stop chord (Lower and Higher within ``chordWindow``) of a profile
    /// without `stop`.
    private func isStopChord(_ action: ControllerAction) -> Bool {
        guard !profileStops, case .press(let press, _) = action, press == .higher || press == .lower else {
            return false
        }
        let now = ports.clock.now
        defer { lastPress = (press, now) }
        guard let last = lastPress, last.action != press else { return false }
        return now.timeIntervalSince(last.time) <= Self.chordWindow.seconds
    }

    // MARK: Play-back

    /// Whether `event` is a key played during play-back (a note no rule maps to a control) or the sustain pedal.
    private func isPlayed(_ event: MIDIEvent) -> Bool {
        switch event.message {
        case .noteOn(let channel, let note, _), .noteOff(let channel, let note, _):
            configuration.profile.isPlayedKey(note, channel: channel)
        case .controlChange(_, 64, _): true
        default: false
        }
    }

    /// Follows the keys for the cluster gesture when ready or in the menu: true when `event` completed one (it
    /// opens the menu, or chooses in it; the keys' own presses, still waiting, are dropped).
    private func clustered(_ event: MIDIEvent) -> Bool {
        switch event.message {
        case .noteOn(let channel, let note, let velocity) where velocity > 0:
            guard configuration.profile.isPlayedKey(note, channel: channel),
                cluster.noteOn(Int(note), at: event.time) != nil
            else { return false }
            switch state {
            case .ready:
                pendingPress += 1
                openMenu()
                return true
            case .choosingMenu(let entry):
                pendingPress += 1
                choose(entry)
                return true
            default:
                return false
            }
        case .noteOn(_, let note, _), .noteOff(_, let note, _):
            cluster.noteOff(Int(note))
            return false
        default:
            return false
        }
    }

    /// Whether `action` is Lower or Higher from a key (which may be the first of a cluster).
    private func isKey(_ action: ControllerAction) -> Bool {
        guard case .press(let press, .midiNote) = action else { return false }
        return press == .lower || press == .higher
    }

    /// Runs `step` after ``chordWindow`` unless a cluster (or another state) comes first.
    private func later(_ step: @escaping @MainActor () -> Void) {
        pendingPress += 1
        let generation = pendingPress
        let state = self.state
        ports.clock.schedule(after: Self.chordWindow) { [weak self] in
            guard let self, self.pendingPress == generation, self.state == state else { return }
            step()
        }
    }

    private func openMenu() {
        guard state == .ready else { return }
        if ports.externalSynth == nil && audio == nil {
            record(.warning, .noAudioForTraining)
            return
        }
        showMenu(lastMenuMode)
    }

    /// The menu on `entry`: its earcon, and a timeout that starts it.
    private func showMenu(_ entry: TrainingMode) {
        state = .choosingMenu(entry)
        lastMenuMode = entry
        menuGeneration += 1
        let generation = menuGeneration
        let ends = playEarcon(Earcon.mode(entry))
        ports.clock.schedule(after: ends + Self.menuTimeout) { [weak self] in
            guard let self, self.menuGeneration == generation, self.state == .choosingMenu(entry) else {
                return
            }
            self.choose(entry)
        }
    }

    /// An action in the menu on `entry`.
    private func menu(_ action: ControllerAction, on entry: TrainingMode) {
        guard case .press(let press, _) = action else { return }
        let entries = Self.menuModes
        let index = entries.firstIndex(of: entry) ?? 0
        switch press {
        case .lower, .higher, .startPlayBack:
            let next = entries[(index + (press == .lower ? entries.count - 1 : 1)) % entries.count]
            if isKey(action) { later { [weak self] in self?.showMenu(next) } } else { showMenu(next) }
        case .commit: choose(entry)
        case .stop:
            menuGeneration += 1
            state = .ready
            playEarcon(.stopped)
        default: break
        }
    }

    /// A rhythm echo was scored: its result by ear (``Earcon/echoResult(_:)``), the calibration it was paired
    /// with taken off its mean.
    fileprivate func echoed(_ completed: CompletedEcho) {
        playEarcon(.echoResult(completed))
    }

    /// A play-back answer was judged: right rings the chime (a wrong one's comparison is the session's own).
    fileprivate func answeredPlayBack(_ completed: CompletedPlayBack) {
        if completed.isCorrect { playEarcon(.chime) }
    }

    /// Free melodies: notes came while the phrase played, so none of them answers, and the box has no screen to
    /// say so (a terminal shows a line). Once the phrase's last note has ended, the phrase plays again with its
    /// cadence, unless a key or an action came by then (the answer begun): by ear, "listen first, then play", as in
    /// tempo, where the session itself plays the phrase again. An earcon would sound over the phrase's last note.
    fileprivate func playedAlong() {
        guard let run else { return }
        let inputs = runInputs
        let wait = configuration.settings.training.noteDuration + Self.earconGap.seconds
        logger.debug("notes came during the phrase")
        ports.clock.schedule(after: .seconds(wait)) { [weak self] in
            guard let self, self.run === run, self.runInputs == inputs else { return }
            run.perform(.press(.replay, input: .midiNote))
        }
    }

    // MARK: Sessions

    private func choose(_ mode: TrainingMode) {
        guard state == .ready || state == .choosingMenu(Self.menuModes.contains(mode) ? mode : lastMenuMode)
        else {
            return
        }
        menuGeneration += 1
        if Self.menuModes.contains(mode) { lastMenuMode = mode }
        if ports.externalSynth == nil && audio == nil {
            record(.warning, .noAudioForTraining)
            return
        }
        state = .starting(mode)
        startGeneration += 1
        let generation = startGeneration
        let ends = playEarcon(Earcon.mode(mode))
        ports.clock.schedule(after: ends + Self.earconPause) { [weak self] in
            guard let self, self.startGeneration == generation, self.state == .starting(mode) else { return }
            self.startRun(mode)
        }
    }

    private func startRun(_ mode: TrainingMode) {
        reloadIfChanged()
        guard let base = ports.externalSynth ?? audio?.base else {
            record(.warning, .noAudioForTraining)
            state = .ready
            return
        }
        let sound = SharedSoundOutput(base)
        seed &+= 0x9E37_79B9_7F4A_7C15
        let settings = configuration.settings
        // Timing takes the calibration of the controller and output in use off each strike's earcon.
        var calibrations: [TimingCalibration] = []
        if mode.isTiming, let file = ports.calibrationFile {
            do {
                calibrations = try file.load()
            } catch {
                record(.warning, .error(error))
            }
        }
        let run = TrainingRun(
            mode: mode, clock: ports.clock, sound: sound, store: ports.store,
            storeLocation: ports.storeLocation,
            history: ports.history(),
            settings: { [weak self] in self?.reloadedSessionSettings() ?? settings },
            profile: configuration.profile,
            presenters: [BoxRunPresenter(box: self)] + ports.presenters, seed: seed,
            timing: { [weak self] in (self?.reloadedSessionSettings() ?? settings).timingSettings },
            calibrations: calibrations,
            // The settings' play-back options, as `peach play` takes them: the key, the cadence's pace, the drone,
            // the notes in a row, the chord window, grazed keys, the tempo and the reference named. (The range alone
            // reached the box before: a key or a drone chosen on the dashboard did nothing there.)
            playBack: { [weak self] kind in
                (self?.reloadedSessionSettings() ?? settings).playBack(nil, kind: kind)
            }, timeline: ports.timeline, tap: ports.tap)
        if let port = connectedPorts.last { run.useController(named: port.portName) }
        self.run = run
        runSound = sound
        runMode = mode
        runTempo = Self.clickedTempo(of: mode, settings: settings)
        afterRun = .ready
        lastPress = nil
        state = .training(mode)
        record(.notice, .sessionStarted(mode))
        run.start()
    }

    /// The settings a session reads before each trial: first reads the settings file again when it changed
    /// (``reloadIfChanged()``: file I/O, and a log line when it reloads, so a new controller profile reaches the
    /// running session too), then gives the box's settings with the feedback long enough for the pitch-matching
    /// result earcon.
    private func reloadedSessionSettings() -> PeachSettings {
        reloadIfChanged()
        let settings = configuration.settings
        let minimum = Earcon.result(Cents(0)).duration.seconds + 0.1
        guard settings.training.feedbackDuration < minimum else { return settings }
        return (try? settings.setting(.feedbackDuration, toText: String(minimum))) ?? settings
    }

    /// Ends the running session for `reason`; ``runEnded(_:_:)`` then does what `next` says.
    private func endRun(_ reason: TrainingEnding, then next: AfterRun) {
        guard let run else {
            after(next, earcon: false)
            return
        }
        afterRun = next
        run.end(reason)
    }

    /// A session ended (by the box, or by itself: a lost device, a full disk).
    fileprivate func runEnded(_ ending: TrainingEnding, _ progress: TrainingProgress) {
        guard run != nil else { return }
        let mode = runMode ?? .comparison
        run = nil
        runSound = nil
        runMode = nil
        runTempo = nil
        // Uneven calibration strikes end with status 1 at a terminal; on the box they are no fault of the box
        // (the line after this one says why nothing was kept).
        var failed = ending.isFailure
        if case .calibrated = ending { failed = false }
        record(failed ? .error : .notice, .sessionEnded(mode, progress, reason: ending.name))
        switch ending {
        case .storeFailure(let error):
            record(.error, .error(error))
        case .audioFailure(let refusal as ClicksUnavailable):
            // Timing refused on this output (a sound server): the sound itself is fine for pitch sessions.
            record(.error, .error(refusal))
        case .audioFailure(let error) where ports.externalSynth == nil:
            audioLost(error)
        default:
            break
        }
        // The session's sound was cut just now: the next earcon follows it after a gap, as it would an earcon
        // (its notes' release must not run into the earcon).
        let now = ports.clock.now
        earconsEnd = max(earconsEnd ?? now, now.addingTimeInterval(Self.earconGap.seconds))
        if case .calibrated(let calibration) = ending { keep(calibration) }
        after(afterRun, earcon: true)
    }

    private func after(_ next: AfterRun, earcon: Bool) {
        switch next {
        case .ready:
            if earcon { playEarcon(.stopped) }
            if controllers.isEmpty { becomeIdle() } else { state = .ready }
        case .start(let mode):
            state = .ready
            choose(mode)
        case .menu:
            state = .ready
            openMenu()
        case .waitForController:
            if earcon { playEarcon(.stopped) }
            becomeIdle()
        case .finish:
            state = .finished
        }
    }

    /// A pitch-matching attempt was committed: its result earcon.
    fileprivate func committed(_ attempt: CompletedPitchMatching) {
        playEarcon(.result(attempt.userError))
    }

    /// A fill-the-gap strike counted: its short note, by ear (the loop goes on under it), with the calibration
    /// of the controller and output taken off, if one was measured. A calibration's strikes sound none: the
    /// clicks are what you keep with.
    fileprivate func struck(_ strike: GapStrike, calibration: TimingCalibration?) {
        guard runMode != .calibration else { return }
        playEarcon(.strike(offsetMs: calibration?.calibrated(strike.offsetMs) ?? strike.offsetMs))
    }

    /// A fill-the-gap trial ended with strikes: its result earcon (the loop goes on under it), with the trial's
    /// calibration taken off, as its strikes had. (The record keeps the raw offsets, as at the terminal.)
    fileprivate func tapped(_ trial: CompletedGapFill) {
        playEarcon(.timingResult(meanOffsetMs: trial.calibratedMeanOffsetMs))
    }

    /// A calibration from the menu measured its strikes: kept when they were even (the chime says so, before the
    /// session's end), else only told in the log, as `peach timing calibrate` tells it.
    private func keep(_ calibration: TimingCalibration) {
        guard calibration.isSteady else {
            record(.warning, .calibrated(calibration, savedIn: nil))
            return
        }
        guard let file = ports.calibrationFile else {
            record(.notice, .calibrated(calibration, savedIn: nil))
            return
        }
        do {
            try file.save(calibration)
            record(.notice, .calibrated(calibration, savedIn: file.path))
            playEarcon(.chime)
        } catch {
            record(.error, .error(error))
        }
    }

    /// The sound dropped out during fill the gap: the trial starts again; the status log says so.
    fileprivate func droppedOut() {
        record(.notice, .timingDropout)
    }

    /// The sound dropped out during play-back (the crackle a player hears): the status log says how often.
    fileprivate func droppedOut(playingBack total: Int) {
        record(.notice, .playBackDropout(total: total))
    }

    // MARK: Finishing and reloading

    /// The box's exit status after the stop signal `number`: 0 for SIGTERM and SIGINT (systemd stopping it is
    /// a clean stop), 128 + the number for any other.
    nonisolated public static func exitStatus(forSignal number: Int32) -> Int32 {
        number == SIGTERM || number == SIGINT ? 0 : 128 + number
    }

    /// How long the box's stop may take before the live launcher ends the process anyway, in seconds.
    nonisolated public static let shutdownSeconds = 5.0

    private func finish(status: Int32, reason: TrainingEnding) {
        exitStatus = status
        startGeneration += 1
        retryTimer?.cancel()
        reloadWindow?.cancel()
        reloadWindow = nil
        if run != nil {
            endRun(reason, then: .finish)
        } else {
            state = .finished
        }
        audio?.base.shutdown()
        audio = nil
        testOutput?.shutdown()  // a test tone's own device, if its tone is still playing
        testOutput = nil
        ports.externalSynth?.shutdown()
        record(.notice, .finished)
    }

    /// How long SIGHUPs after a reload are gathered into the next one.
    static let reloadWindowSeconds = 1.0

    /// SIGHUP: reloads at once, then gathers the SIGHUPs of the next second into one reload at its end (the
    /// last edit is read), so a storm of signals is a reload and a log line a second, not one per signal.
    private func hangUp() {
        guard reloadWindow == nil else {
            reloadPending = true
            return
        }
        reload()
        reloadWindow = ports.clock.schedule(after: .seconds(Self.reloadWindowSeconds)) { [weak self] in
            guard let self else { return }
            self.reloadWindow = nil
            if self.reloadPending {
                self.reloadPending = false
                self.hangUp()
            }
        }
    }

    /// Reads the settings and profile again when the settings file changed (a broken edit is logged once and
    /// the last good configuration stays, as with SIGHUP).
    private func reloadIfChanged() {
        applied(ports.configuration.refresh())
    }

    private func reload() {
        applied(ports.configuration.reload())
    }

    /// Takes a configuration read again into use (the mapper, the running session) and logs it, or its failure.
    private func applied(_ change: ConfigurationWatcher<Configuration>.Change) {
        switch change {
        case .unchanged: break
        case .reloaded:
            mapper = ControllerMapper(
                profile: configuration.profile, longPressThreshold: configuration.settings.longPress)
            run?.use(configuration.profile)
            record(.notice, .reloaded(profile: configuration.profile.name))
        case .failed(let error):
            record(.error, .reloadFailed(error))
        }
    }

    // MARK: Audio

    private func openAudio() {
        retryTimer = nil
        audioGeneration += 1
        let generation = audioGeneration
        let post = ports.post
        do {
            let output = try ports.openAudio(configuration.settings) { error in
                post(.audioLost(generation: generation, error))
            }
            audio = SharedSoundOutput(output)
            audioAttempt = 0
            if audioProblem != nil {
                audioProblem = nil
                record(.notice, .audioBack(output.name))
            } else {
                record(.info, .audioOpened(output.name))
            }
            if state == .ready { playEarcon(.ready) }
        } catch {
            let message = words(.error(error))
            if audioProblem != message {
                audioProblem = message
                record(.error, .audioUnavailable(error))
            }
            scheduleAudioRetry()
        }
    }

    private func audioLost(_ error: any Error) {
        guard let lost = audio else { return }
        audio = nil
        lost.base.shutdown()
        audioProblem = words(.error(error))
        record(.error, .audioLost(error))
        if run != nil, ports.externalSynth == nil {
            endRun(.audioFailure(error), then: .ready)
        }
        scheduleAudioRetry()
    }

    private func scheduleAudioRetry() {
        guard state != .finished, state != .waitingForController else { return }
        let delays = Self.audioRetryDelays
        let delay = delays[min(audioAttempt, delays.count - 1)]
        audioAttempt += 1
        retryTimer = ports.clock.schedule(after: .seconds(delay)) { [weak self] in
            guard let self, self.state != .finished, self.state != .waitingForController, self.audio == nil
            else { return }
            self.openAudio()
        }
    }

    // MARK: Earcons and logs

    /// Plays `earcon` once the earcons before it have ended (two never overlap); returns the time from now
    /// until it ends (zero without an audio device: no earcon, nothing to wait for).
    @discardableResult
    private func playEarcon(_ earcon: Earcon) -> Duration {
        guard let audio else { return .zero }
        let now = ports.clock.now
        let wait = max(0, (earconsEnd ?? now).timeIntervalSince(now))
        earconsEnd = now.addingTimeInterval(wait + earcon.duration.seconds + Self.earconGap.seconds)
        let level = AmplitudeDB(configuration.settings.earconLevel)
        let clock = ports.clock
        logger.debug("earcon \(earcon.name)")
        if wait == 0 {
            earcon.play(on: audio.base.player, clock: clock, level: level)
        } else {
            clock.schedule(after: .seconds(wait)) { [weak self] in
                guard self?.audio === audio else { return }  // the device closed meanwhile
                earcon.play(on: audio.base.player, clock: clock, level: level)
            }
        }
        return .seconds(wait) + earcon.duration
    }

    /// Logs one line; a notice or worse also goes to the status log (what `peach serve --status` shows).
    private func record(_ level: Logger.Level, _ entry: BoxLogEntry) {
        let message = words(entry)
        logger.log(level: level, "\(message)")
        if level >= .notice { statusLog?.append(message, at: ports.clock.now) }
        if level >= .warning { lastProblem = (message, ports.clock.now) }
        publish()
    }

    /// When this process started (read once: it does not change).
    private static let processStart = ProcessLiveness.startTicks(of: getpid())

    /// What the box is doing now, as facts.
    public var status: BoxStatus {
        let (activity, mode) = BoxStatus.activity(of: state)
        var status = BoxStatus(
            activity: activity, mode: mode, controllers: controllers, audio: audio?.name,
            audioProblem: audioProblem, lastProblem: lastProblem?.message, lastProblemTime: lastProblem?.time,
            since: stateSince, started: started, processID: getpid(), processStart: Self.processStart)
        status.outputs = outputs
        status.keys = watchingUntil == nil ? nil : watchedKeys
        status.watchingUntil = watchingUntil
        status.answer = answer
        if activity == .training { status.tempo = runTempo?.bpm }
        return status
    }

    /// The tempo a session of `mode` plays its clicks at with `settings`: timing's, or melodies' in tempo; nil
    /// for a session without clicks.
    private static func clickedTempo(of mode: TrainingMode, settings: PeachSettings) -> Tempo? {
        if mode.isTiming { return settings.timingSettings.tempo }
        guard mode == .playBack(.melodies) else { return nil }
        let melodies = settings.playBack(nil, kind: .melodies)
        return melodies.inTempo ? melodies.tempo : nil
    }

    /// Hands the status to ``Ports/publishStatus`` when it changed.
    private func publish() {
        let now = status
        guard now != published else { return }
        published = now
        ports.publishStatus(now)
    }
}

/// Passes a session's events to its box: a committed attempt (its result earcon) and the ending.
@MainActor
private final class BoxRunPresenter: TrainingPresenter {
    weak var box: PracticeBox?

    init(box: PracticeBox) { self.box = box }

    func present(_ event: TrainingEvent, at time: Date) {
        switch event {
        case .pitchMatching(.committed(let attempt), _): box?.committed(attempt)
        case .gapFill(.struck(let strike, _), let progress):
            box?.struck(strike, calibration: progress.calibration)
        case .gapFill(.trialCompleted(let trial), _):
            box?.tapped(trial)
        case .gapFill(.dropout, _), .echo(.dropout, _): box?.droppedOut()
        case .playBack(.dropout(_, let total, _), _): box?.droppedOut(playingBack: total)
        case .echo(.trialCompleted(let completed), _):
            box?.echoed(completed)
        case .playBack(.answered(let completed), _): box?.answeredPlayBack(completed)
        case .playBack(.playedDuringCall(_, inTempo: false), _): box?.playedAlong()
        case .ended(let ending, let progress, _): box?.runEnded(ending, progress)
        default: break
        }
    }
}

extension SwitchResponse {
    /// The actions a switch rule can take.
    fileprivate var actions: [SwitchAction] {
        switch self {
        case .action(let action): [action]
        case .gesture(let short, let long): [short, long]
        }
    }
}
