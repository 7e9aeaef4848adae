// OtherStoresTests: another store's files are safe from an output, and a session notices its journal replaced.

import Foundation
import PeachCore
import Testing

@testable import PeachStore

@MainActor
@Suite("Other stores' files, and a journal replaced under a session")
struct OtherStoresTests {
    /// Locations whose data folder is `data` and whose settings are in `config`.
    static func locations(data: String, config: String) throws -> DataLocations {
        try DataLocations(
            environment: ["HOME": "/nonexistent", "XDG_CONFIG_HOME": config], dataDirectoryOverride: data)
    }

    @Test(
        "every file of another store or settings folder is refused as an output by its name alone (calibration.json too)"
    )
    func refusedByName() throws {
        let ours = TemporaryDirectory()
        let other = TemporaryDirectory()
        let protected = ProtectedFiles(
            try Self.locations(data: ours.path + "/data", config: ours.path + "/config"))
        let names = [
            "records.jsonl", "records.lock", "records.snapshot", "records.pending", "serve.log",
            "serve.log.1",
            "box-status.json", "settings.json", "settings.json.lock", "calibration.json",
            "records.backup-2026-11-29.jsonl", "records.torn-1.jsonl", "records.undone-1.jsonl",
        ]
        for name in names {
            let path = other.path + "/" + name
            try "plain text, nothing of Peach's inside\n".write(
                toFile: path, atomically: true, encoding: .utf8)
            #expect(throws: StoreError.self, "\(name)") { try protected.check(output: path) }
        }
        let free = other.path + "/calibration-notes.json"
        try "{}".write(toFile: free, atomically: true, encoding: .utf8)
        try protected.check(output: free)
    }

    @Test(
        "a store's files are recognised wherever they are: by name, and a renamed journal by its first line")
    func recognised() throws {
        let other = TemporaryDirectory()
        let store = try JournalStore(directory: other.path)
        try store.append([Samples.comparison(1), Samples.comparison(2)])
        #expect(ProtectedFiles.isPeachFile(other.journal))
        #expect(ProtectedFiles.isPeachFile(other.path + "/" + JournalStore.lockName))
        let copy = other.path + "/answers-copy.txt"
        try FileManager.default.copyItem(atPath: other.journal, toPath: copy)
        #expect(
            ProtectedFiles.isPeachFile(copy), "a renamed copy of a journal, by its checksummed first line")
        let settings = other.path + "/settings.json"
        try #"{"timbre": "piano"}"#.write(toFile: settings, atomically: true, encoding: .utf8)
        #expect(ProtectedFiles.isPeachFile(settings))
        // What an export writes is not a journal: a JSON array, a CSV.
        let export = other.path + "/answers.json"
        let array = "[\n" + String(decoding: other.bytes(), as: UTF8.self) + "]\n"
        try array.write(toFile: export, atomically: true, encoding: .utf8)
        #expect(!ProtectedFiles.isPeachFile(export))
        let csv = other.path + "/answers.csv"
        try "type,time\ncomparison,2026\n".write(toFile: csv, atomically: true, encoding: .utf8)
        #expect(!ProtectedFiles.isPeachFile(csv))
        #expect(!ProtectedFiles.isPeachFile(other.path + "/nothing-here"))
    }

    @Test(
        "an output onto another store's journal, snapshot or settings is refused, not only the current store's"
    )
    func otherStoreRefused() throws {
        let other = TemporaryDirectory()
        let current = TemporaryDirectory()
        let store = try JournalStore(directory: other.path)
        try store.append(Samples.comparison(1))
        let guardian = ProtectedFiles(try Self.locations(data: current.path + "/data", config: current.path))
        #expect(throws: StoreError.protectedOutput(path: other.journal, protected: other.journal)) {
            try guardian.check(output: other.journal)
        }
        let link = current.path + "/link.jsonl"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: other.journal)
        #expect(throws: StoreError.self) { try guardian.check(output: link) }
        try guardian.check(output: current.path + "/answers.json")  // a new file: fine
    }

    @Test("a journal replaced or removed under a writer: the next append throws and writes nothing anywhere")
    func replacedUnderTheWriter() throws {
        let folder = TemporaryDirectory()
        let store = try JournalStore(directory: folder.path)
        try store.append(Samples.comparison(1))
        // Another program writes a file aside and renames it over the journal (as an export onto it did).
        let aside = folder.path + "/aside"
        try "[]\n".write(toFile: aside, atomically: false, encoding: .utf8)
        #expect(rename(aside, folder.journal) == 0)
        #expect(throws: StoreError.journalReplaced(path: folder.journal)) {
            try store.append(Samples.comparison(2))
        }
        #expect(String(decoding: folder.bytes(), as: UTF8.self) == "[]\n", "nothing appended to the new file")
        #expect(store.contents.comparisonCount == 1, "the refused answer is not counted")

        let removed = TemporaryDirectory()
        let second = try JournalStore(directory: removed.path)
        try second.append(Samples.comparison(1))
        #expect(unlink(removed.journal) == 0)
        #expect(throws: StoreError.journalReplaced(path: removed.journal)) {
            try second.append(Samples.comparison(2))
        }
        #expect(!FileManager.default.fileExists(atPath: removed.journal))
    }

    @Test("the store's own rewrite (import --replace, reset) is not a replacement: appends go on")
    func ownRewrite() throws {
        let folder = TemporaryDirectory()
        let store = try JournalStore(directory: folder.path)
        try store.append(Samples.comparison(1))
        try store.replaceAll(with: [Samples.comparison(5)])
        try store.append(Samples.comparison(6))
        #expect(store.contents.comparisonCount == 2)
    }
}

