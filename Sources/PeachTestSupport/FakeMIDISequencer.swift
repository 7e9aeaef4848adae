// FakeMIDISequencer: an in-memory sequencer client for the connect and hotplug logic, driven by the test.

import Foundation
import PeachCore
import PeachMIDI
import Synchronization

/// A ``MIDISequencerClient`` whose ports the test sets, plugs and unplugs. Notifications are delivered at
/// once on the caller's thread, so tests need no waiting.
public final class FakeMIDISequencer: MIDISequencerClient, @unchecked Sendable {
    /// What the test and the source under test share.
    private struct State {
        var portList: [MIDIPortInfo]
        var handler: (@Sendable (SequencerNotification) -> Void)?
        var refused: Set<MIDIAddress> = []
        var connectedInputs: [MIDIAddress] = []
    }

    private let state: Mutex<State>

    /// The client's number.
    public let clientNumber: Int
    /// The addresses Peach's input was connected to, in order.
    public var connectedInputs: [MIDIAddress] { state.withLock { $0.connectedInputs } }

    /// A sequencer with these ports, Peach being client `clientNumber`.
    public init(ports: [MIDIPortInfo], clientNumber: Int = 128) {
        state = Mutex(State(portList: ports))
        self.clientNumber = clientNumber
    }

    /// A hardware controller port (a kernel client's readable, writable port).
    public static func controller(_ client: Int, _ name: String, port: Int = 0) -> MIDIPortInfo {
        MIDIPortInfo(
            address: MIDIAddress(client: client, port: port), clientName: name,
            portName: "\(name) MIDI \(port + 1)",
            isReadable: true, isWritable: true, isHardware: true)
    }

    /// The current ports.
    public func ports() throws -> [MIDIPortInfo] { state.withLock { $0.portList } }

    /// Records the connection, or fails for a refused address.
    public func connectInput(from address: MIDIAddress) throws {
        try state.withLock { state in
            if state.refused.contains(address) {
                throw MIDIInputError.sequencer(
                    DeviceError(
                        device: "seq:\(address)", operation: .connect, kind: .noSuchDevice,
                        systemText: "refused"))
            }
            state.connectedInputs.append(address)
        }
    }

    /// Makes connecting to `address` fail.
    public func refuse(_ address: MIDIAddress) { _ = state.withLock { $0.refused.insert(address) } }

    /// Keeps the handler.
    public func startNotifications(_ handler: @escaping @Sendable (SequencerNotification) -> Void) throws {
        state.withLock { $0.handler = handler }
    }

    /// Drops the handler.
    public func stopNotifications() { state.withLock { $0.handler = nil } }

    /// Delivers a notification now.
    public func notify(_ notification: SequencerNotification) {
        let current = state.withLock { $0.handler }
        current?(notification)
    }

    /// Adds a port and announces it.
    public func plug(_ port: MIDIPortInfo) {
        state.withLock { $0.portList.append(port) }
        notify(.portStarted(port.address))
    }

    /// Removes a client's ports and announces the client's exit.
    public func unplug(client: Int) {
        state.withLock { $0.portList.removeAll { $0.address.client == client } }
        notify(.clientExited(client))
    }
}
