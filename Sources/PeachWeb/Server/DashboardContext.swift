// DashboardContext: what a dashboard request carries besides itself: the client, its session, a body limit.

import Hummingbird
import Logging
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

    /// The context of a request that came without a channel (the router answering in process, in its tests):
    /// its logger and the client's address. A channel made for that (NIO's embedded one) may be touched only on
    /// the thread that made it, which a router's asynchronous answers do not keep to.
    init(logger: Logger, remoteAddress: SocketAddress?) {
        coreContext = .init(source: LoggerSource(logger: logger))
        self.remoteAddress = remoteAddress
    }

    /// A request's source that is only its logger.
    private struct LoggerSource: RequestContextSource {
        let logger: Logger
    }

    var maxUploadSize: Int { 16 * 1024 }

    /// The client's IP address as text (`unknown` without one).
    var client: String { remoteAddress?.ipAddress ?? "unknown" }
}
