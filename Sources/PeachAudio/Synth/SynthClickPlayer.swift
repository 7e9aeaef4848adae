// SynthClickPlayer: the ClickPlayer on the internal synth: each click on its exact output frame.

import PeachCore
import PeachSystem

/// Places timing training's clicks on the internal synth: a click due at time t (monotonic seconds, the clock
/// that stamps MIDI input) goes on the output frame heard nearest t, by the output's ``FrameTimeline``, and
/// the time returned is that frame's: when the click leaves the converter, to the sample, whatever the
/// period and buffer sizes (the device's own delay maps frames to time after every write).
@MainActor
public final class SynthClickPlayer: ClickPlayer {
    private let output: AudioOutput

    /// A player on `output`'s engine.
    public init(output: AudioOutput) { self.output = output }

    /// Now on the monotonic clock.
    public var now: Double { MonotonicTime.now() }

    /// The output's delay as measured (or its buffer, when that is longer) and two periods more, and at least
    /// 50 ms, so a click placed this far ahead is rendered before its frame is due even through a sound server
    /// whose delay is far longer than the buffer asked for.
    public var leadTime: Double {
        let sink = output.sink
        let period = Double(sink.periodFrames) / sink.sampleRate
        return max(0.05, max(output.measuredDelay, sink.configuredLatency) + 2 * period)
    }

    /// Until the output's timeline has settled (``AudioOutput/settledAt``: a second after the stream started or
    /// was measured anew). Asking keeps the output awake for ``awakeSpan`` (waking it from a rest: then the
    /// timeline is measured anew), so a running timing session's clicks are never placed on a resting stream.
    public var settlesIn: Double {
        keepAwake()
        return max(0, output.settledAt - now)
    }

    /// Keeps the output awake for ``awakeSpan`` from now (waking it from a rest: its timeline is then measured
    /// anew).
    public func keepAwake() { output.keepAwake(for: Self.awakeSpan) }

    /// How long the output stays awake after a session asked when it may place clicks, seconds: longer than a
    /// trial and its answer, so a session that runs never waits for a restarted stream to settle.
    public static let awakeSpan = 60.0

    /// Clicks are placed on the frame they are heard on.
    public var isExact: Bool { true }

    /// The output's dropouts (``AudioOutput/dropoutCount``): the sink's recoveries from underruns and suspends,
    /// and the slips of its timeline found without one. After each, the frames already placed are not heard
    /// when they were expected.
    public var dropoutCount: Int { output.dropoutCount }

    /// Places a click on the frame heard nearest `time`; returns when that frame is heard.
    /// - Throws: ``SynthError/outputNotRunning`` when the output stopped.
    public func click(at time: Double, accent: Bool) throws -> Double {
        try placeClick(at: time, accent: accent).time
    }

    /// Places a click on the frame heard nearest `time`; returns that frame of the output (counted from its first)
    /// and when the timeline says it is heard, for a caller that follows the frame itself (a test in JACK's frame
    /// domain).
    /// - Throws: ``SynthError/outputNotRunning`` when the output stopped.
    public func placeClick(at time: Double, accent: Bool) throws -> (frame: Int, time: Double) {
        keepAwake()
        let timeline = output.timeline
        let frame = timeline.frame(at: time)
        guard output.engine.send(.click(frame: frame, accent: accent)) else {
            throw SynthError.outputNotRunning
        }
        return (frame, timeline.time(of: frame))
    }

    /// Drops the clicks that have not started.
    public func cancelClicks() { output.engine.send(.cancelClicks) }
}
