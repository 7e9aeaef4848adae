// HTTPProbe: a deliberately small HTTP/1.1 client over a TCP socket, for the dashboard's tests and benchmark.

import Foundation
import PeachSystem

#if canImport(Glibc)
    import Glibc
#endif

/// Talks HTTP to a server on 127.0.0.1 byte for byte: a test can send what no browser would (non-UTF-8 paths,
/// huge headers) and read an event stream as it comes. Every read waits at most ``timeout`` seconds. The
/// dashboard's tests and its benchmark use it.
public final class HTTPProbe {
    /// A response: status, headers (names lowercased; cookies apart), body.
    public struct Response: Sendable {
        /// The status code (0 when no response came).
        public let status: Int
        /// The headers, names lowercased (`Set-Cookie` apart).
        public let headers: [String: String]
        /// The body (a chunked one put together).
        public let body: [UInt8]
        /// The `Set-Cookie` headers as `name=value` (their attributes in ``setCookies``).
        public var cookies: [String: String] = [:]
        /// The whole `Set-Cookie` header of each cookie, by name.
        public var setCookies: [String: String] = [:]
        /// A response of these parts.
        public init(
            status: Int, headers: [String: String], body: [UInt8], cookies: [String: String] = [:],
            setCookies: [String: String] = [:]
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.cookies = cookies
            self.setCookies = setCookies
        }

        /// The body as UTF-8 text.
        public var text: String { String(decoding: body, as: UTF8.self) }

        /// The value of `name` in the page's first `name="…" value="…"` pair (a form's hidden field).
        public func field(_ name: String) -> String? {
            guard let start = text.range(of: "name=\"\(name)\" value=\"") else { return nil }
            return String(text[start.upperBound...].prefix { $0 != "\"" })
        }
    }

    /// How long a read may wait, seconds.
    public static let timeout = 20

    /// The connection's socket.
    public let socket: Int32
    /// The socket as a file: read through the funnel, closed when the probe goes.
    private let connection: SystemFile

    /// A connection to `127.0.0.1:port`, from `source` (another loopback address, `127.0.0.2`, plays another
    /// client).
    public init(port: Int, source: String = "127.0.0.1") throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EMFILE) }
        connection = SystemFile(adopting: socket, path: "http://127.0.0.1:\(port)")
        var timeout = timeval(tv_sec: Self.timeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if source != "127.0.0.1" {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    }

    /// Sends `bytes` as they are.
    public func send(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if count <= 0 { return }
            sent += count
        }
    }

    /// What arrives next (empty at the end or after ``timeout``).
    public func receive() -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        // A time-out (EAGAIN: nil) or an error ends the reading as the end of the stream does.
        let count = buffer.withUnsafeMutableBytes { (try? connection.read(into: $0)) ?? 0 }
        return count > 0 ? Array(buffer[0..<count]) : []
    }

    /// One whole response: until its `Content-Length` or last chunk has come, or the server closes.
    public func receiveAll() -> [UInt8] {
        var all: [UInt8] = []
        while true {
            let piece = receive()
            if piece.isEmpty { return all }
            all += piece
            if Self.isComplete(all) { return all }
        }
    }

    /// Whether `bytes` hold a whole response.
    public static func isComplete(_ bytes: [UInt8]) -> Bool {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard bytes.count >= 4,
            let end = (0...(bytes.count - 4)).first(where: { Array(bytes[$0..<$0 + 4]) == separator })
        else { return false }
        let head = String(decoding: bytes[0..<end], as: UTF8.self).lowercased()
        if let line = head.components(separatedBy: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
            let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
        {
            return bytes.count >= end + 4 + length
        }
        if head.contains("transfer-encoding: chunked") { return bytes.suffix(5) == [0x30, 13, 10, 13, 10] }
        return false
    }

    /// `method target` (its bytes as given) with `headers` and `body` from `source`, read to the end
    /// (`Connection: close`). `Host` is `127.0.0.1:PORT` unless `headers` give one.
    public static func get(
        port: Int, _ target: [UInt8], method: String = "GET", headers: [String: String] = [:],
        body: [UInt8] = [], source: String = "127.0.0.1"
    ) throws -> Response {
        let probe = try HTTPProbe(port: port, source: source)
        var request = Array("\(method) ".utf8) + target + Array(" HTTP/1.1\r\n".utf8)
        if headers["Host"] == nil { request += Array("Host: 127.0.0.1:\(port)\r\n".utf8) }
        for (name, value) in headers { request += Array("\(name): \(value)\r\n".utf8) }
        if !body.isEmpty || method == "POST" { request += Array("Content-Length: \(body.count)\r\n".utf8) }
        request += Array("Connection: close\r\n\r\n".utf8) + body
        guard request.count > 1 << 20 else {
            probe.send(request)
            return parse(probe.receiveAll())
        }
        // A large body is sent while the answer is read, as a browser does: a server that answers early (413)
        // and stops reading would otherwise leave both sides waiting. On a thread of its own: a dispatch worker
        // could be held back by a busy pool, and the wait below would then never end.
        let sent = DispatchSemaphore(value: 0)
        let sending = UncheckedSendable(probe)
        let bytes = request
        Thread {
            sending.value.send(bytes)
            sent.signal()
        }.start()
        let answer = parse(probe.receiveAll())
        shutdown(probe.socket, Int32(SHUT_RDWR))
        sent.wait()
        return answer
    }

    /// `POST path` with a form's fields (URL-encoded) and `headers`, from `source`.
    public static func post(
        port: Int, _ path: String, form: [String: String], headers: [String: String] = [:],
        source: String = "127.0.0.1"
    ) throws
        -> Response
    {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let body = form.map { key, value in
            key + "=" + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
        }.joined(separator: "&")
        return try get(
            port: port, Array(path.utf8), method: "POST",
            headers: headers.merging(["Content-Type": "application/x-www-form-urlencoded"]) { $1 },
            body: Array(body.utf8), source: source)
    }

    /// `GET path`.
    public static func get(port: Int, _ path: String, headers: [String: String] = [:]) throws -> Response {
        try get(port: port, Array(path.utf8), headers: headers)
    }

    /// A whole response (a chunked body is put together).
    public static func parse(_ bytes: [UInt8]) -> Response {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == separator })
        else { return Response(status: 0, headers: [:], body: bytes) }
        let head = String(decoding: bytes[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let status = head.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        var headers: [String: String] = [:]
        var cookies: [String: String] = [:]
        var setCookies: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "set-cookie" {
                let pair = value.prefix { $0 != ";" }.split(separator: "=", maxSplits: 1).map(String.init)
                if let cookie = pair.first {
                    cookies[cookie] = pair.count > 1 ? pair[1] : ""
                    setCookies[cookie] = value
                }
            } else {
                headers[name] = value
            }
        }
        var body = Array(bytes[(end + 4)...])
        if headers["transfer-encoding"] == "chunked" { body = dechunk(body) }
        return Response(
            status: status, headers: headers, body: body, cookies: cookies, setCookies: setCookies)
    }

    private static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard
                let lineEnd = (index..<bytes.count - 1).first(where: {
                    bytes[$0] == 13 && bytes[$0 + 1] == 10
                }),
                let size = Int(String(decoding: bytes[index..<lineEnd], as: UTF8.self), radix: 16), size > 0
            else { break }
            let start = lineEnd + 2
            result += bytes[start..<min(bytes.count, start + size)]
            index = start + size + 2
        }
        return result
    }
}

/// A value handed to another thread by a test that knows it is safe (the socket is used by one reader and one
/// writer).
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
