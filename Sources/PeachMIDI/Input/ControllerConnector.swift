// ControllerConnector: decides which sequencer ports to connect to, at start and as devices come and go.

/// The connection policy of Peach's input port, kept apart from ALSA so that a fake sequencer tests it.
///
/// With ``ControllerSelection/controllers`` it takes every controller port (``MIDIPortInfo/isController``)
/// that the profile fits; with an address or a name, the readable ports that match, hardware or not. It
/// never takes Peach's own ports. It remembers what is connected, so a port announced twice is connected
/// once and a port that goes away is reported once.
public struct ControllerConnector: Sendable {
    /// What to connect to.
    public let selection: ControllerSelection
    /// The profile's device patterns (empty: any).
    public let profile: ControllerProfile
    /// Peach's own client number (never connected to itself).
    public let ownClient: Int

    /// The connected ports.
    public private(set) var connected: [MIDIAddress: MIDIPortInfo] = [:]

    /// A connector with nothing connected.
    public init(selection: ControllerSelection, profile: ControllerProfile, ownClient: Int) {
        self.selection = selection
        self.profile = profile
        self.ownClient = ownClient
    }

    /// Whether Peach should listen to `port`.
    public func wants(_ port: MIDIPortInfo) -> Bool {
        guard port.isReadable, port.address.client != ownClient, port.address.client != 0 else {
            return false
        }
        switch selection {
        case .controllers: return port.isController && profile.fits(port)
        case .address(let address): return port.address == address
        case .named(let name):
            let pattern = NamePattern(name)
            return pattern.matches(port.clientName) || pattern.matches(port.portName)
        }
    }

    /// The ports among `ports` to connect now (wanted, not yet connected), marked as connected.
    public mutating func toConnect(among ports: [MIDIPortInfo]) -> [MIDIPortInfo] {
        let new = ports.filter { wants($0) && connected[$0.address] == nil }.sorted {
            $0.address < $1.address
        }
        for port in new { connected[port.address] = port }
        return new
    }

    /// Forgets a connection that could not be made.
    public mutating func forget(_ address: MIDIAddress) {
        connected[address] = nil
    }

    /// The connected port that went away with this port's exit, if it was connected.
    public mutating func portExited(_ address: MIDIAddress) -> MIDIPortInfo? {
        connected.removeValue(forKey: address)
    }

    /// The connected ports that went away with their client.
    public mutating func clientExited(_ client: Int) -> [MIDIPortInfo] {
        let gone = connected.values.filter { $0.address.client == client }.sorted { $0.address < $1.address }
        for port in gone { connected[port.address] = nil }
        return gone
    }
}
