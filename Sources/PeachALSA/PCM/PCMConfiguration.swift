// PCMConfiguration: what Peach asks of an ALSA PCM device: sample formats, rate, period and buffer sizes.

import CALSA

/// What Peach asks of a PCM device. Period and buffer sizes are always set explicitly (never left to the
/// driver's defaults, which can be half a second); the device may round them, and ``ALSAPCMSink`` reports
/// what it got.
///
/// - ``standard``: 48 kHz, 3 periods of 256 frames: 16 ms of buffered audio on a `hw:` device. Three periods
///   leave a full period of slack, so a Raspberry Pi without real-time priority still plays without xruns.
///   256, not 128: a device clocked by the kernel's tick (`snd-aloop`, 4 ms at HZ=250) stops at once with `EIO`
///   on periods shorter than a tick, and a sound server's graph (PipeWire's quantum follows the period asked
///   for) dropped 128-frame quanta over and over: 220 dropouts in 20 s, 22–45 at 256 (the VM, docs/sound.md).
/// - ``lowLatency``: 48 kHz, 2 periods of 64 frames: 2.7 ms, for a machine with real-time priority (the user in
///   the `audio` group) and nothing else busy.
/// - ``playing``: 48 kHz, 4 periods of 64 frames: 5.3 ms, what `peach play` asks of a sound card played directly
///   when `--latency` is not given (``ALSAPCMSink/forPlaying(device:)`` falls back to ``standard`` where the
///   stream does not sustain it). Short periods keep how long a key waits for the next block small; four of
///   them leave 4 ms of slack. Measured on a card-clocked loopback in the VM (`scripts/latency-vm card 64x4`,
///   100 notes): play-through median 6.2 ms, 99th percentile 9.9 ms, no underrun, where 3 × 128 gave a median
///   of 8.1 ms and 2 × 128 underran 24 times in 30 s (docs/play-back.md).
///
/// Through `default` (dmix, PulseAudio or PipeWire) the sound server adds its own latency on top.
public struct PCMConfiguration: Hashable, Sendable, CustomStringConvertible {
    /// The rate asked for; a device that cannot play it gives its nearest, and the synth renders at that.
    public var sampleRate: Int
    /// Frames per period (one block of the audio thread).
    public var periodFrames: Int
    /// Periods in the device's buffer.
    public var periodCount: Int
    /// The sample formats to try, in order of preference.
    public var sampleFormats: [PCMSampleFormat]

    /// A configuration; sizes are clamped to what makes sense (16–8192 frames, 2–16 periods).
    public init(
        sampleRate: Int = 48_000, periodFrames: Int, periodCount: Int,
        sampleFormats: [PCMSampleFormat] = PCMSampleFormat.allCases
    ) {
        self.sampleFormats = sampleFormats
        self.sampleRate = min(max(sampleRate, 8000), 192_000)
        self.periodFrames = min(max(periodFrames, 16), 8192)
        self.periodCount = min(max(periodCount, 2), 16)
    }

    /// 3 × 256 frames at 48 kHz: 16 ms.
    public static let standard = PCMConfiguration(periodFrames: 256, periodCount: 3)
    /// 2 × 64 frames at 48 kHz: 2.7 ms.
    public static let lowLatency = PCMConfiguration(periodFrames: 64, periodCount: 2)
    /// 4 × 64 frames at 48 kHz: 5.3 ms, play-back's default on a sound card.
    public static let playing = PCMConfiguration(periodFrames: 64, periodCount: 4)

    /// Reads `--latency`: `standard`, `low`, or `FRAMESxPERIODS` (16–8192 frames, 2–16 periods); nil for
    /// anything else.
    public init?(latency text: String) {
        switch text {
        case "standard": self = .standard
        case "low": self = .lowLatency
        default:
            let parts = text.lowercased().split(separator: "x")
            guard parts.count == 2, let frames = Int(parts[0]), let periods = Int(parts[1]),
                (16...8192).contains(frames), (2...16).contains(periods)
            else { return nil }
            self.init(periodFrames: frames, periodCount: periods)
        }
    }

    /// The buffered audio in seconds: period × periods / rate.
    public var latency: Double { Double(periodFrames * periodCount) / Double(sampleRate) }

    /// E.g. `3 × 256 frames at 48000 Hz (16.0 ms)`.
    public var description: String {
        let milliseconds = (latency * 10_000).rounded() / 10
        return "\(periodCount) × \(periodFrames) frames at \(sampleRate) Hz (\(milliseconds) ms)"
    }
}

/// How samples are written to the device.
public enum PCMSampleFormat: String, Sendable, CaseIterable {
    /// 32-bit float, little-endian: the synth's own samples, unconverted.
    case float32 = "FLOAT_LE"
    /// 32-bit signed integer, little-endian (many USB and HDMI devices).
    case signed32 = "S32_LE"
    /// 16-bit signed integer, little-endian (every device).
    case signed16 = "S16_LE"

    var alsaFormat: snd_pcm_format_t {
        switch self {
        case .float32: SND_PCM_FORMAT_FLOAT_LE
        case .signed32: SND_PCM_FORMAT_S32_LE
        case .signed16: SND_PCM_FORMAT_S16_LE
        }
    }

    var bytesPerSample: Int { self == .signed16 ? 2 : 4 }
}
