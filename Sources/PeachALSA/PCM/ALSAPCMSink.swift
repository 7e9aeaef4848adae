// ALSAPCMSink: an ALSA PCM playback device as the synth's AudioSink: open, configure, write, recover, close.

import CALSA
import Glibc
import PeachAudio
import PeachCore
import Synchronization

/// An ALSA PCM playback device (`default`, `hw:1,0`, `plughw:…`, or a plugin such as `null` or `file:…`).
///
/// Opening asks for interleaved access, the first sample format of the configuration's list that the device
/// takes (32-bit float, else 32-bit, else 16-bit signed integer), two channels (the same signal on both; a mono device gets one), the
/// configuration's rate (or the device's nearest) and, explicitly, its period and buffer sizes. Playback
/// starts when the buffer is full; the audio thread then writes one period at a time and blocks until the
/// device has room.
///
/// Xruns (`-EPIPE`), suspends (`-ESTRPIPE`) and interrupted calls go through one function, ``recover(_:)``,
/// built on `snd_pcm_recover`; a device that has gone (`-ENODEV`, `-EBADFD`: unplugged) makes
/// ``write(_:frameCount:)`` return false with the ALSA error in ``failure``.
///
/// ALSA's `null` plugin takes every write at once; a sink on it is held to real-time pace
/// (``RealTimePacer``), as the `null` output is, instead of spinning a core.
///
/// The device is opened non-blocking, so a busy `hw:` device fails at once with "Device or resource busy"
/// instead of waiting for its owner; it is then switched to blocking writes.
public final class ALSAPCMSink: AudioSink {
    /// Delays seen by `snd_pcm_delay` after writes: how long a sample written now takes to be heard.
    public struct DelayStatistics: Hashable, Sendable {
        /// Samples taken.
        public var count: Int
        /// The smallest delay, frames.
        public var minimumFrames: Int
        /// The largest delay, frames.
        public var maximumFrames: Int
        /// The mean delay, frames.
        public var meanFrames: Double
    }

    /// The sink as the user named it.
    public let name: String
    /// The device's ALSA name.
    public let device: String
    /// Frames per second.
    public let sampleRate: Double
    /// Interleaved channels per frame.
    public let channelCount: Int
    /// Frames per block.
    public let periodFrames: Int
    /// Frames queued when full.
    public let bufferFrames: Int
    /// The sample format the device took.
    public let sampleFormat: PCMSampleFormat
    /// What the device plays through: the sound card directly, ALSA's plugins, a sound server.
    public let stack: AudioStack
    /// Whether the device's delay places timing clicks exactly (``reportsExactDelay(through:)``).
    public var reportsExactDelay: Bool { Self.reportsExactDelay(through: stack) }
    /// The sound card's name when the chain ends in one (`Loopback`, `HDA Intel PCH`), else nil.
    public let cardName: String?
    /// Why the sink stopped taking audio.
    public private(set) var failure: (any Error & Sendable)?

    private let pcm: OpaquePointer
    /// Set when the PCM is ALSA's `null` plugin, which does not pace its writer.
    private var pacer: RealTimePacer?
    private let conversion: UnsafeMutableRawPointer
    private var closed = false
    private let recoveries = Atomic<Int>(0)
    private let delayCount = Atomic<Int>(0)
    private let delaySum = Atomic<Int>(0)
    private let delayMinimum = Atomic<Int>(Int.max)
    private let delayMaximum = Atomic<Int>(0)
    /// The delay `snd_pcm_delay` reported after the last write (audio thread only).
    private var lastDelay = 0

