// WebHostileTests: `peach web` against what a hostile page or client on the network does (issue: the dashboard, round 2).

import Foundation
import PeachTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("peach web: safe on a network", .serialized)
struct WebHostileTests {
    /// A store of `count` comparison answers, imported from a hand-written file (fast: no simulation).
    func store(_ folder: String, count: Int) throws {
        let file = folder + "-source.jsonl"
        defer { try? FileManager.default.removeItem(atPath: file) }
        var text = ""
        text.reserveCapacity(count * 330)
        let start = 1_767_261_600.0
        for index in 0..<count {
            let time = Date(timeIntervalSince1970: start + Double(index) * 2)
            let stamp = ISO8601DateFormatter.string(
                from: time, timeZone: .gmt, formatOptions: [.withInternetDateTime, .withFractionalSeconds])
            text +=
                #"{"v":1,"type":"comparison","time":""# + stamp
                + #"","note1":60,"note2":60,"cents":"# + "\(50 + index % 40)"
                + #","answer":"higher","correct":true,"referencePitch":440,"timbre":"sine","noteDuration":1,"#
                + #""gap":0,"velocity":63,"note2Gain":0,"responseTime":0.52,"input":"midi-note"}"# + "\n"
        }
        try text.write(toFile: file, atomically: false, encoding: .utf8)
        let imported = try PeachBinary.run(["data", "import", "--data-dir", folder, file])
        try #require(imported.status == 0, "\(imported.standardError)")
    }

    @Test(
        "a request naming another host is refused (421) before any route: no page, no export, no password checked (DNS rebinding)"
    )
    func foreignHost() throws {
        let box = try SignedInDashboard(arguments: ["--host", "peach.example"])
        defer { box.stop() }
        let port = box.web.port
        for path in ["/", "/export/csv", "/settings", "/events"] {
            let answer = try HTTPProbe.get(port: port, path, headers: ["Host": "evil.example:\(port)"])
            #expect(answer.status == 421, "\(path): \(answer.status)")
            #expect(!answer.text.contains("answers stored"), "\(path)")
        }
        let login = try HTTPProbe.get(port: port, "/login")
        let token = try #require(login.field("csrf"))
        let cookie = try #require(login.cookies["peach_login"])
        let guess = try HTTPProbe.post(
            port: port, "/login", form: ["password": SignedInDashboard.password, "csrf": token],
            headers: [
                "Cookie": "peach_login=\(cookie)", "Host": "evil.example:\(port)",
                "Origin": "http://evil.example:\(port)",
            ])
        #expect(guess.status == 421 && guess.cookies["peach_session"] == nil)
        var name = [CChar](repeating: 0, count: 256)
        gethostname(&name, 255)
        let computer = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        for host in [
            "127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST.", "[::1]:\(port)", "peach.example:\(port)",
            "\(computer):\(port)", "\(computer).local:\(port)", "192.168.1.20",
        ] {
            #expect(try HTTPProbe.get(port: port, "/", headers: ["Host": host]).status == 200, "\(host)")
        }
        let refused = try PeachBinary.run(["web", "--host", "evil/../x", "--data-dir", box.folder])
        #expect(refused.status == 64 && refused.standardError.contains("--host"), "\(refused.standardError)")
    }

