// PlayedKey: what a MIDI message means to play-back — a key struck or let go, or the sustain pedal.

import PeachCore
import PeachMIDI

/// A controller's message as play-back takes it: the keys are notes (``ControllerProfile/isPlayedKey(_:channel:)``:
/// a note no rule maps, or one the profile maps to an answer), and the sustain pedal (CC 64) holds them. The
/// one reading of a message for the run's session and for play-through on the input thread (``PlayThroughTap``),
/// so both hear the same keys.
public enum PlayedKey: Equatable, Sendable {
    /// A key struck (a note-on with a velocity above 0).
    case struck(MIDINote, velocity: MIDIVelocity)
    /// A key let go (a note-off, or a note-on at velocity 0).
    case released(MIDINote)
    /// The sustain pedal down (value ≥ 64) or up.
    case pedal(down: Bool)

    /// What `message` is to play-back under `profile`, or nil when it is none of these.
    public init?(_ message: MIDIMessage, profile: ControllerProfile) {
        switch message {
        case .noteOn(let channel, let number, let velocity) where velocity > 0:
            guard profile.isPlayedKey(number, channel: channel) else { return nil }
            self = .struck(MIDINote(clamping: Int(number)), velocity: MIDIVelocity(clamping: Int(velocity)))
        case .noteOn(let channel, let number, _), .noteOff(let channel, let number, _):
            guard profile.isPlayedKey(number, channel: channel) else { return nil }
            self = .released(MIDINote(clamping: Int(number)))
        case .controlChange(_, 64, let value):
            self = .pedal(down: value >= 64)
        default:
            return nil
        }
    }
}
