// DashboardRouterTests: the dashboard's router answering requests in process: routes, sign-in, CSRF, settings, import.

import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import PeachCore
import PeachStore
import PeachTestSupport
import PeachTraining
import Testing

@testable import PeachWeb

/// The dashboard's router over a fresh data folder, answering requests without a socket (Hummingbird's router
/// responder called directly, the client's address given with each request).
struct DashboardClient {
    /// The client's data and settings folders, removed when the last copy of the client goes away.
    let scratch = TemporaryFolder(prefix: "peach-router")
    /// The scratch folder's path.
    let folder: String
    let locations: DataLocations
    let responder: RouterResponder<DashboardContext>
    /// The client's address every request comes from.
    let clientAddress: SocketAddress

    /// An answer: its status, headers and body as text.
    struct Answer {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let body: String

        /// The value of cookie `name` the answer sets.
        func cookie(_ name: String) -> String? {
            for field in headers[values: .setCookie] where field.hasPrefix(name + "=") {
                return String(field.dropFirst(name.count + 1).prefix { $0 != ";" })
            }
            return nil
        }

        /// The value of the first hidden `csrf` field of the page.
        var csrf: String? {
            guard let range = body.range(of: #"name="csrf" value=""#) else { return nil }
            return String(body[range.upperBound...].prefix { $0 != "\"" })
        }
    }

    init(password: String? = nil, box: BoxControl? = nil) throws {
        folder = scratch.path
        try FileManager.default.createDirectory(atPath: folder + "/config", withIntermediateDirectories: true)
        locations = try DataLocations(
            environment: ["HOME": "/nonexistent-home", "XDG_CONFIG_HOME": folder + "/config"],
            dataDirectoryOverride: folder + "/data")
        if let password { try PasswordFile(locations: locations).set(password) }
        var configuration = DashboardServer.Configuration(
            locations: locations, version: "test", timeZone: .gmt, profiles: { ["default", "pads"] },
            soundFonts: SoundFontLibrary(directories: [folder + "/soundfonts"]))
        configuration.box = box
        responder = try DashboardServer.router(
            configuration: configuration, store: DashboardStore(directory: locations.dataDirectory),
            logger: Logger(label: "test")
        ).buildResponder()
        clientAddress = try SocketAddress(ipAddress: "192.0.2.7", port: 50_000)
    }

    /// Sends `method path` with `headers` and `body` (a form when `form` is given) to `host`.
    func send(
        _ method: HTTPRequest.Method, _ path: String, headers: HTTPFields = [:],
        form: [(String, String)]? = nil,
        body: String? = nil, host: String = "127.0.0.1:8765"
    ) async throws -> Answer {
        var fields = headers
        var text = body ?? ""
        if let form {
            fields[.contentType] = "application/x-www-form-urlencoded"
            text = form.map { "\($0.0)=\(Self.encoded($0.1))" }.joined(separator: "&")
        }
        let request = Request(
            head: HTTPRequest(
                method: method, scheme: "http", authority: host, path: path, headerFields: fields),
            body: RequestBody(buffer: ByteBuffer(string: text)))
        let context = DashboardContext(logger: Logger(label: "test"), remoteAddress: clientAddress)
        let response = try await responder.respond(to: request, context: context)
        let collected = Collected()
        try await response.body.write(Collector(into: collected))
        return Answer(
            status: response.status, headers: response.headers, body: String(buffer: collected.buffer))
    }

    static func encoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value
    }

    /// A response body, collected (the writer is handed over by value).
    final class Collected: @unchecked Sendable {
        var buffer = ByteBuffer()
    }

    /// Collects a response body into a ``Collected``.
    struct Collector: ResponseBodyWriter {
        let into: Collected
        mutating func write(_ part: ByteBuffer) async throws {
            var part = part
            into.buffer.writeBuffer(&part)
        }
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }

    /// Signs in with `password`: the sign-in page's token and cookie, then the form. The session cookie.
    func signIn(_ password: String) async throws -> (session: String?, answer: Answer) {
        let page = try await send(.get, "/login")
        let token = try #require(page.cookie(Authentication.loginCookie))
        var headers = HTTPFields()
        headers[.cookie] = "\(Authentication.loginCookie)=\(token)"
        let answer = try await send(
            .post, "/login", headers: headers, form: [("password", password), ("csrf", token)])
        return (answer.cookie(Authentication.sessionCookie), answer)
    }

