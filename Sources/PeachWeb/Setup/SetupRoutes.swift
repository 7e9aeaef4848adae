// SetupRoutes: the setup page's addresses: the page, a test tone, an output used, the keys, a SoundFont, log, restart.

import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PeachCore
import PeachStore
import PeachText
import PeachTraining

/// The routes of the setup page (``SetupPage``). `GET /setup` shows it (signed out: that signing in sets up the
/// box); every other route needs a session (``RequireSession``) and the session's token: `POST /setup/tone`
/// (a test tone on one of the box's outputs), `/setup/output` (that output saved as `audioOutput`, within
/// ``DashboardSettingRules``, and the box restarted), `/setup/watch` (a minute's controller test; `GET
/// /setup/keys` reads the keys pressed), `/setup/profile` (the controller profile), `/setup/soundfont`
/// (``SoundFontUpload``), `GET /setup/log` (the box's log as a file) and `POST /setup/restart`. What changes
/// the box is written to the box's log with the client's address (``DashboardAudit``).
extension DashboardRoutes {
    private struct OutputForm: Decodable {
        let output: String
        let csrf: String
    }

    private struct ValueForm: Decodable {
        let value: String
        let csrf: String
    }

    func addSetup(to router: Router<DashboardContext>, _ methods: RouteMethods) {
        page(router, methods, "/setup") { request, context in
            Self.html(
                setup.render(
                    status: box.running, texts: texts(request), session: context.session, now: Date()))
        }
        let signedIn = router.group().add(middleware: RequireSession())
        post(signedIn, methods, "/setup/tone") { request, context in
            let texts = texts(request)
            let form = try await Self.form(OutputForm.self, request, context)
            let session = try Authentication.authorize(context, token: form.csrf)
            let outcome = await box.ask(BoxRequest(action: .testTone, output: form.output)) {
                pages.publicMessage($0, texts: texts)
            }
            let notice =
                switch outcome {
                case .done: texts.tonePlayed(form.output)
                case .refused(let reason): texts.toneNotPlayed(reason)
                default: Self.words(outcome, texts: texts)
                }
            return Self.html(
                setup.render(
                    status: box.running, texts: texts, session: session, notices: [notice], now: Date()),
                status: outcome == .done ? .ok : .conflict)
        }
        post(signedIn, methods, "/setup/output") { request, context in
            let texts = texts(request)
            let form = try await Self.form(OutputForm.self, request, context)
            let session = try Authentication.authorize(context, token: form.csrf)
            let running = box.running
            // Only an output the box lists (where it lists none, an ALSA device; never a file: saving checks).
            let listed =
                running?.outputs?.contains { $0.setting == form.output } ?? form.output.hasPrefix("alsa:")
            let problem =
                listed
                ? await saveSetting(.audioOutput, form.output, texts: texts, client: context.client)
                : texts(.outputNotListed)
            if let problem {
                return Self.html(
                    setup.render(
                        status: running, texts: texts, session: session, notices: [problem], now: Date()),
                    status: .badRequest)
            }
            let restarting = box.restart()
            return Self.html(
                setup.render(
                    status: running, texts: texts, session: session,
                    notices: [texts.outputSaved(form.output, restarting: restarting)], now: Date()))
        }
        post(signedIn, methods, "/setup/watch") { request, context in
            let texts = texts(request)
            let form = try await Self.form(TokenForm.self, request, context)
            let session = try Authentication.authorize(context, token: form.csrf)
            let outcome = await box.ask(BoxRequest(action: .watchKeys)) {
                pages.publicMessage($0, texts: texts)
            }
            guard outcome == .done else {
                return Self.html(
                    setup.render(
                        status: box.running, texts: texts, session: session,
                        notices: [Self.words(outcome, texts: texts)], now: Date()),
                    status: .conflict)
            }
            return Self.redirect("/setup#controllers")
        }
        page(signedIn, methods, "/setup/keys") { request, _ in
            let texts = texts(request)
            let status = box.running
            let watching = status?.watchingUntil.map { $0 > Date() } ?? false
            let keys = watching ? SetupPage.keys(status, texts: texts) : []
            let body = SetupKeys(
                watching: watching, state: watching ? texts(.watchingKeys) : texts(.notWatching), keys: keys)
            return Response(
                status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: (try? JSONEncoder().encode(body)) ?? Data()))
            )
        }
        post(signedIn, methods, "/setup/profile") { request, context in
            let texts = texts(request)
            let form = try await Self.form(ValueForm.self, request, context)
            let session = try Authentication.authorize(context, token: form.csrf)
            if let problem = await saveSetting(
                .controllerProfile, form.value, texts: texts, client: context.client)
            {
                return Self.html(
                    setup.render(
                        status: box.running, texts: texts, session: session, notices: [problem], now: Date()),
                    status: .badRequest)
            }
            return Self.redirect("/setup#controllers")
        }
        post(signedIn, methods, "/setup/soundfont") { request, context in
            let texts = texts(request)
            _ = try Authentication.authorize(context, token: request.headers[DashboardHeader.csrfToken])
            let outcome = try await SoundFontUpload.run(
                request, library: soundFonts, texts: texts, check: checkSoundFont)
            await audit.record(audit.texts.auditSetup(outcome.text, client: context.client))
            var response = Response(
                status: outcome.status, headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: outcome.text + "\n")))
            // A refused upload's rest is not read: the connection closes after the answer.
            if outcome.status != .ok { response.headers[.connection] = "close" }
            return response
        }
        page(signedIn, methods, "/setup/log") { _, _ in
            let log = StatusLog(directory: pages.locations.dataDirectory)
            let text = log.lastLines(2_000).joined(separator: "\n") + "\n"
            return Response(
                status: .ok,
                headers: [
                    .contentType: "text/plain; charset=utf-8", .cacheControl: "no-store",
                    .contentDisposition: "attachment; filename=\"peach-box-log.txt\"",
                ],
                body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
        }
        post(signedIn, methods, "/setup/restart") { request, context in
            let texts = texts(request)
            let form = try await Self.form(TokenForm.self, request, context)
            let session = try Authentication.authorize(context, token: form.csrf)
            let restarting = box.restart()
            if restarting { await audit.record(audit.texts.auditRestart(client: context.client)) }
            return Self.html(
                setup.render(
                    status: box.running, texts: texts, session: session,
                    notices: [restarting ? texts(.restarting) : texts(.boxNotRunningShort)], now: Date()),
                status: restarting ? .ok : .conflict)
        }
    }
}

extension DashboardRoutes {
    /// What came of a request the box did not do, in `texts`' words: its reason, that it is not running, or that
    /// it did not answer.
    static func words(_ outcome: BoxControl.Outcome, texts: Texts) -> String {
        switch outcome {
        case .done: ""
        case .refused(let reason): reason
        case .notRunning: texts(.boxNotRunningShort)
        case .noAnswer: texts(.boxNoAnswer)
        }
    }
}

/// `GET /setup/keys`: whether the box shows key presses now, what to say, and the keys pressed (newest first).
struct SetupKeys: Encodable {
    let watching: Bool
    let state: String
    let keys: [String]
}
