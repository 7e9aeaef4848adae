// WebChangeTests: what only a signed-in browser may do on the dashboard: change settings, import; and signing in.

import Foundation
import PeachTestSupport
import Testing

/// A data folder and a settings folder of a test's own, a password set, a dashboard running over them.
struct SignedInDashboard {
    static let password = "correct horse battery"

    let folder: String
    let config: String
    let web: RunningDashboard
    var environment: [String: String] { ["XDG_CONFIG_HOME": config] }

    /// Whether ``stop()`` removes the folders (they are the test's own).
    let ownsFolders: Bool

    /// Sets up the folders (or takes `folders`, a data and a settings folder of another process); with
    /// `password`, sets the password first.
    init(
        password: Bool = true, folders: (data: String, config: String)? = nil, arguments: [String] = [],
        environment extra: [String: String] = [:]
    ) throws {
        let root = NSTemporaryDirectory() + "peach-web-auth-\(UUID().uuidString)"
        folder = folders?.data ?? root + "/data"
        config = folders?.config ?? root + "/config"
        ownsFolders = folders == nil
        if password {
            let set = try PeachBinary.run(
                PeachBinary.url, ["web", "--set-password", "--data-dir", folder],
                environment: ["XDG_CONFIG_HOME": config], typing: Self.password + "\n")
            try #require(set.status == 0, "\(set.standardError)")
        }
        web = try RunningDashboard(
            folder: folder, arguments: arguments,
            environment: extra.merging(["XDG_CONFIG_HOME": config]) { $1 })
    }

    /// Signs in with `password` from `source`: the response, and the session cookie when it worked.
    func signIn(
        _ password: String = SignedInDashboard.password, source: String = "127.0.0.1"
    ) throws -> (HTTPProbe.Response, String?) {
        let form = try HTTPProbe.get(port: web.port, Array("/login".utf8), source: source)
        let token = try #require(form.field("csrf"))
        let login = try #require(form.cookies["peach_login"])
        let response = try HTTPProbe.post(
            port: web.port, "/login", form: ["password": password, "csrf": token],
            headers: ["Cookie": "peach_login=\(login)"], source: source)
        return (response, response.cookies["peach_session"].flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The settings page as `session` sees it.
    func settingsPage(_ session: String?) throws -> HTTPProbe.Response {
        try HTTPProbe.get(
            port: web.port, "/settings", headers: session.map { ["Cookie": "peach_session=\($0)"] } ?? [:])
    }

    func stop() {
        _ = web.stop()
        guard ownsFolders else { return }
        try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent)
    }

    /// Signs in and saves `value` for `key` through the settings page's form: the response.
    func save(_ key: String, _ value: String) throws -> HTTPProbe.Response {
        let (_, session) = try signIn()
        let cookie = try #require(session)
        let csrf = try #require(try settingsPage(cookie).field("csrf"))
        return try HTTPProbe.post(
            port: web.port, "/settings", form: ["key": key, "value": value, "csrf": csrf],
            headers: ["Cookie": "peach_session=\(cookie)", "Origin": "http://127.0.0.1:\(web.port)"])
    }
}

@Suite("peach web: signing in, settings and import", .serialized)
struct WebChangeTests {
    @Test("--set-password keeps a bcrypt hash (mode 0600) and refuses a short one")
    func setPassword() throws {
        let root = NSTemporaryDirectory() + "peach-web-pw-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let environment = ["XDG_CONFIG_HOME": root]
        let short = try PeachBinary.run(
            PeachBinary.url, ["web", "--set-password"], environment: environment, typing: "short\n")
        #expect(short.status == 64)
        #expect(
            short.standardError
                == "peach: the password must have at least 8 characters; nothing was changed\n")
        #expect(!FileManager.default.fileExists(atPath: root + "/peach/web-password"))
        let set = try PeachBinary.run(
            PeachBinary.url, ["web", "--set-password"], environment: environment, typing: "long enough pw\n")
        #expect(set.status == 0, "\(set.standardError)")
        let hash = try String(contentsOfFile: root + "/peach/web-password", encoding: .utf8)
        #expect(hash.hasPrefix("$2b$11$") && !hash.contains("long enough"), "\(hash)")
        let mode = try FileManager.default.attributesOfItem(atPath: root + "/peach/web-password")[
            .posixPermissions]
        #expect(mode as? Int == 0o600)
    }

