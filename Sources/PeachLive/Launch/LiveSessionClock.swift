// LiveSessionClock: the real-time clock, running actions on the main actor with Task.sleep.

import Foundation
import PeachCore
import PeachTraining

/// The real-time ``SessionClock``: `Date()` for the time, main-actor tasks that sleep for timers.
/// Waiting costs no CPU (the task is suspended, not polling).
@MainActor
public final class LiveSessionClock: SessionClock {
    /// Creates the clock.
    public init() {}

    /// The current wall-clock time.
    public var now: Date { Date() }

    /// Runs `action` on the main actor after `delay`. The timer lives until it has fired or was cancelled,
    /// whether or not the caller keeps the returned handle.
    @discardableResult
    public func schedule(
        after delay: Duration, _ action: @escaping @MainActor () -> Void
    ) -> any ScheduledTimer {
        let timer = LiveTimer()
        timer.task = Task { @MainActor in
            try? await Task.sleep(for: delay)
            guard !timer.isCancelled else { return }
            timer.isCancelled = true
            action()
        }
        return timer
    }
}

/// A pending action of a ``LiveSessionClock``.
@MainActor
private final class LiveTimer: ScheduledTimer {
    var task: Task<Void, Never>?
    var isCancelled = false

    func cancel() {
        isCancelled = true
        task?.cancel()
    }
}