    /// Opens and configures `device` for playback.
    /// - Throws: ``DeviceError`` naming the device, the call that failed and ALSA's message: no such device,
    ///   device busy, no usable sample format, sizes it will not take.
    public convenience init(device: String, configuration: PCMConfiguration = .standard) throws(DeviceError) {
        var opened: OpaquePointer?
        _ = ALSALibrary.takeDiagnostic()  // what alsa-lib said before is not this open's reason
        // libjack (behind ALSA's jack plugin) prints lines of its own to stderr when no server runs.
        let result =
            device.hasPrefix("jack")
            ? ALSADeviceList.withStandardErrorSilenced {
                snd_pcm_open(&opened, device, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)
            } : snd_pcm_open(&opened, device, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)
        try ALSAError.check(
            result,
            device: "alsa:\(device)",
            operation: .openPCM, function: "snd_pcm_open")
        guard let pcm = opened else {
            throw ALSAError.make(
                -ENODEV, device: "alsa:\(device)", operation: .openPCM, function: "snd_pcm_open")
        }
        try self.init(opened: pcm, device: device, configuration: configuration)
    }

    /// Configures `pcm`, opened on `device` (by ``init(device:configuration:)``, or handed over by another
    /// sink's ``handOver()``), for playback; closes it when that fails.
    private init(
        opened pcm: OpaquePointer, device: String, configuration: PCMConfiguration
    ) throws(DeviceError) {
        self.device = device
        name = "alsa:\(device)"
        do throws(DeviceError) {
            try ALSAError.check(
                snd_pcm_nonblock(pcm, 0), device: "alsa:\(device)", operation: .configurePCM,
                function: "snd_pcm_nonblock")
            let hardware = try Self.configureHardware(pcm, device: device, configuration: configuration)
            try Self.configureSoftware(
                pcm, device: device, bufferFrames: hardware.buffer, periodFrames: hardware.period)
            try ALSAError.check(
                snd_pcm_prepare(pcm), device: "alsa:\(device)", operation: .configurePCM,
                function: "snd_pcm_prepare")
            sampleFormat = hardware.format
            sampleRate = Double(hardware.rate)
            channelCount = hardware.channels
            periodFrames = hardware.period
            bufferFrames = hardware.buffer
        } catch {
            snd_pcm_close(pcm)
            throw error
        }
        self.pcm = pcm
        (stack, cardName) = Self.stack(of: pcm)
        if snd_pcm_type(pcm) == SND_PCM_TYPE_NULL {
            pacer = RealTimePacer(sampleRate: sampleRate, bufferFrames: bufferFrames)
        }
        conversion = .allocate(byteCount: periodFrames * channelCount * 4, alignment: 8)
    }

    deinit {
        if !closed { snd_pcm_close(pcm) }
        conversion.deallocate()
    }

    /// True when Peach itself holds the writes to real-time pace: the PCM is ALSA's `null` plugin, which takes
    /// audio as fast as it comes.
    public var pacesWrites: Bool { pacer != nil }

    /// Underruns and suspends recovered from so far.
    public var recoveryCount: Int { recoveries.load(ordering: .relaxed) }

    /// What `snd_pcm_delay` reported after the writes so far, or nil before the first.
    public var delayStatistics: DelayStatistics? {
        let count = delayCount.load(ordering: .relaxed)
        guard count > 0 else { return nil }
        return DelayStatistics(
            count: count, minimumFrames: delayMinimum.load(ordering: .relaxed),
            maximumFrames: delayMaximum.load(ordering: .relaxed),
            meanFrames: Double(delaySum.load(ordering: .relaxed)) / Double(count))
    }

    // MARK: - Configuration

    /// Whether an ALSA device that plays through `stack` reports its delay exactly enough to place timing clicks
    /// (within 2 ms). Not through PulseAudio: its plugin's delay does not follow the latency PulseAudio raises
    /// while playing (clicks were heard 6–10 ms from where the delay said, docs/timing.md); nor through JACK by
    /// ALSA's `jack` plugin, whose delay holds only its own buffer, not the server's (44 ms off); nor through
    /// PipeWire's plugin, whose graph jumped by 6–50 ms where
    /// its delay showed it only in part or not at all (in every run some clicks were kept 2–50 ms off, unflagged).
    public static func reportsExactDelay(through stack: AudioStack) -> Bool {
        stack != .pulseAudio && stack != .jack && stack != .pipeWire
    }