@Suite("The settings folder")
struct SettingsFolderTests {
    @Test("a settings folder anybody may write into is refused, naming it; the file in it is never read")
    func worldWritable() throws {
        let folder = TemporaryDirectory()
        let config = folder.path + "/peach"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try #"{"timbre": "piano"}"#.write(
            toFile: config + "/settings.json", atomically: true, encoding: .utf8)
        let file = SettingsFile(path: config + "/settings.json")
        #expect(try file.load().settings.training.timbre == "piano")
        #expect(chmod(config, 0o777) == 0)
        #expect(throws: StoreError.unsafeSettingsDirectory(path: config, owner: nil, writableByOthers: true))
        {
            try file.load()
        }
        #expect(throws: StoreError.self) { try file.loadForRepair() }
        // A folder that does not exist holds no settings: the defaults, as before.
        #expect(try SettingsFile(path: folder.path + "/none/settings.json").load().settings == .defaults)
    }

    @Test(
        "a settings folder of another user is refused; root's (a practice box's /etc/peach) is trusted",
        .enabled(if: geteuid() == 0, "giving a folder to another user needs root"))
    func owners() throws {
        let folder = TemporaryDirectory()
        let config = folder.path + "/peach"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        #expect(chown(config, 4242, 4242) == 0)
        #expect(
            throws: StoreError.unsafeSettingsDirectory(path: config, owner: 4242, writableByOthers: false)
        ) {
            try SettingsFile(path: config + "/settings.json").load()
        }
        #expect(chown(config, 0, 0) == 0)
        #expect(try SettingsFile(path: config + "/settings.json").load().settings == .defaults)
    }
}

@Suite("CalibrationFile")
struct CalibrationFileTests {
    @Test("keeps one calibration per controller and output; a broken file reads as an error and is set aside")
    func file() throws {
        let directory = TemporaryDirectory()
        let file = CalibrationFile(path: directory.path + "/config/calibration.json")
        #expect(try file.load().isEmpty)
        let time = Date(timeIntervalSince1970: 1_800_000_000)
        let first = TimingCalibration(
            offsets: [10, 12, 30], controller: "Pads", output: "alsa:default", time: time)
        #expect(first.offsetMs == 12)
        try file.save(first)
        try file.save(
            TimingCalibration(offsets: [5], controller: "keyboard", output: "alsa:default", time: time))
        let second = TimingCalibration(
            offsets: [7, 9], controller: "Pads", output: "alsa:default", time: time)
        try file.save(second)
        let loaded = try file.load()
        #expect(loaded.count == 2 && loaded.last == second)
        #expect(file.calibration(controller: "Pads", output: "alsa:default") == second)
        #expect(file.calibration(controller: "Pads", output: "null") == nil)

        #expect(
            FileManager.default.createFile(atPath: file.path, contents: Data("{\"calibrations\": 3}".utf8)))
        #expect(throws: StoreError.invalidCalibration(path: file.path, field: "calibrations")) {
            try file.load()
        }
        try file.save(first)
        #expect(try file.load() == [first])
        #expect(
            FileManager.default.contents(atPath: file.path + ".broken") == Data("{\"calibrations\": 3}".utf8))
    }
}
