// JournalSnapshotTests: a snapshot gives what reading every line gives, and a stale or damaged one is not believed.

import Foundation
import PeachCore
import Testing

@testable import PeachStore

@MainActor
@Suite("JournalSnapshot")
struct JournalSnapshotTests {
    func records(_ range: Range<Int>) -> [StoredRecord] {
        range.map { $0 % 4 == 3 ? Samples.matching($0) : Samples.comparison($0) }
    }

    /// Everything a load gives, for comparing a load through the snapshot with a load of every line.
    struct Loaded: Equatable {
        let profile: PerceptualProfile
        let trend: TrendAnalyzer
        let timeline: ThresholdTimeline
        let counts: [Int]
        let damagedLines: [DamagedLine]
        let newerRecordLines: [Int]

        init(_ contents: JournalContents) {
            profile = contents.profile
            trend = contents.trend
            timeline = contents.timeline
            counts = [contents.comparisonCount, contents.pitchMatchingCount, contents.tornTailLength]
            damagedLines = contents.damagedLines
            newerRecordLines = contents.newerRecordLines
        }
    }

    func throughSnapshot(_ directory: TemporaryDirectory) throws -> Loaded {
        Loaded(try JournalStore.read(directory: directory.path))
    }

    func everyLine(_ directory: TemporaryDirectory) throws -> Loaded {
        Loaded(try JournalStore.read(directory: directory.path, usingSnapshot: false))
    }

    /// A store of `count` records, opened once more so the writer saves a snapshot.
    func storeWithSnapshot(_ count: Int) throws -> TemporaryDirectory {
        let directory = TemporaryDirectory()
        try JournalStore(directory: directory.path).append(records(0..<count))
        _ = try JournalStore(directory: directory.path)
        return directory
    }