    /// What `pcm` plays through, from its type and alsa-lib's own description of its plugin chain (the I/O
    /// plugins of PipeWire, PulseAudio and JACK name themselves; a sound card is a "Hardware PCM"), and the
    /// card's name when the chain ends in one.
    static func stack(of pcm: OpaquePointer) -> (AudioStack, cardName: String?) {
        switch snd_pcm_type(pcm) {
        case SND_PCM_TYPE_HW:
            return (.hardware, cardName(in: description(of: pcm)))
        case SND_PCM_TYPE_NULL:
            return (.null, nil)
        default:
            let text = description(of: pcm)
            let card = cardName(in: text)
            if text.contains("PipeWire") { return (.pipeWire, nil) }
            if text.contains("PulseAudio") { return (.pulseAudio, nil) }
            if text.contains("JACK") { return (.jack, nil) }
            if text.contains("Direct Stream Mixing") { return (.dmix, card) }
            if snd_pcm_type(pcm) == SND_PCM_TYPE_FILE { return (.file, nil) }
            if card != nil { return (.hardware, card) }
            return (text.contains("Null PCM") ? .null : .other, nil)
        }
    }

    /// alsa-lib's description of `pcm` and the chain of PCMs it plays through (`snd_pcm_dump`).
    private static func description(of pcm: OpaquePointer) -> String {
        var output: OpaquePointer?
        guard snd_output_buffer_open(&output) == 0, let output else { return "" }
        defer { snd_output_close(output) }
        snd_pcm_dump(pcm, output)
        var buffer: UnsafeMutablePointer<CChar>?
        let length = snd_output_buffer_string(output, &buffer)
        guard let buffer, length > 0 else { return "" }
        return String(
            decoding: UnsafeRawBufferPointer(start: buffer, count: Int(length)), as: UTF8.self)
    }

    /// The card's name in a description's `Hardware PCM card 0 'Loopback' device 0 subdevice 0`.
    private static func cardName(in description: String) -> String? {
        guard let range = description.range(of: "Hardware PCM card ") else { return nil }
        let rest = description[range.upperBound...]
        guard let open = rest.firstIndex(of: "'") else { return nil }
        let name = rest[rest.index(after: open)...].prefix { $0 != "'" }
        return name.isEmpty ? nil : String(name)
    }

    private struct Hardware {
        var format: PCMSampleFormat
        var rate: Int
        var channels: Int
        var period: Int
        var buffer: Int
    }

    /// Checks ALSA results for one device: `check(result, "function")` throws an ``DeviceError`` naming both.
    private struct Checker {
        let device: String

        func callAsFunction(_ result: Int32, _ function: String) throws(DeviceError) {
            try ALSAError.check(
                result, device: "alsa:\(device)", operation: .configurePCM, function: function)
        }

        /// Runs an ALSA `*_malloc` and returns what it allocated.
        func allocate(
            _ malloc: (UnsafeMutablePointer<OpaquePointer?>) -> Int32, _ function: String
        ) throws(DeviceError) -> OpaquePointer {
            var allocated: OpaquePointer?
            try self(malloc(&allocated), function)
            guard let allocated else {
                throw ALSAError.make(
                    -ENOMEM, device: "alsa:\(device)", operation: .configurePCM, function: function)
            }
            return allocated
        }
    }

