// InputPlayThrough: the port through which the player's keys sound on the thread that reads them.

/// Play-through without the main actor: an output that sounds a controller's keys on the input thread, the
/// moment they are read, instead of after the hop to the main actor (an async stream, a wake-up of the main
/// thread, whatever it is busy with), which costs a pianist milliseconds and jitter they hear. The internal
/// synth offers it (``NotePlayer/inputPlayThrough``); an external synth does not, and plays the keys as before.
///
/// Two sides share it. The main actor arms it while a play-back session runs (``arm(referencePitch:gain:)``,
/// again when the reference pitch changes) and disarms it when the session stops (``disarm()``, which silences
/// every key it sounds); when the session is told of a note-on it asks ``sounded(_:at:)`` whether that note-on
/// already sounds here, and sounds it itself only if not (a note of the computer keyboard's piano, a key read
/// while disarmed). The input thread — one at a time — strikes and releases keys and moves the pedal
/// (``noteOn(_:velocity:at:)``, ``noteOff(_:)``, ``sustain(_:)``): while disarmed they do nothing. Keys sound as
/// ``PlayThrough`` sounds them: velocity as loudness (``PlayThrough/amplitude(for:)``), a key struck again
/// restarted, released keys held while the pedal is down.
public protocol InputPlayThrough: Sendable {
    /// Main actor: keys struck from now on sound, tuned to `referencePitch`, at `gain` dB for velocity 127. Keys
    /// already sounding keep sounding.
    func arm(referencePitch: Frequency, gain: AmplitudeDB)
    /// Main actor: keys struck from now on do not sound; every key sounding here is released and the pedal lifted.
    func disarm()
    /// Main actor: whether the note-on of `note` stamped `time` (on the input timeline) was sounded here.
    func sounded(_ note: MIDINote, at time: Double) -> Bool
    /// Input thread: `note` struck at `velocity`, stamped `time`.
    func noteOn(_ note: MIDINote, velocity: MIDIVelocity, at time: Double)
    /// Input thread: `note` let go (held on while the pedal is down).
    func noteOff(_ note: MIDINote)
    /// Input thread: the sustain pedal down or up (up releases what it held).
    func sustain(_ down: Bool)
}
