// AudioOutput: the audio thread: renders the synth period by period into an AudioSink, at real-time priority.

import PeachSystem
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a ``SynthEngine`` live: a dedicated audio thread renders one period at a time and writes it to an
/// ``AudioSink``, whose blocking write paces the thread. The engine is made at the sink's rate, so a device
/// that plays 44.1 kHz gets a synth that renders 44.1 kHz.
///
/// The thread asks for `SCHED_FIFO` priority ``realTimePriority`` (granted to members of the `audio` group
/// through `RLIMIT_RTPRIO`, or to root) and quietly runs at normal priority when that is not permitted;
/// ``isRealTime`` tells which. It blocks every signal, so Ctrl-C reaches the main thread.
///
/// Real-time rules: the loop between ``start()`` and ``stop()`` only renders into one preallocated block and
/// hands it to the sink: no allocation, lock, log or wait other than the sink's own write. After
/// ``restAfter`` seconds of silence it rests (``OutputRest``): the sink's stream stops and the thread sleeps
/// until the next command, which it renders into the first period of the restarted stream. When the sink fails
/// for good (a device unplugged), the thread ends, the engine refuses further notes (so the note player
/// throws ``SynthError/outputNotRunning``) and `onFailure` is called once, on the audio thread. After
/// ``stop()`` the engine refuses notes too.
///
/// The engine's command queue has exactly one producer, and that is a fact of the type: the output lives on
/// the main actor, as ``SynthNotePlayer`` does, so ``stop()``'s last command is pushed from the same thread as
/// every note. Its `deinit`, which may run on any thread, pushes nothing: it ends the thread at once (no
/// release ramp), so call ``stop()`` for a clean end.
@MainActor
public final class AudioOutput {
    /// The synth the thread renders (its ``SynthEngine/renderer`` is the thread's); make a ``SynthNotePlayer``
    /// on it.
    nonisolated public let engine: SynthEngine
    /// Where the audio goes.
    nonisolated public var sink: any AudioSink { loop.sink }
    /// The `SCHED_FIFO` priority the thread asks for (the range JACK and PipeWire use for audio threads).
    nonisolated public static let realTimePriority = RealTimePriority.audio

    private let loop: AudioLoop
    private var stopped = false

    /// An output of a new engine into `sink`. `onFailure` is called once, on the audio thread, if the sink
    /// fails for good while running.
    public init(sink: any AudioSink, onFailure: (@Sendable (any Error & Sendable) -> Void)? = nil) {
        let rest = sink.canRest ? OutputRest() : nil
        engine = SynthEngine(sampleRate: sink.sampleRate, rest: rest)
        loop = AudioLoop(renderer: engine.renderer, sink: sink, rest: rest, onFailure: onFailure)
    }

    /// The silence after which the output rests (``OutputRest``): its stream stops and its thread sleeps until
    /// the next command, instead of rendering silence. Seconds.
    nonisolated public static let restAfter = 5.0

    /// How often the output has rested so far.
    nonisolated public var restCount: Int { loop.rests.load(ordering: .relaxed) }

    /// Whether the output rests now (its stream stopped until the next command).
    nonisolated public var isResting: Bool { loop.rest?.isResting ?? false }

    /// Keeps the output from resting for `seconds` from now, and wakes it if it rests: timing training, whose
    /// clicks are placed by the output's timeline, asks this before it places them. When it was resting, the
    /// timeline is measured anew: ``settledAt`` moves to when that is done.
    public func keepAwake(for seconds: Double) {
        let now = MonotonicTime.now()
        guard let rest = loop.rest, rest.keepAwake(until: now + seconds) else { return }
        loop.settledAt.store(
            (now + sink.configuredLatency + Self.settleTime).bitPattern, ordering: .relaxed)
    }

    deinit { loop.end() }

    /// Whether the audio thread runs at real-time priority.
    nonisolated public var isRealTime: Bool { loop.realTime.load(ordering: .relaxed) }

    /// Frames written to the sink so far.
    nonisolated public var framesWritten: Int { loop.written.load(ordering: .relaxed) }

