// Watchdog: kills a child process that outlives its deadline, so a hang fails its test instead of stalling CI.

import Foundation
import Synchronization
import Testing

/// Kills a process (SIGKILL) that has not ended by its deadline. A test disarms it once the process ended; a
/// kill is then recorded as the test's failure, naming what hung. Without it one stuck `peach` would hold the
/// whole test run until CI's own time-out, with no word about which test it was.
final class Watchdog: Sendable {
    /// How long any `peach` run in these tests may take: generous for a loaded machine, far below CI's limit.
    static let deadline: Double = 120

    private let pid: pid_t
    /// Whether the deadline has been dealt with: true once fired or disarmed (so a reused pid is never killed).
    private let settled = Mutex<(done: Bool, killed: Bool)>((false, false))
    /// Signalled by ``disarm(_:)``: ends the watching thread before its deadline.
    private let disarmed = DispatchSemaphore(value: 0)

    /// Watches a running `process` for `seconds`, on a thread of its own: a dispatch worker can be held back
    /// (every one busy, some waiting on the very processes a watchdog is there to end).
    init(_ process: Process, seconds: Double = Watchdog.deadline) {
        pid = process.processIdentifier
        Thread { [weak self, disarmed] in
            if disarmed.wait(timeout: .now() + seconds) == .timedOut { self?.fire() }
        }.start()
    }

    private func fire() {
        settled.withLock { state in
            guard !state.done else { return }
            state = (true, true)
            kill(pid, SIGKILL)
        }
    }

    /// Stops watching; records an issue when the process had to be killed.
    func disarm(_ what: @autoclosure () -> String) {
        let killed = settled.withLock { state in
            defer { state.done = true }
            return state.killed
        }
        disarmed.signal()
        if killed {
            Issue.record("\(what()) did not end within \(Int(Watchdog.deadline)) s and was killed")
        }
    }
}
