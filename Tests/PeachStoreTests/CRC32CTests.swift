// CRC32CTests: the processor's CRC-32C instruction and the table agree, on every length and alignment.

import PeachCore
import Testing

@testable import PeachStore

@Suite("CRC-32C")
struct CRC32CTests {
    @Test("the check value of \"123456789\" is e3069283, by instruction and by table")
    func checkValue() {
        let bytes = Array("123456789".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(CRC32C.checksum(buffer) == 0xE306_9283)
            #expect(CRC32C.software(buffer) == 0xE306_9283)
        }
    }

    @Test(
        "instruction and table agree on random bytes of every length 0-300 at every offset 0-7, continued too"
    )
    func agree() {
        var generator = SeededRandomGenerator(seed: 32)
        let bytes = (0..<400).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes.withUnsafeBufferPointer { buffer in
            for offset in 0..<8 {
                for length in 0...300 {
                    let piece = UnsafeBufferPointer(rebasing: buffer[offset..<(offset + length)])
                    let start = UInt32.random(in: 0...UInt32.max, using: &generator)
                    #expect(
                        CRC32C.checksum(piece, continuing: start)
                            == CRC32C.software(piece, continuing: start),
                        "offset \(offset), length \(length)")
                }
            }
        }
    }

    @Test("a checksum closed by one more byte is the checksum of the bytes and that byte")
    func closedBy() {
        var generator = SeededRandomGenerator(seed: 31)
        for count in 0..<300 {
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let last = UInt8.random(in: 0...255, using: &generator)
            let closed = bytes.withUnsafeBufferPointer { CRC32C.checksum($0, closedBy: last) }
            #expect(closed == (bytes + [last]).withUnsafeBufferPointer { CRC32C.checksum($0) })
            #expect(closed == (bytes + [last]).withUnsafeBufferPointer { CRC32C.software($0) })
        }
    }

    @Test("this machine's processor has the instruction (x86-64 with SSE 4.2, arm64 with CRC)")
    func hardwareHere() {
        #if arch(x86_64) || arch(arm64)
            #expect(CRC32C.hardware)
        #endif
    }
}
