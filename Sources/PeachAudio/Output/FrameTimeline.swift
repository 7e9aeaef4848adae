// FrameTimeline: where an audio output's frames fall on the monotonic clock, and the filter that finds it.

/// One point of an output's timeline: engine frame ``frame`` is heard at ``time`` (seconds on
/// `MonotonicTime`); frames follow at ``sampleRate``. Made by the output that plays (its memberwise
/// initialiser is the module's); everything else reads it.
public struct FrameTimeline: Hashable, Sendable {
    /// A frame of the engine's output, counted from its first.
    public var frame: Int
    /// When that frame is heard, seconds on the monotonic clock.
    public var time: Double
    /// Frames per second.
    public var sampleRate: Double

    /// The frame heard nearest `time`.
    public func frame(at time: Double) -> Int { frame + Int(((time - self.time) * sampleRate).rounded()) }

    /// When `frame` is heard.
    public func time(of frame: Int) -> Double { time + Double(frame - self.frame) / sampleRate }
}

/// Estimates, from the audio thread's readings, when frame 0 of the output is heard: each reading (frames
/// written minus the sink's delay, at the time it was read) gives an estimate that can only be late, never
/// early: a device's position advances in steps (a period, a kernel tick) and the reading of the clock comes
/// after the delay was read. The earliest estimate of the last quarter to half second is taken (a minimum over
/// the current and the previous quarter second of frames), so the steps and any preemption drop out, while an
/// output that drifts from the monotonic clock is followed within half a second: a sound card's crystal by
/// tens of parts per million, a sound server's stream it resamples by more (PipeWire's drifted 2,000 ppm in the
/// VM: followed within a millisecond; whole seconds, as before, left clicks 2–4 ms off and called the drift a
/// slip every second).
///
/// **Slips.** The output can lose or gain time without an underrun being reported: a sound server that hides
/// its underruns by playing silence, a driver that drops whole periods, a stall the device rode out. Every
/// frame after it is then heard a few milliseconds to a few buffers later (or earlier) than the kept estimate
/// says. The filter finds it from the readings themselves: readings that stay later than the estimate by more
/// than ``tolerance`` for a whole ``window`` (one reading near the estimate in that time means no slip: a late
/// reading alone is only a late reading), or a reading earlier than it by more than the tolerance once the
/// filter has settled. Either is a *slip*: ``add(frameHeard:at:)`` says so, and the filter starts anew from
/// that reading, as after a reported underrun (``reset()``).
///
/// Real-time rule: a plain value, updated in place; never allocates, locks or waits. (`AudioOutput` filters its
/// sink's delay readings with it; a JACK client filters when its process callbacks woke.)
public struct FrameTimelineFilter: Sendable {
    /// Frames per second.
    public let sampleRate: Double
    /// How far a reading may lie from the estimate (either way) before it may be a slip, seconds.
    public let tolerance: Double
    /// How long readings must all stay late before that is a slip (and the filter settles after a start),
    /// seconds.
    public let window: Double
    private var block = -1
    private var current = Double.infinity
    private var previous = Double.infinity
    /// When the filter (re)started, seconds on the monotonic clock; nil before its first reading.
    private var started: Double?
    /// When the current run of late readings began, if one is under way.
    private var lateSince: Double?

    /// A filter for an output at `sampleRate` whose device is woken at least once per `buffer` seconds:
    /// readings may lie 1.5 ms from the estimate (a slip any smaller moves a click by less than the 2 ms
    /// timing promises), and must stay late for the buffer and a period, and at least 20 ms, to be a slip.
    public init(sampleRate: Double, buffer: Double = 0.02, period: Double = 0) {
        self.sampleRate = sampleRate
        tolerance = 0.0015
        window = max(0.02, buffer + period)
    }

    /// Forgets every reading (the stream restarted: the frames written before were dropped).
    public mutating func reset() {
        block = -1
        current = .infinity
        previous = .infinity
        started = nil
        lateSince = nil
    }

    /// Takes a reading: frame `frame` is being heard at `time`. Returns the time frame 0 is heard, and whether
    /// this reading found a slip (the filter then started anew from it).
    public mutating func add(frameHeard frame: Int, at time: Double) -> (origin: Double, slipped: Bool) {
        let reading = time - Double(frame) / sampleRate
        let estimate = min(current, previous)
        var slipped = false
        if let started, estimate.isFinite {
            if reading > estimate + tolerance {
                lateSince = lateSince ?? time
                slipped = time - (lateSince ?? time) >= window
            } else {
                lateSince = nil
                slipped = reading < estimate - tolerance && time - started >= window
            }
        }
        if slipped { reset() }
        if started == nil { started = time }
        let quarter = max(0, frame) / max(1, Int(sampleRate / 4))
        if quarter != block {
            previous = block == quarter - 1 ? current : .infinity
            current = .infinity
            block = quarter
        }
        current = min(current, reading)
        return (min(current, previous), slipped)
    }
}
