// SettingsEditorTests: one validation for `settings set`, and repair of a broken file that keeps what reads.

import Foundation
import PeachCore
import PeachStore
import PeachSystem
import PeachTestSupport
import PeachTraining
import Testing

@Suite("SettingsEditor")
struct SettingsEditorTests {
    /// The test's folders, removed after it.
    let paths = ScratchPaths()

    /// A settings file in a fresh folder, with `text` in it (or none).
    func makeEditor(_ text: String?) throws -> (SettingsEditor, String) {
        let folder = try paths.folder("peach-editor")
        let path = folder + "/settings.json"
        if let text { try text.write(toFile: path, atomically: true, encoding: .utf8) }
        return (SettingsEditor(file: SettingsFile(path: path), profiles: ["default", "pads"]), folder)
    }

    static let time = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("set checks the value as loading does, and the profile against the profiles that exist")
    func validation() throws {
        let (editor, _) = try makeEditor(nil)
        #expect(
            throws: SettingsError.invalidValue(
                key: "timbre", value: "banjo", expected: .oneOf(TrainingSettings.timbres))
        ) {
            try editor.set(.timbre, to: "banjo", at: Self.time)
        }
        #expect(
            throws: SettingsError.noSuchProfile(
                key: "controllerProfile", value: "nope", known: ["default", "pads"])
        ) {
            try editor.set(.controllerProfile, to: "nope", at: Self.time)
        }
        #expect(throws: SettingsError.unknownKey("swing")) { try SettingKey.named("swing") }
        #expect(
            throws: SettingsError.outOfRange(key: "tempo", value: "1", allowed: .wholeNumber(40...200))
        ) { try editor.set(.tempo, to: "1", at: Self.time) }
        let outcome = try editor.set(.controllerProfile, to: "pads", at: Self.time)
        #expect(
            outcome.settings.controllerProfile == "pads" && outcome.brokenCopy == nil
                && outcome.dropped.isEmpty)
        #expect(try editor.file.load().settings.controllerProfile == "pads")
    }

    @Test("a broken file is repaired keeping every setting that still reads; the original is copied aside")
    func repair() throws {
        let broken = "{\n  \"noteRange\": \"C3-C5\"\n  \"velocity\": 90,\n  \"noteDuration\": 9\n}\n"
        let (editor, folder) = try makeEditor(broken)
        let outcome = try editor.set(.referencePitch, to: "442", at: Self.time)
        #expect(outcome.brokenCopy == folder + "/settings.json.broken-20270115T080000-000Z")
        #expect(try String(contentsOfFile: try #require(outcome.brokenCopy), encoding: .utf8) == broken)
        #expect(outcome.dropped.count == 2)
        let settings = try editor.file.load().settings
        #expect(settings.training.noteRange == NoteRange(48, 72))
        #expect(settings.training.velocity == 90)
        #expect(settings.training.noteDuration == 1)
        #expect(settings.training.referencePitch == 442)
    }

    @Test("reset of the broken key repairs without reporting it as dropped; reset of all keeps unknown keys")
    func reset() throws {
        let (editor, _) = try makeEditor(#"{"noteDuration": 9, "velocity": 80, "future": 1}"#)
        let one = try editor.reset(.noteDuration, at: Self.time)
        #expect(one.dropped.isEmpty && one.brokenCopy != nil)
        #expect(try editor.file.load().settings.training.velocity == 80)
        let all = try editor.reset(nil, at: Self.time)
        #expect(all.settings == .defaults)
        #expect(try editor.file.load().unknownKeys.map(\.key) == ["future"])
    }

    @Test(
        "the file holds only what was set: set adds its key, reset KEY takes it out, reset keeps only unknown keys"
    )
    func onlySetKeys() throws {
        let (editor, folder) = try makeEditor(nil)
        let path = folder + "/settings.json"
        _ = try editor.set(.timbre, to: "piano", at: Self.time)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\n  \"timbre\": \"piano\"\n}\n")
        _ = try editor.set(.velocity, to: "63", at: Self.time)
        #expect(
            try editor.file.load().setKeys == [.timbre, .velocity],
            "a value equal to today's default is kept")
        _ = try editor.reset(.timbre, at: Self.time)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\n  \"velocity\": 63\n}\n")
        try #"{"future": [1], "velocity": 70}"#.write(toFile: path, atomically: true, encoding: .utf8)
        _ = try editor.reset(nil, at: Self.time)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\n  \"future\": [1]\n}\n")
        _ = try editor.reset(nil, at: Self.time)
        #expect(try editor.file.load().setKeys.isEmpty)
    }

    @Test("ten writers at the same moment, each setting another key, keep all ten (the write lock)")
    func concurrentWriters() throws {
        let (editor, _) = try makeEditor(nil)
        let edits: [(SettingKey, String)] = [
            (.timbre, "piano"), (.velocity, "70"), (.noteDuration, "0.5"), (.referencePitch, "442"),
            (.tempo, "90"), (.noteRange, "C3-C5"), (.wrongAnswerTick, "off"), (.feedbackDuration, "0.6"),
            (.maxRepetitions, "3"), (.controllerProfile, "pads"),
        ]
        // Each writer its own thread and its own lock descriptor, released together so their edits overlap.
        let start = DispatchSemaphore(value: 0)
        let failures = Failures()
        let group = DispatchGroup()
        for (key, value) in edits {
            group.enter()
            Thread.detachNewThread {
                start.wait()
                do { _ = try editor.set(key, to: value, at: Self.time) } catch {
                    failures.add("\(key): \(error)")
                }
                group.leave()
            }
        }
        for _ in edits { start.signal() }
        group.wait()
        #expect(failures.all.isEmpty)
        let loaded = try editor.file.load()
        #expect(loaded.setKeys == Set(edits.map(\.0)))
        for (key, value) in edits {
            let expected = try PeachSettings.defaults.setting(key, toText: value).text(of: key)
            #expect(loaded.settings.text(of: key) == expected, "\(key)")
        }
        // The lock is readable to all (flock needs no more): root's `peach settings set` on a box leaves one the
        // dashboard (user peach) can take too.
        let lock = editor.file.path + SettingsFile.lockSuffix
        // This process's umask, read without setting it (umask(2) would change it for every thread meanwhile).
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = status.split(separator: "\n").first { $0.hasPrefix("Umask:") }
        let mask = mode_t(
            line.flatMap { UInt32($0.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8) } ?? 0o022)
        #expect(FileSystem.status(lock)?.permissions == 0o644 & ~mask)
    }

    /// Errors collected from the writer threads.
    final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func add(_ failure: String) { lock.withLock { list.append(failure) } }
        var all: [String] { lock.withLock { list } }
    }

    @Test(
        "an output a setting names may not be Peach's own data or settings (wav:, rawmidi:); other paths are kept"
    )
    func protectedOutputs() throws {
        let folder = NSTemporaryDirectory() + "peach-editor-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/config", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let locations = try DataLocations(
            environment: ["HOME": "/nonexistent-home", "XDG_CONFIG_HOME": folder + "/config"],
            dataDirectoryOverride: folder + "/data")
        let editor = SettingsEditor(
            file: SettingsFile(path: locations.settingsFile), profiles: ["default"],
            protected: ProtectedFiles(locations))
        for (key, value) in [
            (SettingKey.audioOutput, "wav:" + folder + "/data/records.jsonl"),
            (.audioOutput, "wav:" + locations.settingsFile), (.midiOutput, "rawmidi:" + folder + "/data/x"),
        ] {
            #expect(throws: StoreError.self, "\(value)") { try editor.set(key, to: value, at: Self.time) }
        }
        _ = try editor.set(.audioOutput, to: "wav:" + folder + "/take.wav", at: Self.time)
        #expect(
            try SettingsFile(path: locations.settingsFile).load().settings.text(of: .audioOutput).hasSuffix(
                "take.wav"))
        #expect(SettingsEditor.outputPath(.midiOutput, "rawmidi:/dev/snd/midiC1D0") == "/dev/snd/midiC1D0")
        #expect(SettingsEditor.outputPath(.midiOutput, "midi:FLUID") == nil)
    }
}
