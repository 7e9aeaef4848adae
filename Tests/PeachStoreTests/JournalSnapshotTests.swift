// JournalSnapshotTests: a snapshot gives what reading every line gives, and a stale or damaged one is not believed.

import Foundation
import PeachCore
import Testing

@testable import PeachStore

@MainActor
@Suite("JournalSnapshot")
struct JournalSnapshotTests {
    /// Comparisons, pitch matchings, interval answers and timing answers (offset detection and fill the gap).
    func records(_ range: Range<Int>) -> [StoredRecord] {
        range.map { index in
            let time = Samples.start.addingTimeInterval(Double(index) * 3)
            switch index % 8 {
            case 3, 7: return Samples.matching(index)
            case 5: return Samples.intervalComparison(index)
            case 2:
                return StoredRecord(
                    .rhythm(
                        RhythmRecord(
                            offsetDetectionAt: time, tempoBPM: 70 + index % 60,
                            offsetMs: Double(index % 23) - 11.5,
                            isCorrect: index % 3 != 0,
                            pattern: index % 16 == 2 ? nil : TimingPattern.catalogue[index % 12],
                            offsetPosition: index % 16 == 2
                                ? nil : TimingPattern.catalogue[index % 12].offsetPositions.last)))
            case 6:
                return StoredRecord(
                    .rhythm(
                        RhythmRecord(
                            continuousMatchingAt: time, tempoBPM: 90, meanOffsetMs: Double(index % 9) - 4,
                            positions: [nil, 2, -3, Double(index % 5)])))
            default: return Samples.comparison(index)
            }
        }
    }

    /// Everything a load gives, for comparing a load through the snapshot with a load of every line.
    struct Loaded: Equatable {
        let profile: PerceptualProfile
        let trend: TrendAnalyzer
        let timeline: ThresholdTimeline
        let progress: ProgressHistory
        let timing: TimingHistory
        let counts: [Int]
        let damagedLines: [DamagedLine]
        let newerRecordLines: [Int]

        init(_ contents: JournalContents) {
            profile = contents.profile
            trend = contents.trend
            timeline = contents.timeline
            progress = contents.progress
            timing = contents.timing
            counts = [
                contents.comparisonCount, contents.pitchMatchingCount, contents.rhythmCount,
                contents.tornTailLength,
            ]
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
        #expect(loaded.counts[0] + loaded.counts[1] + loaded.counts[2] == 1040)
        #expect(loaded.counts[2] == 260, "two timing answers in eight")
        // The timeline follows unison comparisons.
        let written =
            records(0..<(JournalSnapshot.rewriteThreshold - 1)) + records(5000..<5001) + records(6000..<6040)
        let unison = written.filter {
            if case .comparison(let completed) = $0.payload { return completed.comparison.isUnison }
            return false
        }
        #expect(loaded.timeline.samples.count == unison.count && unison.count < loaded.counts[0])
        #expect(loaded.timing.offsetDetectionCount == 130 && loaded.timing.gapFillCount == 130)
        #expect(!loaded.progress.series.isEmpty)
        #expect(Loaded(store.contents) == loaded, "the writer's own view agrees")
    }

