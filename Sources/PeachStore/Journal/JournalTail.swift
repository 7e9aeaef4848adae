// JournalTail: the checksum of a journal's last bytes before a length, which ties a snapshot or a marker to it.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What ties a file beside the journal (its ``JournalSnapshot``, a ``PendingAppend`` marker) to the journal it
/// was written for: the CRC-32C of the journal's last ``window`` bytes before a length, taken when the file was
/// written and compared when it is read. A journal replaced, cut back, restored or rewritten does not match.
enum JournalTail {
    /// How many bytes before the length the CRC covers.
    static let window = 1 << 16

    /// The CRC-32C of the ``window`` bytes of the journal at `journalPath` before `length` (0 for length 0),
    /// or nil when the journal is shorter, is not a regular file, or no line ends at `length`.
    static func crc(journalPath: String, length: Int) -> UInt32? {
        guard length >= 0,
            let file = try? StoreFile(path: journalPath, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK),
            (try? file.requireRegularFile()) != nil, (try? file.size()).map({ $0 >= length }) == true
        else { return nil }
        guard length > 0 else { return 0 }
        let start = max(0, length - window)
        var bytes = [UInt8](repeating: 0, count: length - start)
        let read = bytes.withUnsafeMutableBytes { try? file.read(into: $0, at: start) }
        guard read == bytes.count, bytes.last == 0x0A else { return nil }
        return bytes.withUnsafeBufferPointer { CRC32C.checksum($0) }
    }
}
