// HostNames: the names a request may reach the dashboard by (its Host), so a rebound DNS name is refused.

import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The names the dashboard answers to, against DNS rebinding: a page of another site whose name the attacker
/// points at the box's address afterwards sends that name in `Host`, and is refused (421) before any route, so
/// it reads nothing and guesses no password. Accepted are: IP literals (`192.168.1.20`, `[::1]`: a page can only
/// be served from an address literal by the computer of that address), the listening address, `localhost`, the
/// computer's name (`gethostname`, read again when it changes) with and without `.local` (what avahi announces),
/// and each name given with `--host` (a name the router's DNS gives the box, `peach.fritz.box`). The port is not
/// compared; names are compared without case and without a trailing dot.
final class HostNames: Sendable {
    private let fixed: Set<String>
    private let hostName: @Sendable () -> String?
    private let computer = Mutex<(name: String, names: Set<String>)>(("", []))

    /// The names of a server listening at `listenAddress`, with `extra` names (`--host`); the computer's name
    /// from `hostName` (`gethostname` unless a test gives its own).
    init(
        listenAddress: String, extra: [String],
        hostName: @escaping @Sendable () -> String? = HostNames.systemHostName
    ) {
        var names: Set<String> = ["localhost"]
        let listening = Self.normalised(listenAddress)
        if !listening.isEmpty, listening != "0.0.0.0", listening != "::" { names.insert(listening) }
        for name in extra { names.insert(Self.normalised(name)) }
        fixed = names
        self.hostName = hostName
    }

    /// Whether a request whose `Host` (its authority, `name:port`) is `authority` may be answered.
    func allows(_ authority: String?) -> Bool {
        guard let authority, let name = Self.name(of: authority) else { return false }
        if Self.isAddressLiteral(name) || fixed.contains(name) { return true }
        return computerNames().contains(name)
    }

    /// The computer's names now: its name, the name's first label, each with `.local`.
    private func computerNames() -> Set<String> {
        let current = hostName().map(Self.normalised) ?? ""
        return computer.withLock { known in
            if known.name != current || known.names.isEmpty {
                var names: Set<String> = []
                if !current.isEmpty {
                    let label = String(current.prefix { $0 != "." })
                    names = [current, label, label + ".local", current + ".local"]
                }
                known = (current, names)
            }
            return known.names
        }
    }

    /// The name of `authority` without its port, lowercased, without a trailing dot; an IPv6 literal keeps its
    /// brackets. Nil for an empty name or one with characters no host name has.
    static func name(of authority: String) -> String? {
        var host = Substring(authority)
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let rest = host[host.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isNumber)) else {
                return nil
            }
            host = host[...close]
        } else if let colon = host.lastIndex(of: ":") {
            guard host[host.index(after: colon)...].allSatisfy(\.isNumber) else { return nil }
            host = host[..<colon]
        }
        let name = normalised(String(host))
        guard !name.isEmpty, name.count <= 255,
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-.[]:_".contains($0)) })
        else { return nil }
        return name
    }

    /// `name` lowercased, without a trailing dot; a bare IPv6 address gets its brackets (as `Host` writes it).
    static func normalised(_ name: String) -> String {
        var name = name.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        if name.contains(":"), !name.hasPrefix("[") { name = "[" + name + "]" }
        return name
    }

    /// Whether `name` is an IPv4 address in dotted form or a bracketed IPv6 address.
    static func isAddressLiteral(_ name: String) -> Bool {
        var buffer = in6_addr()
        if name.hasPrefix("["), name.hasSuffix("]") {
            return inet_pton(AF_INET6, String(name.dropFirst().dropLast()), &buffer) == 1
        }
        return inet_pton(AF_INET, name, &buffer) == 1
    }

    /// The computer's name (`gethostname`), nil when it cannot be read.
    @Sendable static func systemHostName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
