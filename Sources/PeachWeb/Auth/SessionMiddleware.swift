// SessionMiddleware: every request's session, from its cookie, put in the request context for the routes.

import Hummingbird

/// Before every route: looks up the request's session (the `peach_session` cookie, ``Authentication``) and puts
/// it in ``DashboardContext/session``, so a page shows the signed-in form and a changing route knows who asks,
/// each without looking it up again.
struct SessionMiddleware: RouterMiddleware {
    let authentication: Authentication

    func handle(
        _ request: Request, context: DashboardContext,
        next: (Request, DashboardContext) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.session = await authentication.session(request)
        return try await next(request, context)
    }
}