    private static func configureHardware(
        _ pcm: OpaquePointer, device: String, configuration: PCMConfiguration
    ) throws(DeviceError) -> Hardware {
        let check = Checker(device: device)
        let params = try check.allocate(snd_pcm_hw_params_malloc, "snd_pcm_hw_params_malloc")
        defer { snd_pcm_hw_params_free(params) }
        try check(snd_pcm_hw_params_any(pcm, params), "snd_pcm_hw_params_any")
        try check(
            snd_pcm_hw_params_set_access(pcm, params, SND_PCM_ACCESS_RW_INTERLEAVED),
            "snd_pcm_hw_params_set_access")
        guard
            let format = configuration.sampleFormats.first(where: {
                snd_pcm_hw_params_test_format(pcm, params, $0.alsaFormat) == 0
            })
        else {
            throw ALSAError.make(
                -EINVAL, device: "alsa:\(device)", operation: .configurePCM,
                function: "snd_pcm_hw_params_set_format")
        }
        try check(
            snd_pcm_hw_params_set_format(pcm, params, format.alsaFormat), "snd_pcm_hw_params_set_format")
        var channels: UInt32 = 2
        try check(
            snd_pcm_hw_params_set_channels_near(pcm, params, &channels), "snd_pcm_hw_params_set_channels_near"
        )
        var rate = UInt32(configuration.sampleRate)
        var direction: Int32 = 0
        try check(
            snd_pcm_hw_params_set_rate_near(pcm, params, &rate, &direction), "snd_pcm_hw_params_set_rate_near"
        )
        var period = snd_pcm_uframes_t(configuration.periodFrames)
        try check(
            snd_pcm_hw_params_set_period_size_near(pcm, params, &period, &direction),
            "snd_pcm_hw_params_set_period_size_near")
        var buffer = period * snd_pcm_uframes_t(configuration.periodCount)
        try check(
            snd_pcm_hw_params_set_buffer_size_near(pcm, params, &buffer),
            "snd_pcm_hw_params_set_buffer_size_near")
        try check(snd_pcm_hw_params(pcm, params), "snd_pcm_hw_params")
        try check(
            snd_pcm_hw_params_get_period_size(params, &period, &direction),
            "snd_pcm_hw_params_get_period_size")
        try check(snd_pcm_hw_params_get_buffer_size(params, &buffer), "snd_pcm_hw_params_get_buffer_size")
        return Hardware(
            format: format, rate: Int(rate), channels: Int(channels), period: Int(period), buffer: Int(buffer)
        )
    }

    private static func configureSoftware(
        _ pcm: OpaquePointer, device: String, bufferFrames: Int, periodFrames: Int
    ) throws(DeviceError) {
        let check = Checker(device: device)
        let params = try check.allocate(snd_pcm_sw_params_malloc, "snd_pcm_sw_params_malloc")
        defer { snd_pcm_sw_params_free(params) }
        try check(snd_pcm_sw_params_current(pcm, params), "snd_pcm_sw_params_current")
        // Start once the buffer is full; wake the writer whenever a period is free.
        try check(
            snd_pcm_sw_params_set_start_threshold(pcm, params, snd_pcm_uframes_t(bufferFrames)),
            "snd_pcm_sw_params_set_start_threshold")
        try check(
            snd_pcm_sw_params_set_avail_min(pcm, params, snd_pcm_uframes_t(periodFrames)),
            "snd_pcm_sw_params_set_avail_min")
        try check(snd_pcm_sw_params(pcm, params), "snd_pcm_sw_params")
    }

    // MARK: - The audio thread

    /// Waits in `snd_pcm_wait` until `frameCount` frames fit (see ``AudioSink/waitUntilWritable(frameCount:)``),
    /// so the audio thread renders each block just before the device takes it. Returns at once while the
    /// buffer is being filled before playback starts, for ALSA's `null` plugin (paced after the write), and on
    /// any error, which the write then meets and recovers from (the one recovery path stays in the write).
    public func waitUntilWritable(frameCount: Int) {
        guard pacer == nil else { return }
        for _ in 0..<4 {
            let available = snd_pcm_avail_update(pcm)
            guard available >= 0, available < frameCount, snd_pcm_state(pcm) == SND_PCM_STATE_RUNNING else {
                return
            }
            guard snd_pcm_wait(pcm, 1000) > 0 else { return }
        }
    }

