// FakeClickPlayer: a ClickPlayer on a virtual clock that records every click and can be told to fail.

import PeachCore

/// A ``ClickPlayer`` whose timeline is a ``VirtualClock``'s elapsed seconds. It records every click placed,
/// knows which were heard (their time has passed) and which were dropped, and can fail on demand. With a
/// ``frameRate`` it rounds each click to the nearest frame, as the internal synth does.
@MainActor
public final class FakeClickPlayer: ClickPlayer {
    /// The error the fake throws.
    public struct Failure: Error, Equatable {
        /// Creates the failure.
        public init() {}
    }

    /// One click placed.
    public struct Click: Equatable, Sendable {
        /// When it is (or was) heard, timeline seconds.
        public let time: Double
        /// Whether it is accented.
        public let accent: Bool
    }

    /// How far ahead clicks are placed.
    public let leadTime: Double
    /// Whether heard times are exact.
    public let isExact: Bool
    /// Frames per second clicks are rounded to, or nil for none.
    public let frameRate: Double?
    /// Every click placed and not dropped, in the order placed.
    public private(set) var clicks: [Click] = []
    /// The number of clicks dropped by ``cancelClicks()`` before they were heard.
    public private(set) var droppedCount = 0
    /// When set, ``click(at:accent:)`` throws.
    public var failing = false
    /// The output's dropouts so far: raise it to play an underrun.
    public var dropoutCount = 0
    /// The virtual time until which the output's timeline is not to be trusted (``settlesIn`` counts down to it).
    public var settledAt = 0.0

    /// How often a session asked the output to stay awake (``keepAwake()``).
    public private(set) var awakeRequests = 0

    /// Counts the request.
    public func keepAwake() { awakeRequests += 1 }

    /// Until ``settledAt``.
    public var settlesIn: Double { max(0, settledAt - now) }
    private let clock: VirtualClock

    /// A player on `clock`'s timeline.
    public init(clock: VirtualClock, leadTime: Double = 0.05, isExact: Bool = true, frameRate: Double? = nil)
    {
        self.clock = clock
        self.leadTime = leadTime
        self.isExact = isExact
        self.frameRate = frameRate
    }

    /// The clock's elapsed virtual seconds.
    public var now: Double { clock.elapsed.seconds }

    /// Records the click (at `time` rounded to a frame, when a frame rate is set).
    public func click(at time: Double, accent: Bool) throws -> Double {
        if failing { throw Failure() }
        let heard = frameRate.map { (time * $0).rounded() / $0 } ?? time
        clicks.append(Click(time: heard, accent: accent))
        return heard
    }

    /// Drops the clicks not heard yet.
    public func cancelClicks() {
        let now = self.now
        let before = clicks.count
        clicks.removeAll { $0.time > now }
        droppedCount += before - clicks.count
    }

    /// The clicks heard by now.
    public var heardClicks: [Click] { clicks.filter { $0.time <= now } }
}
