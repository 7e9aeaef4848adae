// MIDISource: the port through which MIDI input reaches Peach (sequencer, raw bytes, or a fake).

/// A source of MIDI input. `start` begins delivering ``MIDIInput`` to `handler` on the source's own thread
/// (never the caller's); `stop` ends delivery and returns once the handler will not be called again. The
/// handler should hand the input on (e.g. to a queue the main thread reads) and return; it must not call
/// `stop`, which waits for the handler's thread.
public protocol MIDISource: AnyObject, Sendable {
    /// What the source reads, for messages: `seq`, `rawmidi:/dev/snd/midiC1D0`.
    var name: String { get }
    /// Starts delivery.
    /// - Throws: when the source cannot be opened.
    func start(_ handler: @escaping @Sendable (MIDIInput) -> Void) throws
    /// Stops delivery. Idempotent.
    func stop()
    /// Whether events carry the moment they arrived at the machine (the sequencer's kernel stamps, JACK's cycle
    /// clock), not the moment Peach read them.
    var timesEvents: Bool { get }
}

extension MIDISource {
    /// Timed when read (raw bytes, a fake).
    public var timesEvents: Bool { false }
}
