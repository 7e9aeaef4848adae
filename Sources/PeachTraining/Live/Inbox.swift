// Inbox: a thread-safe queue that input threads post to and the main thread waits on.

import Foundation

/// A queue between input threads (MIDI, keyboard, signals) and the main thread, which waits on it. Waiting
/// costs nothing (a semaphore), and a timeout lets the main thread keep time.
public final class Inbox<Item: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Item] = []  // guarded by lock
    private let available = DispatchSemaphore(value: 0)

    /// An empty inbox.
    public init() {}

    /// Adds an item; never blocks.
    public func post(_ item: Item) {
        lock.withLock { items.append(item) }
        available.signal()
    }

    /// The next item, waiting up to `timeout` seconds (nil: for ever); nil when the time ran out.
    public func next(timeout: Double? = nil) -> Item? {
        let result: DispatchTimeoutResult
        if let timeout {
            result = available.wait(timeout: .now() + max(timeout, 0))
        } else {
            available.wait()
            result = .success
        }
        guard result == .success else { return nil }
        return lock.withLock { items.isEmpty ? nil : items.removeFirst() }
    }
}
