// LiveSessionClock: the real-time clock, running actions on the main actor with Task.sleep.

import Foundation
import PeachCore
import PeachTraining

/// The real-time ``SessionClock``: `Date()` for the time, main-actor tasks that sleep for timers.
/// Waiting costs no CPU (the task is suspended, not polling).
///
/// A timer's deadline is fixed when it is scheduled, and timers fire in the order of their deadlines (those with
/// the same deadline in the order scheduled): each wake-up fires every pending timer that is due, earliest first.
/// A task's body starts only when the main actor gets to it, so one timer's task may start, sleep and wake before
/// an earlier timer's task has even started (seen on the arm64 check's emulated processor, the main actor shared
/// with other work): the later timer's wake-up fires the earlier one first.
@MainActor
public final class LiveSessionClock: SessionClock {
    /// The timers neither fired nor cancelled (a cancelled one until the next wake-up), in the order scheduled.
    private var pending: [LiveTimer] = []

    /// Creates the clock.
    public init() {}

    /// The current wall-clock time.
    public var now: Date { Date() }

    /// Runs `action` on the main actor `delay` after this call, after every timer due before it. The timer lives
    /// until it has fired or was cancelled, whether or not the caller keeps the returned handle.
    @discardableResult
    public func schedule(
        after delay: Duration, _ action: @escaping @MainActor () -> Void
    ) -> any ScheduledTimer {
        let deadline = ContinuousClock.now + delay
        let timer = LiveTimer(deadline: deadline, action: action)
        pending.append(timer)
        timer.task = Task { @MainActor [timer] in
            try? await Task.sleep(until: deadline, clock: .continuous)
            self.fireDue(wokenBy: timer)
        }
        return timer
    }

    /// Fires every pending timer that is due, earliest first, on the wake-up of `waking`'s task: through its own
    /// deadline when it woke for it, through now when its cancellation woke it (it is gone from the list then).
    private func fireDue(wokenBy waking: LiveTimer) {
        pending.removeAll { $0.isCancelled }
        let limit = waking.isCancelled ? ContinuousClock.now : max(ContinuousClock.now, waking.deadline)
        // An action may schedule or cancel timers: the next one due is looked for again after each.
        while let next = pending.indices.min(by: { pending[$0].deadline < pending[$1].deadline }),
            pending[next].deadline <= limit
        {
            let timer = pending.remove(at: next)
            guard !timer.isCancelled else { continue }
            timer.isCancelled = true  // fired: a later cancel does nothing
            // Another timer's wake-up has nothing left to fire; the task running here is not cancelled, so that
            // no action runs in a cancelled task.
            if timer !== waking { timer.task?.cancel() }
            timer.action()
        }
    }
}

/// A pending action of a ``LiveSessionClock``.
@MainActor
private final class LiveTimer: ScheduledTimer {
    let deadline: ContinuousClock.Instant
    let action: @MainActor () -> Void
    var task: Task<Void, Never>?
    var isCancelled = false

    init(deadline: ContinuousClock.Instant, action: @escaping @MainActor () -> Void) {
        self.deadline = deadline
        self.action = action
    }

    func cancel() {
        isCancelled = true
        task?.cancel()
    }
}
