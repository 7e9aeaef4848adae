// ToneCommandTests: `peach tone` renders a precise, readable WAV file and names bad input.

import Foundation
import Testing

@Suite("peach tone")
struct ToneCommandTests {
    @Test("renders the requested pitch into a standard float WAV file")
    func wav() throws {
        let path = NSTemporaryDirectory() + "peach-tone-\(UUID().uuidString).wav"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try PeachBinary.run([
            "tone", "A4", "--cents", "-7.5", "--duration", "1.5", "--audio-out", "wav:" + path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.prefix(4) == Data("RIFF".utf8))
        #expect(data[20] == 3 && data[22] == 1)  // IEEE float, mono
        let samples = data.dropFirst(44).withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        #expect(abs(Double(samples.count) / 48_000 - 1.55) < 0.01)
        var crossings: [Double] = []
        for index in 4800..<(samples.count - 4800) where samples[index - 1] < 0 && samples[index] >= 0 {
            let a = Double(samples[index - 1])
            let b = Double(samples[index])
            crossings.append(Double(index - 1) + a / (a - b))
        }
        let frequency = Double(crossings.count - 1) * 48_000 / (crossings[crossings.count - 1] - crossings[0])
        #expect(abs(1200 * log2(frequency / 440) + 7.5) < 0.01)
        #expect(samples.suffix(240).allSatisfy { $0 == 0 })  // released with a ramp, then silence
    }

    @Test(
        "bad input: one line, exit 64",
        arguments: [
            (["tone", "H4", "--audio-out", "null"], "'H4' is not a note name"),
            (
                ["tone", "A4", "--timbre", "kazoo", "--audio-out", "null"],
                "--timbre 'kazoo' is not one of sine, piano, organ."
            ),
            (
                ["tone", "A4", "--audio-out", "speakers"],
                "--audio-out 'speakers' is not valid; use wav:PATH or null."
            ),
            (["tone", "A4", "--sweep", "5000", "--audio-out", "null"], "--sweep '5000' is not valid"),
            (
                ["tone", "A4", "--cents", "1+2", "--audio-out", "null"],
                "--cents '1+2' is not valid; use a number from -1200 to 1200."
            ),
            (
                ["tone", "A4", "--gain", "loud", "--audio-out", "null"],
                "--gain 'loud' is not valid; use a number from -90 to 12."
            ),
        ])
    func badInput(arguments: [String], message: String) throws {
        let result = try PeachBinary.run(arguments)
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1)
    }
}
