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
/// ``JournalTail/window`` bytes before it equals the one saved (a journal replaced, cut back or rewritten does not
/// match). Otherwise the journal is read from the start, as without a snapshot. `peach data check` never uses
/// it: a check reads every line.
///
/// Layout (format 5): the magic bytes `PSNP`, the format number, the header and the small state in binary
/// (``SnapshotCodable``: counts, profile, trend, progress, timing history; the damaged lines as JSON, usually
/// none), then the timeline's samples as little-endian float64 pairs (time since 2001, as `Date` keeps it;
/// threshold), then the CRC-32C of all that, 4 bytes little-endian. The writer (``JournalStore``, holding the
/// lock) saves a new snapshot when it has read ``rewriteThreshold`` or more records past the old one, and after
/// an append of many records at once (an import) that brings that many; a reader that read that many saves one
/// too, without the lock (``JournalStore/saveSnapshot(of:directory:)``). It is read in one `read` and decoded without `JSONDecoder` (a header of 5.5 years of
/// practice was 3.3 MB of JSON and four fifths of a start).
struct JournalSnapshot {
    /// The snapshot's file name in the data folder.
    static let fileName = "records.snapshot"
    /// Records read past the snapshot (or without one) before the writer saves a new snapshot.
    static let rewriteThreshold = 1000
    /// This layout's number; another one is not read (3 added the timing profile; 4 leaves out a measurement
    /// stopped before it measured; 5 is binary; 6 adds play-back; 7 keeps timing thresholds per pattern family and
    /// a step's share; 8 adds rhythm echo; 9 counts play-back answers of the right item elsewhere apart and keeps
    /// each kind's last answers for its level; 10 keeps the melodies' accuracy and timing per place in the phrase; 11
    /// files an older answer into the trend's session of its time, and keeps apart only the measurements of sessions
    /// no longer kept; 12 keeps the spread of the melodies' offsets per place and each rhythm echo's own mean
    /// offset, for their likely ranges), so older snapshots are read anew from the journal.
    static let format = 12
    /// The bytes a snapshot starts with.
    static let magic: [UInt8] = Array("PSNP".utf8)

    /// The header.
    private struct Header {
        var format: Int
        var journalLength: Int
        var lineCount: Int
        var tailCRC: UInt32
        var sampleCount: Int
        var comparisonCount: Int
        var pitchMatchingCount: Int
        var rhythmCount: Int
        var playBackCount: Int
        var profile: PerceptualProfile
        var trend: TrendAnalyzer
        var progress: ProgressHistory
        var timing: TimingHistory
        var playBack: PlayBackHistory
        var damagedLines: [DamagedLine]
        var newerRecordLines: [Int]

        /// Writes the header; false when its damaged lines cannot be encoded (then no snapshot is saved: one
        /// without them would disagree with its journal).
        func write(to writer: inout SnapshotWriter) -> Bool {
            var damaged = ""
            if !damagedLines.isEmpty {
                guard let json = try? JSONEncoder().encode(damagedLines) else { return false }
                damaged = String(decoding: json, as: UTF8.self)
            }
            writer.append(raw: JournalSnapshot.magic)
            writer.write(format, journalLength, lineCount, Int(tailCRC), sampleCount)
            writer.write(comparisonCount, pitchMatchingCount, rhythmCount, playBackCount)
            writer.write(profile, trend, progress, timing, playBack, damaged, newerRecordLines)
            return true
        }

        /// Reads a header; nil when it is not this format's. Its numbers are checked with ``isConsistent``.
        init?(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
            guard Array(try reader.raw(JournalSnapshot.magic.count)) == JournalSnapshot.magic,
                try reader.int() == JournalSnapshot.format
            else { return nil }
            format = JournalSnapshot.format
            (journalLength, lineCount) = try reader.fields()
            tailCRC = UInt32(try reader.int(in: 0...Int(UInt32.max)))
            (
                sampleCount, comparisonCount, pitchMatchingCount, rhythmCount, playBackCount, profile, trend,
                progress, timing, playBack
            ) = try reader.fields()
            let damaged = try reader.string()
            if damaged.isEmpty {
                damagedLines = []
            } else {
                guard let lines = try? JSONDecoder().decode([DamagedLine].self, from: Data(damaged.utf8))
                else {
                    throw SnapshotReader.Malformed()
                }
                damagedLines = lines
            }
            newerRecordLines = try reader.array()
        }

