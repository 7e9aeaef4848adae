// JACKCycleClock: when a JACK client's cycles start on the monotonic clock, from when its callback woke.

import PeachAudio

/// When a JACK client's process cycles start, from when its callback woke: a callback wakes a little after its
/// cycle starts, never before, so the earliest wake-up of a quarter second, less the frames since, is the
/// start (``FrameTimelineFilter``, as for a card's delay readings). Not JACK's own `current_usecs`: that is a
/// delay-locked loop of 1/8 Hz, which after an xrun (jackd restarts the card on a new grid of periods) stayed
/// 2–23 ms off for the rest of a 20-second run in the VM; this clock finds the new grid as a slip and follows
/// within a quarter second.
///
/// Real-time rule: a plain value, updated in place on JACK's process thread; never allocates, locks or waits.
public struct JACKCycleClock: Sendable {
    private var filter: FrameTimelineFilter
    private var frames = 0

    /// A clock for cycles of `periodFrames` at `sampleRate`.
    public init(sampleRate: Double, periodFrames: Int) {
        let period = Double(periodFrames) / sampleRate
        filter = FrameTimelineFilter(sampleRate: sampleRate, buffer: 2 * period, period: period)
    }

    /// The start of the cycle whose callback woke at `wokeAt` (seconds on the monotonic clock), a cycle of
    /// `frameCount` frames following the ones before.
    public mutating func start(ofCycle frameCount: Int, wokeAt: Double) -> Double {
        let (origin, _) = filter.add(frameHeard: frames, at: wokeAt)
        defer { frames += frameCount }
        return origin + Double(frames) / filter.sampleRate
    }
}
