// ConnectionGuard: each connection counted against the limits, its requests given deadlines, a stalled reader let go.

import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// In every connection's pipeline, after HTTP is decoded: admits the connection through ``ConnectionLimits``
/// (closing it when refused), closes it when a request that has begun does not arrive whole in time (a head at
/// once, a body at ``minimumRate`` or faster after ``requestGrace``: a body trickled a byte at a time no
/// longer holds a connection for ever, as Hummingbird's idle timer, reset by each byte, let it), and when the
/// client has not read what was sent for ``stalledLimit`` (an unread download or event stream). Each runs on
/// the connection's event loop; nothing here blocks.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// Time for a request (its head and a body of up to 64 KiB) to arrive once it has begun.
    static let requestGrace = TimeAmount.seconds(10)
    /// The slowest a longer body may arrive (an import of 32 MiB: 8.5 minutes), bytes a second.
    static let minimumRate = 64 * 1024
    /// How long the client may leave what was sent unread before the connection closes.
    static let stalledLimit = TimeAmount.seconds(60)

    private let limits: ConnectionLimits
    private var admitted = false
    private var decided = false
    private var requestDeadline: Scheduled<Void>?
    private var stallDeadline: Scheduled<Void>?

    /// A guard counting against `limits`.
    init(limits: ConnectionLimits) { self.limits = limits }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { admit(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        admit(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        release(context)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        release(context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            let length = head.headerFields[.contentLength].flatMap(Int.init) ?? 0
            let allowed = Self.requestGrace + .seconds(Int64(max(0, length - 65_536) / Self.minimumRate))
            requestDeadline?.cancel()
            requestDeadline = schedule(context, in: allowed)
        case .end:
            requestDeadline?.cancel()
            requestDeadline = nil
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            stallDeadline?.cancel()
            stallDeadline = nil
        } else if stallDeadline == nil {
            stallDeadline = schedule(context, in: Self.stalledLimit)
        }
        context.fireChannelWritabilityChanged()
    }

    private func admit(_ context: ChannelHandlerContext) {
        guard !decided else { return }
        decided = true
        let client = context.channel.remoteAddress?.ipAddress ?? "unknown"
        if limits.admit(context.channel, client: client) {
            admitted = true
        } else {
            context.close(promise: nil)
        }
    }

    private func release(_ context: ChannelHandlerContext) {
        requestDeadline?.cancel()
        stallDeadline?.cancel()
        requestDeadline = nil
        stallDeadline = nil
        if admitted { limits.release(context.channel) }
        admitted = false
    }

    /// Closes the connection after `delay` unless cancelled first.
    private func schedule(_ context: ChannelHandlerContext, in delay: TimeAmount) -> Scheduled<Void> {
        let channel = context.channel
        return context.eventLoop.scheduleTask(in: delay) { channel.close(promise: nil) }
    }
}