    /// Signs in and returns the headers a signed-in browser sends (the session's cookie) and the session's token.
    func signedIn(_ password: String) async throws -> (headers: HTTPFields, csrf: String) {
        let session = try #require(try await signIn(password).session)
        var headers = HTTPFields()
        headers[.cookie] = "\(Authentication.sessionCookie)=\(session)"
        let page = try await send(.get, "/settings", headers: headers)
        return (headers, try #require(page.csrf))
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }
}

@Suite("The dashboard's router, in process")
struct DashboardRouterTests {
    @Test("every page answers 200 with the security headers; an unknown path 404; another method 405")
    func pages() async throws {
        let client = try DashboardClient()
        defer { client.remove() }
        for path in [
            "/", "/progress", "/progress?weeks=4", "/sessions", "/box", "/settings", "/data", "/login",
            "/charts/profile.svg", "/charts/progress.svg", "/assets/dashboard.css", "/assets/live.js",
        ] {
            let answer = try await client.send(.get, path)
            #expect(answer.status == .ok, "\(path)")
            #expect(
                answer.headers[.contentSecurityPolicy]?.hasPrefix("default-src 'none'") == true, "\(path)")
        }
        #expect(try await client.send(.get, "/nowhere").status == .notFound)
        #expect(try await client.send(.get, "/progress?weeks=3").status == .badRequest)
        let head = try await client.send(.head, "/")
        #expect(head.status == .ok && head.body.isEmpty)
        let delete = try await client.send(.delete, "/settings")
        #expect(delete.status == .methodNotAllowed && delete.headers[.allow] == "GET, HEAD, POST")
        #expect(try await client.send(.post, "/progress").status == .methodNotAllowed)
        let parameterised = try await client.send(.post, "/sessions/abc")
        #expect(parameterised.status == .methodNotAllowed && parameterised.headers[.allow] == "GET, HEAD")
        let nowhere = try await client.send(.post, "/nowhere")
        #expect(nowhere.status == .methodNotAllowed && nowhere.headers[.allow] == "GET, HEAD")
        let german = try await client.send(.get, "/settings", headers: [.acceptLanguage: "de"])
        #expect(german.body.contains("lang=\"de"))
    }

    @Test("sign-in: the form's token must match its cookie; a wrong password is 401; the right one a session")
    func signIn() async throws {
        let client = try DashboardClient(password: "correct horse")
        defer { client.remove() }
        let noCookie = try await client.send(
            .post, "/login", form: [("password", "correct horse"), ("csrf", "x")])
        #expect(noCookie.status == .forbidden)
        let (none, wrong) = try await client.signIn("battery staple")
        #expect(none == nil && wrong.status == .unauthorized)
        let (session, right) = try await client.signIn("correct horse")
        #expect(right.status == .seeOther && right.headers[.location] == "/settings")
        #expect(session?.isEmpty == false)
        let notForm = try await client.send(.post, "/login", body: "password=x")
        #expect(notForm.status == .unsupportedMediaType)
    }

