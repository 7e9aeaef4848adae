// WebBenchmark: the dashboard (`peach web`, release) on a lifetime of answers, under load, with slow clients.

import Foundation
import PeachStore
import PeachSystem
import PeachTestSupport

/// Measures the release `peach web` over a synthetic store: the first overview page after the start (the store
/// read through its snapshot), a page when warm, the server's CPU a sessions page; with `wrk` installed
/// (Debian's), 32 connections (half a client's most) for 60 s on loopback while answers are stored two a second
/// (requests, errors, p99 latency, the server's CPU and peak memory, and that every answer written was stored);
/// while 200 slow clients trickle their request heads a byte every 5 s, the latency of ordinary requests; and
/// with 2,000 hostile connections open from 20 addresses (unread event streams, trickled bodies, silence), the
/// latency of ordinary requests and `wrk` again.
enum WebBenchmark {
    static func run(records: Int, seconds: Int) {
        print("Dashboard (peach web, release, \(records) stored records)")
        guard let peach = TrainingBenchmark.peachBinary() else { return }
        let root = NSTemporaryDirectory() + "peach-bench-web-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        TrainingBenchmark.writeStore(records: records, directory: root + "/data")
        // A writer's first start reads every line and leaves the snapshot, as on a box that has practised.
        MainActor.assumeIsolated { _ = try? JournalStore(directory: root + "/data") }
        guard let server = Server(peach: peach, data: root + "/data") else { return }
        defer { server.stop() }

        let cpu = server.cpuSeconds()
        guard let first = timedGet(port: server.port, "/") else { return }
        report(
            "  first overview page after the start",
            "\(format(first.seconds * 1000, 0)) ms wall, \(format((server.cpuSeconds() - cpu) * 1000, 0)) ms "
                + "server CPU, \(first.bytes / 1024) KiB")
        var warm: [Double] = []
        for path in ["/", "/progress", "/progress?weeks=520", "/charts/profile.svg", "/charts/progress.svg"] {
            if let page = timedGet(port: server.port, path) { warm.append(page.seconds) }
        }
        report("  a page or chart when warm (5 kinds)", "\(format((warm.max() ?? 0) * 1000, 1)) ms at most")
        if let memory = memoryKilobytes(pid: "\(server.pid)") {
            report("  server memory after the first pages", "\(memory.resident / 1024) MB resident")
        }
        let sessionsCPU = server.cpuSeconds()
        for _ in 0..<200 { _ = timedGet(port: server.port, "/sessions") }
        report(
            "  the sessions page, 200 times",
            "\(format((server.cpuSeconds() - sessionsCPU) * 1000 / 200, 2)) ms of server CPU a request")
        load(server: server, peach: peach, root: root, seconds: seconds)
        slowClients(server: server)
        hostileConnections(server: server, seconds: min(seconds, 20))
    }