    /// Where the output's frames fall on the monotonic timeline (`MonotonicTime`): frame `frame` of the engine
    /// (counted from its first) is heard at `time`, and every other frame a frame's length from it. Measured
    /// after every write from the sink's delay (``AudioSink/queuedFrames``) and filtered
    /// (`FrameTimelineFilter`: the earliest reading of the last quarter to half second, since every reading can only be
    /// late), so it follows the device's clock. Before the first write: frame 0 at the start plus the buffer.
    nonisolated public var timeline: FrameTimeline {
        let point = loop.timeline.read()
        return FrameTimeline(frame: point.frame, time: point.time, sampleRate: loop.sink.sampleRate)
    }

    /// How often the sound broke off so that frames already placed are not heard when the timeline said: the
    /// sink's recoveries from underruns and suspends, and the slips its timeline filter found without one (a
    /// sound server hiding an underrun, periods dropped; `FrameTimelineFilter`). After each the timeline is
    /// measured anew. Timing training discards what a dropout touched.
    nonisolated public var dropoutCount: Int { sink.recoveryCount + loop.slips.load(ordering: .relaxed) }

    /// How long a frame written now takes to be heard, seconds, by the measured timeline: the real output
    /// latency (a sound server's included), which may differ much from the buffer asked for.
    nonisolated public var measuredDelay: Double { timeline.time(of: framesWritten) - MonotonicTime.now() }

    /// When the timeline can be trusted, on the monotonic clock: a second after the stream started or was
    /// measured anew (an underrun, a slip), once the earliest readings of a whole second have been taken. A session
    /// places no click before it (``SynthClickPlayer``'s lead time waits for it).
    nonisolated public var settledAt: Double { Double(bitPattern: loop.settledAt.load(ordering: .relaxed)) }

    /// How long the timeline takes to settle after the stream starts or restarts, seconds.
    nonisolated public static let settleTime = 1.0

    /// Why the sink stopped taking audio, once it has.
    nonisolated public var failure: (any Error & Sendable)? { loop.failureBox.withLock { $0 } }

    /// Starts the audio thread. Call once.
    /// - Throws: ``AudioOutputError/threadNotStarted(_:)`` when the system will not make a thread.
    public func start() throws(AudioOutputError) {
        precondition(!stopped, "AudioOutput.start() called after stop()")
        try loop.start()
    }

    /// Releases every sounding note, lets the release ramps play out, closes the sink and ends the thread; returns
    /// when the thread has ended. Idempotent; safe after a failure.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        engine.send(.releaseAll)
        loop.end()
    }
}

/// The audio thread's side of an ``AudioOutput``: the engine's renderer, the sink, the preallocated block and
/// what the thread reports back. Only the thread touches the renderer and the sink; the main actor only sets
/// the stop flag and joins.
private final class AudioLoop: @unchecked Sendable {
    let renderer: SynthRenderer
    let sink: any AudioSink
    let realTime = Atomic<Bool>(false)
    let written = Atomic<Int>(0)
    /// Slips of the output's timeline found by its filter (no underrun reported).
    let slips = Atomic<Int>(0)
    /// When the timeline settles (`AudioOutput.settledAt`), as a double's bits.
    let settledAt: Atomic<UInt64>
    let failureBox = Mutex<(any Error & Sendable)?>(nil)
    let timeline: FramePointPublisher
    /// Lets the thread rest while nothing sounds (nil: the sink cannot, or no wake pipe could be made).
    let rest: OutputRest?
    /// How often it rested.
    let rests = Atomic<Int>(0)
    private let block: UnsafeMutablePointer<Float>
    private let onFailure: (@Sendable (any Error & Sendable) -> Void)?
    private let stopRequested = Atomic<Bool>(false)
    private let thread = Mutex<pthread_t?>(nil)

    init(
        renderer: SynthRenderer, sink: any AudioSink, rest: OutputRest?,
        onFailure: (@Sendable (any Error & Sendable) -> Void)?
    ) {
        self.renderer = renderer
        self.sink = sink
        self.rest = rest
        self.onFailure = onFailure
        let now = MonotonicTime.now()
        timeline = FramePointPublisher(frame: 0, time: now + sink.configuredLatency)
        settledAt = Atomic((now + sink.configuredLatency + AudioOutput.settleTime).bitPattern)
        block = .allocate(capacity: sink.periodFrames * sink.channelCount)
        block.initialize(repeating: 0, count: sink.periodFrames * sink.channelCount)
    }

    deinit { block.deallocate() }

