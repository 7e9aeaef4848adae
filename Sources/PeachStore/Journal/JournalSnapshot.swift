// JournalSnapshot: what loading a journal's first bytes gave, saved beside it so a start need not re-read them.

import Foundation
import PeachCore
import PeachSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A cache of a loaded journal: `records.snapshot` in the data folder holds the ``JournalContents`` of the
/// journal's first ``journalLength`` bytes, so loading reads the snapshot and then only the lines appended
/// since, and start-up time does not grow with the history.
///
/// The journal stays the only source of truth. A snapshot is believed only when all of this holds: its own
/// CRC-32C matches (a torn or flipped snapshot is not read), its format is this one, the journal is at least
/// ``journalLength`` bytes long, a line ends at that length, and the CRC-32C of the journal's last
/// ``tailWindow`` bytes before it equals the one saved (a journal replaced, cut back or rewritten does not
/// match). Otherwise the journal is read from the start, as without a snapshot. `peach data check` never uses
/// it: a check reads every line.
///
/// Layout: one line of JSON (the header and the small state: profile, trend, counts, damaged lines), then the
/// timeline's samples as little-endian float64 pairs (time since 2001, as `Date` keeps it; threshold), then the CRC-32C of all
/// that, 4 bytes little-endian. The writer (``JournalStore``, holding the lock) saves a new snapshot when it
/// has read ``rewriteThreshold`` or more records past the old one; readers never write it.
struct JournalSnapshot {
    /// The snapshot's file name in the data folder.
    static let fileName = "records.snapshot"
    /// How many journal bytes before ``journalLength`` the saved CRC covers.
    static let tailWindow = 1 << 16
    /// Records read past the snapshot (or without one) before the writer saves a new snapshot.
    static let rewriteThreshold = 1000
    /// This layout's number; another one is not read (3 added the timing profile).
    static let format = 3

    /// The header line.
    private struct Header: Codable {
        var format: Int
        var journalLength: Int
        var lineCount: Int
        var tailCRC: UInt32
        var sampleCount: Int
        var comparisonCount: Int
        var pitchMatchingCount: Int
        var rhythmCount: Int
        var profile: PerceptualProfile
        var trend: TrendAnalyzer
        var progress: ProgressHistory
        var timing: TimingHistory
        var damagedLines: [DamagedLine]
        var newerRecordLines: [Int]
    }

    /// The journal bytes the snapshot covers (up to and including a newline).
    let journalLength: Int
    /// The lines in those bytes.
    let lineCount: Int
    /// What loading those bytes gave.
    let contents: JournalContents

    static func path(in directory: String) -> String { directory + "/" + fileName }

