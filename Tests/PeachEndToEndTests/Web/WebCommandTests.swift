// WebCommandTests: `peach web` end to end: the pages, the live stream, the downloads, bad requests, stopping.

import Foundation
import PeachTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A `peach web` of a test's own on a free port, over a data folder; stopped with SIGTERM.
final class RunningDashboard {
    let running: PeachBinary.Running
    let watchdog: Watchdog
    let port: Int
    let output: LineReader

    /// Starts `peach web --port 0` over `folder` (with at most `openFiles` open files when given) and reads the
    /// port from the address it prints.
    init(
        folder: String, arguments: [String] = [], environment: [String: String] = [:], openFiles: Int? = nil
    ) throws {
        running = try PeachBinary.start(
            ["web", "--port", "0", "--data-dir", folder] + arguments, environment: environment,
            openFiles: openFiles)
        watchdog = Watchdog(running.process)
        output = LineReader(running.output)
        let line = output.next() ?? ""
        let address = line.range(of: "http://127.0.0.1:").map { line[$0.upperBound...] }
        let port = address.flatMap { Int($0.prefix { $0.isNumber }) }
        self.port = try #require(port, "peach web printed \(line)")
    }

    /// SIGTERM; the exit status.
    func stop() -> Int32 {
        kill(running.process.processIdentifier, SIGTERM)
        running.process.waitUntilExit()
        watchdog.disarm("peach web")
        return running.process.terminationStatus
    }
}

@Suite("peach web: the dashboard", .serialized)
struct WebCommandTests {
    /// A data folder with simulated comparisons, pitch matching and timing answers (seeded).
    func data() throws -> String {
        let folder = NSTemporaryDirectory() + "peach-web-\(UUID().uuidString)"
        for mode in ["comparison", "matching", "timing"] {
            let run = try PeachBinary.run([
                "simulate", "--mode", mode, "--trials", "40", "--quiet", "--save", "--seed", "3",
                "--data-dir",
                folder,
            ])
            try #require(run.status == 0, "\(run.standardError)")
        }
        return folder
    }

    /// `text` with the five entities Mustache writes turned back into characters.
    func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The texts of the `<li>` items inside the element with `id`.
    func items(_ html: String, id: String) -> [String] {
        guard let start = html.range(of: "id=\"\(id)\"") else { return [] }
        let rest = html[start.upperBound...]
        let ends = [rest.range(of: "</ul>"), rest.range(of: "</ol>")].compactMap { $0?.lowerBound }
        let list = ends.min().map { String(rest[..<$0]) } ?? ""
        return list.components(separatedBy: "<li>").dropFirst().map {
            unescaped(String($0.prefix { $0 != "<" }))
        }
    }

