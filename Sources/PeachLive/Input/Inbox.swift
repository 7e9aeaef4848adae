// Inbox: a bounded queue that input threads post to and a command's main loop waits on.

import DequeModule
import Foundation
import PeachTraining

/// A queue between input threads (MIDI, keyboard, signals) and a command's loop (`monitor`, `learn`, `tone`),
/// which waits on it. Taking and posting are O(1) (a `Deque`), so a flood costs time in proportion to its size.
/// Urgent items (signals) go ahead of everything waiting, so Ctrl-C is answered at
/// once even behind a backlog. Other items wait for room once ``capacity`` are queued (back-pressure on the
/// posting thread) until ``close()``.
public final class Inbox<Item: Sendable>: @unchecked Sendable {
    /// How many ordinary items may wait before a post waits for room.
    public let capacity: Int
    private let condition = NSCondition()
    private var items = Deque<Item>()  // guarded by condition
    private var urgent = Deque<Item>()  // guarded by condition
    private var closed = false  // guarded by condition

    /// An empty inbox holding at most `capacity` ordinary items.
    public init(capacity: Int = InputGate.defaultCapacity) {
        self.capacity = max(capacity, 1)
    }

    /// Adds an item: an urgent one at once, ahead of the others; an ordinary one once there is room. After
    /// ``close()`` items are dropped.
    public func post(_ item: Item, urgent isUrgent: Bool = false) {
        condition.lock()
        defer { condition.unlock() }
        if !isUrgent {
            while items.count >= capacity && !closed { condition.wait() }
        }
        guard !closed else { return }
        if isUrgent { urgent.append(item) } else { items.append(item) }
        condition.broadcast()
    }

    /// The next item (urgent ones first), waiting up to `timeout` seconds (nil: for ever); nil when the time
    /// ran out or the inbox was closed and is empty.
    public func next(timeout: Double? = nil) -> Item? {
        let deadline = timeout.map { Date(timeIntervalSinceNow: max($0, 0)) }
        condition.lock()
        defer { condition.unlock() }
        while urgent.isEmpty && items.isEmpty && !closed {
            if let deadline {
                guard condition.wait(until: deadline) else { break }
            } else {
                condition.wait()
            }
        }
        if let item = urgent.popFirst() { return item }
        guard let item = items.popFirst() else { return nil }
        condition.broadcast()  // room for a waiting poster
        return item
    }

    /// Drops what waits, lets nothing more in, and releases a waiting poster.
    public func close() {
        condition.lock()
        closed = true
        items.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}