    /// The snapshot in `directory` if it is there, intact and matches the journal at `journalPath`; else nil.
    static func read(directory: String, journalPath: String) -> JournalSnapshot? {
        // A snapshot is far smaller than its journal; a bigger file is not read at all (no unbounded read).
        guard let journal = FileSystem.status(journalPath, followingLinks: false),
            let bytes = try? readFile(path(in: directory), limit: 2 * journal.size + (1 << 20)),
            bytes.count > 5,
            let newline = bytes.firstIndex(of: 0x0A)
        else { return nil }
        let body = bytes.count - 4
        let saved = bytes[body...].enumerated().reduce(UInt32(0)) {
            $0 | UInt32($1.element) << (8 * $1.offset)
        }
        guard
            bytes.withUnsafeBufferPointer({ CRC32C.checksum(UnsafeBufferPointer(rebasing: $0[..<body])) })
                == saved,
            let header = try? JSONDecoder().decode(Header.self, from: Data(bytes[..<newline])),
            header.format == format, header.journalLength > 0, header.lineCount >= 0,
            header.sampleCount <= header.comparisonCount, header.pitchMatchingCount >= 0,
            header.rhythmCount >= 0,
            (body - (newline + 1)) % 16 == 0, body - (newline + 1) == header.sampleCount &* 16,
            tailCRC(journalPath: journalPath, length: header.journalLength) == header.tailCRC
        else { return nil }
        var contents = JournalContents()
        contents.profile = header.profile
        contents.trend = header.trend
        contents.progress = header.progress
        contents.timing = header.timing
        contents.comparisonCount = header.comparisonCount
        contents.pitchMatchingCount = header.pitchMatchingCount
        contents.rhythmCount = header.rhythmCount
        contents.damagedLines = header.damagedLines
        contents.newerRecordLines = header.newerRecordLines
        bytes.withUnsafeBytes { raw in
            var timeline = ThresholdTimeline()
            for index in 0..<header.sampleCount {
                let offset = newline + 1 + index * 16
                let time = Double(
                    bitPattern: UInt64(
                        littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                let threshold = Double(
                    bitPattern: UInt64(
                        littleEndian: raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
                timeline.add(threshold: threshold, at: Date(timeIntervalSinceReferenceDate: time))
            }
            contents.timeline = timeline
        }
        return JournalSnapshot(
            journalLength: header.journalLength, lineCount: header.lineCount, contents: contents)
    }

    /// Saves `contents` as the snapshot of the first `journalLength` bytes (`lineCount` lines) of the journal at
    /// `journalPath`, atomically. A failure is ignored: the snapshot is a cache, and the next load reads more
    /// of the journal.
    static func write(
        _ contents: JournalContents, journalLength: Int, lineCount: Int, directory: String,
        journalPath: String
    ) {
        guard journalLength > 0, let tail = tailCRC(journalPath: journalPath, length: journalLength) else {
            return
        }
        let header = Header(
            format: format, journalLength: journalLength, lineCount: lineCount, tailCRC: tail,
            sampleCount: contents.timeline.samples.count, comparisonCount: contents.comparisonCount,
            pitchMatchingCount: contents.pitchMatchingCount, rhythmCount: contents.rhythmCount,
            profile: contents.profile, trend: contents.trend, progress: contents.progress,
            timing: contents.timing,
            damagedLines: contents.damagedLines, newerRecordLines: contents.newerRecordLines)
        guard let json = try? JSONEncoder().encode(header) else { return }
        var bytes = [UInt8](json)
        bytes.append(0x0A)
        bytes.reserveCapacity(bytes.count + contents.timeline.samples.count * 16 + 4)
        for sample in contents.timeline.samples {
            withUnsafeBytes(of: sample.timestamp.timeIntervalSinceReferenceDate.bitPattern.littleEndian) {
                bytes += $0
            }
            withUnsafeBytes(of: sample.threshold.bitPattern.littleEndian) { bytes += $0 }
        }
        let crc = bytes.withUnsafeBufferPointer { CRC32C.checksum($0) }
        withUnsafeBytes(of: crc.littleEndian) { bytes += $0 }
        try? StoreFiles.writeAtomically(bytes, to: path(in: directory), directory: directory)
    }

    /// Removes the snapshot (the journal was replaced).
    static func remove(directory: String) { FileSystem.removeQuietly(path(in: directory)) }

    /// The CRC-32C of the journal's `tailWindow` bytes before `length`, or nil when the journal is shorter or no
    /// line ends at `length`.
    private static func tailCRC(journalPath: String, length: Int) -> UInt32? {
        guard let file = try? POSIXFile(path: journalPath, flags: O_RDONLY | O_NOFOLLOW),
            (try? file.size()).map({ $0 >= length }) == true
        else { return nil }
        let start = max(0, length - tailWindow)
        var window = [UInt8](repeating: 0, count: length - start)
        let read = window.withUnsafeMutableBytes { try? file.read(into: $0, at: start) }
        guard read == window.count, window.last == 0x0A else { return nil }
        return window.withUnsafeBufferPointer { CRC32C.checksum($0) }
    }

    /// The whole file at `path` (a regular file, not followed if a link, at most `limit` bytes), or nil.
    private static func readFile(_ path: String, limit: Int) throws -> [UInt8]? {
        let file = try POSIXFile(path: path, flags: O_RDONLY | O_NOFOLLOW)
        try file.requireRegularFile()
        guard try file.size() <= limit else { return nil }
        return try file.readAll()
    }
}
