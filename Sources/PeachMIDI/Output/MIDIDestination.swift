// MIDIDestination: the port through which Peach sends MIDI to an external synth.

/// Where Peach's MIDI output goes: a sequencer port, a raw MIDI device or file, or a recording fake.
public protocol MIDIDestination: AnyObject {
    /// What it writes to, for messages: `midi:128:0`, `rawmidi:/tmp/out.mid`.
    var name: String { get }
    /// Sends the messages in order, now.
    /// - Throws: when the destination is gone or refuses them.
    func send(_ messages: [MIDIMessage]) throws
}

/// A destination that can also schedule messages to leave at a given time (the sequencer's queue does it in
/// the kernel), as timing clicks on an external synth want.
public protocol ScheduledMIDIDestination: MIDIDestination {
    /// Queues `messages` to leave at `time` (seconds on the monotonic clock that stamps MIDI input).
    /// - Returns: false when it cannot schedule (the caller then sends them when due).
    func send(_ messages: [MIDIMessage], at time: Double) throws -> Bool
    /// Drops every message queued and not yet sent.
    func cancelScheduled()
}
