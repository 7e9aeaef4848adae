// Authentication: signing in and out, and the checks every state-changing request passes.

import Foundation
import HTTPTypes
import Hummingbird
import PeachText

/// Who may change things: a browser signed in with the password (``PasswordFile``), its session in the
/// `peach_session` cookie, and for each state-changing request the session's CSRF token (a form field, or the
/// `X-CSRF-Token` header of an upload) and, when the browser says where the request comes from (`Origin`), the
/// dashboard's own address. Signing in has its own token, tied to the browser by the `peach_login` cookie.
struct Authentication: Sendable {
    /// The session cookie's name.
    static let sessionCookie = "peach_session"
    /// The sign-in form's cookie.
    static let loginCookie = "peach_login"

    let sessions: SessionStore
    let password: PasswordFile

    /// The request's valid session, if any.
    func session(_ request: Request) async -> SessionStore.Session? {
        await sessions.session(request.cookies[Self.sessionCookie]?.value)
    }

    /// The session of a state-changing request (let through by ``RequireSession``) whose CSRF token is `token`.
    /// - Throws: `HTTPError(.forbidden)` without a session or with another token.
    static func authorize(_ context: DashboardContext, token: String?) throws -> SessionStore.Session {
        guard let session = context.session, let token, same(token, session.csrf) else {
            throw HTTPError(.forbidden)
        }
        return session
    }

    /// Refuses a request whose `Origin` (when the browser sends one) is not the dashboard's own address.
    static func checkOrigin(_ request: Request) throws {
        guard let origin = request.headers[.origin] else { return }
        guard let host = request.head.authority, origin == "http://" + host else {
            throw HTTPError(.forbidden)
        }
    }

    /// The cookie that holds session `id` (nil: the one that ends it).
    static func sessionCookie(_ id: String?) -> Cookie {
        Cookie(
            name: sessionCookie, value: id ?? "", maxAge: id == nil ? 0 : Int(SessionStore.lifetime),
            path: "/",
            httpOnly: true, sameSite: .strict)
    }

    /// The sign-in form's cookie holding `token` (for ten minutes).
    static func loginCookie(_ token: String) -> Cookie {
        Cookie(
            name: loginCookie, value: token, maxAge: 600, path: "/login", httpOnly: true, sameSite: .strict)
    }

    /// Whether `a` and `b` are equal, in a time that does not tell how much of them is.
    static func same(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
