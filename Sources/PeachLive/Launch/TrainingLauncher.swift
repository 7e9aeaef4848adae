// TrainingLauncher: opens what a live run needs in an order that fails early and cleans up, then runs it.

import Foundation
import PeachAudio
import PeachCore
import PeachMIDI
import PeachStore
import PeachText
import PeachTraining

/// Starts a live training run (`peach train`, `match`, `measure`, `timing`, `tap`): the store, the terminal screen and the
/// `--events` stream, the settings watcher, then the sound and the controller (given by the command line, which
/// owns their options), each closed again if a later step fails; then runs until the run ends.
@MainActor
public struct TrainingLauncher {
    /// What the command line decided: the mode, the settings and where things are.
    public struct Plan {
        /// The mode to start in.
        public var mode: TrainingMode
        /// A measurement's procedure (`peach measure`).
        public var measurement: PsiProcedure
        /// The settings file (watched while the run lasts).
        public var settingsFile: SettingsFile
        /// The settings read from it.
        public var settings: PeachSettings
        /// The run's options applied to settings (read again before each trial).
        public var overrides: (PeachSettings) throws -> PeachSettings
        /// The controller profile.
        public var profile: ControllerProfile
        /// Resolves the profile for settings read again (the `controllerProfile` setting changed during the
        /// run: the run maps with the new profile from the next trial on); nil keeps ``profile`` for the run.
        public var resolveProfile: (@MainActor (PeachSettings) throws -> ControllerProfile)?
        /// The store's folder.
        public var dataDirectory: String
        /// `--events`: a file, `-` for standard output, or nil.
        public var events: String?
        /// The play-back options (`peach play`); the kind follows the mode, the note range the settings.
        public var playBack: PlayBackOptions?
        /// The timing calibrations' file (`calibration.json`), or nil for none.
        public var calibrationFile: String?

        /// A plan.
        public init(
            mode: TrainingMode, measurement: PsiProcedure, settingsFile: SettingsFile,
            settings: PeachSettings,
            overrides: @escaping (PeachSettings) throws -> PeachSettings, profile: ControllerProfile,
            dataDirectory: String, events: String?
        ) {
            self.mode = mode
            self.measurement = measurement
            self.settingsFile = settingsFile
            self.settings = settings
            self.overrides = overrides
            self.profile = profile
            self.dataDirectory = dataDirectory
            self.events = events
        }
    }

    /// Runs a live session of `mode` for the user at `locations`: reads the settings file, resolves the profile
    /// (`profile`), applies `overrides` to the settings (again before each trial), keeps timing calibrations
    /// beside the settings, and runs (see ``run(_:texts:environment:openSound:openInput:)``).
    /// - Returns: the run's exit status.
    public static func launch(
        _ mode: TrainingMode, measurement: PsiProcedure = PsiProcedure(), playBack: PlayBackOptions? = nil,
        at locations: DataLocations,
        events: String?, overrides: @escaping (PeachSettings) throws -> PeachSettings,
        profile: @escaping @MainActor (PeachSettings) throws -> ControllerProfile, texts: Texts,
        environment: [String: String],
        openSound: (PeachSettings, @escaping @Sendable (any Error & Sendable) -> Void) throws -> (
            any SoundOutput, SoundFontError?
        ),
        openInput: (ControllerProfile) throws -> ControllerInput
    ) async throws -> Int32 {
        let file = SettingsFile(path: locations.settingsFile)
        let settings = try file.load().settings
        var plan = Plan(
            mode: mode, measurement: measurement, settingsFile: file, settings: settings,
            overrides: overrides,
            profile: try profile(settings), dataDirectory: locations.dataDirectory, events: events)
        plan.calibrationFile = locations.calibrationFile
        plan.playBack = playBack
        plan.resolveProfile = profile
        return try await run(
            plan, texts: texts, environment: environment, openSound: openSound, openInput: openInput)
    }

    /// A place for the settings watcher to find the run it reports to.
    private final class RunBox {
        weak var run: TrainingRun?
    }

