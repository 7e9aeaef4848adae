// PieceHandoff: pieces handed one at a time from a thread that blocks to a task that awaits, with backpressure.

import Foundation

/// One piece at a time from a producer thread (which may block: an export reading the journal) to an async
/// consumer (a response body): ``put(_:)`` waits until the piece before has been taken, so the producer runs no
/// further ahead than one piece; ``next()`` suspends (no thread held) until a piece or the end comes. Either side
/// may end it: the producer with ``finish(_:)``, the consumer with ``cancel()``, after which ``put(_:)`` throws.
/// A piece not taken within `limit` seconds also ends it (a consumer that stopped without saying so).
final class PieceHandoff: @unchecked Sendable {
    /// Why ``put(_:)`` stopped the producer.
    enum Stopped: Error {
        /// The consumer went away, or took nothing for the time limit.
        case consumerGone
    }

    // Every field below is guarded by `condition`'s lock.
    private let condition = NSCondition()
    private let limit: Double
    private var piece: [UInt8]?
    private var waiter: CheckedContinuation<[UInt8]?, any Error>?
    private var finished = false
    private var failure: (any Error)?
    private var cancelled = false

    /// A hand-over whose pieces must be taken within `limit` seconds.
    init(limit: Double) { self.limit = limit }

    /// Hands `piece` on, waiting until the one before was taken.
    /// - Throws: ``Stopped/consumerGone`` when the consumer cancelled or took nothing for the time limit.
    func put(_ piece: [UInt8]) throws {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: limit)
        while self.piece != nil, !cancelled {
            if !condition.wait(until: deadline) { cancelled = true }
        }
        guard !cancelled else { throw Stopped.consumerGone }
        if let waiter {
            self.waiter = nil
            waiter.resume(returning: piece)
        } else {
            self.piece = piece
        }
    }

    /// Ends the pieces: after the last one, ``next()`` returns nil (or throws `error`).
    func finish(_ error: (any Error)?) {
        condition.lock()
        defer { condition.unlock() }
        finished = true
        failure = error
        guard let waiter, piece == nil else { return }
        self.waiter = nil
        if let error { waiter.resume(throwing: error) } else { waiter.resume(returning: nil) }
    }

    /// The consumer's end: the producer's next ``put(_:)`` throws.
    func cancel() {
        condition.lock()
        cancelled = true
        piece = nil
        condition.broadcast()
        condition.unlock()
    }

    /// The next piece; nil at the end.
    /// - Throws: the producer's error.
    func next() async throws -> [UInt8]? {
        try await withCheckedThrowingContinuation { continuation in
            condition.lock()
            defer { condition.unlock() }
            if let piece {
                self.piece = nil
                condition.signal()
                continuation.resume(returning: piece)
            } else if finished {
                if let failure {
                    continuation.resume(throwing: failure)
                } else {
                    continuation.resume(returning: nil)
                }
            } else {
                waiter = continuation
            }
        }
    }
}