        init(
            journalLength: Int, lineCount: Int, tailCRC: UInt32, contents: JournalContents
        ) {
            format = JournalSnapshot.format
            self.journalLength = journalLength
            self.lineCount = lineCount
            self.tailCRC = tailCRC
            sampleCount = contents.timeline.samples.count
            comparisonCount = contents.comparisonCount
            pitchMatchingCount = contents.pitchMatchingCount
            rhythmCount = contents.rhythmCount
            playBackCount = contents.playBackCount
            playBack = contents.playBack
            profile = contents.profile
            trend = contents.trend
            progress = contents.progress
            timing = contents.timing
            damagedLines = contents.damagedLines
            newerRecordLines = contents.newerRecordLines
        }

        /// Whether the header's numbers fit together and fit `sampleBytes` bytes of samples: this format; a
        /// journal length that a line can end at; no more records, damaged or newer lines than lines, nor lines
        /// than bytes; a line number of each damaged or newer line within them; one threshold sample per
        /// 16 bytes and at most one per comparison; and the profile, trend, progress and timing history made of
        /// at most as many answers as there are lines. Checked arithmetic throughout.
        func isConsistent(sampleBytes: Int) -> Bool {
            let limit = min(lineCount, JournalSnapshot.maximumCount)
            let parts = [
                comparisonCount, pitchMatchingCount, rhythmCount, playBackCount, damagedLines.count,
                newerRecordLines.count,
            ]
            var records = 0
            for part in parts {
                guard part >= 0 else { return false }
                let (sum, overflow) = records.addingReportingOverflow(part)
                guard !overflow, sum <= limit else { return false }
                records = sum
            }
            let (bytes, overflow) = sampleCount.multipliedReportingOverflow(by: 16)
            return format == JournalSnapshot.format && journalLength > 0 && lineCount > 0
                && lineCount <= journalLength && sampleCount >= 0 && !overflow && bytes == sampleBytes
                && sampleCount <= comparisonCount
                && damagedLines.allSatisfy({ (1...lineCount).contains($0.line) })
                && newerRecordLines.allSatisfy({ (1...lineCount).contains($0) })
                && profile.isConsistent(maximumCount: comparisonCount + pitchMatchingCount)
                && trend.isConsistent(maximumCount: comparisonCount)
                && progress.isConsistent(maximumCount: comparisonCount + pitchMatchingCount)
                && timing.isConsistent(maximumCount: rhythmCount)
                && playBack.isConsistent(maximumCount: playBackCount) && playBack.answerCount == playBackCount
        }
    }

    /// The journal bytes the snapshot covers (up to and including a newline).
    let journalLength: Int
    /// The lines in those bytes.
    let lineCount: Int
    /// What loading those bytes gave.
    let contents: JournalContents

    static func path(in directory: String) -> String { directory + "/" + fileName }

    /// The snapshot in `directory` if it is there, intact and matches the journal at `journalPath`; else nil.
    /// Without `timeline`, its timeline's samples are checked but not kept.
    static func read(directory: String, journalPath: String, timeline: Bool = true) -> JournalSnapshot? {
        // A snapshot is far smaller than its journal; a bigger file is not read at all (no unbounded read).
        guard let journal = FileSystem.status(journalPath, followingLinks: false),
            let bytes = try? StoreFiles.readRegularFile(
                path(in: directory), limit: 2 * journal.size + (1 << 20), followingLinks: false)
        else { return nil }
        return decode(bytes, timeline: timeline) { JournalTail.crc(journalPath: journalPath, length: $0) }
    }

    /// The most answers a snapshot may count (of any kind, in any part), whatever its journal's length: far
    /// beyond a lifetime of practice, and far enough below `Int32.max` that the per-level tallies cannot
    /// overflow as records are added.
    static let maximumCount = 1 << 30

