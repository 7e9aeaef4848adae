// MIDIInput: what a MIDI source reports: events, controllers coming and going, the end of the stream.

/// What a ``MIDISource`` reports to its handler.
public enum MIDIInput: Sendable {
    /// A message arrived.
    case event(MIDIEvent)
    /// A controller was connected (at start or when plugged in).
    case connected(MIDIPortInfo)
    /// A connected controller went away (unplugged, or its program ended).
    case disconnected(MIDIPortInfo)
    /// A finite source (a file, stdin, a FIFO whose writer closed) has no more bytes.
    case ended
    /// The source failed and stopped; the error says which device and why.
    case failed(MIDIInputError)
}
