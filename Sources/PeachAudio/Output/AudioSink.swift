// AudioSink: the port between the synth's audio thread and where the sound goes (an ALSA PCM, a file, nothing).

/// A destination for the synth's rendered audio that takes blocks at its own pace: an ALSA PCM device
/// (`PeachALSA`), a real-time-paced WAV file or nothing (``PacedSink``). ``AudioOutput`` drives it from its
/// audio thread: ``write(_:frameCount:)`` for every period, then ``close()`` once.
///
/// A sink is handed to one ``AudioOutput`` and from then on used only by its audio thread; the properties
/// below are fixed when the sink is made.
public protocol AudioSink: AnyObject {
    /// The sink as the user named it, for messages: `alsa:hw:1,0`, `wav:/tmp/take.wav`, `null`.
    var name: String { get }
    /// Frames per second the sink plays (the device's rate when it would not take the one asked for).
    var sampleRate: Double { get }
    /// Interleaved channels per frame; the synth puts the same signal on every channel.
    var channelCount: Int { get }
    /// Frames the audio thread renders per block (the device's period).
    var periodFrames: Int { get }
    /// Frames queued ahead of the listener when the sink is full (period × periods for a device): with
    /// ``sampleRate``, the configured output latency.
    var bufferFrames: Int { get }
    /// Why the sink stopped taking audio, once ``write(_:frameCount:)`` returned false.
    var failure: (any Error & Sendable)? { get }
    /// Frames written but not heard yet, read right after a write (a device's `snd_pcm_delay`): with the time
    /// it is read, it maps the frames written to the time each is heard. Read on the audio thread only.
    /// Real-time rule: never allocates, locks or logs.
    var queuedFrames: Int { get }
    /// How often the sink restarted its stream after an underrun or a suspend (frames written before a restart
    /// are not heard), so the output's frame timeline is measured anew.
    var recoveryCount: Int { get }
    /// What the sound goes through (a sound card directly, ALSA's plugins, a sound server, a file).
    var stack: AudioStack { get }
    /// Whether ``queuedFrames`` tells exactly when each frame is heard. False for an output known to report only
    /// a part of the way (ALSA's `pulse` and `jack` plugins) or measured to misreport it (PipeWire): timing
    /// training refuses such an output rather than store strikes measured against clicks heard elsewhere.
    var reportsExactDelay: Bool { get }

    /// Waits until `frameCount` frames can be written without waiting. ``AudioOutput`` calls it before it
    /// renders each block, so the block is rendered as late as it can be: a command (a bend, a start) that
    /// arrives during the wait is in the block written next, not the one after. A sink that paces itself in
    /// ``write(_:frameCount:)`` need not implement it. Real-time rule: never allocates, locks or logs.
    func waitUntilWritable(frameCount: Int)
    /// Writes `frameCount` interleaved frames, waiting until the sink has room (this wait is what paces the
    /// audio thread). Recovers from underruns and suspends by itself; returns false only when the sink is
    /// gone for good (``failure`` says why). Real-time rule: never allocates, locks or logs.
    func write(_ samples: UnsafePointer<Float>, frameCount: Int) -> Bool

    /// Whether the stream may stop while nothing sounds (``rest()``): a device and the `null` output; not a file
    /// (its silence is part of the recording) nor a sound server that calls the output itself (JACK).
    var canRest: Bool { get }
    /// Stops the stream at once, dropping what is queued (silence: the output rests only after seconds of it).
    /// Called on the audio thread before it sleeps; ``endRest()`` follows before the next write.
    func rest()
    /// Makes the stream ready to start again with the next writes (it starts as at the beginning, once its
    /// buffer is full). Called on the audio thread when it wakes.
    func endRest()

    /// Stops at once and releases the device or file; what is still queued is dropped. ``AudioOutput`` ends
    /// with a release ramp and a buffer of silence, so nothing audible is lost (and no driver's drain can
    /// garble the end). Called once, on the audio thread, after the last write.
    func close()
}

extension AudioSink {
    /// A full buffer: what a sink that paces itself keeps queued.
    public var queuedFrames: Int { bufferFrames }

    /// None: a sink that paces itself never restarts.
    public var recoveryCount: Int { 0 }

    /// Unknown.
    public var stack: AudioStack { .other }

    /// Yes: a sink's delay is believed unless it is known not to hold.
    public var reportsExactDelay: Bool { true }

    /// No: the stream runs until closed.
    public var canRest: Bool { false }

    /// Nothing to stop.
    public func rest() {}

    /// Nothing to restart.
    public func endRest() {}

    /// No wait: the sink paces itself in ``write(_:frameCount:)``.
    public func waitUntilWritable(frameCount: Int) {}

    /// The configured output latency in seconds: ``bufferFrames`` / ``sampleRate``.
    public var configuredLatency: Double { Double(bufferFrames) / sampleRate }
}