    @Test(
        "every page and chart answers with the security headers; the progress page has peach profile --progress's numbers"
    )
    func pages() throws {
        let folder = try data()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let web = try RunningDashboard(folder: folder)
        for path in [
            "/", "/progress", "/progress?weeks=4", "/progress?weeks=520", "/box", "/settings", "/data",
        ] {
            let page = try HTTPProbe.get(port: web.port, path)
            #expect(page.status == 200, "\(path)")
            #expect(page.headers["content-type"] == "text/html; charset=utf-8", "\(path)")
            #expect(
                page.headers["content-security-policy"]?.contains("default-src 'none'") == true, "\(path)")
            #expect(page.headers["x-content-type-options"] == "nosniff")
            #expect(page.text.hasPrefix("<!doctype html>") && page.text.contains("</html>"), "\(path)")
            #expect(!page.text.contains(folder), "\(path) shows the data folder's path")
        }
        let progress = try HTTPProbe.get(port: web.port, "/progress").text
        let cli = try PeachBinary.run(["profile", "--progress", "--data-dir", folder]).standardOutput
        let expected = cli.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        #expect(expected.count > 3)
        #expect(items(progress, id: "progress-lines") == expected)
        let overview = try HTTPProbe.get(port: web.port, "/").text
        let summary = items(overview, id: "summary-title").joined(separator: "\n")
        #expect(summary.contains("Threshold "), "\(summary)")
        #expect(summary.contains("Pitch matching: "), "\(summary)")
        for chart in ["/charts/profile.svg", "/charts/progress.svg", "/charts/progress.svg?weeks=52"] {
            let svg = try HTTPProbe.get(port: web.port, chart)
            #expect(svg.status == 200)
            #expect(svg.headers["content-type"] == "image/svg+xml; charset=utf-8")
            #expect(svg.text.contains("<svg") && svg.text.contains("</svg>"), "\(chart)")
        }
        // The three simulated runs are one sitting: one session of three parts, each with what it came to. Each
        // run starts at the moment it is run and goes minutes ahead in virtual time, so their answers interleave
        // and the parts come in the order of their first answers, which depends on how fast the runs followed
        // each other (the order practised is DashboardPartsTests' to check).
        let sessions = try HTTPProbe.get(port: web.port, "/sessions").text
        let rows = sessions.components(separatedBy: "<tr><td><a href=\"/sessions/").dropFirst()
        #expect(rows.count == 1, "\(sessions)")
        let row = try #require(rows.first)
        let parts = row.components(separatedBy: "<li>").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(parts.count == 3, "\(row)")
        let discrimination = parts.first { $0.hasPrefix("Pitch discrimination: ") }
        #expect(discrimination?.contains(" of 40 right (") == true, "\(parts)")
        #expect(parts.contains { $0.hasPrefix("Pitch matching: ") }, "\(parts)")
        #expect(parts.contains { $0.hasPrefix("Timing: early or late: ") }, "\(parts)")
        #expect(row.contains("<td>120</td>"), "\(row)")
        // The practice time: this week's, and a calendar of 12 weeks × 7 days with today's minutes in it.
        // (Last week's when the page is read just past Sunday midnight.)
        let weeks = items(sessions, id: "practice-weeks")
        #expect(weeks.first?.hasPrefix("This week: ") == true, "\(sessions)")
        #expect(weeks.contains { $0.hasSuffix(" on 1 day") }, "\(weeks)")
        let calendar = sessions.components(separatedBy: "id=\"calendar\"").last ?? ""
        let days = (calendar.components(separatedBy: "</table>").first ?? "").components(
            separatedBy: "<td class=\"p")
        #expect(days.count - 1 == 84, "\(calendar)")
        #expect(days.dropFirst().filter { !$0.hasPrefix("0") }.count == 1, "one day practised: \(calendar)")
        let first = String(row.prefix { $0 != "\"" })
        let detail = try HTTPProbe.get(port: web.port, "/sessions/" + first)
        #expect(detail.status == 200)
        let lists = detail.text.components(separatedBy: "<ol class=\"lines session-answers\">").dropFirst()
        #expect(lists.count == 3, "\(detail.text)")
        let counts = lists.map { list in
            (list.components(separatedBy: "</ol>").first ?? "").components(separatedBy: "<li>").count - 1
        }
        #expect(counts == [40, 40, 40], "\(detail.text)")
        #expect(try HTTPProbe.get(port: web.port, "/sessions/12345").status == 404)
        let settings = try HTTPProbe.get(port: web.port, "/settings").text
        #expect(settings.contains("<code>noteRange</code>") && settings.contains("<code>tempo</code>"))
        #expect(web.stop() == 0)
    }

    @Test("German pages with Accept-Language: de; English for a language Peach does not speak")
    func german() throws {
        let folder = try data()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let web = try RunningDashboard(folder: folder)
        let german = try HTTPProbe.get(
            port: web.port, "/", headers: ["Accept-Language": "de-DE,de;q=0.9,en;q=0.5"])
        #expect(german.text.contains("<html lang=\"de\">"))
        #expect(german.text.contains("Wahrnehmungsprofil"), "\(german.text)")
        let other = try HTTPProbe.get(port: web.port, "/", headers: ["Accept-Language": "fi, en;q=0.1"])
        #expect(other.text.contains("<html lang=\"en\">") && other.text.contains("Perceptual profile"))
        #expect(web.stop() == 0)
    }

    @Test("answers stored while the page is open arrive on its live stream, one event each")
    func liveStream() throws {
        let folder = NSTemporaryDirectory() + "peach-web-live-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let web = try RunningDashboard(folder: folder)
        let stream = try HTTPProbe(port: web.port)
        stream.send(Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        var received = String(decoding: stream.receive(), as: UTF8.self)
        #expect(received.contains("text/event-stream"), "\(received)")
        let run = try PeachBinary.run([
            "simulate", "--trials", "5", "--quiet", "--save", "--seed", "3", "--data-dir", folder,
        ])
        try #require(run.status == 0)
        let deadline = Date().addingTimeInterval(30)
        while received.components(separatedBy: "event: answer").count - 1 < 5, Date() < deadline {
            let piece = stream.receive()
            if piece.isEmpty { break }
            received += String(decoding: piece, as: UTF8.self)
        }
        #expect(received.components(separatedBy: "event: answer").count - 1 == 5, "\(received)")
        #expect(received.contains("\"count\":\"5\""), "\(received)")
        #expect(received.contains("Pitch discrimination"), "\(received)")
        let overview = try HTTPProbe.get(port: web.port, "/").text
        #expect(items(overview, id: "live-answers").count == 5)
        // Stopping does not wait for the open stream.
        #expect(web.stop() == 0)
    }

    @Test("the overview lists the store's last ten answers from the first page on, newest first")
    func lastAnswersAtOnce() throws {
        let folder = try data()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let web = try RunningDashboard(folder: folder)
        let overview = try HTTPProbe.get(port: web.port, "/").text
        let answers = items(overview, id: "live-answers")
        #expect(answers.count == 10, "\(answers)")
        // The simulations ran comparison, matching, then timing: the ten newest are all timing's.
        #expect(
            !answers.contains { $0.contains("Pitch discrimination") || $0.contains("Pitch matching") },
            "\(answers)")
        #expect(web.stop() == 0)
    }

    @Test("signed in, each download is byte for byte what peach data export writes, and no file is left")
    func downloads() throws {
        let folder = try data()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let box = try SignedInDashboard(folders: (folder, folder + "-config"))
        defer { try? FileManager.default.removeItem(atPath: folder + "-config") }
        let web = box.web
        let session = try #require(try box.signIn().1)
        for format in ["json", "csv", "peach-csv"] {
            let download = try HTTPProbe.get(
                port: web.port, "/export/\(format)", headers: ["Cookie": "peach_session=\(session)"])
            #expect(download.status == 200)
            #expect(
                download.headers["content-disposition"]?.hasPrefix("attachment; filename=\"peach-") == true)
            let file = folder + "-export.\(format)"
            defer { try? FileManager.default.removeItem(atPath: file) }
            let export = try PeachBinary.run([
                "data", "export", "--format", format, "--data-dir", folder, file,
            ])
            try #require(export.status == 0, "\(export.standardError)")
            let expected = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
            #expect(
                download.body == expected,
                "\(format): \(download.body.count) bytes, expected \(expected.count)")
        }
        let leftOver = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter {
            $0.hasPrefix("peach-web-export-")
        }
        #expect(leftOver.isEmpty, "\(leftOver)")
        #expect(web.stop() == 0)
    }

    @Test("bad requests get a short 4xx page without paths, and the server serves on")
    func badRequests() throws {
        let folder = try data()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let web = try RunningDashboard(folder: folder)
        let cases: [([UInt8], String, ClosedRange<Int>)] = [
            (Array("/nowhere".utf8), "GET", 404...404),
            (Array("/../../etc/passwd".utf8), "GET", 400...404),
            (Array("/%2e%2e/%2e%2e/etc/passwd".utf8), "GET", 400...404),
            (Array("/export/../../records.jsonl".utf8), "GET", 400...404),
            ([0x2F, 0xFF, 0xFE, 0x80], "GET", 400...404),
            (Array("/%ff%fe".utf8), "GET", 400...404),
            (Array("/progress?weeks=3".utf8), "GET", 400...400),
            (Array("/progress?weeks=%ff".utf8), "GET", 400...400),
            (Array("/export/xml".utf8), "GET", 403...404),
            (Array("/".utf8), "POST", 405...405),
            (Array("/settings".utf8), "DELETE", 405...405),
        ]
        for (target, method, expected) in cases {
            let response = try HTTPProbe.get(port: web.port, target, method: method)
            let shown = String(decoding: target, as: UTF8.self)
            #expect(expected.contains(response.status), "\(method) \(shown): \(response.status)")
            #expect(!response.text.contains(folder) && !response.text.contains("Error:"), "\(shown)")
            #expect(!response.text.contains(".swift"), "\(shown): \(response.text)")
        }
        let huge = try HTTPProbe.get(
            port: web.port, "/", headers: ["X-Huge": String(repeating: "a", count: 40_000)])
        #expect((400...499).contains(huge.status) || huge.status == 0, "a 40 kB header: \(huge.status)")
        let many = Dictionary(uniqueKeysWithValues: (0..<100).map { ("X-Field-\($0)", "1") })
        let crowded = try HTTPProbe.get(port: web.port, "/", headers: many)
        #expect((400...499).contains(crowded.status) || crowded.status == 0, "100 fields: \(crowded.status)")
        #expect(try HTTPProbe.get(port: web.port, "/").status == 200)
        let head = try HTTPProbe.get(port: web.port, Array("/progress".utf8), method: "HEAD")
        #expect(head.status == 200 && head.body.isEmpty, "HEAD: \(head.status)")
        #expect(web.stop() == 0)
    }

    @Test("a port in use: one line naming it and what to do, exit 1")
    func portInUse() throws {
        let folder = NSTemporaryDirectory() + "peach-web-busy-\(UUID().uuidString)"
        let web = try RunningDashboard(folder: folder)
        let second = try PeachBinary.run(["web", "--port", "\(web.port)", "--data-dir", folder])
        #expect(second.status == 1)
        #expect(
            second.standardError
                == "peach: cannot listen at 127.0.0.1 port \(web.port): address already in use; another program (or another peach web) uses it, choose another with --port\n",
            "\(second.standardError)")
        let bad = try PeachBinary.run(["web", "--address", "not an address", "--data-dir", folder])
        #expect(bad.status == 64 && bad.standardError.contains("--address"), "\(bad.standardError)")
        #expect(web.stop() == 0)
    }
}
