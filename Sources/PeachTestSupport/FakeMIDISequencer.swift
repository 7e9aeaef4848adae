// FakeMIDISequencer: an in-memory sequencer client for the connect and hotplug logic, driven by the test.

import Foundation
import PeachCore
import PeachMIDI

/// A ``MIDISequencerClient`` whose ports the test sets, plugs and unplugs. Notifications are delivered at
/// once on the caller's thread, so tests need no waiting.
public final class FakeMIDISequencer: MIDISequencerClient, @unchecked Sendable {
    private let lock = NSLock()
    private var portList: [MIDIPortInfo]
    private var handler: (@Sendable (SequencerNotification) -> Void)?
    private var refused: Set<MIDIAddress> = []

    /// The client's number.
    public let clientNumber: Int
    /// The addresses Peach's input was connected to, in order.
    public private(set) var connectedInputs: [MIDIAddress] = []

    /// A sequencer with these ports, Peach being client `clientNumber`.
    public init(ports: [MIDIPortInfo], clientNumber: Int = 128) {
        portList = ports
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
    public func ports() throws -> [MIDIPortInfo] { lock.withLock { portList } }

    /// Records the connection, or fails for a refused address.
    public func connectInput(from address: MIDIAddress) throws {
        try lock.withLock {
            if refused.contains(address) {
                throw MIDIInputError.sequencer(
                    DeviceError(
                        device: "seq:\(address)", operation: .connect, kind: .noSuchDevice,
                        systemText: "refused"))
            }
            connectedInputs.append(address)
        }
    }

    /// Makes connecting to `address` fail.
    public func refuse(_ address: MIDIAddress) { _ = lock.withLock { refused.insert(address) } }

    /// Keeps the handler.
    public func startNotifications(_ handler: @escaping @Sendable (SequencerNotification) -> Void) throws {
        lock.withLock { self.handler = handler }
    }

    /// Drops the handler.
    public func stopNotifications() { lock.withLock { handler = nil } }

    /// Delivers a notification now.
    public func notify(_ notification: SequencerNotification) {
        let current = lock.withLock { handler }
        current?(notification)
    }

    /// Adds a port and announces it.
    public func plug(_ port: MIDIPortInfo) {
        lock.withLock { portList.append(port) }
        notify(.portStarted(port.address))
    }

    /// Removes a client's ports and announces the client's exit.
    public func unplug(client: Int) {
        lock.withLock { portList.removeAll { $0.address.client == client } }
        notify(.clientExited(client))
    }
}
