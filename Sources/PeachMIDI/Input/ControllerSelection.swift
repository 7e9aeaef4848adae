// ControllerSelection: which sequencer ports Peach connects to as controllers (`--midi-in seq…`).

/// Which sequencer ports Peach listens to.
public enum ControllerSelection: Hashable, Sendable, CustomStringConvertible {
    /// Every hardware controller, or only those the profile names (`seq`).
    case controllers
    /// One port (`seq:20:0`).
    case address(MIDIAddress)
    /// Ports whose client or port name matches (`seq:Launchkey`, or just `Launchkey`).
    case named(String)

    /// As given on the command line.
    public var description: String {
        switch self {
        case .controllers: "seq"
        case .address(let address): "seq:\(address)"
        case .named(let name): "seq:\(name)"
        }
    }
}
