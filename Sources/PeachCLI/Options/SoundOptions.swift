// SoundOptions: what plays a run's notes: the internal synth on an audio sink, or an external MIDI synth.

import ArgumentParser
import PeachAudio
import PeachCore
import PeachLive
import PeachMIDI
import PeachStore
import PeachText
import PeachTraining

/// The sound options of a live run: where the internal synth plays, or which MIDI synth plays. A plain value
/// made of ``RunOptions``' option groups, not a group of its own: swift-argument-parser's debug build checks
/// every nesting of groups again for each level, so each level of nesting multiplies what `--help` costs.
struct SoundOptions {
    let audio: AudioOutputOptions
    let midi: MIDIOutputOptions
    let instrument: InstrumentOptions

    /// Opens the sound the options ask for (`settings` supply what they leave out), and a SoundFont that could
    /// not be played (the settings' timbre plays instead). `onLost` is called (on the audio thread) if the audio
    /// device fails. `playing`: the keys sound through it (play-back), so a sound card gets a smaller buffer.
    /// - Throws: the device's or file's typed error.
    @MainActor
    func open(
        settings: PeachSettings, playing: Bool = false,
        onLost: @escaping @Sendable (any Error & Sendable) -> Void
    ) throws -> (output: any SoundOutput, problem: SoundFontError?) {
        if let external = try openExternal(settings: settings) { return (external, nil) }
        return try openInternal(settings: settings, playing: playing, onLost: onLost)
    }

    /// The external synth the options or settings name, or nil for the internal synth.
    @MainActor
    func openExternal(settings: PeachSettings) throws -> (any SoundOutput)? {
        let spec = try midi.spec(settings: settings)
        guard spec != .internalSynth else { return nil }
        return try LiveSoundOutput.external(midi.destination(for: spec), configuration: midi.configuration)
    }

    /// The internal synth on the audio output the options or settings name.
    @MainActor
    func openInternal(
        settings: PeachSettings, playing: Bool = false,
        onLost: @escaping @Sendable (any Error & Sendable) -> Void
    ) throws -> (output: any SoundOutput, problem: SoundFontError?) {
        let spec = try audio.spec(settings: settings)
        let (sampled, problem) = instrument.load(settings: settings)
        let output = try LiveSoundOutput.synth(
            on: try audio.makeSink(for: spec, playing: playing), name: spec.description,
            timbre: settings.training.timbre,
            instrument: sampled, onLost: onLost)
        return (output, problem)
    }
}