    /// Runs `plan` with the terminal in `texts`' language; `openSound` opens the sound for the settings (with
    /// a SoundFont that could not play) and reports a lost device through its second argument; `openInput`
    /// opens the controller for a profile.
    /// - Returns: the run's exit status (0, or 1 when the sound or controller was lost).
    /// - Throws: what opening the store, the events file, the sound or the controller threw.
    public static func run(
        _ plan: Plan, texts: Texts, environment: [String: String],
        openSound: (PeachSettings, @escaping @Sendable (any Error & Sendable) -> Void) throws -> (
            any SoundOutput, SoundFontError?
        ),
        openInput: (ControllerProfile) throws -> ControllerInput
    ) async throws -> Int32 {
        let initial = try plan.overrides(plan.settings)
        var texts = texts
        texts.keySignature = initial.keySignature
        texts.solfege = initial.solfege
        let events = try plan.events.map(EventStreamPresenter.openFile)
        let store = try JournalStore(directory: plan.dataDirectory, keepsTimeline: false)
        for line in texts.storeNotices(store.contents) { Terminal.emitError(line) }
        // `--events -` into a pipe: stdout holds only the JSON lines, and the screen goes to stderr.
        let screenToStandardError = plan.events == "-" && !Terminal.isTerminal
        var presenters: [any TrainingPresenter] = [
            TerminalScreen(
                texts: texts, output: TerminalOutput(toStandardError: screenToStandardError),
                isTerminal: screenToStandardError ? Terminal.isErrorTerminal : Terminal.isTerminal,
                color: !screenToStandardError && Terminal.wantsColor(environment: environment),
                width: Terminal.width)
        ]
        // A reader going away (`--events - | head`) ends the run cleanly rather than mid-note.
        let (inputs, continuation) = AsyncStream<TrainingInput>.makeStream()
        Terminal.onBrokenPipe { continuation.yield(.outputClosed) }
        if let events {
            let presenter = EventStreamPresenter(file: events) { continuation.yield(.outputClosed) }
            presenter.keySignature = initial.keySignature
            presenters.append(presenter)
        }
        let box = RunBox()
        // The settings are read before each trial; a changed `controllerProfile` reaches the run with them (its
        // profile is read again only when the setting names another; `--profile` keeps the run's).
        let watcher = ConfigurationWatcher(
            settingsFile: plan.settingsFile.path, initial: (settings: plan.settings, profile: plan.profile)
        ) { [file = plan.settingsFile, resolve = plan.resolveProfile] previous in
            let settings = try file.load().settings
            guard let resolve, settings.controllerProfile != previous.settings.controllerProfile else {
                return (settings: settings, profile: previous.profile)
            }
            return (settings: settings, profile: try resolve(settings))
        }
        let overrides = plan.overrides
        let settings: @MainActor () -> PeachSettings = {
            switch watcher.refresh() {
            case .unchanged: break
            case .failed(let error): box.run?.notify(.settingsProblem(error))
            case .reloaded: box.run?.use(watcher.current.profile)  // a notice when it is another profile
            }
            return (try? overrides(watcher.current.settings)) ?? initial
        }
        // A run that cannot start (a busy or missing sound card, an output timing refuses) is told to a reader of
        // `--events` as a run that started and stopped at once: the output, its stack, and why; the screen gets
        // the one line the error makes.
        func tellEventsNotStarted(output: String, stack: AudioStack?, _ ending: TrainingEnding) {
            let now = Date()
            for presenter in presenters where presenter is EventStreamPresenter {
                presenter.present(
                    .started(plan.mode, profile: plan.profile.name, output: output, stack: stack), at: now)
                presenter.present(
                    .ended(ending, TrainingProgress(), storeLocation: store.journalPath), at: now)
            }
        }
        let sound: any SoundOutput
        let soundFontProblem: SoundFontError?
        do {
            (sound, soundFontProblem) = try openSound(initial) { continuation.yield(.soundLost($0)) }
        } catch {
            tellEventsNotStarted(
                output: (error as? DeviceError)?.device ?? "", stack: nil, .audioFailure(error))
            throw error
        }
        // An output timing cannot use is refused before anything starts: one line, exit 1, nothing stored.
        let playsInTempo = plan.mode == .playBack(.melodies) && plan.playBack?.inTempo == true
        if plan.mode.isTiming || playsInTempo, let refusal = sound.clicksUnavailable {
            sound.shutdown()
            tellEventsNotStarted(output: sound.name, stack: sound.stack, .audioFailure(refusal))
            throw refusal
        }
        let input: ControllerInput
        let tap = PlayThroughTap()
        do {
            input = try openInput(plan.profile)
            try input.start(tap: tap) { continuation.yield(.controller($0)) }
        } catch {
            sound.shutdown()
            throw error
        }
        let calibrations = plan.calibrationFile.map(CalibrationFile.init)
        var known: [TimingCalibration] = []
        if plan.mode.isTiming, let calibrations {
            do {
                known = try calibrations.load()
            } catch {
                Terminal.emitError("peach: " + texts.message(for: error))
            }
        }
        let run = TrainingRun(
            mode: plan.mode, clock: LiveSessionClock(), sound: sound, store: store,
            storeLocation: store.journalPath, history: store.contents, settings: settings,
            profile: plan.profile,
            presenters: presenters, seed: UInt64.random(in: .min ... .max), measurement: plan.measurement,
            timing: { settings().timingSettings }, calibrations: known,
            playBack: { [playBack = plan.playBack] kind in
                settings().playBack(playBack, kind: kind)
            }, tap: tap)
        box.run = run
        run.start()
        if let soundFontProblem {
            run.notify(.soundFontProblem(soundFontProblem, timbre: initial.training.timbre))
        }
        if input.waitsForController { run.notify(.noControllerYet) }
        if plan.mode.isTiming, input.source?.timesEvents != true { run.notify(.timedOnArrival) }
        let ending = await run.run(inputs, continuation: continuation, gate: input.gate)
        input.stop()
        if case .calibrated(let calibration) = ending, calibration.isSteady, let calibrations {
            try calibrations.save(calibration)
            // With `--events -` into a pipe, stdout holds only the JSON lines: the words go where the screen went.
            let saved = texts.calibrationSaved(calibrations.path)
            if screenToStandardError { Terminal.emitError(saved) } else { Terminal.show([saved]) }
        }
        if input.gate.droppedCount > 0 { Terminal.emitError(texts.droppedInput(input.gate.droppedCount)) }
        return ending.exitStatus
    }
}