    @Test(
        "an import, a replace and the first reader of many new lines leave a snapshot; an answer at a time does not"
    )
    func importsAndReadersLeaveSnapshots() throws {
        let threshold = JournalSnapshot.rewriteThreshold
        func snapshotCovers(_ directory: TemporaryDirectory) -> Bool {
            JournalSnapshot.read(directory: directory.path, journalPath: directory.journal)?.journalLength
                == directory.bytes().count
        }
        // A merge (what `peach data import` does) of a thousand records.
        let imported = TemporaryDirectory()
        do {
            let store = try JournalStore(directory: imported.path)
            try store.append([Samples.comparison(0)])
            #expect(try store.merge(records(1..<(threshold + 1))).added == threshold)
        }
        #expect(snapshotCovers(imported), "the store waits for its snapshot when it closes")
        #expect(try throughSnapshot(imported) == (try everyLine(imported)))
        // A replace.
        do { try JournalStore(directory: imported.path).replaceAll(with: records(5000..<(5000 + threshold))) }
        #expect(snapshotCovers(imported))
        #expect(try throughSnapshot(imported) == (try everyLine(imported)))
        // One answer at a time: none, though a thousand are past the last snapshot.
        let answered = TemporaryDirectory()
        do {
            let store = try JournalStore(directory: answered.path)
            try store.append(records(0..<(threshold - 1)))
            try store.append(records(threshold..<(threshold + 1)))
        }
        #expect(answered.bytes(JournalSnapshot.fileName).isEmpty)
        // A journal no store has opened since it grew (an upgrade, another tool): the first reader saves one.
        let grown = TemporaryDirectory()
        grown.write(Array(records(0..<threshold).map { RecordCodec.encode($0) + "\n" }.joined().utf8))
        _ = try JournalStore.read(directory: grown.path, usingSnapshot: false)
        #expect(grown.bytes(JournalSnapshot.fileName).isEmpty, "told not to use a snapshot: it writes none")
        let loaded = try throughSnapshot(grown)
        #expect(snapshotCovers(grown))
        #expect(loaded == (try everyLine(grown)))
        // The dashboard's first load does the same, with the timeline it does not keep for itself.
        let followed = TemporaryDirectory()
        followed.write(grown.bytes())
        var follower = JournalFollower(directory: followed.path, keepsTimeline: false)
        _ = try follower.refresh()
        #expect(snapshotCovers(followed))
        #expect(try throughSnapshot(followed) == everyLine(followed), "the snapshot has the timeline")
        #expect(follower.contents.timeline.samples.isEmpty && !follower.contents.keepsTimeline)
        #expect(follower.contents.profile == loaded.profile && !loaded.timeline.samples.isEmpty)
        try JournalStore(directory: followed.path).append(records(threshold..<(threshold + 3)))
        _ = try follower.refresh()
        #expect(follower.recordCount == threshold + 3 && follower.contents.timeline.samples.isEmpty)
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
        // A snapshot whose CRC is right but whose header lies (a hostile edit) is refused, without a crash. (Each
        // is forged from the intact snapshot: the last flipped one above is not a control.)
        for (field, value) in [
            (\Top.format, JournalSnapshot.format), (\Top.sampleCount, Int.max), (\Top.lineCount, -5),
            (\Top.format, JournalSnapshot.format + 1), (\Top.format, JournalSnapshot.format - 1),
            (\Top.rhythmCount, -1),
        ] {
            directory.write(intact, JournalSnapshot.fileName)
            directory.write(
                try forged(directory, top: { $0[keyPath: field] = value }), JournalSnapshot.fileName)
            let believed =
                JournalSnapshot.read(directory: directory.path, journalPath: directory.journal) != nil
            #expect(
                believed == (field == \Top.format && value == JournalSnapshot.format),
                "\(field): \(value) (this format is the unchanged control)")
        }
        directory.write(Array(intact.prefix(intact.count / 2)), JournalSnapshot.fileName)
        #expect(JournalSnapshot.read(directory: directory.path, journalPath: directory.journal) == nil)
        #expect(try throughSnapshot(directory) == everyLine(directory))

        // Replacing the journal removes the snapshot.
        directory = try storeWithSnapshot(1500)
        _ = try JournalStore(directory: directory.path).replaceAll(with: records(0..<10))
        #expect(directory.bytes(JournalSnapshot.fileName).isEmpty)
        #expect(try throughSnapshot(directory).counts.prefix(3).reduce(0, +) == 10)
    }

    /// The numbers a snapshot starts with (after its magic bytes), in their order.
    struct Top {
        var format = 0
        var journalLength = 0
        var lineCount = 0
        var tailCRC = 0
        var sampleCount = 0
        var comparisonCount = 0
        var pitchMatchingCount = 0
        var rhythmCount = 0

        static var fields: [WritableKeyPath<Top, Int>] {
            [
                \.format, \.journalLength, \.lineCount, \.tailCRC, \.sampleCount, \.comparisonCount,
                \.pitchMatchingCount, \.rhythmCount,
            ]
        }
    }

