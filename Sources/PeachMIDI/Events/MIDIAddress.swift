// MIDIAddress: a sequencer port's address, client:port, as `aconnect -l` shows it.

/// The address of a sequencer port: client number and port number (`20:0`). Kernel clients are numbered
/// 16 + 4 × card and change when a device is plugged in again, so Peach remembers devices by name.
public struct MIDIAddress: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The client number (0–255).
    public let client: Int
    /// The port number within the client.
    public let port: Int

    /// The address `client:port`.
    public init(client: Int, port: Int) {
        self.client = client
        self.port = port
    }

    /// Reads `CLIENT:PORT` (e.g. `20:0`); nil unless both are whole numbers in range.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let client = Int(parts[0]), let port = Int(parts[1]),
            (0...255).contains(client), (0...255).contains(port)
        else { return nil }
        self.init(client: client, port: port)
    }

    /// `client:port`.
    public var description: String { "\(client):\(port)" }

    /// Orders by client, then port.
    public static func < (lhs: MIDIAddress, rhs: MIDIAddress) -> Bool {
        (lhs.client, lhs.port) < (rhs.client, rhs.port)
    }
}
