// AudioOutputOptions: --audio-out and --latency, and the sink they name (ALSA PCM, real-time WAV file, or null).

import ArgumentParser
import PeachALSA
import PeachAudio
import PeachJACK
import PeachStore
import PeachText
import PeachTraining

/// The options that choose where the internal synth plays.
struct AudioOutputOptions: ParsableArguments {
    @Option(
        name: .setting(.audioOutput), help: CLI.help(.audioOutput, valueName: "spec"))
    var audioOut: AudioOutputSpec?

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.latency), valueName: "latency"))
    var latency: PCMConfiguration = .standard

    /// The output asked for: `--audio-out`, else the `audioOutput` setting of `settings`.
    func spec(settings: PeachSettings) throws -> AudioOutputSpec {
        if let audioOut { return audioOut }
        do {
            return try AudioOutputSpec(parsing: settings.audioOutput)
        } catch {
            throw CommandError.invalidSpec(
                option: "audioOutput", value: settings.audioOutput, expected: .audioOutput)
        }
    }

    /// A live sink for `spec`: the ALSA device opened and configured, a JACK client (the server's period and
    /// latency; `--latency` does not apply), or a real-time-paced file or null sink.
    /// - Throws: ``DeviceError`` or ``FileError`` naming the device or file.
    func makeSink(for spec: AudioOutputSpec) throws -> any AudioSink {
        switch spec {
        case .alsa(let device):
            try ALSAPCMSink(device: device, configuration: latency)
        case .jack(let target): try JACKSink(target: target)
        case .wav(let path): try PacedSink(wavPath: path)
        case .null: PacedSink()
        }
    }
}