    @Test(
        "settings change only when signed in with the session's token; saved, the file and peach settings agree"
    )
    func settings() throws {
        let box = try SignedInDashboard()
        defer { box.stop() }
        let anonymous = try box.settingsPage(nil)
        #expect(anonymous.text.contains("Sign in to change settings here."))
        #expect(!anonymous.text.contains("<form method=\"post\" action=\"/settings\">"))
        let refused = try HTTPProbe.post(
            port: box.web.port, "/settings", form: ["key": "tempo", "value": "100", "csrf": "x"])
        #expect(refused.status == 403)
        let (login, session) = try box.signIn()
        #expect(login.status == 303 && login.headers["location"] == "/settings")
        let cookie = try #require(session)
        let setCookie = try #require(login.setCookies["peach_session"])
        #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict"), "\(setCookie)")
        let page = try box.settingsPage(cookie)
        let csrf = try #require(page.field("csrf"))
        #expect(page.text.contains("<form method=\"post\" action=\"/settings\">"))
        let wrongToken = try HTTPProbe.post(
            port: box.web.port, "/settings",
            form: ["key": "tempo", "value": "100", "csrf": String(csrf.reversed())],
            headers: ["Cookie": "peach_session=\(cookie)"])
        #expect(wrongToken.status == 403)
        let elsewhere = try HTTPProbe.post(
            port: box.web.port, "/settings", form: ["key": "tempo", "value": "100", "csrf": csrf],
            headers: ["Cookie": "peach_session=\(cookie)", "Origin": "http://evil.example"])
        #expect(elsewhere.status == 403)
        let saved = try HTTPProbe.post(
            port: box.web.port, "/settings", form: ["key": "tempo", "value": "100", "csrf": csrf],
            headers: ["Cookie": "peach_session=\(cookie)", "Origin": "http://127.0.0.1:\(box.web.port)"])
        #expect(saved.status == 303 && saved.headers["location"]?.hasPrefix("/settings?saved=tempo") == true)
        let get = try PeachBinary.run(["settings", "get", "tempo"], environment: box.environment)
        #expect(get.standardOutput.contains("100"), "\(get.standardOutput)")
        let bad = try HTTPProbe.post(
            port: box.web.port, "/settings", form: ["key": "tempo", "value": "1000", "csrf": csrf],
            headers: ["Cookie": "peach_session=\(cookie)"])
        #expect(bad.status == 400)
        #expect(bad.text.contains("tempo 1000 is out of range"), "\(bad.text)")
        let unknown = try HTTPProbe.post(
            port: box.web.port, "/settings", form: ["key": "volume", "value": "11", "csrf": csrf],
            headers: ["Cookie": "peach_session=\(cookie)"])
        #expect(unknown.status == 400)
        #expect(
            try PeachBinary.run(["settings", "get", "tempo"], environment: box.environment).standardOutput
                .contains("100"))
        let out = try HTTPProbe.post(
            port: box.web.port, "/logout", form: ["csrf": csrf],
            headers: ["Cookie": "peach_session=\(cookie)"])
        #expect(out.status == 303)
        let after = try HTTPProbe.post(
            port: box.web.port, "/settings", form: ["key": "tempo", "value": "90", "csrf": csrf],
            headers: ["Cookie": "peach_session=\(cookie)"])
        #expect(after.status == 403, "the session ended with sign-out")
    }

    @Test(
        "a wrong password is a 401; five in a row lock the client out with 429 and Retry-After, even with the right one"
    )
    func guessing() throws {
        let box = try SignedInDashboard()
        defer { box.stop() }
        for _ in 0..<5 {
            let (response, session) = try box.signIn("wrong password")
            #expect(response.status == 401 && session == nil)
            #expect(response.text.contains("That is not the password."))
        }
        let (locked, session) = try box.signIn()
        #expect(locked.status == 429 && session == nil)
        #expect(Int(locked.headers["retry-after"] ?? "") ?? 0 > 800, "\(locked.headers)")
        let forged = try HTTPProbe.post(
            port: box.web.port, "/login", form: ["password": SignedInDashboard.password, "csrf": "abc"])
        #expect(forged.status == 403, "a sign-in without the form's cookie")
    }

    @Test(
        "a setting saved on the dashboard reaches a running peach serve at its next trial; the box page shows what the box does"
    )
    func settingReachesTheBox() throws {
        let session = try ScriptedSession(mode: "serve")
        let box = try SignedInDashboard(folders: (session.folder + "/data", session.folder + "/config"))
        defer { box.stop() }
        usleep(800_000)  // the ready earcon (0.39 s) plays before the player chooses
        session.press(key: 48)  // Lower: comparison
        #expect(session.next("started")?["mode"] as? String == "comparison")
        let before = try session.answerRight(1)
        #expect(before.first?.trial["interval"] == nil, "unisons: no interval")
        let page = try HTTPProbe.get(port: box.web.port, "/box")
        #expect(
            page.text.contains("<dt>The box</dt><dd>Practising Pitch discrimination since "), "\(page.text)")
        #expect(page.text.contains("<dt>Controller</dt><dd>0:0 raw MIDI / rawmidi:"), "\(page.text)")
        #expect(page.text.contains("<dt>Sound</dt><dd>wav:"), "\(page.text)")
        let saved = try box.save("intervals", "P5up")
        #expect(saved.status == 303, "\(saved.text)")
        // The trial under way when the setting was saved keeps its notes; the next one reads the file.
        let after = try session.answerRight(2)
        #expect(after.last?.trial["interval"] as? String == "P5", "\(after.map(\.trial))")
        session.next("trialStarted")
        session.signal(SIGTERM)
        let (status, stderr) = session.finish()
        #expect(status == 0, "\(stderr)")
        #expect(stderr.contains("peach serve: settings and profile read again (profile script)"), "\(stderr)")
        let stopped = try HTTPProbe.get(port: box.web.port, "/box")
        #expect(stopped.text.contains("<dt>The box</dt><dd>Stopped at "), "\(stopped.text)")
        let report = try PeachBinary.run(["serve", "--status", "--data-dir", session.folder + "/data"])
        #expect(report.standardOutput.hasPrefix("The box: Stopped at "), "\(report.standardOutput)")
    }

    @Test("no password set: the sign-in page says how to set one, and no password works")
    func noPassword() throws {
        let box = try SignedInDashboard(password: false)
        defer { box.stop() }
        let page = try HTTPProbe.get(port: box.web.port, "/login")
        #expect(page.text.contains("peach web --set-password"))
        let login = try #require(page.cookies["peach_login"])
        let response = try HTTPProbe.post(
            port: box.web.port, "/login", form: ["password": "", "csrf": login],
            headers: ["Cookie": "peach_login=\(login)"])
        #expect(response.status == 401 && response.cookies["peach_session"] == nil)
    }

    @Test("an import needs the session and its token; it adds what the store lacks, all or nothing")
    func importing() throws {
        let box = try SignedInDashboard()
        defer { box.stop() }
        let source = box.folder + "-source"
        defer { try? FileManager.default.removeItem(atPath: source) }
        #expect(
            try PeachBinary.run([
                "simulate", "--trials", "12", "--quiet", "--save", "--seed", "5", "--data-dir", source,
            ])
            .status == 0)
        let file = source + "-export.json"  // beside the data folder: Peach writes no export into it
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(try PeachBinary.run(["data", "export", "--data-dir", source, file]).status == 0)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let anonymous = try HTTPProbe.get(
            port: box.web.port, Array("/data/import".utf8), method: "POST", headers: ["X-CSRF-Token": "x"],
            body: bytes)
        #expect(anonymous.status == 403)
        let (_, session) = try box.signIn()
        let cookie = try #require(session)
        let page = try HTTPProbe.get(
            port: box.web.port, "/data", headers: ["Cookie": "peach_session=\(cookie)"])
        let csrf = try #require(
            page.text.range(of: "data-csrf=\"").map {
                String(page.text[$0.upperBound...].prefix { $0 != "\"" })
            })
        let headers = [
            "Cookie": "peach_session=\(cookie)", "X-CSRF-Token": csrf,
            "Content-Type": "application/octet-stream",
        ]
        let first = try HTTPProbe.get(
            port: box.web.port, Array("/data/import".utf8), method: "POST", headers: headers, body: bytes)
        #expect(
            first.status == 200 && first.text == "Imported 12 records; 0 were already there.\n",
            "\(first.text)")
        let again = try HTTPProbe.get(
            port: box.web.port, Array("/data/import".utf8), method: "POST", headers: headers, body: bytes)
        #expect(again.text == "Imported 0 records; 12 were already there.\n", "\(again.text)")
        let broken = try HTTPProbe.get(
            port: box.web.port, Array("/data/import".utf8), method: "POST", headers: headers,
            body: bytes.dropLast(40) + Array("garbage\n]".utf8))
        #expect(broken.status == 422, "\(broken.status) \(broken.text)")
        #expect(!broken.text.contains("/tmp") && !broken.text.contains(box.folder), "\(broken.text)")
        let check = try PeachBinary.run(["data", "check", "--data-dir", box.folder])
        #expect(check.standardOutput.contains("12"), "\(check.standardOutput)")
        let tooLarge = try HTTPProbe.get(
            port: box.web.port, Array("/data/import".utf8), method: "POST",
            headers: headers.merging(["Content-Length": "\(40 << 20)"]) { $1 }.filter {
                $0.key != "Content-Length"
            },
            body: [UInt8](repeating: 0x20, count: (32 << 20) + 10))
        #expect(tooLarge.status == 413 || tooLarge.status == 0, "\(tooLarge.status)")
        let overview = try HTTPProbe.get(port: box.web.port, "/")
        #expect(overview.text.contains("<span id=\"answer-count\">12</span>"), "\(overview.text)")
        // While a writer holds the store (as peach serve does), an import waits its turn: nothing changes.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = [box.folder + "/records.lock", "sh", "-c", "echo locked; exec sleep 30"]
        let said = Pipe()
        holder.standardOutput = said
        try holder.run()
        let watchdog = Watchdog(holder)  // a flock that never gets the lock must not hold the reading below
        defer {
            holder.terminate()
            watchdog.disarm("flock on the store's lock")
        }
        #expect(LineReader(said).next() == "locked")
        let busy = try HTTPProbe.get(
            port: box.web.port, Array("/data/import".utf8), method: "POST", headers: headers, body: bytes)
        #expect(busy.status == 409, "\(busy.status) \(busy.text)")
        #expect(busy.text.contains("Nothing was imported."), "\(busy.text)")
    }
}
