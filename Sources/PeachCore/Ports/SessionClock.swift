// SessionClock: the clock port; tells the time and runs actions later on the main actor.

import Foundation

/// The clock of a session: wall-clock time for records, and timers for note lengths, gaps and feedback.
/// The live clock (`LiveSessionClock`, in PeachTraining: PeachCore holds no live adapter) runs in real time;
/// ``VirtualClock`` runs in virtual time for tests and simulations.
@MainActor
public protocol SessionClock: AnyObject {
    /// The current time.
    var now: Date { get }

    /// Runs `action` on the main actor after `delay`, unless the returned timer is cancelled first.
    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> any ScheduledTimer
}

/// A pending action of a ``SessionClock``.
@MainActor
public protocol ScheduledTimer: AnyObject {
    /// Prevents the action from running; does nothing if it already ran. Idempotent.
    func cancel()
}

extension Duration {
    /// The duration in seconds as a floating-point number.
    public var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
