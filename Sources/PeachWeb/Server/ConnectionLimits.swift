// ConnectionLimits: how many connections the dashboard holds, per client and in all, and who gives way.

import NIOCore
import Synchronization

/// The dashboard's connections, counted by client (IP address), so that no client can hold them all: a client
/// holds at most ``perClient`` at once (a browser opens six; a proxy or a NAT speaks for several): its next displaces its own oldest (the one most
/// likely dead or hostile: a page's request from an address that also holds stalled connections still gets
/// through). The server holds at most ``total`` (each is a file descriptor; the box's unit allows 4,096): when
/// all are taken, a newcomer holding fewer than the heaviest client displaces that client's oldest
/// connection, so 2,000 connections of an attacker (from one address or twenty) never keep a phone from the
/// page; otherwise the newcomer is closed at once.
final class ConnectionLimits: Sendable {
    /// The most connections one client holds at once.
    let perClient: Int
    /// The most connections held in all.
    let total: Int

    private struct Entry {
        let client: String
        let order: UInt64
        let channel: any Channel
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var counts: [String: Int] = [:]
        var next: UInt64 = 0
        var refused = 0
        var displaced = 0
    }

    private let state = Mutex(State())

    /// Limits of `perClient` connections a client and `total` in all (defaults: 64 and 512).
    init(perClient: Int = 64, total: Int = 512) {
        self.perClient = perClient
        self.total = total
    }

    /// Takes `channel` of `client` in, displacing the client's own oldest at its limit, or the heaviest client's
    /// oldest when all are taken; false when it is refused (the caller closes it).
    func admit(_ channel: any Channel, client: String) -> Bool {
        let (admitted, displaced) = state.withLock { state -> (Bool, (any Channel)?) in
            let own = state.counts[client, default: 0]
            var displaced: (any Channel)?
            if own >= perClient {
                displaced = Self.removeOldest(of: client, from: &state)
            } else if state.entries.count >= total {
                guard let heaviest = state.counts.max(by: { $0.value < $1.value }), heaviest.value > own + 1
                else {
                    state.refused += 1
                    return (false, nil)
                }
                displaced = Self.removeOldest(of: heaviest.key, from: &state)
            }
            state.entries[ObjectIdentifier(channel)] = Entry(
                client: client, order: state.next, channel: channel)
            state.next += 1
            state.counts[client, default: 0] += 1
            return (true, displaced)
        }
        displaced?.close(promise: nil)
        return admitted
    }

    /// Lets `channel` go (it closed); nothing when it was displaced or never admitted.
    func release(_ channel: any Channel) {
        state.withLock { Self.remove(ObjectIdentifier(channel), from: &$0) }
    }

    /// Connections held now, those refused and those displaced since the start (tests, the benchmark).
    var counts: (held: Int, refused: Int, displaced: Int) {
        state.withLock { ($0.entries.count, $0.refused, $0.displaced) }
    }

    /// Takes `client`'s oldest connection out (counted as displaced) and returns it, to be closed.
    private static func removeOldest(of client: String, from state: inout State) -> (any Channel)? {
        guard
            let oldest = state.entries.filter({ $0.value.client == client }).min(by: {
                $0.value.order < $1.value.order
            })
        else { return nil }
        remove(oldest.key, from: &state)
        state.displaced += 1
        return oldest.value.channel
    }

    private static func remove(_ id: ObjectIdentifier, from state: inout State) {
        guard let entry = state.entries.removeValue(forKey: id) else { return }
        let left = state.counts[entry.client, default: 1] - 1
        state.counts[entry.client] = left > 0 ? left : nil
    }
}