    @Test(
        "a setting is saved only with a session and its token, from the dashboard's own origin, as settings set"
    )
    func settings() async throws {
        let client = try DashboardClient(password: "correct horse")
        defer { client.remove() }
        let anonymous = try await client.send(
            .post, "/settings", form: [("key", "tempo"), ("value", "90"), ("csrf", "x")])
        #expect(anonymous.status == .forbidden)
        let session = try #require(try await client.signIn("correct horse").session)
        var headers = HTTPFields()
        headers[.cookie] = "\(Authentication.sessionCookie)=\(session)"
        let page = try await client.send(.get, "/settings", headers: headers)
        let token = try #require(page.csrf, "the settings page signed in has a form")
        let wrongToken = try await client.send(
            .post, "/settings", headers: headers, form: [("key", "tempo"), ("value", "90"), ("csrf", "x")])
        #expect(wrongToken.status == .forbidden)
        var foreign = headers
        foreign[.origin] = "http://evil.example"
        let crossSite = try await client.send(
            .post, "/settings", headers: foreign, form: [("key", "tempo"), ("value", "90"), ("csrf", token)])
        #expect(crossSite.status == .forbidden)
        let saved = try await client.send(
            .post, "/settings", headers: headers, form: [("key", "tempo"), ("value", "90"), ("csrf", token)])
        #expect(
            saved.status == .seeOther && saved.headers[.location] == "/settings?saved=tempo#setting-tempo")
        #expect(
            try SettingsFile(path: client.locations.settingsFile).load().settings.text(of: .tempo) == "90")
        let refused = try await client.send(
            .post, "/settings", headers: headers, form: [("key", "tempo"), ("value", "1"), ("csrf", token)])
        #expect(refused.status == .badRequest)
        #expect(
            try SettingsFile(path: client.locations.settingsFile).load().settings.text(of: .tempo) == "90")
    }

    @Test("a German page's values are read as German: B is B-flat, H2-H5 is B2-B5 in the file")
    func germanValues() async throws {
        let client = try DashboardClient(password: "correct horse")
        defer { client.remove() }
        var (headers, token) = try await client.signedIn("correct horse")
        headers[.acceptLanguage] = "de"
        for (key, typed) in [("degreeKey", "B"), ("keySignature", "Es"), ("noteRange", "H2-H5")] {
            let saved = try await client.send(
                .post, "/settings", headers: headers, form: [("key", key), ("value", typed), ("csrf", token)])
            #expect(saved.status == .seeOther, "\(key)")
        }
        let settings = try SettingsFile(path: client.locations.settingsFile).load().settings
        #expect(settings.text(of: .degreeKey) == "B♭" && settings.text(of: .keySignature) == "E♭")
        #expect(settings.text(of: .noteRange) == "B2-B5")
        let page = try await client.send(.get, "/settings", headers: headers)
        #expect(page.body.contains(#"<input name="value" value="H2-H5""#), "\(page.body)")
        #expect(page.body.contains("<option selected>B</option>"))
    }

    @Test("an import needs a session and the token in its header; signed in, the records land in the store")
    func importing() async throws {
        let client = try DashboardClient(password: "correct horse")
        defer { client.remove() }
        let line =
            #"{"v":1,"type":"comparison","time":"2026-01-01T10:00:00.000Z","note1":60,"note2":60,"cents":100,"#
            + #""answer":"higher","correct":true,"referencePitch":440,"timbre":"sine","noteDuration":1,"gap":0,"#
            + #""velocity":63,"note2Gain":0,"responseTime":0.52,"input":"midi-note"}"#
        let anonymous = try await client.send(.post, "/data/import", body: line + "\n")
        #expect(anonymous.status == .forbidden)
        let session = try #require(try await client.signIn("correct horse").session)
        var headers = HTTPFields()
        headers[.cookie] = "\(Authentication.sessionCookie)=\(session)"
        let page = try await client.send(.get, "/settings", headers: headers)
        let token = try #require(page.csrf)
        headers[DashboardHeader.csrfToken] = token
        let imported = try await client.send(.post, "/data/import", headers: headers, body: line + "\n")
        #expect(imported.status == .ok, "\(imported.body)")
        #expect(FileManager.default.fileExists(atPath: client.locations.dataDirectory + "/records.jsonl"))
    }

    @Test(
        "a foreign Host is 421 before any route (the password is not checked); none is 400; a 20 kB form 413")
    func hostsAndSizes() async throws {
        let client = try DashboardClient(password: "correct horse")
        defer { client.remove() }
        #expect(try await client.send(.get, "/", host: "evil.example:8765").status == .misdirectedRequest)
        #expect(
            try await client.send(.get, "/export/csv", host: "evil.example").status == .misdirectedRequest)
        let page = try await client.send(.get, "/login")
        let token = try #require(page.cookie(Authentication.loginCookie))
        var headers = HTTPFields()
        headers[.cookie] = "\(Authentication.loginCookie)=\(token)"
        let guess = try await client.send(
            .post, "/login", headers: headers, form: [("password", "correct horse"), ("csrf", token)],
            host: "evil.example")
        #expect(guess.status == .misdirectedRequest && guess.cookie(Authentication.sessionCookie) == nil)
        #expect(try await client.send(.get, "/", host: "localhost:8765").status == .ok)
        let big = try await client.send(
            .post, "/login", headers: headers,
            form: [("password", String(repeating: "x", count: 20_000)), ("csrf", token)])
        #expect(big.status == .contentTooLarge)
    }

    @Test(
        "sessions come 30 a page, newest first, as far back as the journal goes; an old session opens; a page past the last is 404"
    )
    func sessionPages() async throws {
        let client = try DashboardClient()
        defer { client.remove() }
        // 90 sittings of 100 answers, an hour apart: about 3 MB, past the 2 MiB the first page reads.
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        let records = (0..<9_000).map { index in
            let note = MIDINote(clamping: 48 + index % 24)
            return StoredRecord(
                .comparison(
                    CompletedComparison(
                        comparison: Comparison(note1: note, note2: note, centDifference: Cents(12.5)),
                        answer: index % 4 == 0 ? .lower : .higher,
                        timestamp: start.addingTimeInterval(
                            Double(index / 100) * 3_600 + Double(index % 100) * 3),
                        context: TrialContext(settings: .defaults), responseTime: 0.5, inputKind: .keyboard)))
        }
        try await JournalStore(directory: client.locations.dataDirectory).append(records)
        func rows(_ body: String) -> [String] {
            body.components(separatedBy: #"<tr><td><a href="/sessions/"#).dropFirst().map {
                String($0.prefix { $0 != "\"" })
            }
        }
        let first = try await client.send(.get, "/sessions")
        #expect(first.status == .ok)
        let newest = rows(first.body)
        #expect(newest.count == 30)
        #expect(newest.first == String(Int64((start.timeIntervalSince1970 + 89 * 3_600) * 1000)))
        #expect(first.body.contains(#"href="/sessions?page=2" rel="next""#))
        #expect(!first.body.contains(#"rel="prev""#))
        let third = try await client.send(.get, "/sessions?page=3")
        let oldest = rows(third.body)
        #expect(oldest.count == 30, "the oldest page is whole: read back past the first window")
        #expect(oldest.last == String(Int64(start.timeIntervalSince1970 * 1000)))
        #expect(
            third.body.contains(#"href="/sessions?page=2" rel="prev""#)
                && !third.body.contains(#"rel="next""#))
        #expect(third.body.contains("100</td>"), "each sitting with all its 100 answers")
        let session = try await client.send(.get, "/sessions/" + (oldest.last ?? ""))
        #expect(session.status == .ok)
        let answers = session.body.components(separatedBy: #"<ol class="lines session-answers">"#).dropFirst()
            .map { $0.components(separatedBy: "</ol>")[0].components(separatedBy: "<li>").count - 1 }
        #expect(answers == [100])
        #expect(try await client.send(.get, "/sessions?page=4").status == .notFound)
        #expect(try await client.send(.get, "/sessions?page=0").status == .badRequest)
        #expect(try await client.send(.get, "/sessions/123").status == .notFound)
    }

    @Test(
        "a chart is drawn for a phone when asked (340 pixels, text 13), wide otherwise; another layout is 400"
    )
    func chartLayouts() async throws {
        let client = try DashboardClient()
        defer { client.remove() }
        for chart in ["/charts/profile.svg", "/charts/progress.svg?weeks=520"] {
            let separator = chart.contains("?") ? "&" : "?"
            let phone = try await client.send(.get, chart + separator + "layout=phone")
            #expect(phone.status == .ok && phone.body.contains(#"width="340""#), "\(chart)")
            let wide = try await client.send(.get, chart)
            #expect(wide.body.contains(#"width="960""#), "\(chart)")
            #expect(try await client.send(.get, chart + separator + "layout=watch").status == .badRequest)
        }
        let page = try await client.send(.get, "/progress")
        #expect(
            page.body.contains(
                #"<source media="(max-width: 40rem)" srcset="/charts/progress.svg?weeks=26&amp;layout=phone">"#
            ))
    }
}
