// ALSAPCMCapture: an ALSA PCM capture device read as float frames: how the latency benchmark hears Peach.

import CALSA
import Glibc
import PeachCore

/// An ALSA PCM capture device (the capture side of `snd-aloop`, `hw:Loopback,1,0`, in the latency benchmark),
/// read as interleaved 32-bit float frames in blocking reads. Each read also reports the capture delay (frames
/// captured but not yet read), so a caller can tell when each frame it got was captured. Read from one thread;
/// a read waits at most 100 ms, so that thread can notice it should stop before ``close()``.
public final class ALSAPCMCapture: @unchecked Sendable {
    /// Frames per second.
    public let sampleRate: Double
    /// Interleaved channels per frame.
    public let channelCount: Int
    /// Overruns recovered from (`snd_pcm_recover`).
    public private(set) var overrunCount = 0
    private let pcm: OpaquePointer
    private var closed = false

    /// Opens `device` for capture at `sampleRate` with `channelCount` float channels, in periods of
    /// `periodFrames` (a loopback's capture must match its playback side's rate, format and channels).
    /// - Throws: ``DeviceError`` naming the device and the call that failed.
    public init(
        device: String, sampleRate: Int, channelCount: Int, periodFrames: Int, periodCount: Int = 4
    ) throws(DeviceError) {
        let name = "alsa:\(device)"
        var opened: OpaquePointer?
        try ALSAError.check(
            snd_pcm_open(&opened, device, SND_PCM_STREAM_CAPTURE, SND_PCM_NONBLOCK), device: name,
            operation: .openPCM,
            function: "snd_pcm_open")
        guard let pcm = opened else {
            throw ALSAError.make(-ENODEV, device: name, operation: .openPCM, function: "snd_pcm_open")
        }
        func check(_ result: Int32, _ function: String) throws(DeviceError) {
            guard result < 0 else { return }
            snd_pcm_close(pcm)
            throw ALSAError.make(result, device: name, operation: .configurePCM, function: function)
        }
        var parameters: OpaquePointer?
        try check(snd_pcm_hw_params_malloc(&parameters), "snd_pcm_hw_params_malloc")
        defer { snd_pcm_hw_params_free(parameters) }
        try check(snd_pcm_hw_params_any(pcm, parameters), "snd_pcm_hw_params_any")
        try check(
            snd_pcm_hw_params_set_access(pcm, parameters, SND_PCM_ACCESS_RW_INTERLEAVED),
            "snd_pcm_hw_params_set_access")
        try check(
            snd_pcm_hw_params_set_format(pcm, parameters, SND_PCM_FORMAT_FLOAT_LE),
            "snd_pcm_hw_params_set_format")
        try check(
            snd_pcm_hw_params_set_channels(pcm, parameters, UInt32(channelCount)),
            "snd_pcm_hw_params_set_channels")
        try check(
            snd_pcm_hw_params_set_rate(pcm, parameters, UInt32(sampleRate), 0), "snd_pcm_hw_params_set_rate")
        var period = snd_pcm_uframes_t(periodFrames)
        var direction: Int32 = 0
        try check(
            snd_pcm_hw_params_set_period_size_near(pcm, parameters, &period, &direction),
            "snd_pcm_hw_params_set_period_size_near")
        var buffer = period * snd_pcm_uframes_t(periodCount)
        try check(
            snd_pcm_hw_params_set_buffer_size_near(pcm, parameters, &buffer),
            "snd_pcm_hw_params_set_buffer_size_near")
        try check(snd_pcm_hw_params(pcm, parameters), "snd_pcm_hw_params")
        self.pcm = pcm
        self.sampleRate = Double(sampleRate)
        self.channelCount = channelCount
    }

    deinit { close() }

    /// Reads `frameCount` frames into `buffer`, recovering from overruns. Returns the frames read and the
    /// capture delay right after the read (frames already captured and waiting), or nil on a failure or when no
    /// frame came for 100 ms.
    public func read(into buffer: UnsafeMutablePointer<Float>, frameCount: Int) -> (frames: Int, delay: Int)?
    {
        var done = 0
        while done < frameCount {
            let result = snd_pcm_readi(
                pcm, buffer + done * channelCount, snd_pcm_uframes_t(frameCount - done))
            if result == -Int(EAGAIN) {
                guard snd_pcm_wait(pcm, 100) > 0 else { return nil }
                continue
            }
            if result < 0 {
                overrunCount += 1
                guard snd_pcm_recover(pcm, Int32(result), 1) == 0 else { return nil }
                continue
            }
            done += Int(result)
        }
        var delay: snd_pcm_sframes_t = 0
        if snd_pcm_delay(pcm, &delay) < 0 { delay = 0 }
        return (done, Int(delay))
    }

    /// Closes the device. Idempotent.
    public func close() {
        guard !closed else { return }
        closed = true
        snd_pcm_close(pcm)
    }
}
