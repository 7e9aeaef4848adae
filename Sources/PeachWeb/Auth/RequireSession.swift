// RequireSession: the route group of the requests that change something lets through only a signed-in browser.

import Hummingbird

/// Around the routes that change something (sign out, a setting, an import; not sign-in): a request from
/// another origin (`Origin` not the dashboard's own address) or without a session (``DashboardContext/session``,
/// filled by ``SessionMiddleware``) is refused with 403 before its route runs or its body is read. The route then
/// checks the session's CSRF token where the request carries it (a form field, the upload's header).
struct RequireSession: RouterMiddleware {
    func handle(
        _ request: Request, context: DashboardContext,
        next: (Request, DashboardContext) async throws -> Response
    ) async throws -> Response {
        try Authentication.checkOrigin(request)
        guard context.session != nil else { throw HTTPError(.forbidden) }
        return try await next(request, context)
    }
}
