// ByteLanesTests: the eight-at-a-time scans find the byte a byte-at-a-time scan finds, wherever it lies.

import PeachCore
import Testing

@testable import PeachStore

@Suite("ByteLanes")
struct ByteLanesTests {
    /// Random lines of plain, high (UTF-8) and stopping bytes, scanned from every start to every end.
    @Test(
        "the first quote, backslash or control character, and the first of a byte, as a byte at a time finds")
    func scansAgreeWithBytes() {
        var generator = SeededRandomGenerator(seed: 31)
        let stops: [UInt8] = [0x22, 0x5C, 0x00, 0x1F, 0x0A, 0x2C]
        for _ in 0..<3_000 {
            let length = Int.random(in: 0...40, using: &generator)
            let line = (0..<length).map { _ -> UInt8 in
                switch Int.random(in: 0..<20, using: &generator) {
                case 0: stops.randomElement(using: &generator)!
                case 1...3: UInt8.random(in: 0x80...0xFF, using: &generator)
                case 4: UInt8.random(in: 0x20...0x21, using: &generator)
                default: UInt8.random(in: 0x23...0x7E, using: &generator)
                }
            }
            line.withUnsafeBufferPointer { buffer in
                for start in 0...length {
                    let end = Int.random(in: start...length, using: &generator)
                    let stringStop =
                        (start..<end).first { buffer[$0] == 0x22 || buffer[$0] == 0x5C || buffer[$0] < 0x20 }
                        ?? end
                    #expect(
                        ByteLanes.stringStop(in: buffer, from: start, to: end) == stringStop,
                        "\(line) \(start)")
                    let comma = (start..<end).first { buffer[$0] == 0x2C } ?? end
                    #expect(
                        ByteLanes.first(0x2C, in: buffer, from: start, to: end) == comma, "\(line) \(start)")
                }
            }
        }
    }

    @Test("a lane flagged wrongly above a right one never hides the first match")
    func borrowsRunUpward() {
        // 0x22 then 0x23 in the same word: x ^ 0x22.. gives 0x00 then 0x01, whose borrow flags the 0x01 lane too.
        for offset in 0..<8 {
            var line = [UInt8](repeating: 0x41, count: 16)
            line[offset] = 0x22
            line[offset + 1] = 0x23
            line.withUnsafeBufferPointer { buffer in
                #expect(ByteLanes.stringStop(in: buffer, from: 0, to: 16) == offset)
                #expect(ByteLanes.first(0x22, in: buffer, from: 0, to: 16) == offset)
            }
        }
    }
}
