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
        name: .setting(.audioOutput), help: CLI.help(.audioOutput, valueName: "spec"),
        completion: Completions.audioOutputs)
    var audioOut: AudioOutputSpec?

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.latency), valueName: "latency"))
    var latency: PCMConfiguration?

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
    /// latency; `--latency` does not apply), or a real-time-paced file or null sink. Without `--latency` an ALSA
    /// device gets ``PCMConfiguration/standard``, or when `playing` (play-back: the keys sound through it) the
    /// smaller ``PCMConfiguration/playing`` where it sustains it (``ALSAPCMSink/forPlaying(device:)``).
    /// - Throws: ``DeviceError`` or ``FileError`` naming the device or file.
    func makeSink(for spec: AudioOutputSpec, playing: Bool = false) throws -> any AudioSink {
        switch spec {
        case .alsa(let device):
            if let latency {
                try ALSAPCMSink(device: device, configuration: latency)
            } else if playing {
                try ALSAPCMSink.forPlaying(device: device)
            } else {
                try ALSAPCMSink(device: device, configuration: .standard)
            }
        case .jack(let target): try JACKSink(target: target)
        case .wav(let path): try PacedSink(wavPath: path)
        case .null: PacedSink()
        }
    }
}