    /// 2,000 hostile connections from 20 loopback addresses; meanwhile 20 ordinary requests, then `wrk`.
    static func hostileConnections(server: Server, seconds: Int) {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = max(limit.rlim_cur, min(limit.rlim_max, 8192))
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        var hostile: [HTTPProbe] = []
        for index in 0..<2000 {
            guard let probe = try? HTTPProbe(port: server.port, source: "127.0.0.\(2 + index % 20)") else {
                break
            }
            switch index % 3 {
            case 0: probe.send(Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            case 1:
                probe.send(
                    Array("POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 9999\r\n\r\np".utf8))
            default: break
            }
            hostile.append(probe)
        }
        var times: [Double] = []
        for _ in 0..<20 {
            if let page = timedGet(port: server.port, "/box") { times.append(page.seconds) }
        }
        times.sort()
        let median: Double = times.isEmpty ? 0 : times[times.count / 2]
        let longest: Double = times.last ?? 0
        report(
            "  \(hostile.count) hostile connections open: ordinary requests",
            "\(times.count) of 20 answered, median \(format(median * 1000, 1)) ms, "
                + "\(format(longest * 1000, 1)) ms at most")
        if let wrk = wrkResult(port: server.port, seconds: seconds) {
            report("  wrk beside them, 16 connections, \(seconds) s", wrk)
        }
        withExtendedLifetime(hostile) {}
    }

    /// `wrk -c16` (within one client's fair share of the connections beside 20 others) on the overview for `seconds`:
    /// requests a second, p50, p99 and errors; nil without wrk.
    static func wrkResult(port: Int, seconds: Int) -> String? {
        guard let wrk = wrkPath else { return nil }
        let output = Pipe()
        let bench = Process()
        bench.executableURL = URL(fileURLWithPath: wrk)
        bench.arguments = ["-t2", "-c16", "-d\(seconds)s", "--latency", "http://127.0.0.1:\(port)/"]
        bench.standardOutput = output
        try? bench.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        bench.waitUntilExit()
        let figures = wrkFigures(text)
        return "\(figures.rate) requests/s, p50 \(figures.p50), p99 \(figures.p99), errors: \(figures.errors)"
    }

    /// Where Debian installs `wrk`, if it is there.
    static var wrkPath: String? {
        ["/usr/bin/wrk", "/usr/local/bin/wrk"].first(where: FileManager.default.isExecutableFile)
    }

    /// What `wrk --latency` printed: requests a second, the median and 99th percentile, its errors ("none").
    static func wrkFigures(_ text: String) -> (rate: String, p50: String, p99: String, errors: String) {
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        func line(_ prefix: String) -> String? { lines.first { $0.hasPrefix(prefix) } }
        func value(_ prefix: String) -> String? {
            line(prefix).map { String($0.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces) }
        }
        let errors = [line("Non-2xx or 3xx responses:"), line("Socket errors:")].compactMap { $0 }
        let failures: String = errors.isEmpty ? "none" : errors.joined(separator: "; ")
        return (value("Requests/sec:") ?? "", value("50%") ?? "?", value("99%") ?? "?", failures)
    }

    /// `wrk -c32` (half one client's most connections: ``ConnectionLimits``) on the overview for `seconds` while answers are stored.
    static func load(server: Server, peach: String, root: String, seconds: Int) {
        guard let wrk = wrkPath else {
            print("  load: wrk is not installed (apt-get install wrk); skipped")
            return
        }
        let cpu = server.cpuSeconds()
        let linesBefore = journalLines(root + "/data")
        // A session at twice a quick player's pace: an answer stored every half second, each by its own
        // `peach simulate --trials 1 --save` (the store's lock taken and released each time, as a writer does).
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = [
            "-c",
            "end=$(($(date +%s) + \(seconds))); n=0; while [ $(date +%s) -lt $end ]; do "
                + "\(peach) simulate --trials 1 --quiet --save --data-dir \(root)/data >/dev/null || exit 1; "
                + "n=$((n + 1)); sleep 0.5; done; echo $n",
        ]
        let written = Pipe()
        writer.standardOutput = written
        try? writer.run()
        let output = Pipe()
        let bench = Process()
        bench.executableURL = URL(fileURLWithPath: wrk)
        bench.arguments = [
            "-t2", "-c32", "-d\(seconds)s", "--latency", "-H", "Accept-Language: de",
            "http://127.0.0.1:\(server.port)/",
        ]
        bench.standardOutput = output
        try? bench.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        bench.waitUntilExit()
        writer.waitUntilExit()
        let stored =
            Int(
                String(decoding: written.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        let figures = wrkFigures(text)
        report(
            "  wrk, 32 connections, \(seconds) s, the overview",
            "\(figures.rate) requests/s, p50 \(figures.p50), p99 \(figures.p99)")
        report("  its errors", figures.errors)
        report(
            "  server CPU during the load",
            "\(format(server.cpuSeconds() - cpu, 1)) s of \(seconds) s (2 cores: \(seconds * 2) s at most)")
        if let memory = memoryKilobytes(pid: "\(server.pid)") {
            report("  server memory", "\(memory.resident / 1024) MB resident, \(memory.peak / 1024) MB peak")
        }
        let added = journalLines(root + "/data") - linesBefore
        report(
            "  answers written during the load",
            "\(stored) written, \(added) more lines in the journal"
                + (stored == added ? " (all of them)" : " (LOST SOME)"))
    }

    /// The journal's complete lines in `directory`.
    static func journalLines(_ directory: String) -> Int {
        guard let data = FileManager.default.contents(atPath: directory + "/records.jsonl") else { return 0 }
        return data.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    /// 200 clients that send a request head a byte every 5 s; meanwhile 20 ordinary requests.
    static func slowClients(server: Server) {
        var slow: [HTTPProbe] = []
        for _ in 0..<200 {
            guard let probe = try? HTTPProbe(port: server.port) else { break }
            probe.send(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8))
            slow.append(probe)
        }
        var times: [Double] = []
        for round in 0..<20 {
            if round % 4 == 0 { for probe in slow { probe.send([0x61]) } }
            if let page = timedGet(port: server.port, "/box") { times.append(page.seconds) }
            usleep(250_000)
        }
        report(
            "  \(slow.count) slow clients open: ordinary requests",
            times.count == 20
                ? "20 of 20 answered, \(format((times.max() ?? 0) * 1000, 1)) ms at most"
                : "\(times.count) of 20 answered")
    }

    /// `GET path`: its wall time and size, or nil (said) when it failed.
    static func timedGet(port: Int, _ path: String) -> (seconds: Double, bytes: Int)? {
        let started = MonotonicTime.now()
        guard let response = try? HTTPProbe.get(port: port, path), response.status == 200 else {
            print("  GET \(path) failed")
            return nil
        }
        return (MonotonicTime.now() - started, response.body.count)
    }

    /// A `peach web` on a free port.
    final class Server {
        let process = Process()
        let port: Int
        var pid: Int32 { process.processIdentifier }

        init?(peach: String, data: String) {
            process.executableURL = URL(fileURLWithPath: peach)
            process.arguments = ["web", "--port", "0", "--data-dir", data]
            let output = Pipe()
            process.standardOutput = output
            guard (try? process.run()) != nil else { return nil }
            var line = Data()
            while !line.contains(0x0A) {
                let piece = output.fileHandleForReading.availableData
                if piece.isEmpty { break }
                line += piece
            }
            let text = String(decoding: line, as: UTF8.self)
            guard let range = text.range(of: "http://127.0.0.1:"),
                let port = Int(text[range.upperBound...].prefix { $0.isNumber })
            else {
                print("  peach web did not start: \(text)")
                return nil
            }
            self.port = port
        }

        /// The server's CPU time so far (user + system), seconds.
        func cpuSeconds() -> Double {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return 0 }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
            guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else {
                return 0
            }
            return (user + system) / ticks
        }

        func stop() {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
