// JACKSink: the internal synth into a JACK server: the audio thread fills a ring that JACK's callback plays.

import CPeachJACK
import PeachAudio
import PeachCore
import PeachSystem
import Synchronization

/// `--audio-out jack:` (or `jack:TARGET`): the internal synth as a client of the running JACK server (JACK 2, or
/// PipeWire's JACK under `pw-jack`), its two output ports connected to the sound card's playback ports (or to
/// the ports of TARGET, a client such as `system`).
///
/// The ``AudioOutput`` thread renders a JACK period at a time into a preallocated ring, keeping three of the
/// server's current cycles in it (the server may change its cycle while Peach runs; the ring has room for three
/// of the largest), waiting for room; JACK's process callback copies a cycle out of it into the ports. The
/// callback never allocates, locks or waits: it copies, moves two atomic counters and posts a semaphore. Its
/// reading of the timeline: each cycle it publishes the frames it has taken and when the cycle's callback woke on
/// the monotonic clock (a little after the cycle's start; the output's filter keeps the earliest), and the ports'
/// playback latency as JACK reports it (`jack_port_get_latency_range`, which holds the server's and the card's
/// buffering), so a frame is heard at the cycle's start plus its place in
/// the cycle plus that latency. A cycle that finds the ring short (the audio thread late) plays silence for the
/// rest and counts as an underrun (``recoveryCount``): the frames after it are heard that much later, and the
/// timeline is measured anew. A JACK xrun counts too.
public final class JACKSink: AudioSink, @unchecked Sendable {
    /// `jack` or `jack:TARGET`.
    public let name: String
    /// Frames per second (the server's).
    public let sampleRate: Double
    /// Two channels, one port each.
    public let channelCount = 2
    /// One JACK period, as the server said when Peach connected (the blocks the audio thread renders).
    public let periodFrames: Int
    /// The ring's fill (three of the server's current cycles) and the playback latency JACK reports for the
    /// ports.
    public var bufferFrames: Int { fillFrames + latency.load(ordering: .relaxed) }
    /// The most frames of one cycle the sink can play (JACK's largest buffer size); a longer cycle is played in
    /// part and counts as an underrun.
    public static let largestCycle = 8192
    /// Why the sink stopped taking audio (the server went away).
    public private(set) var failure: (any Error & Sendable)?
    /// A JACK server, or PipeWire when the libjack loaded is PipeWire's (`pw-jack`).
    public var stack: AudioStack { client.library.isPipeWire ? .pipeWire : .jack }
    /// No: timing training refuses JACK. The latency JACK reports is right (an independent libjack probe found
    /// the asynchronous and synchronous modes agreeing within 0.02–0.7 ms once it is added); what is not is
    /// the moment a cycle began, which a client infers from when it is woken: on a test card whose position
    /// moves on the kernel's 4 ms tick that came 5.2–7.2 ms after the card's period in both modes, putting
    /// Peach's clicks 4–10 ms early and unflagged; on one clocked by its period interrupt clicks were within
    /// 2 ms until jackd restarted the card at an xrun (then 4.9 ms early for good); PipeWire's JACK 2–38 ms off
    /// (docs/timing.md). A client cannot see the card's position to tell which case it is in.
    public var reportsExactDelay: Bool { false }

    private let client: JACKClient
    private let ports: [JACKLibrary.Port]
    private let ring: SPSCRing<Float>
    private let room = Wakeup()
    private let scratch: UnsafeMutablePointer<Float>
    // Published by the process callback.
    private let consumed = Atomic<Int>(0)
    /// The last cycle: the frames taken before it and its start (or when the ring's next frame plays).
    private let cycle = FramePointPublisher(frame: 0, time: 0)
    private let latency = Atomic<Int>(0)
    /// The frames of the server's last cycle: the server may change them while Peach runs (`jack_bufsize`, or
    /// PipeWire's quantum, which follows what its clients ask for); a ring of three of the first cycles would be
    /// short in every longer one.
    private let cycleFrames: Atomic<Int>
    private let underruns = Atomic<Int>(0)
    private let serverGone = Atomic<Bool>(false)
    private let started = Atomic<Bool>(false)
    /// Frames written by the audio thread (its own counter).
    private var written = 0
    private var closed = false

