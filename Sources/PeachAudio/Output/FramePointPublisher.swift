// FramePointPublisher: one real-time thread's latest (frame, time) point, handed to readers without a lock.

import Synchronization

/// Publishes a real-time thread's latest point of a frame timeline (frame `frame` is heard, or was taken, at
/// `time` on the monotonic clock) with a sequence lock: the one writer never waits or allocates (real-time
/// safe); a reader retries while a write is under way. ``AudioOutput``'s audio thread publishes its timeline
/// with it, and a JACK sink's process callback its last cycle.
public final class FramePointPublisher: Sendable {
    private let sequence = Atomic<Int>(0)
    private let frame: Atomic<Int>
    private let timeBits: Atomic<UInt64>

    /// A publisher whose first point is `frame` at `time`.
    public init(frame: Int, time: Double) {
        self.frame = Atomic(frame)
        timeBits = Atomic(time.bitPattern)
    }

    /// Publishes a point (one writer only).
    public func publish(frame: Int, time: Double) {
        let start = sequence.load(ordering: .relaxed)
        sequence.store(start &+ 1, ordering: .sequentiallyConsistent)
        self.frame.store(frame, ordering: .sequentiallyConsistent)
        timeBits.store(time.bitPattern, ordering: .sequentiallyConsistent)
        sequence.store(start &+ 2, ordering: .sequentiallyConsistent)
    }

    /// The latest point published.
    public func read() -> (frame: Int, time: Double) {
        while true {
            let before = sequence.load(ordering: .sequentiallyConsistent)
            let frame = self.frame.load(ordering: .sequentiallyConsistent)
            let time = Double(bitPattern: timeBits.load(ordering: .sequentiallyConsistent))
            if before & 1 == 0, sequence.load(ordering: .sequentiallyConsistent) == before {
                return (frame, time)
            }
        }
    }
}
