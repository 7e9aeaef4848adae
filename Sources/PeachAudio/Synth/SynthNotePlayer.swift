// SynthNotePlayer: the NotePlayer that plays on Peach's internal synth.

import PeachCore

/// Why the synth could not take a command.
public enum SynthError: Error, Equatable, Sendable {
    /// The render thread is not taking commands (the audio output stopped or stalled).
    case outputNotRunning
    /// No timbre of that name (the settings name one this Peach does not have).
    case unknownTimbre(String)
    /// The engine already holds as many SoundFont instruments as it can.
    case tooManyInstruments
}

/// Plays notes on a ``SynthEngine``: each note is a voice; its handle releases it with a raised-cosine ramp
/// and retunes it with a 5 ms phase-continuous glide. The internal synth ignores velocity (loudness is the
/// gain in dB); both notes of a comparison use the player's one timbre.
@MainActor
public final class SynthNotePlayer: NotePlayer {
    private let engine: SynthEngine
    private let timbreIndex: Int
    private let instrumentSlot: Int?
    /// The SoundFont preset this player plays, or nil for a built-in timbre.
    public let instrument: SampledInstrument?

    /// A player on `engine` with the timbre called `timbre`.
    /// - Throws: ``SynthError/unknownTimbre(_:)``.
    public init(engine: SynthEngine, timbre: String = Timbre.sine.name) throws(SynthError) {
        guard let found = Timbre.named(timbre), let index = engine.timbreIndex(of: found) else {
            throw .unknownTimbre(timbre)
        }
        self.engine = engine
        timbreIndex = index
        instrument = nil
        instrumentSlot = nil
    }

    /// A player on `engine` of a SoundFont preset: the region for each note's nearest key and its velocity.
    /// - Throws: ``SynthError/tooManyInstruments``.
    public init(engine: SynthEngine, instrument: SampledInstrument) throws(SynthError) {
        let slot = try engine.install(instrument)
        self.engine = engine
        timbreIndex = 0
        self.instrument = instrument
        instrumentSlot = slot
    }

    /// Starts a voice at `frequency`.
    public func play(
        frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB
    ) throws -> any PlaybackHandle {
        let voice = engine.newVoiceID()
        let command = voicing.start(
            voice: voice, frequency: frequency.hertz, gain: amplitude.linearGain, velocity: velocity)
        guard engine.send(command) else { throw SynthError.outputNotRunning }
        return SynthPlaybackHandle(engine: engine, voice: voice)
    }

    /// Places a note on the engine's own frames: it starts `delay` after the render thread takes it and sounds
    /// for `duration`, to the chunk (5.3 ms at 48 kHz). Notes placed together keep their spacing however late
    /// the main actor's timers or the render thread run; `clock` is not needed.
    /// - Throws: ``SynthError/outputNotRunning`` when the render thread is not taking commands.
    public func play(
        frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB, after delay: Duration,
        duration: Duration, clock: any SessionClock
    ) throws {
        let command = SynthCommand.place(
            voice: engine.newVoiceID(), frequency: frequency.hertz, gain: amplitude.linearGain,
            timbre: timbreIndex,
            instrument: instrumentSlot ?? -1, velocity: Int(velocity.rawValue),
            delay: Int((delay.seconds * engine.sampleRate).rounded()),
            length: Int((duration.seconds * engine.sampleRate).rounded()))
        guard engine.send(command) else { throw SynthError.outputNotRunning }
    }

    /// Releases every sounding voice and drops the notes placed ahead (for exit paths).
    public func silenceAll() {
        engine.send(.releaseAll)
    }

    /// This player itself: the keys sound on the engine from the input thread, in this player's timbre or
    /// instrument.
    public var inputPlayThrough: (any InputPlayThrough)? { self }
}

extension SynthNotePlayer: InputPlayThrough {
    /// This player's timbre or instrument, as the engine's commands name it.
    nonisolated var voicing: SynthKeys.Voicing {
        SynthKeys.Voicing(timbre: timbreIndex, instrument: instrumentSlot)
    }

    /// Keys struck from now on sound in this player's timbre or instrument (``InputPlayThrough``).
    public nonisolated func arm(referencePitch: Frequency, gain: AmplitudeDB) {
        engine.keys.arm(voicing: voicing, referencePitch: referencePitch, gain: gain)
    }

    /// Keys struck from now on are silent; those sounding are released (``InputPlayThrough``).
    public nonisolated func disarm() { engine.keys.disarm() }

    /// Whether the input thread sounded this note-on (``InputPlayThrough``).
    public nonisolated func sounded(_ note: MIDINote, at time: Double) -> Bool {
        engine.keys.sounded(note, at: time)
    }

    /// The input thread strikes a key (``InputPlayThrough``).
    public nonisolated func noteOn(_ note: MIDINote, velocity: MIDIVelocity, at time: Double) {
        engine.keys.noteOn(note, velocity: velocity, at: time)
    }

    /// The input thread lets go of a key (``InputPlayThrough``).
    public nonisolated func noteOff(_ note: MIDINote) { engine.keys.noteOff(note) }

    /// The input thread moves the sustain pedal (``InputPlayThrough``).
    public nonisolated func sustain(_ down: Bool) { engine.keys.sustain(down) }
}

/// One voice of the internal synth.
@MainActor
final class SynthPlaybackHandle: PlaybackHandle {
    private let engine: SynthEngine
    private let voice: Int32
    private var stopped = false

    init(engine: SynthEngine, voice: Int32) {
        self.engine = engine
        self.voice = voice
    }

    func stop() throws {
        guard !stopped else { return }
        stopped = true
        guard engine.send(.release(voice: voice)) else { throw SynthError.outputNotRunning }
    }

    func adjustFrequency(_ frequency: Frequency) throws {
        guard !stopped else { return }
        guard engine.send(.retune(voice: voice, frequency: frequency.hertz)) else {
            throw SynthError.outputNotRunning
        }
    }
}