    /// Whether libjack can be loaded here (a server may still not run).
    public static var libraryIsInstalled: Bool { JACKLibrary.shared != nil }

    /// Opens a JACK client `Peach`, registers its ports and connects them to `target`'s input ports (nil: the
    /// physical playback ports, the sound card).
    /// - Throws: ``DeviceError`` naming `jack:`: no libjack, no server, ports JACK refused.
    public init(target: String? = nil) throws(DeviceError) {
        name = target.map { "jack:" + $0 } ?? "jack"
        client = try JACKClient(name: "Peach", device: name, operation: .openPCM)
        sampleRate = client.sampleRate
        periodFrames = client.bufferSize
        ports = [
            try client.register("out_1", type: JACKLibrary.audioType, isInput: false),
            try client.register("out_2", type: JACKLibrary.audioType, isInput: false),
        ]
        cycleFrames = Atomic(periodFrames)
        // Room for three of the largest cycles; the audio thread fills three of the current ones.
        ring = SPSCRing(capacity: 3 * max(periodFrames, Self.largestCycle) * 2, initial: 0)
        scratch = .allocate(capacity: max(periodFrames, Self.largestCycle) * 2)
        scratch.initialize(repeating: 0, count: max(periodFrames, Self.largestCycle) * 2)
        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = client.library.setProcessCallback(
            client.handle,
            { frames, context in
                guard let context else { return 0 }
                Unmanaged<JACKSink>.fromOpaque(context).takeUnretainedValue().process(Int(frames))
                return 0
            }, context)
        _ = client.library.setXrunCallback(
            client.handle,
            { context in
                guard let context else { return 0 }
                Unmanaged<JACKSink>.fromOpaque(context).takeUnretainedValue().underruns.add(
                    1, ordering: .relaxed)
                return 0
            }, context)
        client.library.onShutdown(
            client.handle,
            { context in
                guard let context else { return }
                let sink = Unmanaged<JACKSink>.fromOpaque(context).takeUnretainedValue()
                sink.serverGone.store(true, ordering: .releasing)
                sink.room.post()
            }, context)
        _ = client.library.setLatencyCallback(
            client.handle,
            { mode, context in
                guard let context, mode == JACKLibrary.playbackLatency else { return }
                Unmanaged<JACKSink>.fromOpaque(context).takeUnretainedValue().updateLatency()
            }, context)
        cycle.publish(frame: 0, time: MonotonicTime.now() + Double(periodFrames) / sampleRate)
        try client.activate()  // on a throw from here on, deinit closes the client and frees the scratch
        let playback = client.ports(
            matching: target.map { "^" + Self.escaped($0) + ":" }, type: JACKLibrary.audioType,
            flags: JACKLibrary.portIsInput | (target == nil ? JACKLibrary.portIsPhysical : 0))
        guard !playback.isEmpty else {
            throw DeviceError(
                device: name, operation: .openPCM, kind: .noSuchDevice,
                systemText: target.map { "no input ports of '\($0)'" } ?? "no physical playback ports")
        }
        for (index, port) in ports.enumerated() {
            client.connect(client.name(of: port), to: playback[min(index, playback.count - 1)])
        }
        updateLatency()
    }

    deinit {
        close()
        scratch.deallocate()
    }