    /// Frames written and not yet heard after the last write (see ``AudioSink/queuedFrames``): the device's
    /// `snd_pcm_delay`, or for the `null` plugin what its pacer holds ahead.
    public var queuedFrames: Int { pacer?.queuedFrames ?? lastDelay }

    /// Writes one block (see ``AudioSink/write(_:frameCount:)``).
    public func write(_ samples: UnsafePointer<Float>, frameCount: Int) -> Bool {
        var done = 0
        while done < frameCount {
            let frames = min(frameCount - done, periodFrames)
            guard writeChunk(samples + done * channelCount, frames: frames) else { return false }
            done += frames
        }
        sampleDelay()
        pacer?.taken(frameCount)
        return true
    }

    /// Writes at most a period, converted; retries through ``recover(_:)``. Failing here stores the
    /// failure (the one allocation on this thread, as it ends).
    private func writeChunk(_ samples: UnsafePointer<Float>, frames: Int) -> Bool {
        let source = convert(samples, count: frames * channelCount)
        let frameBytes = channelCount * sampleFormat.bytesPerSample
        var offset = 0
        var failures = 0
        while offset < frames {
            let result = snd_pcm_writei(pcm, source + offset * frameBytes, snd_pcm_uframes_t(frames - offset))
            if result >= 0 {
                offset += Int(result)
                failures = 0
                continue
            }
            failures += 1
            if failures > 8 || !recover(Int32(result)) {
                failure = ALSAError.make(
                    Int32(result), device: "alsa:\(device)", operation: .writePCM, function: "snd_pcm_writei")
                return false
            }
        }
        return true
    }

    private func sampleDelay() {
        var delay: snd_pcm_sframes_t = 0
        guard snd_pcm_delay(pcm, &delay) == 0 else { return }
        let frames = Int(delay)
        lastDelay = frames
        delayCount.add(1, ordering: .relaxed)
        delaySum.add(frames, ordering: .relaxed)
        if frames < delayMinimum.load(ordering: .relaxed) { delayMinimum.store(frames, ordering: .relaxed) }
        if frames > delayMaximum.load(ordering: .relaxed) { delayMaximum.store(frames, ordering: .relaxed) }
    }

    /// The one recovery path: an underrun (`-EPIPE`) re-prepares, a suspend (`-ESTRPIPE`) waits for the device
    /// to resume (or re-prepares), an interrupted call (`-EINTR`) retries. False for anything else: the device
    /// is gone.
    private func recover(_ code: Int32) -> Bool {
        if code == -EAGAIN {
            snd_pcm_wait(pcm, 100)
            return true
        }
        guard snd_pcm_recover(pcm, code, 1) >= 0 else { return false }
        if code == -EPIPE || code == -ESTRPIPE { recoveries.add(1, ordering: .relaxed) }
        return true
    }

    /// The samples in the device's format: the synth's floats as they are, or converted (with clipping) into
    /// the preallocated conversion buffer.
    private func convert(_ samples: UnsafePointer<Float>, count: Int) -> UnsafeRawPointer {
        switch sampleFormat {
        case .float32:
            return UnsafeRawPointer(samples)
        case .signed32:
            let target = conversion.assumingMemoryBound(to: Int32.self)
            for index in 0..<count {
                let clipped = min(max(Double(samples[index]), -1), 1)
                target[index] = Int32(clamping: Int64((clipped * 2_147_483_647).rounded()))
            }
            return UnsafeRawPointer(conversion)
        case .signed16:
            let target = conversion.assumingMemoryBound(to: Int16.self)
            for index in 0..<count {
                let clipped = min(max(samples[index], -1), 1)
                target[index] = Int16((clipped * 32767).rounded())
            }
            return UnsafeRawPointer(conversion)
        }
    }

