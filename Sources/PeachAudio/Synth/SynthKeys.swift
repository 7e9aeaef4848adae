// SynthKeys: the player's keys played through on the internal synth from the input thread, not the main actor.

import PeachCore
import Synchronization

/// The control side of play-through on the input thread (``InputPlayThrough``, through
/// ``SynthNotePlayer``): which keys sound on which voice, the sustain pedal, and whether play-back has armed it.
/// The input thread strikes a key here and its start goes straight into the engine's second command ring
/// (``CommandQueue/pushKey(_:)``), so the render thread plays it at its next period — however busy or slow to
/// wake the main actor is.
///
/// A lock (a `Mutex`) guards the state. Neither side that takes it is real-time (the input thread, the main
/// actor), and it is never held while waiting: it makes whichever thread holds it the one producer of the key
/// ring, and it orders a disarm's releases after every start it could race with. The render thread never
/// takes it: it only pops the ring.
final class SynthKeys: Sendable {
    /// How a key sounds: a built-in timbre, or a SoundFont instrument's slot.
    struct Voicing: Sendable, Equatable {
        /// The timbre's index in the engine's table (when `instrument` is nil).
        var timbre: Int
        /// The instrument's slot on the engine, or nil for the timbre.
        var instrument: Int?

        /// The command that starts `voice` at `frequency` Hz, linear `gain`, struck at `velocity`, in this voicing.
        func start(voice: Int32, frequency: Double, gain: Double, velocity: MIDIVelocity) -> SynthCommand {
            guard let instrument else {
                return .start(voice: voice, frequency: frequency, gain: gain, timbre: timbre)
            }
            return .startSampled(
                voice: voice, frequency: frequency, gain: gain, instrument: instrument,
                velocity: Int(velocity.rawValue))
        }
    }

    private struct State: ~Copyable {
        var armed = false
        var voicing = Voicing(timbre: 0, instrument: nil)
        var referencePitch = Frequency(hertz: 440)
        var gain = AmplitudeDB.nominal
        /// The keys sounding, each on its voice, and what the pedal holds.
        var keys = SoundingKeys<Int32>()
        /// Per key, the stamp of the last note-on sounded here since the last arm (NaN: none).
        var struck = [Double](repeating: .nan, count: 128)
        /// Whether the first arm has rehearsed a key (``rehearse(in:)``).
        var rehearsed = false
    }

    private let state = Mutex(State())
    private let commands: CommandQueue

    /// The keys of the engine whose queue is `commands`.
    init(commands: CommandQueue) { self.commands = commands }

    /// Keys struck from now on sound with `voicing`, tuned to `referencePitch`, at `gain` for velocity 127.
    func arm(voicing: Voicing, referencePitch: Frequency, gain: AmplitudeDB) {
        state.withLock { state in
            if !state.armed { state.struck = [Double](repeating: .nan, count: 128) }
            state.armed = true
            state.voicing = voicing
            state.referencePitch = referencePitch
            state.gain = gain
            if !state.rehearsed {
                state.rehearsed = true
                rehearse(in: &state)
            }
        }
    }

    /// Strikes a silent key and lets it go, once, before the first real key: everything a key runs here and on
    /// the render thread (this code, the lock, the voice's start and release) is then in memory, and the first
    /// key the player strikes does not wait for it to be read in. Measured in the VM, where the binary and its
    /// libraries are read over 9p as from a cold SD card: the first key came 11 ms later than the others without.
    private func rehearse(in state: inout State) {
        let key = 60
        strike(MIDINote(clamping: key), velocity: 1, at: .nan, silent: true, in: &state)
        if let voice = state.keys.restrike(key) { commands.pushKey(.release(voice: voice)) }
    }

    /// Keys struck from now on do not sound; every key sounding here is released and the pedal lifted.
    func disarm() {
        state.withLock { state in
            state.armed = false
            for voice in state.keys.releaseAll() { commands.pushKey(.release(voice: voice)) }
        }
    }

    /// Whether the note-on of `note` stamped `time` was sounded here while armed.
    func sounded(_ note: MIDINote, at time: Double) -> Bool {
        state.withLock { $0.struck[note.rawValue] == time }
    }

    /// Strikes `note` (again: its sounding voice is released first), if armed.
    func noteOn(_ note: MIDINote, velocity: MIDIVelocity, at time: Double) {
        state.withLock { state in
            guard state.armed else { return }
            strike(note, velocity: velocity, at: time, silent: false, in: &state)
        }
    }

    /// Starts `note`'s voice (`silent`: at gain 0); under the lock.
    private func strike(
        _ note: MIDINote, velocity: MIDIVelocity, at time: Double, silent: Bool, in state: inout State
    ) {
        let key = note.rawValue
        if let previous = state.keys.restrike(key) { commands.pushKey(.release(voice: previous)) }
        let voice = commands.newVoiceID()
        let level = PlayThrough.loudness(of: velocity, at: state.gain).linearGain
        let command = state.voicing.start(
            voice: voice, frequency: note.frequency(referencePitch: state.referencePitch).hertz,
            gain: silent ? 0 : level, velocity: velocity)
        // A full ring (the render thread stalled) sounds nothing here: the main actor is then asked to.
        guard commands.pushKey(command) else { return }
        state.keys.sound(key, on: voice)
        state.struck[key] = time
    }

    /// Lets go of `note`: released, or held while the pedal is down.
    func noteOff(_ note: MIDINote) {
        state.withLock { state in
            if let voice = state.keys.letGo(note.rawValue) { commands.pushKey(.release(voice: voice)) }
        }
    }

    /// The pedal down (released keys held) or up (the keys it held released).
    func sustain(_ down: Bool) {
        state.withLock { state in
            for voice in state.keys.pedal(down: down) { commands.pushKey(.release(voice: voice)) }
        }
    }
}
