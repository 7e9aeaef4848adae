// SPSCRing: a preallocated single-producer, single-consumer ring of plain values, safe on a real-time thread.

import Synchronization

/// A ring of `capacity` plain values between one producer thread and one consumer thread: the storage is
/// allocated once, and pushing and popping only copy values and move two atomic counters, so either side may be
/// a real-time thread (the synth's render thread, JACK's process callback): no allocation, no lock, no wait. The
/// synth's ``CommandQueue`` is one; a JACK sink keeps its samples in one.
public final class SPSCRing<Element: BitwiseCopyable>: @unchecked Sendable {
    /// How many values it holds at most.
    public let capacity: Int
    private let storage: UnsafeMutablePointer<Element>
    /// Values pushed and popped so far (never wrapped back: Int does not overflow in practice).
    private let pushed = Atomic<Int>(0)
    private let popped = Atomic<Int>(0)

    /// A ring of `capacity` values, each starting as `initial`.
    public init(capacity: Int, initial: Element) {
        self.capacity = capacity
        storage = .allocate(capacity: capacity)
        storage.initialize(repeating: initial, count: capacity)
    }

    deinit { storage.deallocate() }

    /// How many values wait to be popped.
    public var count: Int { pushed.load(ordering: .acquiring) - popped.load(ordering: .acquiring) }

    /// How many values could be pushed now.
    public var space: Int { capacity - count }

    /// Copies `values` in, as many as fit (the producer only). Returns how many.
    @discardableResult
    public func push(_ values: UnsafeBufferPointer<Element>) -> Int {
        let head = pushed.load(ordering: .relaxed)
        let taken = popped.load(ordering: .acquiring)
        let count = min(values.count, capacity - (head - taken))
        for index in 0..<count { storage[(head + index) % capacity] = values[index] }
        pushed.store(head + count, ordering: .releasing)
        return count
    }

    /// Pushes one value if there is room (the producer only).
    @discardableResult
    public func push(_ value: Element) -> Bool {
        withUnsafePointer(to: value) { push(UnsafeBufferPointer(start: $0, count: 1)) == 1 }
    }

    /// Copies up to `destination.count` values out (the consumer only). Returns how many.
    @discardableResult
    public func pop(into destination: UnsafeMutableBufferPointer<Element>) -> Int {
        let tail = popped.load(ordering: .relaxed)
        let head = pushed.load(ordering: .acquiring)
        let count = min(destination.count, head - tail)
        for index in 0..<count { destination[index] = storage[(tail + index) % capacity] }
        popped.store(tail + count, ordering: .releasing)
        return count
    }

    /// Pops one value, if there is one (the consumer only).
    public func pop() -> Element? {
        let tail = popped.load(ordering: .relaxed)
        guard pushed.load(ordering: .acquiring) > tail else { return nil }
        let value = storage[tail % capacity]
        popped.store(tail + 1, ordering: .releasing)
        return value
    }
}
