// InputGate: bounds the controller input waiting between the input threads and a training run.

import Foundation

/// Bounds what waits between the input threads (MIDI, keyboard, signals) and the one consumer that takes it
/// on the main actor (a ``TrainingRun``), so a flooding controller cannot grow Peach's memory without limit.
///
/// Each item is let through by ``admit(_:)`` on its input thread and counted until the consumer calls
/// ``taken()``. When ``capacity`` items wait:
/// - signals pass anyway: never lost, never kept waiting;
/// - expendable ones (system messages no rule can use: clock, active sensing, SysEx) are dropped and counted;
/// - events and keys wait for room (back-pressure): the input thread stops reading, the kernel's buffer holds
///   the rest (or, for the sequencer, drops it there), and no answer or stop is lost in Peach.
///
/// ``close()`` (the run ended) releases a waiting thread and lets nothing more through.
public final class InputGate: @unchecked Sendable {
    /// How many items may wait by default: far more than a person plays, a few hundred KB at most.
    public static let defaultCapacity = 1024

    /// How many items may wait before events wait for room and expendable ones are dropped.
    public let capacity: Int
    private let condition = NSCondition()
    private var waiting = 0  // guarded by condition
    private var dropped = 0  // guarded by condition
    private var closed = false  // guarded by condition
    private var waitingForRoom = 0  // guarded by condition

    /// A gate letting `capacity` items wait.
    public init(capacity: Int = InputGate.defaultCapacity) {
        self.capacity = max(capacity, 1)
    }

    /// Called on an input thread before handing `item` on: true to hand it on, false when it was dropped or
    /// the gate is closed. May wait for room (see the type's rules).
    public func admit(_ item: ControllerInputItem) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if !item.isUrgent {
            if item.isExpendable && waiting >= capacity {
                dropped += 1
                return false
            }
            waitingForRoom += 1
            while waiting >= capacity && !closed { condition.wait() }
            waitingForRoom -= 1
        }
        guard !closed else { return false }
        waiting += 1
        return true
    }

    /// The consumer took one item that ``admit(_:)`` let through.
    public func taken() {
        condition.lock()
        waiting = max(waiting - 1, 0)
        condition.signal()
        condition.unlock()
    }

    /// Lets nothing more through and releases a thread waiting for room.
    public func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// How many input threads wait for room now.
    public var threadsWaitingForRoom: Int {
        condition.lock()
        defer { condition.unlock() }
        return waitingForRoom
    }

    /// How many expendable items were dropped because the queue was full.
    public var droppedCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return dropped
    }
}