    @Test(
        "the writer saves a snapshot once enough records are read; loading through it gives every line's result"
    )
    func matchesFullLoad() throws {
        let directory = TemporaryDirectory()
        try JournalStore(directory: directory.path).append(
            records(0..<(JournalSnapshot.rewriteThreshold - 1)))
        _ = try JournalStore(directory: directory.path)
        #expect(
            directory.bytes(JournalSnapshot.fileName).isEmpty, "fewer records than the threshold: no snapshot"
        )
        try JournalStore(directory: directory.path).append(records(5000..<5001))
        _ = try JournalStore(directory: directory.path)
        let snapshotBytes = directory.bytes(JournalSnapshot.fileName)
        #expect(!snapshotBytes.isEmpty)
        let snapshot = try #require(
            JournalSnapshot.read(directory: directory.path, journalPath: directory.journal))
        #expect(snapshot.journalLength == directory.bytes().count)
        #expect(snapshot.lineCount == JournalSnapshot.rewriteThreshold)
        // Answers after the snapshot are read from the journal, after what the snapshot holds.
        let store = try JournalStore(directory: directory.path)
        try store.append(records(6000..<6040))
        #expect(directory.bytes(JournalSnapshot.fileName) == snapshotBytes, "40 more records: no rewrite")
        let loaded = try throughSnapshot(directory)
        #expect(loaded == (try everyLine(directory)))
        #expect(loaded.counts[0] + loaded.counts[1] == 1040)
        #expect(loaded.timeline.samples.count == loaded.counts[0])
        #expect(Loaded(store.contents) == loaded, "the writer's own view agrees")
    }

    @Test("damage and newer records inside what the snapshot covers keep their line numbers")
    func damageIsKept() throws {
        let directory = TemporaryDirectory()
        try JournalStore(directory: directory.path).append(records(0..<600))
        directory.write(
            directory.bytes() + Array("{\"v\":1,\"broken\n{\"v\":9,\"type\":\"comparison\"}\n".utf8))
        try JournalStore(directory: directory.path).append(records(600..<1200))
        _ = try JournalStore(directory: directory.path)
        #expect(JournalSnapshot.read(directory: directory.path, journalPath: directory.journal) != nil)
        let loaded = try throughSnapshot(directory)
        #expect(loaded == (try everyLine(directory)))
        #expect(loaded.damagedLines.map(\.line) == [601])
        #expect(loaded.newerRecordLines == [602])
    }

    @Test(
        "a snapshot is not believed when the journal was replaced, cut back or rewritten, or the snapshot is damaged"
    )
    func staleOrDamaged() throws {
        // The journal rewritten with other records of the same length.
        var directory = try storeWithSnapshot(1500)
        var journal = directory.bytes()
        let last = try #require(journal.lastIndex(of: UInt8(ascii: "5")))
        journal[last] = UInt8(ascii: "6")  // a changed digit: the CRC of the line no longer matches either
        directory.write(journal)
        #expect(JournalSnapshot.read(directory: directory.path, journalPath: directory.journal) == nil)
        #expect(try throughSnapshot(directory) == everyLine(directory))

        // The journal cut back below what the snapshot covers.
        directory = try storeWithSnapshot(1500)
        directory.write(Array(directory.bytes().prefix(1000)))
        #expect(JournalSnapshot.read(directory: directory.path, journalPath: directory.journal) == nil)
        #expect(try throughSnapshot(directory) == everyLine(directory))

        // Every single flipped byte of the snapshot (sampled) makes it unreadable, never believed.
        directory = try storeWithSnapshot(1500)
        let intact = directory.bytes(JournalSnapshot.fileName)
        for index in stride(from: 0, to: intact.count, by: max(1, intact.count / 64)) {
            var flipped = intact
            flipped[index] ^= 0x20
            directory.write(flipped, JournalSnapshot.fileName)
            #expect(
                JournalSnapshot.read(directory: directory.path, journalPath: directory.journal) == nil,
                "byte \(index)")
        }
        // A snapshot whose CRC is right but whose header lies (a hostile edit) is refused, without a crash.
        for (field, value) in [
            ("format", "\(JournalSnapshot.format)"), ("sampleCount", "9223372036854775807"),
            ("lineCount", "-5"),
            ("format", "\(JournalSnapshot.format + 1)"), ("format", "\(JournalSnapshot.format - 1)"),
            ("rhythmCount", "-1"),
        ] {
            var text = String(decoding: intact.prefix { $0 != 0x0A }, as: UTF8.self)
            let range = try #require(text.range(of: "\"\(field)\":[-0-9]+", options: .regularExpression))
            text.replaceSubrange(range, with: "\"\(field)\":\(value)")
            var forged = Array(text.utf8) + intact[intact.firstIndex(of: 0x0A)!..<(intact.count - 4)]
            let crc = forged.withUnsafeBufferPointer { CRC32C.checksum($0) }
            withUnsafeBytes(of: crc.littleEndian) { forged += $0 }
            directory.write(forged, JournalSnapshot.fileName)
            let believed =
                JournalSnapshot.read(directory: directory.path, journalPath: directory.journal) != nil
            #expect(
                believed == (field == "format" && value == "\(JournalSnapshot.format)"),
                "\(field): \(value) (this format is the unchanged control)")
        }
        directory.write(Array(intact.prefix(intact.count / 2)), JournalSnapshot.fileName)
        #expect(JournalSnapshot.read(directory: directory.path, journalPath: directory.journal) == nil)
        #expect(try throughSnapshot(directory) == everyLine(directory))

        // Replacing the journal removes the snapshot.
        directory = try storeWithSnapshot(1500)
        _ = try JournalStore(directory: directory.path).replaceAll(with: records(0..<10))
        #expect(directory.bytes(JournalSnapshot.fileName).isEmpty)
        #expect(try throughSnapshot(directory).counts[0] + throughSnapshot(directory).counts[1] == 10)
    }

    /// The snapshot of `directory` with the first match of `pattern` in its header replaced by `replacement`,
    /// its CRC made right again (a hostile edit, not a damaged file).
    func forged(_ directory: TemporaryDirectory, _ pattern: String, _ replacement: String) throws -> [UInt8] {
        let intact = directory.bytes(JournalSnapshot.fileName)
        let newline = try #require(intact.firstIndex(of: 0x0A))
        var text = String(decoding: intact[..<newline], as: UTF8.self)
        let range = try #require(text.range(of: pattern, options: .regularExpression), "\(pattern)")
        text.replaceSubrange(range, with: replacement)
        var forged = Array(text.utf8) + intact[newline..<(intact.count - 4)]
        let crc = forged.withUnsafeBufferPointer { CRC32C.checksum($0) }
        withUnsafeBytes(of: crc.littleEndian) { forged += $0 }
        return forged
    }

    @Test(
        "a forged header's counts (2^60 samples, Int.max comparisons, a profile count past the lines) are not believed, and every command reads and writes on"
    )
    func forgedCountsAreNotBelieved() throws {
        let directory = try storeWithSnapshot(1500)
        let intact = directory.bytes(JournalSnapshot.fileName)
        let cases = [
            (#""sampleCount":[0-9]+"#, #""sampleCount":1152921504606846976"#),
            (#""comparisonCount":[0-9]+"#, #""comparisonCount":9223372036854775807"#),
            (#""pitchMatchingCount":[0-9]+"#, #""pitchMatchingCount":9223372036854775000"#),
            (#""lineCount":[0-9]+"#, #""lineCount":9223372036854775807"#),
            (#""journalLength":[0-9]+"#, #""journalLength":-9223372036854775807"#),
            (#""count":[1-9][0-9]*"#, #""count":9223372036854775807"#),
            (#""count":[1-9][0-9]*"#, #""count":-3"#),
            (#""mean":[-0-9.e]+"#, #""mean":1e400"#),
            (#""newerRecordLines":\[\]"#, #""newerRecordLines":[0]"#),
        ]
        for (pattern, replacement) in cases {
            directory.write(intact, JournalSnapshot.fileName)
            directory.write(try forged(directory, pattern, replacement), JournalSnapshot.fileName)
            #expect(
                JournalSnapshot.read(directory: directory.path, journalPath: directory.journal) == nil,
                "\(replacement)")
            #expect(try throughSnapshot(directory) == everyLine(directory), "\(replacement)")
            do {
                let store = try JournalStore(directory: directory.path)  // a start, then an answer
                try store.append(records(9000..<9001))
                #expect(
                    store.contents.comparisonCount + store.contents.pitchMatchingCount == 1501,
                    "\(replacement)")
            }
            _ = try JournalStore.read(directory: directory.path)
            try JournalStore(directory: directory.path).replaceAll(with: records(0..<1500))
            _ = try JournalStore(directory: directory.path)  // a fresh snapshot for the next case
        }
        // The unchanged header, its CRC made again, is believed: the forging itself changes nothing.
        let format = "\"format\":\(JournalSnapshot.format)"
        directory.write(try forged(directory, format, format), JournalSnapshot.fileName)
        #expect(JournalSnapshot.read(directory: directory.path, journalPath: directory.journal) != nil)
    }
}
