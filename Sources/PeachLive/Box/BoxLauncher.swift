// BoxLauncher: opens what `peach serve` needs (store, logs, sound, controller) and runs the practice box.

import Foundation
import Logging
import PeachCore
import PeachMIDI
import PeachStore
import PeachText
import PeachTraining

/// Starts the practice box (`peach serve`): the store and its status log, the `--events` stream, the external
/// synth if the settings name one, the controller input (the sequencer, waiting for controllers without
/// polling, or raw MIDI), then the box; runs until SIGTERM/SIGINT or the end of a raw input.
@MainActor
public struct BoxLauncher {
    /// What the command line decided.
    public struct Plan {
        /// The settings file (read again on SIGHUP).
        public var settingsFile: SettingsFile
        /// The command line's options applied to settings.
        public var overrides: (PeachSettings) throws -> PeachSettings
        /// The controller profile for settings (`--profile`, else the setting).
        public var profile: (PeachSettings) throws -> ControllerProfile
        /// The store's folder (the status log is there too).
        public var dataDirectory: String
        /// `--events`: a file, `-` for standard output, or nil.
        public var events: String?
        /// The timing calibrations' file (`calibration.json` beside the settings), or nil for none.
        public var calibrationFile: String?

        /// A plan.
        public init(
            settingsFile: SettingsFile, overrides: @escaping (PeachSettings) throws -> PeachSettings,
            profile: @escaping (PeachSettings) throws -> ControllerProfile, dataDirectory: String,
            events: String?
        ) {
            self.settingsFile = settingsFile
            self.overrides = overrides
            self.profile = profile
            self.dataDirectory = dataDirectory
            self.events = events
        }

        /// The settings and profile as they are now.
        func configuration() throws -> PracticeBox.Configuration {
            let settings = try overrides(try settingsFile.load().settings)
            return PracticeBox.Configuration(settings: settings, profile: try profile(settings))
        }
    }

    /// Runs the box.
    /// - Parameters:
    ///   - openAudio: opens the internal synth on the audio device (its second argument reports a failure).
    ///   - openExternal: opens the external synth the settings name, or returns nil for the internal synth.
    ///   - openInput: opens the controller input for a profile.
    ///   - listOutputs: the sound outputs the box sees, for the dashboard's setup page.
    /// - Returns: the exit status: 0 after SIGTERM/SIGINT or the end of a raw input.
    /// - Throws: what opening the store, the events file, the external synth or the input threw (the audio
    ///   device is retried instead).
    public static func run(
        _ plan: Plan, texts: Texts, environment: [String: String],
        openAudio:
            @escaping @MainActor (PeachSettings, @escaping @Sendable (any Error & Sendable) -> Void) throws ->
            any SoundOutput,
        openExternal: (PeachSettings) throws -> (any SoundOutput)?,
        openInput: (ControllerProfile) throws -> ControllerInput,
        listOutputs: @escaping @MainActor () -> [BoxStatus.Output] = { [] }
    ) async throws -> Int32 {
        let configuration = try plan.configuration()
        let store = try JournalStore(directory: plan.dataDirectory, keepsTimeline: false)
        // Held until the process ends: a reader whose sandbox hides this process learns from it that the box runs.
        let boxLock = BoxStatusFile.holdLock(in: plan.dataDirectory)
        defer { withExtendedLifetime(boxLock) {} }
        for line in texts.storeNotices(store.contents) { Terminal.emitError(line) }
        let (inputs, continuation) = AsyncStream<PracticeBox.Input>.makeStream()
        var presenters: [any TrainingPresenter] = []
        if let events = try plan.events.map(EventStreamPresenter.openFile) {
            let presenter = EventStreamPresenter(file: events) {}
            presenter.keySignature = configuration.settings.keySignature
            presenters.append(presenter)
        }
        let external = try openExternal(configuration.settings)
        let input: ControllerInput
        let tap = PlayThroughTap()
        do {
            input = try openInput(configuration.profile)
            if let raw = input.source as? RawMIDISource {
                // A raw stream is a controller that is there from the start until its end.
                continuation.yield(.controller(.midi(.connected(Self.rawPort(name: raw.name)))))
            }
            try input.start(tap: tap) { continuation.yield(.controller($0)) }
        } catch {
            external?.shutdown()
            throw error
        }
        let journald = environment["JOURNAL_STREAM"] != nil
        let level = environment["PEACH_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
        var ports = PracticeBox.Ports(
            clock: LiveSessionClock(), store: store, storeLocation: store.journalPath,
            history: { store.contents }, openAudio: openAudio, externalSynth: external,
            configuration: ConfigurationWatcher(
                settingsFile: plan.settingsFile.path, initial: configuration,
                load: { _ in try plan.configuration() }),
            post: { continuation.yield($0) },
            presenters: presenters,
            publishStatus: { [directory = plan.dataDirectory] in BoxStatusFile.write($0, in: directory) }
        )
        ports.listOutputs = listOutputs
        ports.tap = tap
        ports.readRequest = { [directory = plan.dataDirectory] in BoxRequest.read(in: directory) }
        ports.calibrationFile = plan.calibrationFile.map(CalibrationFile.init)
        let box = PracticeBox(
            ports: ports,
            logger: Logger(label: "peach.serve") { _ in JournalLogHandler(level: level, journald: journald) },
            statusLog: StatusLog(directory: plan.dataDirectory), words: texts.line,
            seed: UInt64.random(in: .min ... .max))
        box.start()
        let deadline = ShutdownDeadline { [texts] status in
            Terminal.emitError("peach serve: " + texts.boxDeadline)
            _exit(status)  // not exit(): the main thread is stuck, and atexit handlers could wait on it
        }
        for await item in inputs {
            if case .controller = item { input.gate.taken() }
            // SIGHUP (read the settings again) and SIGUSR1 (the dashboard's request) do not stop the box.
            if case .controller(.signal(let number)) = item, number != SIGHUP, number != SIGUSR1 {
                deadline.arm(exitStatus: PracticeBox.exitStatus(forSignal: number))
            }
            box.handle(item)
            if box.state == .finished { break }
        }
        continuation.finish()
        input.stop()
        deadline.disarm()
        return box.exitStatus
    }

    /// The port a raw MIDI stream stands for.
    static func rawPort(name: String) -> MIDIPortInfo {
        MIDIPortInfo(
            address: MIDIAddress(client: 0, port: 0), clientName: "raw MIDI", portName: name,
            isReadable: true,
            isWritable: false, isHardware: true)
    }
}
