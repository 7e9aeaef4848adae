// CommandQueue: the synth's commands from the main actor and the input thread to the render thread, on preallocated rings.

import Synchronization

/// The synth's commands on their way to the render thread: two bounded lock-free rings with one consumer (the
/// render thread). The main actor's commands go through one, the keys played through on the input thread
/// (``SynthKeys``) through the other; the render thread takes the main actor's first. Storage is allocated
/// once; pushing and popping never allocate, lock or wait. Each ring has one producer, a fact of the type: `push`
/// is `@MainActor`, so the compiler refuses a push from anywhere else, and ``pushKey(_:)`` is called only under
/// ``SynthKeys``' lock, which makes whichever input thread holds it the one producer of the second ring.
final class CommandQueue: @unchecked Sendable {
    private let ring: SPSCRing<SynthCommand>
    private let keys: SPSCRing<SynthCommand>
    private let closed = Atomic<Bool>(false)
    /// The last voice id handed out: every producer draws from it, so no two notes share an id (a release finds
    /// its voice by id, and the renderer takes the oldest — lowest — when every voice is busy).
    private let lastVoiceID = Atomic<Int32>(0)
    /// The rest of the output that consumes the queue, woken by each push (nil: the consumer never rests).
    let rest: OutputRest?

    init(capacity: Int, rest: OutputRest? = nil) {
        ring = SPSCRing(capacity: capacity, initial: .releaseAll)
        keys = SPSCRing(capacity: capacity, initial: .releaseAll)
        self.rest = rest
    }

    /// Adds a command; returns false when the queue is full (the consumer is not keeping up) or closed. Wakes
    /// a resting output.
    @MainActor
    @discardableResult
    func push(_ command: SynthCommand) -> Bool { enqueue(command, on: ring) }

    /// Adds a command of the keys played through on the input thread; as ``push(_:)``. Only under
    /// ``SynthKeys``' lock.
    @discardableResult
    func pushKey(_ command: SynthCommand) -> Bool { enqueue(command, on: keys) }

    /// Pushes `command` on `ring` unless closed or full, and wakes a resting output.
    private func enqueue(_ command: SynthCommand, on ring: SPSCRing<SynthCommand>) -> Bool {
        guard !closed.load(ordering: .acquiring), ring.push(command) else { return false }
        rest?.commandQueued()
        return true
    }

    /// A voice id no other note of this engine has. Any thread.
    func newVoiceID() -> Int32 { lastVoiceID.wrappingAdd(1, ordering: .relaxed).newValue }

    /// Whether a command waits. Consumer side.
    var isEmpty: Bool { ring.count == 0 && keys.count == 0 }

    /// Refuses every later push: the consumer has stopped for good (its output failed). Any thread.
    func close() { closed.store(true, ordering: .releasing) }

    /// Whether ``close()`` was called.
    var isClosed: Bool { closed.load(ordering: .acquiring) }

    /// Takes the oldest command of the main actor, else of the keys, or nil when both are empty. Consumer side
    /// only.
    func pop() -> SynthCommand? { ring.pop() ?? keys.pop() }
}
