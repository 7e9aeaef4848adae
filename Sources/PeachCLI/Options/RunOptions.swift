// RunOptions: what every live run takes: the controller profile and input, the sound, the data, the events.

import ArgumentParser
import PeachCore
import PeachLive
import PeachStore
import PeachText
import PeachTraining

/// The options of a live run (`train`, `match`, `measure`, `timing`, `tap`, `serve`), and the run they start.
struct RunOptions: ParsableArguments {
    @OptionGroup(title: CLI.texts.help(.groupController)) var profile: ProfileOptions
    @OptionGroup(title: CLI.texts.help(.groupController)) var controller: ControllerOptions
    @OptionGroup(title: CLI.texts.help(.groupSound)) var audio: AudioOutputOptions
    @OptionGroup(title: CLI.texts.help(.groupSound)) var midi: MIDIOutputOptions
    @OptionGroup(title: CLI.texts.help(.groupSound)) var instrument: InstrumentOptions
    @OptionGroup(title: CLI.texts.help(.groupData)) var data: DataOptions

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.events), valueName: "file"))
    var events: String?

    /// What plays the run's notes.
    var sound: SoundOptions { SoundOptions(audio: audio, midi: midi, instrument: instrument) }

    /// Refuses an output (the events file, a WAV file, a raw MIDI file) that is, or links to, a file of the
    /// training data or the settings.
    func checkOutputs() throws {
        for path in [events, sound.audio.audioOut?.wavPath, sound.midi.output?.rawPath] {
            if let path { try CLI.checkOutput(path, dataDirectory: data.dataDir) }
        }
    }

    /// Refuses to calibrate against clicks no one hears: the internal synth on `null`. (A WAV file is allowed:
    /// its clicks are written in real time, as a recorded session or a test needs them.)
    private func checkHeard() throws {
        let settings = try CLI.loadSettings()
        if try midi.spec(settings: settings) == .internalSynth, try audio.spec(settings: settings) == .null {
            throw CommandError.calibrationNeedsSound
        }
    }

    /// Runs a live session of `mode` with `overrides` applied to the settings (read again before each trial).
    @MainActor
    func launch(
        _ mode: TrainingMode, measurement: PsiProcedure = PsiProcedure(), playBack: PlayBackOptions? = nil,
        overrides: @escaping (PeachSettings) throws -> PeachSettings
    ) async throws {
        try checkOutputs()
        if mode == .calibration { try checkHeard() }
        let (profile, sound, controller) = (self.profile, self.sound, self.controller)
        let status = try await TrainingLauncher.launch(
            mode, measurement: measurement, playBack: playBack, at: try data.locations(), events: events,
            overrides: overrides,
            profile: { try profile.resolve(settings: $0) }, texts: CLI.texts, environment: CLI.environment,
            openSound: { try sound.open(settings: $0, playing: mode.playBackKind != nil, onLost: $1) },
            openInput: { try controller.open(profile: $0, useKeyboard: true) })
        if status != 0 { throw ExitCode(status) }
    }
}
