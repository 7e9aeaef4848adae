// AudioOutputOptions: --audio-out and --latency, and the sink they name (ALSA PCM, real-time WAV file, or null).

import ArgumentParser
import PeachALSA
import PeachAudio
import PeachStore

/// How much audio the ALSA device buffers: `standard`, `low`, or explicit sizes as `FRAMESxPERIODS`.
struct LatencyChoice: ExpressibleByArgument {
    /// The PCM configuration.
    let configuration: PCMConfiguration
    /// The choice as written.
    let text: String

    /// 3 × 128 frames at 48 kHz (8 ms).
    static let standard = LatencyChoice(configuration: .standard, text: "standard")

    private init(configuration: PCMConfiguration, text: String) {
        self.configuration = configuration
        self.text = text
    }

    /// The choice as `--help` shows a default.
    var defaultValueDescription: String { text }

    init?(argument: String) {
        text = argument
        switch argument {
        case "standard": configuration = .standard
        case "low": configuration = .lowLatency
        default:
            let parts = argument.lowercased().split(separator: "x")
            guard parts.count == 2, let frames = Int(parts[0]), let periods = Int(parts[1]),
                (16...8192).contains(frames), (2...16).contains(periods)
            else { return nil }
            configuration = PCMConfiguration(periodFrames: frames, periodCount: periods)
        }
    }
}

/// The options that choose where the internal synth plays.
struct AudioOutputOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where the internal synth plays: alsa:DEVICE (e.g. alsa:default, alsa:hw:1,0), wav:PATH or null.",
            discussion: "Default: the audioOutput setting (alsa:default).", valueName: "spec"))
    var audioOut: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "ALSA buffering: standard (3 x 128 frames at 48 kHz, 8 ms), low (2 x 64 frames, 2.7 ms) or FRAMESxPERIODS.",
            discussion: "Explicit sizes such as 256x3 take 16-8192 frames and 2-16 periods.",
            valueName: "latency"))
    var latency: LatencyChoice = .standard

    /// The output asked for: `--audio-out`, else the `audioOutput` setting.
    /// - Throws: ``CommandFailure`` for a malformed spec or an unreadable settings file.
    /// The settings file is read only when `--audio-out` is not given and no `settings` are passed in.
    func spec(settings: PeachSettings? = nil) throws -> AudioOutputSpec {
        let text = try audioOut ?? (settings ?? loadSettings()).audioOutput
        do {
            return try AudioOutputSpec(parsing: text)
        } catch {
            throw CommandFailure.usage(
                Messages.pick(
                    "--audio-out '\(text)' is not valid; use alsa:DEVICE, wav:PATH or null.",
                    "--audio-out '\(text)' ist ungültig; nimm alsa:DEVICE, wav:PATH oder null."))
        }
    }

    /// A live sink for `spec`: the ALSA device opened and configured, or a real-time-paced file or null sink.
    /// - Throws: ``ALSAError`` or ``WAVFileError`` naming the device or file (``reportingFailures`` words them).
    func makeSink(for spec: AudioOutputSpec) throws -> any AudioSink {
        switch spec {
        case .alsa(let device): try ALSAPCMSink(device: device, configuration: latency.configuration)
        case .wav(let path): try PacedSink(wavPath: path)
        case .null: PacedSink()
        }
    }
}
