// LiveTraining: the command line's part of a live run (train, match, measure, timing, tap): options to a plan.

import ArgumentParser
import PeachCore
import PeachLive
import PeachStore
import PeachText
import PeachTraining

/// The command line's part of a live run: its options turned into a plan and the ports they name.
@MainActor
struct LiveTraining {
    let mode: TrainingMode
    var measurement = PsiProcedure()
    let overrides: (PeachSettings) throws -> PeachSettings
    let profile: ProfileOptions
    let controller: ControllerOptions
    let sound: SoundOptions
    let data: DataOptions
    let events: String?

    /// A pitch run (`train`, `match`, `measure`).
    init(options: TrainingOptions, mode: TrainingMode, measurement: PsiProcedure = PsiProcedure()) {
        self.mode = mode
        self.measurement = measurement
        let settingsOverrides = options.overrides
        overrides = { try settingsOverrides.apply(to: $0) }
        profile = options.profile
        controller = options.controller
        sound = options.sound
        data = options.data
        events = options.events
    }

    /// A timing run (`timing`, `tap`), with its options as setting keys and values.
    init(
        options: TimingOptions, mode: TrainingMode, values: [(option: String, key: String, value: String?)]
    ) {
        self.mode = mode
        overrides = { try TimingOptions.apply(values, to: $0) }
        profile = options.profile
        controller = options.controller
        sound = options.sound
        data = options.data
        events = options.events
    }

    func launch() async throws {
        let locations = try data.locations()
        let file = SettingsFile(path: locations.settingsFile)
        let loaded = try file.load().settings
        for path in [events, sound.audio.audioOut?.wavPath, sound.midi.output?.rawPath] {
            if let path { try CLI.checkOutput(path, dataDirectory: data.dataDir) }
        }
        var plan = TrainingLauncher.Plan(
            mode: mode, measurement: measurement, settingsFile: file, settings: loaded,
            overrides: overrides, profile: try profile.resolve(settings: loaded),
            dataDirectory: locations.dataDirectory, events: events)
        plan.calibrationFile = locations.calibrationFile
        let sound = self.sound
        let controller = self.controller
        let status = try await TrainingLauncher.run(
            plan, texts: CLI.texts, environment: CLI.environment,
            openSound: { try sound.open(settings: $0, onLost: $1) },
            openInput: { try controller.open(profile: $0, useKeyboard: true) })
        if status != 0 { throw ExitCode(status) }
    }
}