    /// Starts the thread (once).
    func start() throws(AudioOutputError) {
        precondition(thread.withLock { $0 } == nil, "AudioOutput.start() called twice")
        let context = Unmanaged.passRetained(self).toOpaque()
        var handle = pthread_t()
        let result = pthread_create(
            &handle, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<AudioLoop>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
        guard result == 0 else {
            Unmanaged<AudioLoop>.fromOpaque(context).release()
            throw .threadNotStarted(FileError(path: "audio thread", operation: .startThread, code: result))
        }
        thread.withLock { $0 = handle }
    }

    /// Asks the thread to end (after its tail of silence) and waits for it. Idempotent.
    func end() {
        stopRequested.store(true, ordering: .sequentiallyConsistent)
        rest?.wake()
        if let handle = thread.withLock({ handle -> pthread_t? in
            defer { handle = nil }
            return handle
        }) {
            pthread_join(handle, nil)
        }
    }

    // MARK: - The audio thread

    private func run() {
        blockAllSignals()
        realTime.store(RealTimePriority.raise(to: AudioOutput.realTimePriority), ordering: .relaxed)
        let period = sink.periodFrames
        let channels = sink.channelCount
        // After a stop request: the release ramp, then a buffer of silence, so that closing (which drops what
        // is queued) loses nothing audible.
        let rampBlocks = Int((SynthEngine.rampDuration * renderer.sampleRate / Double(period)).rounded(.up))
        let tailBlocks = rampBlocks + (sink.bufferFrames + period - 1) / period + 1
        var remaining = -1
        var failed = false
        var filter = FrameTimelineFilter(
            sampleRate: sink.sampleRate, buffer: Double(sink.bufferFrames) / sink.sampleRate,
            period: Double(period) / sink.sampleRate)
        var recoveries = 0
        // Resting: after this many blocks in which nothing sounded, the stream stops until the next command.
        let restAfterBlocks = Int((AudioOutput.restAfter * sink.sampleRate / Double(period)).rounded(.up))
        var silentBlocks = 0
        var resumed = false
        while remaining != 0 {
            if remaining < 0, stopRequested.load(ordering: .acquiring) { remaining = tailBlocks }
            // Wait for room first, then render: commands are applied as late as possible before each write.
            sink.waitUntilWritable(frameCount: period)
            renderer.render(into: block, frameCount: period, channelCount: channels)
            guard sink.write(block, frameCount: period) else {
                failed = true
                break
            }
            let total = written.add(period, ordering: .relaxed).newValue
            let heard = total - sink.queuedFrames
            let now = MonotonicTime.now()
            var restarted = total == period || resumed  // the first reading, also after a rest
            resumed = false
            if sink.recoveryCount != recoveries {
                recoveries = sink.recoveryCount
                filter.reset()
                restarted = true
            }
            let (origin, slipped) = filter.add(frameHeard: heard, at: now)
            if slipped { slips.add(1, ordering: .relaxed) }
            if restarted || slipped {
                settledAt.store((now + AudioOutput.settleTime).bitPattern, ordering: .relaxed)
            }
            timeline.publish(frame: 0, time: origin)
            if remaining > 0 { remaining -= 1 }
            guard remaining < 0, let rest else { continue }
            silentBlocks = renderer.isSilent ? silentBlocks + 1 : 0
            guard silentBlocks >= restAfterBlocks,
                rest.beginRest(
                    now: now,
                    hasCommands: {
                        renderer.hasCommands || stopRequested.load(ordering: .sequentiallyConsistent)
                    })
            else { continue }
            // Counted before the sink hears of it: whoever the sink tells finds the count already moved.
            rests.add(1, ordering: .relaxed)
            sink.rest()
            rest.sleep()
            rest.endRest()
            sink.endRest()
            filter.reset()
            silentBlocks = 0
            resumed = true
        }
        sink.close()
        renderer.refuseCommands()
        guard failed else { return }
        let error: any Error & Sendable = sink.failure ?? AudioOutputError.sinkStopped(name: sink.name)
        failureBox.withLock { $0 = error }
        onFailure?(error)
    }

    private func blockAllSignals() {
        var all = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, nil)
    }
}

/// Why the live output could not run.
public enum AudioOutputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `pthread_create` failed.
    case threadNotStarted(FileError)
    /// The sink stopped taking audio without saying why.
    case sinkStopped(name: String)

    /// In English, for logs.
    public var description: String {
        switch self {
        case .threadNotStarted(let error): "cannot start the audio thread: \(error)"
        case .sinkStopped(let name): "\(name) stopped taking audio"
        }
    }
}
