// MIDISequencerClient: the port to a MIDI sequencer (ALSA's, or a fake): ports, connections, notifications.

/// What the sequencer tells its client.
public enum SequencerNotification: Sendable {
    /// A message reached Peach's input port.
    case message(MIDIEvent)
    /// A port appeared (a device was plugged in, a program started).
    case portStarted(MIDIAddress)
    /// A port went away.
    case portExited(MIDIAddress)
    /// A client went away with all its ports.
    case clientExited(Int)
    /// The sequencer failed; no more notifications come.
    case failed(MIDIInputError)
}

/// A client of a MIDI sequencer with one input port and one output port: ALSA's sequencer in PeachALSA, a
/// fake in tests. It delivers notifications on its own thread.
public protocol MIDISequencerClient: AnyObject, Sendable {
    /// The client's number.
    var clientNumber: Int { get }
    /// Whether events carry the kernel's timestamps (else they are stamped when read).
    var hasKernelTimestamps: Bool { get }
    /// Every port of every client, now.
    func ports() throws -> [MIDIPortInfo]
    /// Subscribes Peach's input port to `address`.
    func connectInput(from address: MIDIAddress) throws
    /// Starts delivering notifications (messages to the input port, ports coming and going).
    func startNotifications(_ handler: @escaping @Sendable (SequencerNotification) -> Void) throws
    /// Stops delivering; returns once the handler will not be called again.
    func stopNotifications()
}

extension MIDISequencerClient {
    /// Stamped when read, unless the client says otherwise.
    public var hasKernelTimestamps: Bool { false }
}
