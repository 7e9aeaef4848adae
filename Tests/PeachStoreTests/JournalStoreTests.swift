// JournalStoreTests: durability, recovery, damage, locking, schema refusal and replacement of the journal.

import Foundation
import PeachCore
import PeachSystem
import Synchronization
import Testing

@testable import PeachStore

@MainActor
@Suite("JournalStore")
struct JournalStoreTests {
    func records(_ count: Int) -> [StoredRecord] {
        (0..<count).map { $0 % 4 == 3 ? Samples.matching($0) : Samples.comparison($0) }
    }

    func storedRecords(_ directory: TemporaryDirectory) throws -> [StoredRecord] {
        var result: [StoredRecord] = []
        _ = try JournalStore.forEachRecord(in: directory.path) { result.append($0) }
        return result
    }

    @Test(
        "a load of the whole journal files what its whole records file: every kind, layout, damage, newer line"
    )
    func loadFilesWholeRecords() throws {
        let directory = TemporaryDirectory()
        var lines = CanonicalLineTests.records.map { Array(RecordCodec.encode($0).utf8) }
        for index in stride(from: 0, to: lines.count, by: 7) {
            // Another layout (a space after the version's comma), its checksum made right: the general decoder's.
            var spaced = lines[index]
            if let comma = spaced.firstIndex(of: UInt8(ascii: ",")) { spaced.insert(0x20, at: comma + 1) }
            lines[index] = CanonicalLineTests.resealed(spaced)
        }
        lines.insert(Array("not a record".utf8), at: 11)
        lines.insert(Array(#"{"v":99,"type":"comparison"}"#.utf8), at: 23)
        directory.write(Array(lines.map { $0 + [0x0A] }.joined()))

        let loaded = try JournalStore.load(directory: directory.path, usingSnapshot: false)
        var whole = JournalContents()
        let summary = try JournalScan.scanRecords(path: directory.journal) { whole.add($0) }
        whole.note(summary)

        #expect(loaded.scanned == summary)
        #expect(loaded.contents.recordCount == CanonicalLineTests.records.count)
        #expect(loaded.contents.damagedLines.map(\.line) == [12])
        #expect(loaded.contents.newerRecordLines == [24])
        #expect(loaded.contents.filesTheSame(as: whole))
    }

    @Test(
        "a reader that stops at a record got those before it in order, none after, in every piece; helpers late or on time"
    )
    func visitorStops() throws {
        struct Stop: Error {}
        let directory = TemporaryDirectory()
        // Long timbres and inputs (more than a string holds in itself), so each record owns storage: a record
        // left in its slot destroyed twice would crash here.
        let written = records(3_000).map { record -> StoredRecord in
            guard case .comparison(let completed) = record.payload else { return record }
            return StoredRecord(
                .comparison(
                    CompletedComparison(
                        comparison: completed.comparison, answer: completed.answer,
                        timestamp: completed.timestamp,
                        context: TrialContext(
                            referencePitch: completed.context.referencePitch,
                            timbre: "a timbre named at length \(completed.comparison.note1.rawValue)",
                            noteDuration: 1, gap: 0, velocity: completed.context.velocity,
                            procedure: .training),
                        note2AmplitudeOffset: 0, responseTime: 0.5,
                        inputKind: InputKind(rawValue: "an input named at some length"))))
        }
        let text = written.map { RecordCodec.encode($0) + "\n" }.joined()
        directory.write(Array(text.utf8))
        let file = try StoreFile(
            path: directory.path + "/" + JournalStore.journalName, flags: O_RDONLY)
        var mode = JournalScan.Mode.journal
        mode.pieceSize = 16_384  // many pieces: the stop comes while the next piece is being decoded
        // Each piece's helper on a dispatch worker, or held back until the scan has returned (a dispatch pool
        // with every worker busy): the scan must not wait for one that never started, and one that starts late
        // must touch nothing.
        let heldBack = Mutex<[@Sendable () -> Void]>([])
        var heldMode = mode
        heldMode.startHelper = { helper in heldBack.withLock { $0.append(helper) } }
        for (mode, held) in [(mode, false), (heldMode, true)] {
            for stop in [0, 1, 57, 1_234, 2_999, 3_000] {
                var seen: [StoredRecord] = []
                let scan = {
                    _ = try JournalScan.scanLines(file, path: "journal", mode: mode) { slot, _ in
                        let record = slot.move()
                        if seen.count == stop { throw Stop() }
                        seen.append(record)
                    }
                }
                if stop < written.count {
                    #expect(throws: Stop.self) { try scan() }
                } else {
                    #expect(throws: Never.self) { try scan() }
                }
                #expect(seen == Array(written.prefix(stop)), "stopped at \(stop), helpers held back: \(held)")
                let late = heldBack.withLock { helpers in
                    defer { helpers = [] }
                    return helpers
                }
                #expect(held == !late.isEmpty)
                for helper in late { helper() }
            }
        }
    }

    @Test("appends survive a reopen; the profile is rebuilt; files are private")
    func appendAndReopen() throws {
        let directory = TemporaryDirectory()
        let path = directory.path + "/nested/data"
        let written = records(40)
        do {
            let store = try JournalStore(directory: path)
            for record in written { try store.append(record) }
            #expect(store.contents.comparisonCount == 30)
            #expect(store.contents.pitchMatchingCount == 10)
        }
        let reopened = try JournalStore(directory: path)
        #expect(reopened.contents.comparisonCount == 30)
        #expect(reopened.contents.pitchMatchingCount == 10)
        var expected = JournalContents()
        for record in written { expected.add(record) }
        #expect(reopened.contents.profile == expected.profile)
        #expect(reopened.contents.trend == expected.trend)
        #expect(reopened.contents.damagedLines.isEmpty)
        let attributes = try FileManager.default.attributesOfItem(atPath: path + "/records.jsonl")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: path)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
    }

    @Test("the store observes both sessions")
    func observer() throws {
        let directory = TemporaryDirectory()
        let store = try JournalStore(directory: directory.path)
        guard case .comparison(let comparison) = Samples.comparison(1).payload,
            case .pitchMatching(let matching) = Samples.matching(2).payload
        else { return }
        try store.comparisonCompleted(comparison)
        try store.pitchMatchingCompleted(matching)
        #expect(
            try storedRecords(directory).map(\.payload) == [
                .comparison(comparison), .pitchMatching(matching),
            ])
    }

