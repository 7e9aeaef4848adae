// MIDIDestination: the port through which Peach sends MIDI to an external synth.

/// Where Peach's MIDI output goes: a sequencer port, a raw MIDI device or file, or a recording fake.
public protocol MIDIDestination: AnyObject {
    /// What it writes to, for messages: `midi:128:0`, `rawmidi:/tmp/out.mid`.
    var name: String { get }
    /// Sends the messages in order, now.
    /// - Throws: when the destination is gone or refuses them.
    func send(_ messages: [MIDIMessage]) throws
}
