// SoundOptions: what plays a run's notes: the internal synth on an audio sink, or an external MIDI synth.

import ArgumentParser
import PeachAudio
import PeachCore
import PeachLive
import PeachMIDI
import PeachStore
import PeachText
import PeachTraining

/// The sound options of `train` and `match`: where the internal synth plays, or which MIDI synth plays.
struct SoundOptions: ParsableArguments {
    @OptionGroup(title: CLI.texts.help(.groupSound)) var audio: AudioOutputOptions
    @OptionGroup(title: CLI.texts.help(.groupSound)) var midi: MIDIOutputOptions
    @OptionGroup(title: CLI.texts.help(.groupSound)) var instrument: InstrumentOptions

    /// Opens the sound the options ask for (`settings` supply what they leave out), and a SoundFont that could
    /// not be played (the settings' timbre plays instead). `onLost` is called (on the audio thread) if the audio device fails.
    /// - Throws: the device's or file's typed error.
    @MainActor
    func open(
        settings: PeachSettings, onLost: @escaping @Sendable (any Error & Sendable) -> Void
    ) throws -> (output: any SoundOutput, problem: SoundFontError?) {
        if let external = try openExternal(settings: settings, clock: LiveSessionClock()) {
            return (external, nil)
        }
        return try openInternal(settings: settings, onLost: onLost)
    }

    /// The external synth the options or settings name, or nil for the internal synth.
    @MainActor
    func openExternal(settings: PeachSettings, clock: (any SessionClock)? = nil) throws -> (any SoundOutput)?
    {
        let midiSpec = try midi.spec(settings: settings)
        guard midiSpec != .internalSynth else { return nil }
        let destination = try midi.destination(for: midiSpec)
        let player = try MIDINotePlayer(destination: destination, configuration: midi.configuration)
        return LiveSoundOutput(
            player: player, midi: player, output: nil, name: destination.name,
            clicks: clock.map { MIDIClickPlayer(destination: destination, clock: $0) })
    }

    /// The internal synth on the audio output the options or settings name.
    @MainActor
    func openInternal(
        settings: PeachSettings, onLost: @escaping @Sendable (any Error & Sendable) -> Void
    ) throws -> (output: any SoundOutput, problem: SoundFontError?) {
        let spec = try audio.spec(settings: settings)
        let (sampled, problem) = instrument.load(settings: settings)
        let output = AudioOutput(sink: try audio.makeSink(for: spec), onFailure: onLost)
        try output.start()
        do {
            let player =
                try sampled.map { try SynthNotePlayer(engine: output.engine, instrument: $0) }
                ?? SynthNotePlayer(engine: output.engine, timbre: settings.training.timbre)
            let name = spec.description + (sampled.map { " · \($0.name)" } ?? "")
            return (
                LiveSoundOutput(
                    player: player, midi: nil, output: output, name: name,
                    clicks: SynthClickPlayer(output: output)),
                problem
            )
        } catch {
            output.stop()
            throw error
        }
    }
}
