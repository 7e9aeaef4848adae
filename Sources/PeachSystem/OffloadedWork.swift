// OffloadedWork: work handed to a dispatch worker that whoever needs it first does: the worker, or the waiter.

import Foundation
import Synchronization

/// Work handed to another thread (a dispatch worker) that runs exactly once: on that worker when it starts in
/// time, or else on the first thread that comes to ``wait()`` for it, which then does it itself instead of
/// waiting for a worker that has not started. A dispatch pool can hold a worker back for seconds, or for ever
/// where every worker it has waits on something that waits on this: a Pi's two or four cores busy, a test run
/// with each worker reading a child's output. So nothing waits on a dispatch worker that is not running.
public final class OffloadedWork: Sendable {
    /// The work until someone takes it to run.
    private let pending: Mutex<(@Sendable () -> Void)?>
    /// Signalled once the work has run; every ``wait()`` passes the signal on to the next.
    private let done = DispatchSemaphore(value: 0)

    /// Hands `work` to `start` (a dispatch worker unless given: tests hold it back).
    public init(
        start: (@escaping @Sendable () -> Void) -> Void = { DispatchQueue.global().async(execute: $0) },
        _ work: @escaping @Sendable () -> Void
    ) {
        pending = Mutex(work)
        start { [self] in runIfPending() }
    }

    /// Returns once the work has run: at once when it has, after it when it is running elsewhere, and after
    /// running it here when nobody has started it.
    public func wait() {
        runIfPending()
        done.wait()
        done.signal()
    }

    /// Runs the work unless another thread has taken it. The work is let go once taken (what it holds, a
    /// snapshot of the whole profile, say, is freed when it has run, not when this object goes).
    private func runIfPending() {
        guard let work = pending.withLock({ $0.take() }) else { return }
        work()
        done.signal()
    }
}
