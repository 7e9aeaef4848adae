// FrameTimeline: where an audio output's frames fall on the monotonic clock, published without a lock.

import PeachSystem
import Synchronization

/// One point of an output's timeline: engine frame ``frame`` is heard at ``time`` (seconds on
/// `MonotonicTime`); frames follow at ``sampleRate``.
public struct FrameTimeline: Hashable, Sendable {
    /// A frame of the engine's output, counted from its first.
    public var frame: Int
    /// When that frame is heard, seconds on the monotonic clock.
    public var time: Double
    /// Frames per second.
    public var sampleRate: Double

    /// A timeline point.
    public init(frame: Int, time: Double, sampleRate: Double) {
        self.frame = frame
        self.time = time
        self.sampleRate = sampleRate
    }

    /// The frame heard nearest `time`.
    public func frame(at time: Double) -> Int { frame + Int(((time - self.time) * sampleRate).rounded()) }

    /// When `frame` is heard.
    public func time(of frame: Int) -> Double { time + Double(frame - self.frame) / sampleRate }
}

/// Publishes the audio thread's latest ``FrameTimeline`` point to the main actor with a sequence lock: the
/// writer never waits or allocates (real-time safe); a reader retries while a write is under way.
final class TimelinePublisher: Sendable {
    private let sequence = Atomic<Int>(0)
    private let frame = Atomic<Int>(0)
    private let timeBits = Atomic<UInt64>(0)
    private let sampleRate: Double

    init(_ initial: FrameTimeline) {
        sampleRate = initial.sampleRate
        frame.store(initial.frame, ordering: .relaxed)
        timeBits.store(initial.time.bitPattern, ordering: .relaxed)
    }

    /// Publishes a point (the audio thread only: one writer).
    func publish(frame: Int, time: Double) {
        let start = sequence.load(ordering: .relaxed)
        sequence.store(start &+ 1, ordering: .sequentiallyConsistent)
        self.frame.store(frame, ordering: .sequentiallyConsistent)
        timeBits.store(time.bitPattern, ordering: .sequentiallyConsistent)
        sequence.store(start &+ 2, ordering: .sequentiallyConsistent)
    }

    /// The latest point published.
    func read() -> FrameTimeline {
        while true {
            let before = sequence.load(ordering: .sequentiallyConsistent)
            let frame = self.frame.load(ordering: .sequentiallyConsistent)
            let time = Double(bitPattern: timeBits.load(ordering: .sequentiallyConsistent))
            if before & 1 == 0, sequence.load(ordering: .sequentiallyConsistent) == before {
                return FrameTimeline(frame: frame, time: time, sampleRate: sampleRate)
            }
        }
    }
}