    /// The snapshot in `bytes` if it is intact and consistent and `tailCRC` (the CRC-32C of the journal's
    /// ``JournalTail/window`` bytes before a length, nil when the journal is shorter or no line ends there) matches it;
    /// else nil. Every number of the header is checked before it is used: its counts against each other, the
    /// body and the journal's length (checked arithmetic), and every count and number of the saved profile,
    /// trend, progress and timing history against the line count (`isConsistent`). A forged or damaged snapshot
    /// is not believed: the journal is read from the start. Without `timeline`, the samples are checked as
    /// strictly but not kept: the contents hold no timeline.
    static func decode(
        _ bytes: [UInt8], timeline keepsSamples: Bool = true, tailCRC: (Int) -> UInt32?
    )
        -> JournalSnapshot?
    {
        guard bytes.count > magic.count + 4 else { return nil }
        let body = bytes.count - 4
        let saved = bytes[body...].enumerated().reduce(UInt32(0)) {
            $0 | UInt32($1.element) << (8 * $1.offset)
        }
        return bytes.withUnsafeBytes { raw -> JournalSnapshot? in
            let content = UnsafeRawBufferPointer(rebasing: raw[..<body])
            guard CRC32C.checksum(content.assumingMemoryBound(to: UInt8.self)) == saved else { return nil }
            var reader = SnapshotReader(content)
            guard let header = try? Header(from: &reader),
                header.isConsistent(sampleBytes: reader.remaining),
                tailCRC(header.journalLength) == header.tailCRC
            else { return nil }
            var samples: [ThresholdTimeline.Sample] = []
            if keepsSamples { samples.reserveCapacity(header.sampleCount) }
            for _ in 0..<header.sampleCount {
                guard let time = try? reader.double(), let threshold = try? reader.double() else {
                    return nil
                }
                let date = Date(timeIntervalSinceReferenceDate: time)
                guard ValueDomains.isRecordTime(date), threshold.isFinite else { return nil }
                if keepsSamples {
                    samples.append(ThresholdTimeline.Sample(timestamp: date, threshold: threshold))
                }
            }
            let timeline = ThresholdTimeline(samples: samples)
            var contents = JournalContents()
            if !keepsSamples { contents.dropTimeline() }
            contents.profile = header.profile
            contents.trend = header.trend
            contents.progress = header.progress
            contents.timing = header.timing
            contents.comparisonCount = header.comparisonCount
            contents.pitchMatchingCount = header.pitchMatchingCount
            contents.rhythmCount = header.rhythmCount
            contents.playBackCount = header.playBackCount
            contents.playBack = header.playBack
            contents.damagedLines = header.damagedLines
            contents.newerRecordLines = header.newerRecordLines
            contents.timeline = timeline
            return JournalSnapshot(
                journalLength: header.journalLength, lineCount: header.lineCount, contents: contents)
        }
    }

    /// Saves `contents` as the snapshot of the first `journalLength` bytes (`lineCount` lines) of the journal at
    /// `journalPath`, atomically. A failure is ignored: the snapshot is a cache, and the next load reads more
    /// of the journal.
    static func write(
        _ contents: JournalContents, journalLength: Int, lineCount: Int, directory: String,
        journalPath: String
    ) {
        guard journalLength > 0, let tail = JournalTail.crc(journalPath: journalPath, length: journalLength),
            var bytes = encode(contents, journalLength: journalLength, lineCount: lineCount, tailCRC: tail)
        else { return }
        let crc = bytes.withUnsafeBufferPointer { CRC32C.checksum($0) }
        withUnsafeBytes(of: crc.littleEndian) { bytes += $0 }
        try? StoreFiles.writeAtomically(bytes, to: path(in: directory), directory: directory)
    }

    /// The snapshot's bytes without its closing CRC-32C (what the fuzzer's seed holds), or nil when its damaged
    /// lines cannot be encoded.
    static func encode(
        _ contents: JournalContents, journalLength: Int, lineCount: Int, tailCRC: UInt32
    ) -> [UInt8]? {
        var writer = SnapshotWriter()
        guard
            Header(journalLength: journalLength, lineCount: lineCount, tailCRC: tailCRC, contents: contents)
                .write(to: &writer)
        else { return nil }
        var bytes = writer.bytes
        let samples = contents.timeline.samples
        let start = bytes.count
        bytes.reserveCapacity(start + samples.count * 16 + 4)
        // Each sample's 16 bytes stored in place (appended eight bytes at a time, they cost 200 instructions a
        // sample: 3 % of a first start).
        bytes.append(contentsOf: repeatElement(0, count: samples.count * 16))
        bytes.withUnsafeMutableBytes { raw in
            for (index, sample) in samples.enumerated() {
                let at = start + index * 16
                raw.storeBytes(
                    of: sample.timestamp.timeIntervalSinceReferenceDate.bitPattern.littleEndian,
                    toByteOffset: at,
                    as: UInt64.self)
                raw.storeBytes(
                    of: sample.threshold.bitPattern.littleEndian, toByteOffset: at + 8, as: UInt64.self)
            }
        }
        return bytes
    }

    /// Removes the snapshot (the journal was replaced).
    static func remove(directory: String) { FileSystem.removeQuietly(path(in: directory)) }
}
