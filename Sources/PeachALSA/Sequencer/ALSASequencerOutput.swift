// ALSASequencerOutput: the sequencer client's output port as a MIDI destination: at once or on Peach's queue.

import PeachMIDI

/// A ``MIDIDestination`` over the sequencer's output port: messages go to every port subscribed to it, at once
/// or scheduled on Peach's queue.
public final class ALSASequencerOutput: ScheduledMIDIDestination {
    /// The sequencer.
    public let sequencer: ALSASequencer
    /// `midi:CLIENT:PORT` of the synth it was connected to.
    public let name: String

    /// An output to the port `target`, subscribed now.
    /// - Throws: ``DeviceError`` when the subscription fails.
    public init(sequencer: ALSASequencer, target: MIDIPortInfo) throws {
        self.sequencer = sequencer
        name = "midi:\(target.address) (\(target.clientName))"
        try sequencer.connectOutput(to: target.address)
    }

    /// Sends the messages.
    public func send(_ messages: [MIDIMessage]) throws { try sequencer.send(messages) }

    /// Schedules the messages to leave at `time` (see ``ALSASequencer/send(_:at:)``).
    public func send(_ messages: [MIDIMessage], at time: Double) throws -> Bool {
        try sequencer.send(messages, at: time)
    }

    /// Drops what was scheduled and has not left.
    public func cancelScheduled() { sequencer.cancelScheduled() }
}
