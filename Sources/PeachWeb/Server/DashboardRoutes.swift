// DashboardRoutes: the dashboard's addresses: pages, charts, the live stream, downloads, and the few that change.

import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import PeachCore
import PeachStore
import PeachText
import PeachTraining

/// The routes of the dashboard. Reading needs nothing: the pages, the two charts, the live stream and the assets
/// are GETs anyone who reaches the page may make. Changing, and taking every answer away, need a session
/// (``Authentication``): `POST /login` (the password), and in a route group behind ``RequireSession``
/// `/logout`, `GET /export/FORMAT` (``ExportDownload``), `POST /settings` (one setting, as `peach settings set`
/// does, within ``DashboardSettingRules``), and `POST /data/import` (``ImportUpload``).
struct DashboardRoutes: Sendable {
    let store: DashboardStore
    let pages: DashboardPages
    let languages: LanguageNegotiation
    let hosts: HostNames
    let authentication: Authentication
    let editor: @Sendable () -> SettingsEditor
    let soundFonts: SoundFontLibrary
    let exports = ExportDownload()
    let sessionsCache = SessionsCache()
    let audit: DashboardAudit
    let logger: Logger
    /// The setup page: the way to the box, its page, and Peach's SoundFont check.
    let box: BoxControl
    let setup: SetupPage
    let checkSoundFont: @Sendable (String) throws -> Void

    /// The router, wrapped in ``DashboardMiddleware``, which learns the methods of each path from the routes
    /// added here (``RouteMethods``), then in ``SessionMiddleware``, which puts each request's session in its
    /// context.
    func router() -> Router<DashboardContext> {
        let router = Router(context: DashboardContext.self)
        let methods = RouteMethods()
        router.add(
            middleware: DashboardMiddleware(
                pages: pages, languages: languages, hosts: hosts, methods: methods, logger: logger))
        router.add(middleware: SessionMiddleware(authentication: authentication))
        addPages(to: router, methods)
        addChanges(to: router, methods)
        addSetup(to: router, methods)
        return router
    }

    // MARK: - Reading

    private func addPages(to router: Router<DashboardContext>, _ methods: RouteMethods) {
        func page(
            _ router: Router<DashboardContext>, _ path: String,
            _ handler: @escaping @Sendable (Request, DashboardContext) async throws -> Response
        ) {
            self.page(router, methods, path, handler)
        }
        page(router, "/") { request, context in
            let view = await store.current()
            let session = context.session
            return Self.html(pages.overview(view, texts: texts(request), session: session, now: Date()))
        }
        page(router, "/progress") { request, context in
            let weeks = try Self.weeks(request)
            let view = await store.current()
            let session = context.session
            return Self.html(pages.progress(view, weeks: weeks, texts: texts(request), session: session))
        }
        page(router, "/sessions") { request, context in
            let texts = texts(request)
            let session = context.session
            let directory = pages.locations.dataDirectory
            let number = try Self.pageNumber(request)
            let sessions: PracticeSessions
            do {
                sessions = try await recentSessions(directory) { $0.covers(page: number) }
            } catch {
                return Self.html(
                    pages.sessions(
                        nil, page: number, error: error, texts: texts, session: session, now: Date()))
            }
            if number > 1, sessions.page(number).isEmpty { throw HTTPError(.notFound) }
            return Self.html(
                pages.sessions(
                    sessions, page: number, error: nil, texts: texts, session: session, now: Date()))
        }
        page(router, "/sessions/{id}") { request, context in
            let directory = pages.locations.dataDirectory
            guard let id = context.parameters.get("id"), let start = Int64(id) else {
                throw HTTPError(.notFound)
            }
            // Read back until the session that began then is whole (or there is nothing older).
            let sessions = try await recentSessions(directory) { sessions in
                sessions.sessions.last.map { (Int64($0.id) ?? 0) < start } ?? false
            }
            guard let entry = sessions.sessions.first(where: { $0.id == id }) else {
                throw HTTPError(.notFound)
            }
            let session = context.session
            return Self.html(pages.session(entry, texts: texts(request), session: session))
        }
        page(router, "/box") { request, context in
            let view = await store.current()
            let session = context.session
            return Self.html(pages.box(view, texts: texts(request), session: session, now: Date()))
        }
        page(router, "/settings") { request, context in
            let texts = texts(request)
            let saved = request.uri.queryParameters.get("saved").flatMap { try? SettingKey.named($0) }
            return Self.html(
                pages.settings(
                    texts: texts, session: context.session,
                    hasPassword: authentication.password.isSet, saved: saved))
        }
        page(router, "/data") { request, context in
            Self.html(pages.data(texts: texts(request), session: context.session))
        }
        page(router, "/login") { request, _ in
            let token = SessionStore.token()
            var response = Self.html(
                pages.login(texts: texts(request), csrf: token, hasPassword: authentication.password.isSet))
            response.setCookie(Authentication.loginCookie(token))
            return response
        }
        page(router, "/charts/profile.svg") { request, _ in
            let view = await store.current()
            return Self.svg(pages.profileChart(view, texts: texts(request), layout: try Self.layout(request)))
        }
        page(router, "/charts/progress.svg") { request, _ in
            let weeks = try Self.weeks(request)
            let view = await store.current()
            return Self.svg(
                pages.progressChart(
                    view, weeks: weeks, texts: texts(request), layout: try Self.layout(request)))
        }
        page(router, "/events") { request, _ in
            LiveStream.response(store: store, pages: pages, texts: texts(request))
        }
        page(router, "/assets/dashboard.css") { _, _ in
            Self.asset(DashboardAssets.styleSheet, type: "text/css; charset=utf-8")
        }
        page(router, "/assets/live.js") { _, _ in
            Self.asset(DashboardAssets.liveScript, type: "text/javascript; charset=utf-8")
        }
        page(router, "/favicon.ico") { _, _ in Response(status: .noContent) }
    }

