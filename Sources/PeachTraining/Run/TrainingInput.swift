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

    /// Whether the item passes a full ``InputGate`` or ``Inbox`` at once: a signal (Ctrl-C is answered even
    /// behind a backlog, and overtakes it in an inbox). Everything from a MIDI source keeps its order, its end
    /// included.
    public var isUrgent: Bool {
        if case .signal = self { return true }
        return false
    }

    /// Whether no profile rule can use the item (a system message: clock, active sensing, SysEx, song
    /// position…): when the queue is full it is dropped and counted rather than waited for.
    public var isExpendable: Bool {
        guard case .midi(.event(let event)) = self else { return false }
        return event.message.channel == nil
    }
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