    @Test("timing results are stored as the rhythm records Peach on iOS writes, and make the timing profile")
    func timingResults() throws {
        let directory = TemporaryDirectory()
        let store = try JournalStore(directory: directory.path)
        let time = Date(timeIntervalSince1970: 1_767_225_600)
        let trial = OffsetDetectionTrial(
            tempo: try Tempo(bpm: 120), offsetPercent: 4, direction: .late, offsetPosition: 3)
        try store.offsetDetectionCompleted(
            CompletedOffsetDetection(trial: trial, answer: .early, timestamp: time))
        let strikes = [GapStrike(position: 4, offsetMs: -3), GapStrike(position: 2, offsetMs: 7)]
        try store.gapFillCompleted(
            CompletedGapFill(timestamp: time, tempo: .standard, strikes: strikes, gapCount: 32))
        let records = try storedRecords(directory)
        #expect(
            records.map(\.payload) == [
                .rhythm(
                    RhythmRecord(
                        offsetDetectionAt: time, tempoBPM: 120, offsetMs: 5, isCorrect: false,
                        pattern: .straightSixteenths, offsetPosition: 3)),
                .rhythm(
                    RhythmRecord(
                        continuousMatchingAt: time, tempoBPM: 80, meanOffsetMs: 2,
                        positions: [nil, 7, nil, -3])),
            ])
        let contents = try JournalStore.read(directory: directory.path)
        #expect(contents.rhythmCount == 2)
        #expect(contents.timing.offsetDetectionCount == 1 && contents.timing.gapFillCount == 1)
        #expect(contents.timing.gapFill(band: .moderate, position: 2)?.mean == 7)
    }

    @Test("truncation at every byte of the last record: the complete records stay, the tail is set aside")
    func truncationAtEveryOffset() throws {
        let source = TemporaryDirectory()
        do {
            let store = try JournalStore(directory: source.path)
            try store.append(records(6))
        }
        let full = source.bytes()
        let lastLineStart = full.dropLast().lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let expected = Array(try storedRecords(source).prefix(5))
        for length in lastLineStart..<full.count {
            let directory = TemporaryDirectory()
            directory.write(Array(full[..<length]))
            let store = try JournalStore(directory: directory.path)
            #expect(store.contents.comparisonCount + store.contents.pitchMatchingCount == 5)
            #expect(store.contents.damagedLines.isEmpty)
            #expect(
                directory.bytes() == Array(full[..<lastLineStart]), "complete records untouched at \(length)")
            let torn = directory.files(prefix: "records.torn-")
            if length == lastLineStart {
                #expect(torn.isEmpty)
            } else {
                #expect(torn.count == 1)
                #expect(directory.bytes(torn[0]) == Array(full[lastLineStart..<length]))
            }
            try store.append(Samples.comparison(99))
            #expect(try storedRecords(directory) == expected + [Samples.comparison(99)])
        }
    }

    @Test("a reader sees a torn tail but does not touch it")
    func readerLeavesTornTail() throws {
        let directory = TemporaryDirectory()
        let line = Array((RecordCodec.encode(Samples.comparison(0)) + "\n").utf8)
        directory.write(line + Array(line.prefix(30)))
        let contents = try JournalStore.read(directory: directory.path)
        #expect(contents.comparisonCount == 1)
        #expect(contents.tornTailLength == 30)
        #expect(directory.bytes().count == line.count + 30)
        #expect(directory.files(prefix: "records.torn-").isEmpty)
    }

    @Test("a temp file left by a rewrite killed midway is removed when the store is opened")
    func leftoverTemporaryFile() throws {
        let directory = TemporaryDirectory()
        let leftover = directory.path + "/records.jsonl.tmp-4242"
        #expect(FileManager.default.createFile(atPath: leftover, contents: Data("{".utf8)))
        #expect(FileManager.default.createFile(atPath: directory.path + "/keep.txt", contents: Data()))
        _ = try JournalStore(directory: directory.path)
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(FileManager.default.fileExists(atPath: directory.path + "/keep.txt"))
    }

    @Test("a damaged line in the middle costs that line only, and is reported")
    func damagedMiddleLine() throws {
        let directory = TemporaryDirectory()
        var text = ""
        for (index, record) in records(5).enumerated() {
            text +=
                (index == 2
                    ? #"{"v":1,"type":"comparison","time":"2026-01-01T00:00:05.000Z","note1":6"#
                    : RecordCodec.encode(record)) + "\n"
            if index == 3 { text += "\n\u{0}\u{0}garbage\n" }
        }
        directory.write(Array(text.utf8))
        let before = directory.bytes()
        let store = try JournalStore(directory: directory.path)
        #expect(store.contents.comparisonCount + store.contents.pitchMatchingCount == 4)
        #expect(store.contents.damagedLines.map(\.line) == [3, 6])
        #expect(store.contents.damagedLines[0].problem == .notAnObject)
        #expect(directory.bytes() == before)  // nothing rewritten
    }

    @Test("one writer at a time; reading still works")
    func secondWriter() throws {
        let directory = TemporaryDirectory()
        let first = try JournalStore(directory: directory.path)
        try first.append(Samples.comparison(0))
        #expect(throws: StoreError.locked(path: directory.path + "/records.lock", ownerPID: getpid())) {
            try JournalStore(directory: directory.path)
        }
        #expect(try JournalStore.read(directory: directory.path).comparisonCount == 1)
    }

    @Test("a record from a newer Peach is kept as it is and skipped, with a notice; the store stays usable")
    func newerRecordSkipped() throws {
        let directory = TemporaryDirectory()
        let text =
            RecordCodec.encode(Samples.comparison(0)) + "\n" + #"{"v":5,"type":"comparison","shape":"new"}"#
            + "\n"
        directory.write(Array(text.utf8))
        let contents = try JournalStore.read(directory: directory.path)
        #expect(
            contents.comparisonCount == 1 && contents.newerRecordLines == [2] && contents.damagedLines.isEmpty
        )
        let store = try JournalStore(directory: directory.path)
        try store.append(Samples.comparison(1))
        #expect(directory.bytes().starts(with: Array(text.utf8)))
    }

    @Test(
        "a flipped byte is caught by the line's CRC-32C and costs that line only; old lines without one read")
    func checksum() throws {
        let directory = TemporaryDirectory()
        var line = Array(RecordCodec.encode(Samples.comparison(0, cents: 12.5)).utf8)
        #expect(
            String(decoding: line, as: UTF8.self).range(
                of: #","crc":"[0-9a-f]{8}"\}$"#, options: .regularExpression) != nil)
        let intact = line
        let digit = try #require(line.firstIndex(of: UInt8(ascii: "5")))
        line[digit] = UInt8(ascii: "6")  // 12.5 → 12.6: still valid JSON, a different value
        let old = RecordCodec.encode(Samples.comparison(2)).replacingOccurrences(
            of: #","crc":"[0-9a-f]{8}"\}$"#, with: "}", options: .regularExpression)
        directory.write(intact + [0x0A] + line + [0x0A] + Array(old.utf8) + [0x0A])
        let contents = try JournalStore.read(directory: directory.path)
        #expect(contents.comparisonCount == 2)
        #expect(contents.damagedLines == [DamagedLine(line: 2, problem: .checksumMismatch)])
    }

    @Test("a disk that fills up: the append fails naming the file, and nothing partial stays")
    func fullDisk() throws {
        let directory = TemporaryDirectory()
        let store = try JournalStore(directory: directory.path)
        try store.append(Samples.comparison(0))
        let before = directory.bytes()
        let full = open("/dev/full", O_WRONLY)
        #expect(full >= 0)
        #expect(dup2(full, store.file.descriptor) >= 0)  // from now on every write finds the disk full
        close(full)
        #expect(throws: StoreError.io(FileError(path: directory.journal, operation: .write, code: ENOSPC))) {
            try store.append(Samples.comparison(1))
        }
        #expect(store.contents.comparisonCount == 1)
        #expect(directory.bytes() == before)
    }

    @Test(
        "a replace on a full disk fails, leaves the journal as it was and no backup per attempt",
        .enabled(if: SmallFileSystem.canMount, "needs to mount a small tmpfs (root)"))
    func replaceOnFullDisk() throws {
        let small = try SmallFileSystem(bytes: 256 * 1024)
        let store = try JournalStore(directory: small.path + "/data")
        try store.append(records(300))
        let journal = try Data(contentsOf: URL(fileURLWithPath: store.journalPath))
        let big = records(3000)  // about 900 kB: more than the file system holds
        for _ in 0..<3 {
            #expect(throws: StoreError.self) { try store.replaceAll(with: big) }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.journalPath)) == journal)
        let names = try FileManager.default.contentsOfDirectory(atPath: small.path + "/data")
        #expect(!names.contains { $0.hasPrefix("records.backup-") }, "\(names)")
        #expect(!names.contains { $0.contains(".tmp-") }, "\(names)")
        try store.append(records(301).suffix(1))  // the store goes on
    }

    @Test("a journal that is a symbolic link is refused (O_NOFOLLOW), not followed, not read forever")
    func notARegularFile() throws {
        let directory = TemporaryDirectory()
        try FileManager.default.createSymbolicLink(
            atPath: directory.journal, withDestinationPath: "/dev/zero")
        #expect(throws: StoreError.io(FileError(path: directory.journal, operation: .open, code: ELOOP))) {
            try JournalStore(directory: directory.path)
        }
        #expect(throws: StoreError.self) { try JournalStore.read(directory: directory.path) }
    }

    @Test("an overlong line is damage; the lines around it load")
    func overlongLine() throws {
        let directory = TemporaryDirectory()
        let line = Array((RecordCodec.encode(Samples.comparison(0)) + "\n").utf8)
        directory.write(
            line + [UInt8](repeating: 0x41, count: 3 << 20) + [0x0A] + line
                + [UInt8](repeating: 0x42, count: 2 << 20))
        let contents = try JournalStore.read(directory: directory.path)
        #expect(contents.comparisonCount == 2)
        #expect(contents.damagedLines.map(\.line) == [2])
        #expect(contents.tornTailLength == 2 << 20)
    }

    @Test("replacing keeps a backup and switches atomically")
    func replace() throws {
        let directory = TemporaryDirectory()
        let store = try JournalStore(directory: directory.path)
        try store.append(records(3))
        let before = directory.bytes()
        let backup = try store.replaceAll(with: [Samples.matching(7)])
        #expect(FileManager.default.contents(atPath: backup).map(Array.init) == before)
        #expect(try storedRecords(directory) == [Samples.matching(7)])
        #expect(store.contents.pitchMatchingCount == 1 && store.contents.comparisonCount == 0)
        try store.append(Samples.comparison(1))
        #expect(try storedRecords(directory) == [Samples.matching(7), Samples.comparison(1)])
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.journal)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test("the checked-in version 1 fixture loads")
    func versionOneFixture() throws {
        let fixture = try #require(
            Bundle.module.url(forResource: "records-v1", withExtension: "jsonl", subdirectory: "Fixtures"))
        let directory = TemporaryDirectory()
        directory.write(Array(try Data(contentsOf: fixture)))
        let contents = try JournalStore.read(directory: directory.path)
        #expect(contents.comparisonCount == 3)
        #expect(contents.pitchMatchingCount == 2)
        #expect(contents.damagedLines.isEmpty)
        #expect(contents.profile.matching.bias == -1.5)
    }

    @Test("long reads report progress: by chunk for the journal, every few thousand records for an import")
    func progress() throws {
        let directory = TemporaryDirectory()
        try JournalStore(directory: directory.path).append(records(4100))
        var reports: [StoreProgress] = []
        let contents = try JournalStore.read(directory: directory.path, usingSnapshot: false) {
            reports.append($0)
        }
        let size = directory.bytes().count
        #expect(reports.last == StoreProgress(done: size, total: size, records: 4100))
        #expect(contents.comparisonCount + contents.pitchMatchingCount == 4100)
        let export = directory.path + "/export.json"
        _ = try RecordTransfer.export(from: directory.path, format: .json, toFile: export)
        reports = []
        #expect(try RecordTransfer.readImport(path: export) { reports.append($0) }.count == 4100)
        #expect(reports.map(\.records) == [4096])
        #expect(reports.allSatisfy { $0.done > 0 && $0.done < $0.total })
    }

    @Test("an import streams in pieces: a bad record far into the file cuts the journal back to where it was")
    func streamingImportIsAllOrNothing() throws {
        let directory = TemporaryDirectory()
        let store = try JournalStore(directory: directory.path)
        try store.append(records(100))
        let before = directory.bytes()
        let countBefore = store.contents.comparisonCount + store.contents.pitchMatchingCount
        // 2,000 records (about 600 kB), read and written in 16 KiB pieces: many piece boundaries.
        let all = records(2000)
        var lines = all.map { RecordCodec.encode($0) }
        let file = directory.path + "/import.jsonl"
        lines[1998] = "{\"v\":1,\"type\":\"comparison\"}"
        try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        func merge() throws -> (added: Int, duplicates: Int) {
            try store.merge(progress: nil, pieceSize: 16_384) { add in
                try RecordTransfer.forEachImportRecord(path: file, progress: nil, pieceSize: 16_384, add)
            }
        }
        #expect(throws: StoreError.unreadableImport(path: file, line: 1999, problem: .invalidTime)) {
            _ = try merge()
        }
        #expect(directory.bytes() == before)
        #expect(store.contents.comparisonCount + store.contents.pitchMatchingCount == countBefore)
        // Refused within the first piece too: what `contents` took of it is gone again.
        lines[1998] = RecordCodec.encode(all[1998])
        lines[150] = "{\"v\":1,\"type\":\"comparison\"}"
        try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(throws: StoreError.unreadableImport(path: file, line: 151, problem: .invalidTime)) {
            _ = try merge()
        }
        #expect(directory.bytes() == before)
        #expect(store.contents.comparisonCount + store.contents.pitchMatchingCount == countBefore)
        #expect(store.contents.profile == (try JournalStore.read(directory: directory.path)).profile)
        lines[150] = RecordCodec.encode(all[150])
        try lines.joined(separator: "\r\n").write(toFile: file, atomically: true, encoding: .utf8)
        let result = try merge()
        #expect(result.added == 1900 && result.duplicates == 100)
        #expect(try storedRecords(directory) == all)
        #expect(store.contents.comparisonCount + store.contents.pitchMatchingCount == 2000)
        #expect(try RecordTransfer.readImport(path: file) == all)
    }
}
