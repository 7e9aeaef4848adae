// SequencerMIDISource: MIDI input from sequencer ports, connecting controllers at start and on hotplug.

import Foundation
import Synchronization

/// A ``MIDISource`` over a sequencer client: at start it listens for ports coming and going, then connects
/// to the controllers already there; when a wanted port appears later it connects to it; when a connected
/// one goes away it reports ``MIDIInput/disconnected(_:)``.
public final class SequencerMIDISource: MIDISource, @unchecked Sendable {
    /// `seq`, `seq:20:0` or `seq:NAME`.
    public var name: String { selection.description }

    private let client: any MIDISequencerClient
    private let selection: ControllerSelection
    /// What the notification thread and the caller share: the connections and where input goes.
    private struct State {
        var connector: ControllerConnector
        var handler: (@Sendable (MIDIInput) -> Void)?
    }

    private let state: Mutex<State>

    /// A source over `client`, connecting by `selection` and the profile's device patterns.
    public init(client: any MIDISequencerClient, selection: ControllerSelection, profile: ControllerProfile) {
        self.client = client
        self.selection = selection
        state = Mutex(
            State(
                connector: ControllerConnector(
                    selection: selection, profile: profile, ownClient: client.clientNumber)))
    }

    /// Kernel stamps, when the client has them.
    public var timesEvents: Bool { client.hasKernelTimestamps }

    /// The ports connected now.
    public var connectedPorts: [MIDIPortInfo] {
        state.withLock { $0.connector.connected.values.sorted { $0.address < $1.address } }
    }

    /// Starts: notifications first (so nothing plugged in meanwhile is missed), then the ports already there.
    public func start(_ handler: @escaping @Sendable (MIDIInput) -> Void) throws {
        state.withLock { $0.handler = handler }
        try client.startNotifications { [weak self] notification in self?.handle(notification) }
        connectNew()
    }

    /// Stops notifications.
    public func stop() {
        client.stopNotifications()
        state.withLock { $0.handler = nil }
    }

    private func deliver(_ input: MIDIInput) {
        let current = state.withLock { $0.handler }
        current?(input)
    }

    private func handle(_ notification: SequencerNotification) {
        switch notification {
        case .message(let event): deliver(.event(event))
        case .portStarted: connectNew()
        case .portExited(let address):
            if let gone = state.withLock({ $0.connector.portExited(address) }) {
                deliver(.disconnected(gone))
            }
        case .clientExited(let number):
            for gone in state.withLock({ $0.connector.clientExited(number) }) { deliver(.disconnected(gone)) }
        case .failed(let error): deliver(.failed(error))
        }
    }

    /// Connects every wanted port not yet connected.
    private func connectNew() {
        guard let ports = try? client.ports() else { return }
        let new = state.withLock { $0.connector.toConnect(among: ports) }
        for port in new {
            do {
                try client.connectInput(from: port.address)
                deliver(.connected(port))
            } catch {
                state.withLock { $0.connector.forget(port.address) }
            }
        }
    }
}
