// MIDIPortInfo: what Peach knows of one sequencer port: address, names and what it can do.

import PeachCore

/// One port of the ALSA sequencer as Peach sees it, converted from ALSA's port and client info at the edge.
public struct MIDIPortInfo: Hashable, Sendable {
    /// The port's address.
    public var address: MIDIAddress
    /// The client's name, e.g. `Launchkey Mini MK3` or `FLUID Synth (1234)`.
    public var clientName: String
    /// The port's name, e.g. `Launchkey Mini MK3 MIDI 1`.
    public var portName: String
    /// Whether others can read from it (subscribe to it): it is a MIDI source, such as a controller.
    public var isReadable: Bool
    /// Whether others can write to it (subscribe it as a destination): a synth, a MIDI out.
    public var isWritable: Bool
    /// Whether it belongs to hardware: a kernel client (a sound card's MIDI port) or a port that says it is
    /// hardware or a physical port.
    public var isHardware: Bool
    /// Whether the port says it makes sound (a synth such as FluidSynth).
    public var isSynth: Bool

    /// A port description; control characters in the names become `?` (``PrintableText``): they come from
    /// devices, and are printed on screens, in logs and in the box's status.
    public init(
        address: MIDIAddress, clientName: String, portName: String, isReadable: Bool, isWritable: Bool,
        isHardware: Bool, isSynth: Bool = false
    ) {
        self.address = address
        self.clientName = PrintableText.of(clientName)
        self.portName = PrintableText.of(portName)
        self.isReadable = isReadable
        self.isWritable = isWritable
        self.isHardware = isHardware
        self.isSynth = isSynth
    }

    /// Whether Peach treats it as a controller when told to connect to all of them: a readable hardware port
    /// that is not the System client (0) nor "Midi Through" (which only echoes other programs).
    public var isController: Bool {
        isReadable && isHardware && address.client != 0 && !isMidiThrough
    }

    /// Whether it is the kernel's "Midi Through" client.
    public var isMidiThrough: Bool { clientName.hasPrefix("Midi Through") }

    /// `20:0 Launchkey Mini MK3 / Launchkey Mini MK3 MIDI 1`.
    public var label: String { "\(address) \(clientName) / \(portName)" }
}