    /// The snapshot of `directory` with its leading numbers changed by `change`, and the bytes from the profile
    /// on (the first note's statistics first) replaced by `profileStart` when given; its CRC made right again
    /// (a hostile edit, not a damaged file).
    func forged(
        _ directory: TemporaryDirectory, profileStart: ((inout SnapshotWriter) -> Void)? = nil,
        top change: (inout Top) -> Void = { _ in }
    ) throws -> [UInt8] {
        let intact = directory.bytes(JournalSnapshot.fileName)
        var top = Top()
        var writer = SnapshotWriter()
        let rest = try intact.withUnsafeBytes { raw in
            var reader = SnapshotReader(UnsafeRawBufferPointer(rebasing: raw[..<(intact.count - 4)]))
            writer.append(raw: try reader.raw(JournalSnapshot.magic.count))
            for field in Top.fields { top[keyPath: field] = try reader.int() }
            change(&top)
            for field in Top.fields { writer.write(top[keyPath: field]) }
            if let profileStart {
                _ = try reader.read(WelfordAccumulator.self)
                profileStart(&writer)
            }
            return Array(try reader.raw(reader.remaining))
        }
        var forged = writer.bytes + rest
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
        // The first note's statistics as a forger would write them: a count, a mean, a sum of squares.
        func note(_ count: Int, _ mean: Double) -> (inout SnapshotWriter) -> Void {
            { writer in
                writer.write(count)
                writer.write(mean)
                writer.write(0.0)
            }
        }
        let cases: [(String, ((inout SnapshotWriter) -> Void)?, (inout Top) -> Void)] = [
            ("2^60 samples", nil, { $0.sampleCount = 1 << 60 }),
            ("Int.max comparisons", nil, { $0.comparisonCount = .max }),
            ("pitch matchings near Int.max", nil, { $0.pitchMatchingCount = 9_223_372_036_854_775_000 }),
            ("Int.max lines", nil, { $0.lineCount = .max }),
            ("a negative journal length", nil, { $0.journalLength = -9_223_372_036_854_775_807 }),
            ("a note counting Int.max answers", note(.max, 1), { _ in }),
            ("a note counting -3 answers", note(-3, 1), { _ in }),
            ("a note's mean infinite", note(1, .infinity), { _ in }),
        ]
        for (name, profileStart, change) in cases {
            directory.write(intact, JournalSnapshot.fileName)
            directory.write(
                try forged(directory, profileStart: profileStart, top: change), JournalSnapshot.fileName)
            #expect(
                JournalSnapshot.read(directory: directory.path, journalPath: directory.journal) == nil,
                "\(name)")
            #expect(try throughSnapshot(directory) == everyLine(directory), "\(name)")
            do {
                let store = try JournalStore(directory: directory.path)  // a start, then an answer
                try store.append(records(9000..<9001))
                #expect(
                    store.contents.comparisonCount + store.contents.pitchMatchingCount
                        + store.contents.rhythmCount == 1501,
                    "\(name)")
            }
            _ = try JournalStore.read(directory: directory.path)
            try JournalStore(directory: directory.path).replaceAll(with: records(0..<1500))
            _ = try JournalStore(directory: directory.path)  // a fresh snapshot for the next case
        }
        // A newer record on line 0 (the header's last part, just before the samples: an empty list is one 0).
        var top = Top()
        _ = try forged(directory, top: { top = $0 })
        let samplesStart = intact.count - 4 - top.sampleCount * 16
        #expect(intact[samplesStart - 1] == 0)
        var lineZero =
            Array(intact[..<(samplesStart - 1)]) + [1, 0] + intact[samplesStart..<(intact.count - 4)]
        let crc = lineZero.withUnsafeBufferPointer { CRC32C.checksum($0) }
        withUnsafeBytes(of: crc.littleEndian) { lineZero += $0 }
        directory.write(lineZero, JournalSnapshot.fileName)
        #expect(JournalSnapshot.read(directory: directory.path, journalPath: directory.journal) == nil)
        directory.write(intact, JournalSnapshot.fileName)

        // The unchanged header, its CRC made again, is believed: the forging itself changes nothing; so is the
        // first note rewritten as it was (untrained).
        directory.write(try forged(directory), JournalSnapshot.fileName)
        #expect(JournalSnapshot.read(directory: directory.path, journalPath: directory.journal) != nil)
        directory.write(try forged(directory, profileStart: note(0, 0)), JournalSnapshot.fileName)
        #expect(JournalSnapshot.read(directory: directory.path, journalPath: directory.journal) != nil)
    }

    @Test(
        "the fuzzer's snapshot seed is one this format believes (else the fuzzer would never get past the header)"
    )
    // After a change of the layout `scripts/make-snapshot-seed` makes the seed again.
    func fuzzSeedIsCurrent() throws {
        let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/seeds/snapshot/mixed-1010")
        var bytes = [UInt8](try Data(contentsOf: seed))
        let crc = bytes.withUnsafeBufferPointer { CRC32C.checksum($0) }
        withUnsafeBytes(of: crc.littleEndian) { bytes += $0 }
        let contents = try #require(JournalContents(snapshot: bytes, tailCRC: { _ in 0 }))
        #expect(contents.comparisonCount > 0 && contents.pitchMatchingCount > 0 && contents.rhythmCount > 0)
        #expect(contents.playBackCount > 0 && contents.playBack.answerCount == contents.playBackCount)
    }

    @Test("read without its timeline, a snapshot gives all else the same and still has its samples checked")
    func readWithoutTimeline() throws {
        let directory = try storeWithSnapshot(1500)
        let full = try #require(
            JournalSnapshot.read(directory: directory.path, journalPath: directory.journal))
        let lean = try #require(
            JournalSnapshot.read(directory: directory.path, journalPath: directory.journal, timeline: false))
        #expect(!full.contents.timeline.samples.isEmpty)
        #expect(lean.contents.timeline.samples.isEmpty && !lean.contents.keepsTimeline)
        #expect(lean.contents.profile == full.contents.profile && lean.contents.trend == full.contents.trend)
        #expect(lean.journalLength == full.journalLength && lean.lineCount == full.lineCount)
        // The last sample's threshold made NaN, the CRC made right again: refused either way.
        let intact = directory.bytes(JournalSnapshot.fileName)
        var forged = Array(intact.dropLast(4))
        withUnsafeBytes(of: Double.nan.bitPattern.littleEndian) { nan in
            forged.replaceSubrange((forged.count - 8)..., with: nan)
        }
        let crc = forged.withUnsafeBufferPointer { CRC32C.checksum($0) }
        withUnsafeBytes(of: crc.littleEndian) { forged += $0 }
        directory.write(forged, JournalSnapshot.fileName)
        for timeline in [true, false] {
            #expect(
                JournalSnapshot.read(
                    directory: directory.path, journalPath: directory.journal, timeline: timeline)
                    == nil, "timeline \(timeline)")
        }
    }

    @Test(
        "opened without the timeline over a snapshot and a thousand answers more, a store saves a whole snapshot"
    )
    func rewriteWithoutTimeline() throws {
        let directory = try storeWithSnapshot(1500)
        let before = try #require(
            JournalSnapshot.read(directory: directory.path, journalPath: directory.journal))
        try JournalStore(directory: directory.path).append(records(1500..<2700))
        do {
            let store = try JournalStore(directory: directory.path, keepsTimeline: false)
            #expect(store.contents.timeline.samples.isEmpty)
            #expect(store.contents.profile == (try everyLine(directory)).profile)
        }
        let after = try #require(
            JournalSnapshot.read(directory: directory.path, journalPath: directory.journal))
        #expect(after.lineCount == 2700 && after.lineCount > before.lineCount)
        #expect(
            after.contents.timeline
                == (try JournalStore.read(directory: directory.path, usingSnapshot: false)).timeline)
        #expect(try throughSnapshot(directory) == everyLine(directory))
    }

    @Test("a store opened to train keeps no timeline, and still saves the snapshot with the whole timeline")
    func writerWithoutTimeline() throws {
        let directory = TemporaryDirectory()
        try JournalStore(directory: directory.path).append(records(0..<1500))
        do {
            let store = try JournalStore(directory: directory.path, keepsTimeline: false)
            #expect(store.contents.timeline.samples.isEmpty && !store.contents.keepsTimeline)
            try store.append(records(2000..<2100))
            #expect(store.contents.timeline.samples.isEmpty)
            #expect(
                store.contents.comparisonCount + store.contents.pitchMatchingCount
                    + store.contents.rhythmCount == 1600)
            #expect(store.contents.profile == (try everyLine(directory)).profile, "everything else is kept")
        }
        #expect(JournalSnapshot.read(directory: directory.path, journalPath: directory.journal) != nil)
        let loaded = try throughSnapshot(directory)
        #expect(loaded == (try everyLine(directory)))
        #expect(!loaded.timeline.samples.isEmpty)
    }
}