    /// `name` with a regular expression's special characters escaped.
    private static func escaped(_ name: String) -> String {
        var result = ""
        for character in name {
            if "\\^$.|?*+()[]{}".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// Reads the ports' playback latency (frames from the port to the speakers).
    private func updateLatency() {
        var range = peach_jack_latency_range_t()
        var most: UInt32 = 0
        for port in ports {
            client.library.portGetLatencyRange(port, JACKLibrary.playbackLatency, &range)
            most = max(most, range.max)
        }
        latency.store(Int(most), ordering: .relaxed)
    }

    // MARK: - JACK's process thread

    /// One cycle: a period out of the ring into the ports, silence for what is missing. Real-time safe.
    private func process(_ frames: Int) {
        // The cycle's start as this callback saw it, not JACK's filtered `current_usecs`: the callback wakes a
        // little after the cycle began, never before, and `AudioOutput`'s timeline filter keeps the earliest
        // reading of a quarter second, as it does with a card's delay. JACK's filter (a DLL of 1/8 Hz) takes
        // seconds to follow a jump of the cycles: after an xrun jackd restarts the card on a new grid, and its
        // filtered starts stayed 2–23 ms late for the rest of a run (clicks heard that much early, measured in
        // the VM); the filter here starts anew at the xrun (a dropout) and follows within a quarter second.
        let start = MonotonicTime.now()
        let before = consumed.load(ordering: .relaxed)
        if frames != cycleFrames.load(ordering: .relaxed) { cycleFrames.store(frames, ordering: .relaxed) }
        let wanted = min(frames, max(periodFrames, Self.largestCycle))
        let taken = ring.pop(into: UnsafeMutableBufferPointer(start: scratch, count: wanted * 2)) / 2
        // The frame the formula counts from: this cycle's first when the cycle is full; else the next frame of
        // the ring, which the next cycle starts with (an empty ring at the start, a short one after).
        if taken == frames {
            cycle.publish(frame: before, time: start)
        } else {
            cycle.publish(frame: before + taken, time: start + Double(frames) / sampleRate)
        }
        if taken > 0 { started.store(true, ordering: .relaxed) }
        if taken < frames, started.load(ordering: .relaxed) { underruns.add(1, ordering: .relaxed) }
        for (channel, port) in ports.enumerated() {
            guard let buffer = client.library.portGetBuffer(port, UInt32(frames)) else { continue }
            let samples = buffer.assumingMemoryBound(to: Float.self)
            for frame in 0..<frames { samples[frame] = frame < taken ? scratch[frame * 2 + channel] : 0 }
        }
        consumed.store(before + taken, ordering: .relaxed)
        room.post()
    }

    // MARK: - The audio thread

    /// Frames written and not yet heard, by the last cycle's stamp and JACK's latency.
    public var queuedFrames: Int {
        let (frames, time) = cycle.read()
        let heard =
            frames + Int(((MonotonicTime.now() - time) * sampleRate).rounded())
            - latency.load(ordering: .relaxed)
        return written - heard
    }

    /// How full the audio thread keeps the ring: three of the server's current cycles.
    private var fillFrames: Int { 3 * cycleFrames.load(ordering: .relaxed) }

    /// Underruns: cycles that found the ring short, and JACK's xruns.
    public var recoveryCount: Int { underruns.load(ordering: .relaxed) }

    /// Writes a block into the ring, waiting (for a cycle) while it holds three of the server's cycles. False once
    /// the server is gone.
    public func write(_ samples: UnsafePointer<Float>, frameCount: Int) -> Bool {
        var done = 0
        while done < frameCount {
            if serverGone.load(ordering: .acquiring) {
                failure = DeviceError(
                    device: name, operation: .writePCM, kind: .deviceLost,
                    systemText: "the JACK server went away")
                return false
            }
            let space = max(0, fillFrames - ring.count / 2)
            let pushed =
                ring.push(
                    UnsafeBufferPointer(start: samples + done * 2, count: min(frameCount - done, space) * 2))
                / 2
            done += pushed
            if done < frameCount { room.wait(seconds: 0.5) }
        }
        written += frameCount
        return true
    }

    /// Deactivates and closes the client.
    public func close() {
        guard !closed else { return }
        closed = true
        client.close()
    }
}
