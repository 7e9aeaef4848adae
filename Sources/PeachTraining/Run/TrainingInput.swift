// TrainingInput: what reaches a run: controller input (MIDI, keys, signals), the sound failing, output closing.

import PeachMIDI

/// What the controller side delivers: MIDI input, keys typed at the terminal, or a caught signal.
public enum ControllerInputItem: Sendable {
    /// MIDI input: an event, a controller connecting or going away, the end of a raw stream, a failure.
    case midi(MIDIInput)
    /// Keys typed at the terminal (already mapped to actions by `KeyboardMapper`).
    case keys([KeyboardKey])
    /// SIGINT, SIGTERM or SIGHUP, by number.
    case signal(Int32)
}

/// Everything that reaches a ``TrainingRun`` from outside, in order, on the main actor.
public enum TrainingInput: Sendable {
    /// Controller input, keys or a signal.
    case controller(ControllerInputItem)
    /// The audio device failed (reported by the audio thread).
    case soundLost(any Error & Sendable)
    /// The reader of stdout or of the events stream went away (`peach train --events - | head`).
    case outputClosed
}