    /// Adds `handler` for GET and HEAD on `path` (``DashboardMiddleware`` drops a HEAD's body).
    func page(
        _ router: some RouterMethods<DashboardContext>, _ methods: RouteMethods, _ path: String,
        _ handler: @escaping @Sendable (Request, DashboardContext) async throws -> Response
    ) {
        router.get(RouterPath(path), use: handler)
        router.head(RouterPath(path), use: handler)
        methods.add(path, .get)
        methods.add(path, .head)
    }

    /// Adds `handler` for POST on `path`.
    func post(
        _ router: some RouterMethods<DashboardContext>, _ methods: RouteMethods, _ path: String,
        _ handler: @escaping @Sendable (Request, DashboardContext) async throws -> Response
    ) {
        router.post(RouterPath(path), use: handler)
        methods.add(path, .post)
    }

    // MARK: - Changing

    private struct LoginForm: Decodable {
        let password: String
        let csrf: String
    }

    struct TokenForm: Decodable {
        let csrf: String
    }

    private struct SettingForm: Decodable {
        let key: String
        let value: String
        let csrf: String
    }

    /// Sign-in for anyone with the form's token; every other change in a group that only a signed-in browser
    /// from the dashboard's own origin passes (``RequireSession``).
    private func addChanges(to router: Router<DashboardContext>, _ methods: RouteMethods) {
        let signedIn = router.group().add(middleware: RequireSession())
        page(signedIn, methods, "/export/{format}") { request, context in
            guard let format = context.parameters.get("format").flatMap(ExportFormat.init(rawValue:)) else {
                throw HTTPError(.notFound)
            }
            // A HEAD starts no export (its body would never be taken, and the export would hold its turn).
            if request.method == .head { return Response(status: .ok, headers: [.cacheControl: "no-store"]) }
            return try await exports.response(
                directory: pages.locations.dataDirectory, format: format, now: Date())
        }
        post(router, methods, "/login") { request, context in
            let texts = texts(request)
            let form = try await Self.form(LoginForm.self, request, context)
            try Authentication.checkOrigin(request)
            guard let cookie = request.cookies[Authentication.loginCookie]?.value,
                Authentication.same(cookie, form.csrf)
            else { throw HTTPError(.forbidden) }
            if let wait = await authentication.sessions.beginAttempt(client: context.client) {
                var response = Self.html(pages.error(status: 429, texts: texts), status: .tooManyRequests)
                response.headers[.retryAfter] = "\(Int(wait.rounded(.up)))"
                return response
            }
            let password = authentication.password
            let succeeded = (try? await BlockingWork.run { password.verify(form.password) }) ?? false
            let notice = await authentication.sessions.finishAttempt(
                client: context.client, succeeded: succeeded)
            switch notice {
            case .none: break
            case .failed: await audit.record(audit.texts.auditFailedSignIn(client: context.client))
            case .slowed:
                await audit.record(
                    audit.texts.auditSignInsSlowed(
                        failures: SessionStore.globalAllowed, minutes: Int(SessionStore.attemptWindow / 60),
                        seconds: Int(SessionStore.globalSpacing)))
            }
            guard succeeded else {
                let token = SessionStore.token()
                var response = Self.html(
                    pages.login(
                        texts: texts, csrf: token, hasPassword: password.isSet,
                        notices: [texts(.wrongPassword)]), status: .unauthorized)
                response.setCookie(Authentication.loginCookie(token))
                return response
            }
            let (id, _) = await authentication.sessions.create()
            var response = Self.redirect("/settings")
            response.setCookie(Authentication.sessionCookie(id))
            return response
        }
        post(signedIn, methods, "/logout") { request, context in
            let form = try await Self.form(TokenForm.self, request, context)
            _ = try Authentication.authorize(context, token: form.csrf)
            await authentication.sessions.end(request.cookies[Authentication.sessionCookie]?.value)
            var response = Self.redirect("/")
            response.setCookie(Authentication.sessionCookie(nil))
            return response
        }
        post(signedIn, methods, "/settings") { request, context in
            let texts = texts(request)
            let form = try await Self.form(SettingForm.self, request, context)
            let session = try Authentication.authorize(context, token: form.csrf)
            let problem: String?
            do {
                let key = try SettingKey.named(form.key)
                problem = await saveSetting(key, form.value, texts: texts, client: context.client)
                if problem == nil {
                    return Self.redirect("/settings?saved=\(key.rawValue)#setting-\(key.rawValue)")
                }
            } catch {
                problem = pages.publicMessage(error, texts: texts)
            }
            return Self.html(
                pages.settings(
                    texts: texts, session: session, hasPassword: true, notices: problem.map { [$0] } ?? []),
                status: .badRequest)
        }
        post(signedIn, methods, "/data/import") { request, context in
            let texts = texts(request)
            _ = try Authentication.authorize(context, token: request.headers[DashboardHeader.csrfToken])
            let outcome = try await ImportUpload.run(
                request, directory: pages.locations.dataDirectory, pages: pages, texts: texts)
            await audit.record(audit.texts.auditImport(outcome.text, client: context.client))
            var response = Response(
                status: outcome.status, headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: outcome.text + "\n")))
            // The rest of a refused upload is not read: the connection closes after the answer.
            if outcome.status == .contentTooLarge { response.headers[.connection] = "close" }
            return response
        }
    }

    // MARK: - Parts

    /// The practice sessions of the store in `directory`, as many as `enough` asks for (the newest page's
    /// unless told), read again only when the store changed or an older page is asked for.
    private func recentSessions(
        _ directory: String, enough: @escaping @Sendable (PracticeSessions) -> Bool = { $0.covers(page: 1) }
    ) async throws -> PracticeSessions {
        let generation = await store.current().generation
        return try await sessionsCache.sessions(generation: generation, enough: enough) {
            try await BlockingWork.run { try PracticeSessions.read(directory: directory, until: enough) }
        }
    }

    /// Saves `typed` for `key` as the dashboard may: read as the page offered it (German `H2-H5`, `Es`: the file
    /// keeps `B2-B5`, `Eb`), refused where it names a file on the box or a SoundFont the library lacks
    /// (``DashboardSettingRules``), else saved as `peach settings set` saves it; either is logged for the owner
    /// (``DashboardAudit``). Nil when saved, else why not, in `texts`' words.
    func saveSetting(_ key: SettingKey, _ typed: String, texts: Texts, client: String) async -> String? {
        let value = texts.storedValue(typed, of: key)
        if let refusal = DashboardSettingRules.refusal(key, value, soundFonts: soundFonts) {
            await audit.record(audit.texts.auditSettingRefused(key.rawValue, value: value, client: client))
            return switch refusal {
            case .path: texts.settingNamesAFile(key.rawValue)
            case .unknownSoundFont(let known): texts.unknownSoundFont(value, known: known)
            }
        }
        do {
            _ = try editor().set(key, to: value, at: Date())
        } catch {
            return pages.publicMessage(error, texts: texts)
        }
        await audit.record(audit.texts.auditSettingChanged(key.rawValue, value: value, client: client))
        return nil
    }

    func texts(_ request: Request) -> Texts { languages.texts(for: request.headers[.acceptLanguage]) }

    /// A form's fields (`application/x-www-form-urlencoded`, at most 16 KiB).
    /// - Throws: `HTTPError(.unsupportedMediaType)` for another type, `.contentTooLarge` for a body too large,
    ///   `.badRequest` for fields missing.
    static func form<Form: Decodable>(
        _ type: Form.Type, _ request: Request, _ context: DashboardContext
    )
        async throws -> Form
    {
        guard request.headers[.contentType]?.hasPrefix("application/x-www-form-urlencoded") == true else {
            throw HTTPError(.unsupportedMediaType)
        }
        var body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: context.maxUploadSize)
        } catch is NIOTooManyBytesError {
            throw HTTPError(.contentTooLarge)
        }
        guard let text = body.readString(length: body.readableBytes) else { throw HTTPError(.badRequest) }
        do { return try URLEncodedFormDecoder().decode(Form.self, from: text) } catch {
            throw HTTPError(.badRequest)
        }
    }

    /// `?weeks=N`: one of ``DashboardPages/periods`` (26 when not given); anything else is a 400.
    private static func weeks(_ request: Request) throws -> Int {
        guard let text = request.uri.queryParameters.get("weeks") else { return ProgressChart.standardWeeks }
        guard let weeks = Int(text), DashboardPages.periods.contains(weeks) else {
            throw HTTPError(.badRequest)
        }
        return weeks
    }

    /// The sessions page asked for: `page=N` (1 to 10,000), the first without it.
    private static func pageNumber(_ request: Request) throws -> Int {
        guard let text = request.uri.queryParameters.get("page") else { return 1 }
        guard let number = Int(text), (1...10_000).contains(number) else { throw HTTPError(.badRequest) }
        return number
    }

    /// The layout a chart is asked for: `layout=phone`, or the wide one without it.
    private static func layout(_ request: Request) throws -> ChartLayout {
        switch request.uri.queryParameters.get("layout") {
        case nil, "wide": return .wide
        case "phone": return .phone
        default: throw HTTPError(.badRequest)
        }
    }

    static func html(_ document: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: document)))
    }

    static func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }

    private static func svg(_ document: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: "image/svg+xml; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: document)))
    }

    private static func asset(_ text: String, type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "max-age=3600"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
