// DashboardContext: what a dashboard request carries besides itself: the client, its session, a body limit.

import Hummingbird
import NIOCore

/// The request context of the dashboard: the client's address (sign-in attempts are counted by it), its session
/// when signed in, and a body limit of 16 KiB for forms (an import streams its own body, up to ``ImportUpload/limit``).
struct DashboardContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The client's address, if the connection has one.
    let remoteAddress: SocketAddress?
    /// The request's session, when its browser is signed in (``SessionMiddleware`` fills it in).
    var session: SessionStore.Session?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    var maxUploadSize: Int { 16 * 1024 }

    /// The client's IP address as text (`unknown` without one).
    var client: String { remoteAddress?.ipAddress ?? "unknown" }
}
