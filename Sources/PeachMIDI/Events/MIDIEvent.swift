// MIDIEvent: a MIDI message as it arrived: when, and from which port.

/// A message received from a MIDI source, with its arrival time and (for sequencer input) the port it came
/// from. Time is in seconds on a monotonic clock (`MonotonicTime`, in PeachSystem); tests give any times they like.
public struct MIDIEvent: Hashable, Sendable {
    /// The message.
    public var message: MIDIMessage
    /// The sending port, or nil for raw byte streams and the terminal.
    public var source: MIDIAddress?
    /// Arrival time, seconds.
    public var time: Double

    /// An event.
    public init(_ message: MIDIMessage, from source: MIDIAddress? = nil, at time: Double) {
        self.message = message
        self.source = source
        self.time = time
    }
}