    @Test(
        "with 2,000 hostile connections open (streams, trickled bodies, silence) from 20 addresses, pages are served"
    )
    func hostileConnections() throws {
        let folder = NSTemporaryDirectory() + "peach-web-hostile-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try store(folder, count: 200)
        // The server gets the open-files limit most systems give a service (1,024: systemd's soft limit), as on a
        // box whose unit did not raise it; this test's own is raised for its 2,000 sockets.
        let web = try RunningDashboard(folder: folder, openFiles: 1024)
        defer { _ = web.stop() }
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = max(limit.rlim_cur, min(limit.rlim_max, 8192))
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        try #require(
            limit.rlim_cur >= 2200, "this test opens 2,000 sockets; the hard limit is \(limit.rlim_max)")
        var hostile: [HTTPProbe] = []
        for index in 0..<2000 {
            let source = "127.0.0.\(2 + index % 20)"
            // A refused connection is closed by the server; its socket stays open here all the same.
            guard let probe = try? HTTPProbe(port: web.port, source: source) else { continue }
            switch index % 3 {
            case 0: probe.send(Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            case 1:
                probe.send(
                    Array(
                        "POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10000\r\n\r\npassword="
                            .utf8))
            default: break
            }
            hostile.append(probe)
        }
        #expect(hostile.count == 2000)
        // Within 5 s each (the goal is 100 ms, measured by PeachBenchmarks web; a server without limits answers
        // only when its idle timer frees descriptors, after 30 s or more).
        for path in ["/", "/progress", "/sessions", "/charts/profile.svg"] {
            let start = Date()
            let page = try HTTPProbe.get(port: web.port, path)
            #expect(
                page.status == 200, "\(path) with \(hostile.count) hostile connections open: \(page.status)")
            #expect(Date().timeIntervalSince(start) < 5, "\(path): \(Date().timeIntervalSince(start)) s")
        }
        // A client of the attacker's addresses is held to its share, but a newcomer is served.
        let newcomer = try HTTPProbe.get(port: web.port, Array("/box".utf8), source: "127.0.0.99")
        #expect(newcomer.status == 200)
        withExtendedLifetime(hostile) {}
    }

    @Test(
        "exports need a session; two stream at a time with no file made (others 503), unread ones use no disk, and a gone reader frees its turn"
    )
    func exports() throws {
        let root = NSTemporaryDirectory() + "peach-web-exports-\(UUID().uuidString)"
        let temporary = root + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try store(root + "/data", count: 100_000)
        let box = try SignedInDashboard(
            folders: (root + "/data", root + "/config"), environment: ["TMPDIR": temporary])
        defer { box.stop() }
        let port = box.web.port
        #expect(try HTTPProbe.get(port: port, "/export/json").status == 403, "signed out")
        let session = try #require(try box.signIn().1)
        let request = Array(
            "GET /export/json HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nCookie: peach_session=\(session)\r\n\r\n"
                .utf8)
        let dataBefore = try FileManager.default.contentsOfDirectory(atPath: root + "/data").sorted()
        for _ in 0..<3 {
            let head = try HTTPProbe.get(
                port: port, Array("/export/json".utf8), method: "HEAD",
                headers: ["Cookie": "peach_session=\(session)"])
            #expect(head.status == 200 && head.body.isEmpty, "HEAD takes no turn")
        }
        var unread: [HTTPProbe] = []
        for _ in 0..<2 {
            let probe = try HTTPProbe(port: port)
            probe.send(request)
            unread.append(probe)
        }
        // The two exports are under way (their first pieces sent) before the next two ask.
        for probe in unread {
            let first = String(decoding: probe.receive(), as: UTF8.self)
            #expect(first.hasPrefix("HTTP/1.1 200"), "\(first.prefix(80))")
        }
        for _ in 0..<2 {
            let busy = try HTTPProbe.get(
                port: port, "/export/json", headers: ["Cookie": "peach_session=\(session)"])
            #expect(busy.status == 503 && busy.headers["retry-after"] == "30", "\(busy.status)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/data").sorted() == dataBefore)
        #expect(try HTTPProbe.get(port: port, "/").status == 200, "pages still served")
        unread.removeAll()
        // The readers went away: their exports stop and another may start (its beginning is enough).
        let csv = Array(
            "GET /export/csv HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nCookie: peach_session=\(session)\r\n\r\n"
                .utf8)
        var answer = ""
        let deadline = Date().addingTimeInterval(30)
        while !answer.hasPrefix("HTTP/1.1 200"), Date() < deadline {
            let probe = try HTTPProbe(port: port)
            probe.send(csv)
            answer = String(decoding: probe.receive(), as: UTF8.self)
            if !answer.hasPrefix("HTTP/1.1 200") { usleep(100_000) }
        }
        #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer.prefix(80))")
    }

    @Test(
        "100 guesses from 20 addresses: 20 are checked, then one every 30 s for everyone (429); the box's log says so, briefly"
    )
    func guessesFromManyAddresses() throws {
        let box = try SignedInDashboard()
        defer { box.stop() }
        // The box's data folder (a desk's may not be there yet: then the lines are in the journal only).
        try FileManager.default.createDirectory(atPath: box.folder, withIntermediateDirectories: true)
        var statuses: [Int: Int] = [:]
        for round in 0..<5 {
            for address in 0..<20 {
                let (answer, session) = try box.signIn(
                    "guess \(round) \(address)", source: "127.0.0.\(2 + address)")
                #expect(session == nil)
                statuses[answer.status, default: 0] += 1
            }
        }
        #expect(statuses[401] == 20 && statuses[429] == 80, "\(statuses)")
        let (owner, session) = try box.signIn(source: "127.0.0.200")
        #expect(owner.status == 429 && session == nil)
        #expect((1...30).contains(Int(owner.headers["retry-after"] ?? "") ?? 0), "\(owner.headers)")
        let status = try PeachBinary.run(
            ["serve", "--status", "--data-dir", box.folder], environment: box.environment)
        let lines = status.standardOutput.split(separator: "\n").filter { $0.contains("dashboard:") }
        #expect(lines.filter { $0.contains("a failed sign-in from 127.0.0.") }.count == 10, "\(lines)")
        #expect(
            lines.contains {
                $0.contains("20 failed sign-ins within 15 minutes: one sign-in is now checked every 30 s")
            },
            "\(status.standardOutput)")
    }

    @Test(
        "signed in, a setting naming a file on the box is refused (wav:, rawmidi:, a SoundFont path, an ALSA file plugin); devices are saved and logged"
    )
    func pathSettings() throws {
        let box = try SignedInDashboard()
        defer { box.stop() }
        try FileManager.default.createDirectory(atPath: box.folder, withIntermediateDirectories: true)
        let journal = box.folder + "/records.jsonl"
        for (key, value) in [
            ("audioOutput", "wav:" + journal), ("audioOutput", "wav:/tmp/peach-anything.wav"),
            ("midiOutput", "rawmidi:" + box.config + "/peach/web-password"), ("soundfont", "/etc/shadow"),
            ("soundfont", "../../etc/shadow"), ("audioOutput", "alsa:file:FILE=/tmp/x,raw"),
            ("audioOutput", "alsa:tee:default,'/tmp/x'"), ("soundfont", "NoSuchFont"),
        ] {
            let answer = try box.save(key, value)
            #expect(answer.status == 400, "\(key)=\(value): \(answer.status)")
        }
        for key in ["audioOutput", "midiOutput", "soundfont"] {
            let value = try PeachBinary.run(["settings", "get", key], environment: box.environment)
                .standardOutput
            #expect(
                !value.contains("wav:") && !value.contains("shadow") && !value.contains("rawmidi"), "\(value)"
            )
        }
        #expect(try box.save("audioOutput", "alsa:plughw:CARD=Device,DEV=0").status == 303)
        #expect(try box.save("midiOutput", "midi:FLUID Synth").status == 303)
        let got = try PeachBinary.run(["settings", "get", "audioOutput"], environment: box.environment)
        #expect(got.standardOutput.contains("alsa:plughw:CARD=Device,DEV=0"), "\(got.standardOutput)")
        // At the box's terminal a path is still taken, but never onto Peach's own files.
        let onto = try PeachBinary.run(
            ["settings", "set", "audioOutput", "wav:" + box.config + "/peach/settings.json"],
            environment: box.environment)
        #expect(
            onto.status != 0 && onto.standardError.contains("would overwrite Peach's own data"),
            "\(onto.standardError)")
        let log = try String(contentsOfFile: box.folder + "/serve.log", encoding: .utf8)
        #expect(
            log.contains("dashboard: audioOutput set to alsa:plughw:CARD=Device,DEV=0 from 127.0.0.1"),
            "\(log)")
        #expect(
            log.contains("dashboard: soundfont not set to /etc/shadow from 127.0.0.1 (a file on the box)"))
    }
}
