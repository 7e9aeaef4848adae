// CRC32C: the Castagnoli CRC that closes every record line, so a flipped bit is found, not believed.

import CPeachCRC

/// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78). With the processor's instruction where it has one
/// (SSE 4.2 on x86-64, the CRC extension of arm64: every Raspberry Pi 3, 4 and 5), eight bytes per
/// instruction; otherwise slicing by 8 in Swift, about a byte per cycle. Both give the same checksum (tested).
public enum CRC32C {
    /// Whether this processor computes CRC-32C itself (checked once).
    static let hardware = peach_crc32c_hardware_available() != 0
    private static let tables: [[UInt32]] = {
        var tables = [[UInt32]](repeating: [UInt32](repeating: 0, count: 256), count: 8)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
            tables[0][byte] = crc
        }
        for byte in 0..<256 {
            for slice in 1..<8 {
                let previous = tables[slice - 1][byte]
                tables[slice][byte] = (previous >> 8) ^ tables[0][Int(previous & 0xFF)]
            }
        }
        return tables
    }()
    private static let flat: [UInt32] = tables.flatMap { $0 }

    /// The CRC of `bytes`, continuing from `crc` (0 to start).
    public static func checksum(_ bytes: UnsafeBufferPointer<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
        guard hardware, let base = bytes.baseAddress else { return software(bytes, continuing: crc) }
        return ~peach_crc32c_hardware(~crc, base, bytes.count)
    }

    /// The checksum of `bytes` followed by the one byte `last` (a line's `}`), without copying them together:
    /// by the instruction where there is one, in one call (the closing byte too: by table it asked twice whether
    /// the table was made, and read it), else by table, the byte continuing the bytes' checksum.
    /// `hardware` is ``hardware``, passed in by a reader of many lines that asked once (asking the static is a
    /// call each time).
    @inline(__always)
    static func checksum(
        _ bytes: UnsafeBufferPointer<UInt8>, closedBy last: UInt8, hardware: Bool = hardware
    ) -> UInt32 {
        if hardware, let base = bytes.baseAddress {
            return ~peach_crc32c_hardware_closed(~0, base, bytes.count, last)
        }
        return withUnsafeBytes(of: last) {
            software($0.assumingMemoryBound(to: UInt8.self), continuing: software(bytes))
        }
    }

    /// ``checksum(_:continuing:)`` by table, whatever the processor (the fallback, and what tests compare
    /// the instruction with).
    static func software(_ bytes: UnsafeBufferPointer<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
        var crc = ~crc
        flat.withUnsafeBufferPointer { table in
            var index = 0
            let count = bytes.count
            while index + 8 <= count {
                // Typed partial terms: Swift 6.2's type checker gives up on the eight-way XOR written as one
                // expression (6.3 copes); the arm64 package is built with Debian's 6.2.
                let word0: UInt32 = UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8
                let word1: UInt32 = UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24
                let low: UInt32 = crc ^ word0 ^ word1
                let high: UInt32 =
                    table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                let rest: UInt32 =
                    table[3 * 256 + Int(bytes[index + 4])] ^ table[2 * 256 + Int(bytes[index + 5])]
                    ^ table[256 + Int(bytes[index + 6])] ^ table[Int(bytes[index + 7])]
                crc = high ^ rest
                index += 8
            }
            while index < count {
                crc = (crc >> 8) ^ table[Int((crc ^ UInt32(bytes[index])) & 0xFF)]
                index += 1
            }
        }
        return ~crc
    }

    /// The CRC of a string's UTF-8 bytes.
    static func checksum(_ text: String) -> UInt32 {
        var copy = text
        return copy.withUTF8 { checksum($0) }
    }

    /// Eight lowercase hex digits.
    static func hex(_ crc: UInt32) -> String {
        let digits = String(crc, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
