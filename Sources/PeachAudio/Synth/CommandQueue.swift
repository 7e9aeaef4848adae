// CommandQueue: a preallocated single-producer/single-consumer ring buffer for synth commands.

import Synchronization

/// A bounded lock-free queue between one producer (the main actor) and one consumer (the render thread).
/// Storage is allocated once; `push` and `pop` never allocate, lock or wait.
final class CommandQueue: @unchecked Sendable {
    private let capacity: Int
    private let storage: UnsafeMutablePointer<SynthCommand>
    private let readIndex = Atomic<Int>(0)
    private let writeIndex = Atomic<Int>(0)
    private let closed = Atomic<Bool>(false)

    init(capacity: Int) {
        self.capacity = capacity
        storage = .allocate(capacity: capacity)
    }

    deinit { storage.deallocate() }

    /// Adds a command; returns false when the queue is full (the consumer is not keeping up) or closed.
    @discardableResult
    func push(_ command: SynthCommand) -> Bool {
        guard !closed.load(ordering: .acquiring) else { return false }
        let write = writeIndex.load(ordering: .relaxed)
        guard write - readIndex.load(ordering: .acquiring) < capacity else { return false }
        (storage + write % capacity).initialize(to: command)
        writeIndex.store(write + 1, ordering: .releasing)
        return true
    }

    /// Refuses every later push: the consumer has stopped for good (its output failed).
    func close() { closed.store(true, ordering: .releasing) }

    /// Whether ``close()`` was called.
    var isClosed: Bool { closed.load(ordering: .acquiring) }

    /// Takes the oldest command, or nil when empty. Consumer side only.
    func pop() -> SynthCommand? {
        let read = readIndex.load(ordering: .relaxed)
        guard read < writeIndex.load(ordering: .acquiring) else { return nil }
        let command = (storage + read % capacity).move()
        readIndex.store(read + 1, ordering: .releasing)
        return command
    }
}
