// CommandQueue: the synth's commands from the main actor to the render thread, on a preallocated ring.

import Synchronization

/// A bounded lock-free queue between one producer (the main actor) and one consumer (the render thread).
/// Storage is allocated once; `push` and `pop` never allocate, lock or wait. The single producer is a fact of
/// the type: `push` is `@MainActor`, so the compiler refuses a push from anywhere else.
final class CommandQueue: @unchecked Sendable {
    private let ring: SPSCRing<SynthCommand>
    private let closed = Atomic<Bool>(false)
    /// The rest of the output that consumes the queue, woken by each push (nil: the consumer never rests).
    let rest: OutputRest?

    init(capacity: Int, rest: OutputRest? = nil) {
        ring = SPSCRing(capacity: capacity, initial: .releaseAll)
        self.rest = rest
    }

    /// Adds a command; returns false when the queue is full (the consumer is not keeping up) or closed. Wakes
    /// a resting output.
    @MainActor
    @discardableResult
    func push(_ command: SynthCommand) -> Bool {
        guard !closed.load(ordering: .acquiring), ring.push(command) else { return false }
        rest?.commandQueued()
        return true
    }

    /// Whether a command waits. Consumer side.
    var isEmpty: Bool { ring.count == 0 }

    /// Refuses every later push: the consumer has stopped for good (its output failed). Any thread.
    func close() { closed.store(true, ordering: .releasing) }

    /// Whether ``close()`` was called.
    var isClosed: Bool { closed.load(ordering: .acquiring) }

    /// Takes the oldest command, or nil when empty. Consumer side only.
    func pop() -> SynthCommand? { ring.pop() }
}
