// ShutdownDeadline: the practice box's stop has a time limit, kept by a thread of its own.

import Foundation
import PeachTraining
import Synchronization

/// A time limit on the practice box's shutdown. Armed when a stop signal arrives, it waits on a thread of its
/// own, so a shutdown stuck in a device call (an ALSA write to a hung USB interface, a join of a thread that
/// does not end) cannot hold it up: when the time runs out before ``disarm()``, `expire` runs (the live box
/// logs and `_exit`s; every answer is already on the disk). systemd's `TimeoutStopSec=` in `peach.service`
/// is longer, so Peach ends itself before systemd kills it.
public final class ShutdownDeadline: Sendable {
    /// How long a shutdown may take, in seconds.
    public static let seconds = PracticeBox.shutdownSeconds

    private let state = Mutex<(armed: Bool, done: Bool)>((false, false))
    private let wait: @Sendable (Double) -> Void
    private let expire: @Sendable (Int32) -> Void
    private let decided = DispatchSemaphore(value: 0)

    /// A deadline that `wait`s (on its thread) and then calls `expire` with the exit status it was armed with,
    /// unless disarmed.
    public init(
        wait: @escaping @Sendable (Double) -> Void = { Thread.sleep(forTimeInterval: $0) },
        expire: @escaping @Sendable (_ exitStatus: Int32) -> Void
    ) {
        self.wait = wait
        self.expire = expire
    }

    /// Starts the time for a stop that should end with `exitStatus` (once; later calls do nothing).
    public func arm(exitStatus: Int32, seconds: Double = ShutdownDeadline.seconds) {
        let first = state.withLock { state -> Bool in
            defer { state.armed = true }
            return !state.armed
        }
        guard first else { return }
        let thread = Thread { [self] in
            wait(seconds)
            let expired = state.withLock { state -> Bool in
                defer { state.done = true }
                return !state.done
            }
            if expired { expire(exitStatus) }
            decided.signal()
        }
        thread.name = "peach-deadline"
        thread.start()
    }

    /// Waits until an armed deadline's time is up and it has expired or found itself disarmed (for tests).
    public func waitUntilDecided() {
        decided.wait()
        decided.signal()
    }

    /// The shutdown finished in time: `expire` will not run.
    public func disarm() {
        state.withLock { $0.done = true }
    }
}
