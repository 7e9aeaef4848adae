// WAVFormatTests: the RIFF header fields for 16-bit and float WAV files.

import Foundation
import PeachAudio
import PeachTestSupport
import Testing

@Suite("WAVFormat")
struct WAVFormatTests {
    func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }

    func uint16(_ bytes: [UInt8], at offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    @Test("float stereo 48 kHz header")
    func floatHeader() {
        let format = WAVFormat(sampleRate: 48_000, channelCount: 2, encoding: .float32)
        let header = format.header(dataByteCount: 48_000 * 8)
        #expect(header.count == 58 && format.headerSize == 58)
        #expect(Array(header[0..<4]) == Array("RIFF".utf8))
        #expect(uint32(header, at: 4) == 50 + 384_000)
        #expect(Array(header[8..<16]) == Array("WAVEfmt ".utf8))
        #expect(uint32(header, at: 16) == 18)
        #expect(uint16(header, at: 20) == 3)
        #expect(uint16(header, at: 22) == 2)
        #expect(uint32(header, at: 24) == 48_000)
        #expect(uint32(header, at: 28) == 384_000)
        #expect(uint16(header, at: 32) == 8)
        #expect(uint16(header, at: 34) == 32)
        #expect(uint16(header, at: 36) == 0)  // fmt extension size
        #expect(Array(header[38..<42]) == Array("fact".utf8))
        #expect(uint32(header, at: 42) == 4)
        #expect(uint32(header, at: 46) == 48_000)  // frames
        #expect(Array(header[50..<54]) == Array("data".utf8))
        #expect(uint32(header, at: 54) == 384_000)
        #expect(WAVSamples.floats(in: header + [0, 0, 0x80, 0x3F]) == [1])
    }

    @Test("16-bit mono header and saturating sizes")
    func pcmHeader() {
        let format = WAVFormat(sampleRate: 44_100, channelCount: 1, encoding: .signed16)
        let header = format.header(dataByteCount: 0)
        #expect(header.count == 44 && format.headerSize == 44)
        #expect(uint32(header, at: 16) == 16)
        #expect(Array(header[36..<40]) == Array("data".utf8))
        #expect(uint16(header, at: 20) == 1)
        #expect(uint32(header, at: 28) == 88_200)
        #expect(uint16(header, at: 34) == 16)
        #expect(uint32(header, at: 40) == 0)
        #expect(uint32(format.header(dataByteCount: 1 << 40), at: 40) == UInt32.max)
        #expect(uint32(format.header(dataByteCount: 1 << 40), at: 4) == UInt32.max)
    }

    @Test("the writer's bytes: floats as they are, 16-bit rounded half away from zero and clamped, in blocks")
    func writerBytes() throws {
        let samples: [Float] = [
            0, 1, -1, 1.5, -1.5, 0.5, -0.5, 0.25 / 32767, 0.5 / 32767, -0.5 / 32767, 0.1234567,
        ]
        for encoding in [WAVFormat.SampleEncoding.float32, .signed16] {
            let path = NSTemporaryDirectory() + "peach-writer-\(UUID().uuidString).wav"
            defer { try? FileManager.default.removeItem(atPath: path) }
            let format = WAVFormat(sampleRate: 48_000, channelCount: 1, encoding: encoding)
            let writer = try WAVFileWriter(path: path, format: format)
            // In two blocks of different sizes, and an empty one: the scratch buffer grows, nothing is lost.
            try samples.withUnsafeBufferPointer { buffer in
                let base = try #require(buffer.baseAddress)
                try writer.append(base, frameCount: 4)
                try writer.append(base + 4, frameCount: 0)
                try writer.append(base + 4, frameCount: samples.count - 4)
            }
            try writer.finish()
            let data = Array(try Data(contentsOf: URL(fileURLWithPath: path)).dropFirst(format.headerSize))
            switch encoding {
            case .float32:
                #expect(
                    data == samples.flatMap { withUnsafeBytes(of: $0.bitPattern.littleEndian, Array.init) })
            case .signed16:
                let expected = samples.map { Int16(max(-32768, min(32767, (Double($0) * 32767).rounded()))) }
                #expect(data == expected.flatMap { withUnsafeBytes(of: $0.littleEndian, Array.init) })
                #expect(expected[1] == 32767 && expected[2] == -32767, "full scale")
                #expect(expected[3] == 32767 && expected[4] == -32768, "clamped")
            }
        }
    }
}
