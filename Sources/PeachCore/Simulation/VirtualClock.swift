// VirtualClock: a clock whose time moves only when told to, firing due timers in order.

import Foundation

/// A ``SessionClock`` in virtual time. Nothing happens until ``advance(by:)`` or ``run(until:limit:)``
/// moves time forward; then due timers fire in time order (ties in the order they were scheduled), each
/// seeing ``now`` at its due time. Deterministic: tests and simulations never sleep.
@MainActor
public final class VirtualClock: SessionClock {
    private struct Entry {
        let due: Duration
        let sequence: Int
        let timer: VirtualTimer
    }

    private let origin: Date
    private var pending: [Entry] = []
    private var nextSequence = 0

    /// The virtual time elapsed since the clock was created.
    public private(set) var elapsed: Duration = .zero

    /// Creates a clock whose ``now`` starts at `start`.
    public init(start: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        origin = start
    }

    /// The virtual wall-clock time.
    public var now: Date { origin.addingTimeInterval(elapsed.seconds) }

    /// The number of timers waiting to fire (cancelled ones not counted).
    public var pendingCount: Int { pending.count { $0.timer.isActive } }

    /// Schedules `action` at ``elapsed`` + `delay`.
    @discardableResult
    public func schedule(
        after delay: Duration, _ action: @escaping @MainActor () -> Void
    ) -> any ScheduledTimer {
        let timer = VirtualTimer(action: action)
        let entry = Entry(due: elapsed + max(delay, .zero), sequence: nextSequence, timer: timer)
        nextSequence += 1
        let index =
            pending.firstIndex { ($0.due, $0.sequence) > (entry.due, entry.sequence) } ?? pending.endIndex
        pending.insert(entry, at: index)
        return timer
    }

    /// Moves time forward by `duration`, firing every timer that falls due on the way (including timers
    /// those actions schedule within the window).
    public func advance(by duration: Duration) {
        let target = elapsed + duration
        while let first = pending.first, first.due <= target {
            pending.removeFirst()
            elapsed = first.due
            first.timer.fire()
        }
        elapsed = target
    }

    /// Jumps from timer to timer until `condition` holds, no timer is pending, or `limit` of virtual time
    /// has passed. Returns whether `condition` holds.
    @discardableResult
    public func run(until condition: () -> Bool, limit: Duration = .seconds(86_400 * 365)) -> Bool {
        let deadline = elapsed + limit
        while !condition() {
            guard let first = pending.first, first.due <= deadline else { return condition() }
            pending.removeFirst()
            elapsed = first.due
            first.timer.fire()
        }
        return true
    }
}

/// A pending action of a ``VirtualClock``.
@MainActor
private final class VirtualTimer: ScheduledTimer {
    private var action: (@MainActor () -> Void)?

    init(action: @escaping @MainActor () -> Void) { self.action = action }

    var isActive: Bool { action != nil }

    func cancel() { action = nil }

    func fire() {
        let action = self.action
        self.action = nil
        action?()
    }
}
