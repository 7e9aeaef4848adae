// DashboardMiddleware: the headers every answer carries, and error pages that give nothing away.

import HTTPTypes
import Hummingbird
import Logging
import PeachText

/// Around every request: first the `Host` it names, which must be one the dashboard answers to (``HostNames``:
/// 421 otherwise, and 400 without one, before any route; against DNS rebinding); the security headers (a Content-Security-Policy that allows only the dashboard's own
/// script, style and images; no framing or sniffing; a referrer only to itself, so a browser names the origin of
/// its own forms, which ``Authentication`` checks), only the methods the router has a route for on the path
/// (``RouteMethods``; GET and HEAD where it has none), and every error turned into
/// a short page in the browser's language with its status. An unexpected error is logged and shown as a 500
/// without its text (no path, no stack trace reaches the network).
struct DashboardMiddleware<Context: RequestContext>: RouterMiddleware {
    let pages: DashboardPages
    let languages: LanguageNegotiation
    let hosts: HostNames
    let methods: RouteMethods
    let logger: Logger

    /// The headers added to every response.
    static var securityHeaders: HTTPFields {
        var fields = HTTPFields()
        fields[.contentSecurityPolicy] =
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
            + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
        fields[.xContentTypeOptions] = "nosniff"
        fields[DashboardHeader.referrerPolicy] = "same-origin"
        return fields
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response: Response
        let allowed = methods.methods(for: request.uri.path)
        if request.head.authority == nil {
            response = errorPage(400, request)
        } else if !hosts.allows(request.head.authority) {
            response = errorPage(421, request)
        } else if !allowed.contains(request.method) {
            response = errorPage(405, request)
            response.headers[.allow] = allowed.map(\.rawValue).joined(separator: ", ")
        } else {
            do {
                response = try await next(request, context)
                if request.method == .head { response.body = ResponseBody() }
            } catch let error as HTTPError {
                response = errorPage(Int(error.status.code), request)
            } catch {
                logger.error("dashboard: \(request.method) \(request.uri.path): \(error)")
                response = errorPage(500, request)
            }
        }
        response.headers.append(contentsOf: Self.securityHeaders)
        return response
    }

    private func errorPage(_ status: Int, _ request: Request) -> Response {
        let texts = languages.texts(for: request.headers[.acceptLanguage])
        return DashboardRoutes.html(
            pages.error(status: status, texts: texts), status: HTTPResponse.Status(code: status))
    }
}