    /// Whether the stream keeps up when silence is written for `seconds` from the calling thread, as playing
    /// will: no underrun, no error, and the device takes each period within four periods' time (a device
    /// clocked by the kernel's tick, `snd-aloop`, does not move on periods shorter than a tick). Then the stream
    /// is stopped and prepared again, as after a rest. Call it before the sink plays (as
    /// ``forPlaying(device:)`` does); the underruns it meets are not counted.
    public func sustains(for seconds: Double) -> Bool {
        guard pacer == nil else { return true }  // the null plugin takes anything
        let frameBytes = channelCount * sampleFormat.bytesPerSample
        let silence = UnsafeMutableRawPointer.allocate(byteCount: periodFrames * frameBytes, alignment: 8)
        defer { silence.deallocate() }
        silence.initializeMemory(as: UInt8.self, repeating: 0, count: periodFrames * frameBytes)
        let timeout = Int32(max(20, 4 * periodFrames * 1000 / max(1, Int(sampleRate))))
        let total = Int(seconds * sampleRate)
        var written = 0
        var kept = true
        while written < total {
            let available = snd_pcm_avail_update(pcm)
            if available < 0 {
                kept = false
                break
            }
            if available < periodFrames, snd_pcm_state(pcm) == SND_PCM_STATE_RUNNING {
                guard snd_pcm_wait(pcm, timeout) > 0 else {
                    kept = false
                    break
                }
                continue
            }
            let result = snd_pcm_writei(pcm, silence, snd_pcm_uframes_t(periodFrames))
            if result < 0 {
                kept = false
                break
            }
            written += Int(result)
        }
        snd_pcm_drop(pcm)
        snd_pcm_prepare(pcm)
        return kept
    }

    /// `device` opened for playing the keys: ``PCMConfiguration/playing`` on a sound card played directly
    /// (``AudioStack/hardware``) when the stream sustains it for a third of a second (``sustains(for:)``),
    /// else ``PCMConfiguration/standard`` (a sound server, dmix, a tick-clocked loopback, a machine too busy).
    /// It opens `standard` first, so a sound server (whose graph follows the period asked for) is never asked
    /// for 64-frame periods, not even for a moment; the device stays open while it is configured again.
    /// - Throws: ``DeviceError`` as ``init(device:configuration:)``.
    public static func forPlaying(device: String) throws(DeviceError) -> ALSAPCMSink {
        let standard = try ALSAPCMSink(device: device, configuration: .standard)
        guard standard.stack == .hardware else { return standard }
        let small = try ALSAPCMSink(opened: standard.handOver(), device: device, configuration: .playing)
        if small.sustains(for: 1.0 / 3) { return small }
        return try ALSAPCMSink(opened: small.handOver(), device: device, configuration: .standard)
    }

    /// Stops the stream and hands its PCM to a sink configured anew: the device is never closed and opened
    /// again, so neither another program nor a child process (which holds an inherited descriptor until it
    /// execs) can leave it busy in between. This sink is closed after.
    private func handOver() -> OpaquePointer {
        closed = true
        snd_pcm_drop(pcm)
        return pcm
    }

    /// A device rests: its stream stops (`snd_pcm_drop`) while nothing sounds.
    public var canRest: Bool { true }

    /// Stops the stream, dropping the silence queued (see ``AudioSink/rest()``).
    public func rest() { snd_pcm_drop(pcm) }

    /// Prepares the stream to start again once its buffer is full (see ``AudioSink/endRest()``); an error shows
    /// in the next write, which recovers or fails as ever.
    public func endRest() {
        snd_pcm_prepare(pcm)
        lastDelay = 0
        pacer?.reset()
    }

    /// Closes the sink (see ``AudioSink/close()``).
    public func close() {
        guard !closed else { return }
        closed = true
        snd_pcm_drop(pcm)
        snd_pcm_close(pcm)
    }
}
