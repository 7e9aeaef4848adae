// HostileFilesTests: stale import markers cut nothing, and FIFOs or huge files where Peach's files belong never hang it.

import Foundation
import PeachCore
import PeachSystem
import Testing

@testable import PeachStore

@MainActor
@Suite("Hostile files in the data and settings folders")
struct HostileFilesTests {
    func records(_ range: Range<Int>) -> [StoredRecord] { range.map { Samples.comparison($0) } }

    /// A marker as an import writes it for the journal in `directory` as it is now.
    func marker(_ directory: TemporaryDirectory) throws -> PendingAppend {
        let journal = try StoreFile(path: directory.journal, flags: O_RDONLY)
        return PendingAppend(
            journalLength: try journal.size(), source: "answers.csv", started: "2026-11-25T09:00:00.000Z",
            identity: try journal.identity(), journalPath: directory.journal)
    }

    @Test(
        "a marker that does not belong to the journal (length 0 from a synced folder, an older Peach's, another journal's) cuts nothing"
    )
    func staleMarkerCutsNothing() throws {
        let directory = TemporaryDirectory()
        try JournalStore(directory: directory.path).append(records(0..<300))
        let journal = directory.bytes()
        let stale: [String] = [
            // An older Peach's marker saying 0: today's cut all 300 lines and said all was well.
            #"{"journalLength":0,"source":"answers.csv","started":"2026-11-25T09:00:00.000Z"}"#,
            // Another journal's (another inode), and one whose bytes before the length differ.
            try String(decoding: JSONEncoder().encode(marker(directory)), as: UTF8.self)
                .replacingOccurrences(of: #""inode":"#, with: #""inode":1"#),
            try String(decoding: JSONEncoder().encode(marker(directory)), as: UTF8.self)
                .replacingOccurrences(of: #""tailCRC":"#, with: #""tailCRC":1"#),
        ]
        for text in stale {
            directory.write(Array(text.utf8), PendingAppend.fileName)
            // Readers read all of it: the marker is not believed.
            #expect(try JournalStore.read(directory: directory.path).comparisonCount == 300, "\(text)")
            let store = try JournalStore(directory: directory.path)
            #expect(store.contents.comparisonCount == 300, "\(text)")
            #expect(store.contents.interruptedImport?.markerIgnored == true, "\(text)")
            #expect(store.contents.interruptedImport?.linesRemoved == 0, "\(text)")
            #expect(directory.bytes() == journal)
            #expect(directory.bytes(PendingAppend.fileName).isEmpty, "the marker is removed")
        }
        #expect(directory.files(prefix: "records.undone-").isEmpty)
    }

    @Test(
        "a marker that belongs to the journal cuts what followed it, and keeps what it cut beside the journal"
    )
    func matchingMarkerKeepsWhatItCuts() throws {
        let directory = TemporaryDirectory()
        try JournalStore(directory: directory.path).append(records(0..<100))
        let before = directory.bytes()
        let written = try marker(directory)
        try JournalStore(directory: directory.path).append(records(100..<130))
        let after = directory.bytes()
        try written.write(directory: directory.path)
        #expect(try JournalStore.read(directory: directory.path).comparisonCount == 100)
        let store = try JournalStore(directory: directory.path)
        #expect(store.contents.comparisonCount == 100)
        let interrupted = try #require(store.contents.interruptedImport)
        #expect(interrupted.linesRemoved == 30 && !interrupted.markerIgnored)
        #expect(directory.bytes() == before)
        let kept = try #require(interrupted.undonePath)
        #expect(kept.hasPrefix(directory.path + "/records.undone-") && kept.hasSuffix(".jsonl"))
        #expect(FileManager.default.contents(atPath: kept).map(Array.init) == Array(after[before.count...]))
        #expect(ProtectedFiles.isPeachFile(kept), "an output may not overwrite it")
    }

    @Test(
        "a FIFO where the snapshot, the marker, the journal or the calibrations belong is refused at once, never waited on"
    )
    func fifosDoNotHang() throws {
        let directory = TemporaryDirectory()
        try JournalStore(directory: directory.path).append(records(0..<1200))
        _ = try JournalStore(directory: directory.path)  // writes a snapshot
        for name in [JournalSnapshot.fileName, PendingAppend.fileName] {
            FileSystem.removeQuietly(directory.path + "/" + name)
            try FileSystem.createFIFO(directory.path + "/" + name)
            #expect(try JournalStore.read(directory: directory.path).comparisonCount == 1200, "\(name)")
            #expect(try JournalStore(directory: directory.path).contents.comparisonCount == 1200, "\(name)")
            FileSystem.removeQuietly(directory.path + "/" + name)
        }
        // A FIFO as the journal: every reader and the writer fail naming it ("not a regular file").
        let other = TemporaryDirectory()
        try FileSystem.createFIFO(other.journal)
        let notRegular = StoreError.io(FileError(path: other.journal, operation: .open, code: EINVAL))
        #expect(throws: notRegular) { _ = try JournalStore.read(directory: other.path) }
        #expect(throws: notRegular) { _ = try JournalStore(directory: other.path) }
        // The calibrations.
        let calibration = CalibrationFile(path: other.path + "/calibration.json")
        try FileSystem.createFIFO(calibration.path)
        #expect(throws: StoreError.io(FileError(path: calibration.path, operation: .open, code: EINVAL))) {
            _ = try calibration.load()
        }
        #expect(calibration.calibration(controller: "keyboard", output: "null") == nil)
    }

    @Test("a huge calibration file is refused without reading it; a value no calibration holds is named")
    func hostileCalibrations() throws {
        let directory = TemporaryDirectory()
        let file = CalibrationFile(path: directory.path + "/calibration.json")
        directory.write([UInt8](repeating: 0x20, count: CalibrationFile.sizeLimit + 1), "calibration.json")
        #expect(throws: StoreError.io(FileError(path: file.path, operation: .read, code: EFBIG))) {
            _ = try file.load()
        }
        let valid = TimingCalibration(
            offsets: [5, 7], controller: "Pads", output: "null", time: Samples.start)
        try? FileSystem.remove(file.path)
        try file.save(valid)
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        for (field, from, to) in [
            ("offsetMs", #""offsetMs" : 6"#, #""offsetMs" : 1e308"#),
            ("spreadMs", #""spreadMs" : "#, #""spreadMs" : -"#),
            ("strikes", #""strikes" : 2"#, #""strikes" : 0"#),
            ("strikes", #""strikes" : 2"#, #""strikes" : "two""#),
            ("offsetMs", #""offsetMs" : 6,"#, ""),
        ] {
            #expect(text.contains(from), "\(from)")
            try text.replacingOccurrences(of: from, with: to).write(
                toFile: file.path, atomically: true, encoding: .utf8)
            #expect(throws: StoreError.invalidCalibration(path: file.path, field: field), "\(to)") {
                _ = try file.load()
            }
        }
    }
}
