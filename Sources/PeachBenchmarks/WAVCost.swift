// WAVCost: instructions per frame of the WAV writer, counted by callgrind, for float and 16-bit files.

import Foundation
import PeachAudio

/// Counts the WAV writer's instructions per frame as ``SynthCost`` counts the synth's: runs this benchmark
/// under `valgrind --tool=callgrind` in its `wav` mode twice (writing no frames, then `seconds` of stereo 48 kHz
/// frames in 128-frame blocks, as ``PacedSink`` writes a period) into `/dev/null`, and divides the difference by
/// the frames: the writer's own work, start-up cancelled out, the kernel's `write` not counted.
enum WAVCost {
    /// `PeachBenchmarks wav ENCODING SECONDS`: writes stereo 48 kHz frames of a sine in 128-frame blocks to
    /// `/dev/null`, as `float32` or `signed16`, and exits.
    static func write(arguments: [String]) {
        guard arguments.count == 2, let seconds = Double(arguments[1]) else { return }
        let encoding: WAVFormat.SampleEncoding = arguments[0] == "signed16" ? .signed16 : .float32
        let block = 128
        let samples = (0..<(block * 2)).map { Float(sin(Double($0 / 2) * 0.05) * 0.5) }
        guard
            let writer = try? WAVFileWriter(
                path: "/dev/null", format: WAVFormat(sampleRate: 48_000, channelCount: 2, encoding: encoding))
        else { return }
        let blocks = Int((seconds * 48_000 / Double(block)).rounded(.up))
        samples.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for _ in 0..<blocks { try? writer.append(base, frameCount: block) }
        }
        try? writer.finish()
    }

    /// Prints the instructions per frame of each encoding, or says why it cannot.
    static func printFigures() {
        guard
            let valgrind = ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else {
            print("wav writer instructions per frame           no valgrind here (apt-get install valgrind)")
            return
        }
        let seconds = 2.0
        for encoding in ["float32", "signed16"] {
            guard let empty = SynthCost.instructions(valgrind, ["wav", encoding, "0"]),
                let full = SynthCost.instructions(valgrind, ["wav", encoding, String(seconds)])
            else {
                print("wav writer instructions per frame           callgrind failed")
                return
            }
            let frames = (seconds * 48_000 / 128).rounded(.up) * 128
            report(
                "wav writer, \(encoding), stereo, callgrind",
                "\(format(Double(full - empty) / frames, 1)) instructions/frame")
        }
    }
}
