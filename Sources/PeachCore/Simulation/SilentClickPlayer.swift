// SilentClickPlayer: a click player that makes no sound, for timing simulations in virtual time.

/// A ``ClickPlayer`` that makes no sound, on a ``VirtualClock``'s timeline (its elapsed seconds): what a timing
/// simulation plays into. Counts the clicks it was asked for.
@MainActor
public final class SilentClickPlayer: ClickPlayer {
    /// The number of clicks placed so far.
    public private(set) var clickCount = 0
    private let clock: VirtualClock

    /// A player on `clock`'s timeline.
    public init(clock: VirtualClock) { self.clock = clock }

    /// The clock's elapsed virtual seconds.
    public var now: Double { clock.elapsed.seconds }
    /// 50 ms, as a live output might need.
    public var leadTime: Double { 0.05 }
    /// Virtual clicks are exactly where they are placed.
    public var isExact: Bool { true }
    /// Virtual clicks never drop out.
    public var dropoutCount: Int { 0 }

    /// Counts the click; it is heard at `time`.
    public func click(at time: Double, accent: Bool) -> Double {
        clickCount += 1
        return time
    }

    /// Nothing to drop.
    public func cancelClicks() {}
}
