// ReferenceCRC32C: CRC-32C a bit at a time, for tests that forge what Peach checksums (a marker, a snapshot).

/// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), one bit at a time: slow and plainly right, so tests
/// outside the store can make the checksums it checks.
public enum ReferenceCRC32C {
    /// The CRC-32C of `bytes`.
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
        }
        return ~crc
    }
}
