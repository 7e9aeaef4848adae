// SettingsFileTests: reading, validating, preserving and writing settings.json, and live re-reading.

import Foundation
import PeachCore
import Testing

@testable import PeachStore

@Suite("SettingsFile")
struct SettingsFileTests {
    /// A settings file in its own temporary folder; the folder lives as long as this value.
    struct Fixture {
        let directory = TemporaryDirectory()
        var file: SettingsFile { SettingsFile(path: directory.path + "/settings.json") }
        var bytes: [UInt8] { directory.bytes("settings.json") }
    }

    func fixture(_ text: String?) -> Fixture {
        let fixture = Fixture()
        if let text { fixture.directory.write(Array(text.utf8), "settings.json") }
        return fixture
    }

    @Test("a missing file gives the defaults")
    func missing() throws {
        let fixture = fixture(nil)
        #expect(try fixture.file.load().settings == .defaults)
    }

    @Test("every key is read; numbers may be strings; the tick may be a boolean or on/off")
    func everyKey() throws {
        let fixture = fixture(
            """
            {"noteRange": "C3-C5", "noteDuration": "0.8", "gapBetweenNotes": 0.25, "referencePitch": 442,
             "varyLoudness": 0.5, "feedbackDuration": 0.6, "velocity": 90, "timbre": "organ",
             "controllerProfile": "two-pedals", "audioOutput": "alsa:hw:1,0", "midiOutput": "midi:FLUID Synth:0",
             "wrongAnswerTick": "off"}
            """)
        let settings = try fixture.file.load().settings
        #expect(settings.training.noteRange == NoteRange(48, 72))
        #expect(settings.training.noteDuration == 0.8)
        #expect(settings.training.gapBetweenNotes == 0.25)
        #expect(settings.training.referencePitch == 442)
        #expect(settings.training.varyLoudness == 0.5)
        #expect(settings.training.feedbackDuration == 0.6)
        #expect(settings.training.velocity == 90)
        #expect(settings.training.timbre == "organ")
        #expect(settings.controllerProfile == "two-pedals")
        #expect(settings.audioOutput == "alsa:hw:1,0")
        #expect(settings.midiOutput == "midi:FLUID Synth:0")
        #expect(!settings.wrongAnswerTick)
        let second = self.fixture(#"{"wrongAnswerTick": false}"#)
        #expect(try !second.file.load().settings.wrongAnswerTick)
    }

    @Test(
        "a bad value names the file and carries the key, the value and what is allowed",
        arguments: [
            (
                #"{"noteRange": "C4-A4"}"#,
                SettingsFileProblem.value(
                    .rangeTooNarrow(key: "noteRange", range: "C4-A4", minimumSemitones: 12))
            ),
            (
                #"{"noteRange": 12}"#,
                .value(
                    .invalidValue(
                        key: "noteRange", value: "12", expected: SettingKey.noteRange.allowed))
            ),
            (
                #"{"noteDuration": 9}"#,
                .value(.outOfRange(key: "noteDuration", value: "9", allowed: .number(0.3...3, .seconds)))
            ),
            (
                #"{"gapBetweenNotes": -1}"#,
                .value(.outOfRange(key: "gapBetweenNotes", value: "-1", allowed: .number(0...5, .seconds)))
            ),
            (
                #"{"referencePitch": 600}"#,
                .value(.outOfRange(key: "referencePitch", value: "600", allowed: .number(380...500, .hertz)))
            ),
            (
                #"{"varyLoudness": 2}"#,
                .value(.outOfRange(key: "varyLoudness", value: "2", allowed: .number(0...1, .amount)))
            ),
            (
                #"{"feedbackDuration": 0}"#,
                .value(.outOfRange(key: "feedbackDuration", value: "0", allowed: .number(0.1...2, .seconds)))
            ),
            (
                #"{"velocity": 0}"#,
                .value(.outOfRange(key: "velocity", value: "0", allowed: .wholeNumber(1...127)))
            ),
            (
                #"{"timbre": "banjo"}"#,
                .value(
                    .invalidValue(
                        key: "timbre", value: "banjo", expected: .oneOf(["sine", "piano", "organ"])))
            ),
            (
                #"{"controllerProfile": ""}"#,
                .value(.invalidValue(key: "controllerProfile", value: "", expected: .profileName))
            ),
            (
                #"{"audioOutput": "speakers"}"#,
                .value(.invalidValue(key: "audioOutput", value: "speakers", expected: .audioOutput))
            ),
            (
                #"{"midiOutput": "fluid"}"#,
                .value(.invalidValue(key: "midiOutput", value: "fluid", expected: .midiOutput))
            ),
            (
                #"{"wrongAnswerTick": "maybe"}"#,
                .value(.invalidValue(key: "wrongAnswerTick", value: "maybe", expected: .onOff))
            ),
            (#"{"noteDuration": null}"#, .wrongType(key: "noteDuration")),
        ])
    func badValues(text: String, problem: SettingsFileProblem) {
        let fixture = fixture(text)
        #expect(throws: StoreError.invalidSettings(path: fixture.file.path, problem: problem)) {
            try fixture.file.load()
        }
        #expect(fixture.bytes == Array(text.utf8))
    }

    @Test(
        "malformed JSON is refused with where the error is, and left alone",
        arguments: [
            ("", SettingsFileProblem.syntax(line: 1, column: 1)), ("[]", .notAnObject),
            ("{", .syntax(line: 1, column: 2)),
            (#"{"a":1} x"#, .syntax(line: 1, column: 9)),
            (#"{"velocity":1,"velocity":2}"#, .duplicateKey("velocity")),
            ("{\n  \"noteRange\": \"C3-C5\"\n  \"noteDuration\": 0.5\n}", .syntax(line: 3, column: 3)),
        ])
    func malformed(text: String, problem: SettingsFileProblem) {
        let fixture = fixture(text)
        #expect(throws: StoreError.invalidSettings(path: fixture.file.path, problem: problem)) {
            try fixture.file.load()
        }
        #expect(fixture.bytes == Array(text.utf8))
    }

    @Test("saving writes every key, keeps unknown ones, and reads back equal; a new file gets mode 0600")
    func saveAndReload() throws {
        let fixture = fixture(#"{"referencePitch": 415, "future": {"x": [1, "}"]}}"#)
        let file = fixture.file
        let loaded = try file.load()
        #expect(loaded.unknownKeys.map(\.key) == ["future"])
        let changed = try loaded.settings.setting(.noteRange, toText: "A2-A4")
        try file.save(changed, keeping: loaded.unknownKeys)
        let reloaded = try file.load()
        #expect(reloaded.settings == changed)
        #expect(reloaded.unknownKeys.map(\.json) == [#"{"x": [1, "}"]}"#])
        #expect(fixture.directory.files(prefix: "settings.json.tmp").isEmpty)
        let fresh = SettingsFile(path: fixture.directory.path + "/new/settings.json")
        try fresh.save(changed)
        let attributes = try FileManager.default.attributesOfItem(atPath: fresh.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test("saving keeps an existing file's permissions (a box's settings stay readable by its service user)")
    func saveKeepsPermissions() throws {
        let fixture = fixture(#"{"referencePitch": 415}"#)
        for mode in [0o644, 0o640] {
            #expect(chmod(fixture.file.path, mode_t(mode)) == 0)
            try fixture.file.save(try fixture.file.load().settings.setting(.noteRange, toText: "A2-A4"))
            let attributes = try FileManager.default.attributesOfItem(atPath: fixture.file.path)
            #expect((attributes[.posixPermissions] as? Int) == mode)
        }
    }

    @Test("a settings.json that is a symbolic link (a dotfile manager's) is saved through: the link stays")
    func saveThroughLink() throws {
        let fixture = Fixture()
        let dotfiles = fixture.directory.path + "/dotfiles"
        try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: true)
        try #"{"referencePitch": 415}"#.write(
            toFile: dotfiles + "/settings.json", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: fixture.file.path, withDestinationPath: dotfiles + "/settings.json")
        let loaded = try fixture.file.load()
        let changed = try loaded.settings.setting(.noteRange, toText: "A2-A4")
        try fixture.file.save(changed, keeping: loaded.unknownKeys)
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: fixture.file.path)
        #expect(link == dotfiles + "/settings.json")
        #expect(try SettingsFile(path: dotfiles + "/settings.json").load().settings == changed)
    }

    @Test("loading for repair keeps every setting that still reads and lists the rest")
    func loadForRepair() throws {
        let fixture = fixture(#"{"noteDuration": 9, "velocity": 80}"#)
        let file = fixture.file
        #expect(throws: StoreError.self) { try file.load() }
        let repaired = try file.loadForRepair()
        #expect(repaired.settings.training.velocity == 80)
        #expect(repaired.settings.training.noteDuration == 1)
        #expect(repaired.problems.map(\.key) == ["noteDuration"])
    }

    @Test("a file that is not valid JSON is read line by line for repair")
    func repairSyntax() throws {
        let fixture = fixture(
            "{\n  \"noteRange\": \"C3-C5\"\n  \"noteDuration\": 0.5,\n  \"velocity\": 80,\n}\n")
        let repaired = try fixture.file.loadForRepair()
        #expect(repaired.problems == [.syntax(line: 3, column: 3)])
        #expect(repaired.settings.training.noteRange == NoteRange(48, 72))
        #expect(repaired.settings.training.noteDuration == 0.5)
        #expect(repaired.settings.training.velocity == 80)
        let copy = try fixture.file.keepBrokenCopy(at: Date(timeIntervalSince1970: 0))
        #expect(copy.hasSuffix("settings.json.broken-19700101T000000-000Z"))
        #expect(FileManager.default.contents(atPath: copy) == Data(fixture.bytes))
    }

    @Test(
        "a file on one line cut short keeps every pair before the cut, commas inside a value and all; the first of a key twice"
    )
    func repairOneLine() throws {
        let fixture = fixture(
            #"{"noteRange": "C3-C5", "intervals": "P5,M3down", "velocity": 80, "noteRange": "C2-C4", "noteDura"#
        )
        let repaired = try fixture.file.loadForRepair()
        #expect(repaired.problems == [.syntax(line: 1, column: 97)])  // where the text ends
        #expect(repaired.settings.training.noteRange == NoteRange(48, 72))
        #expect(repaired.settings.training.velocity == 80)
        #expect(repaired.settings.training.intervals.count == 2)
        // A pair after the object's closing brace is no setting; one before it is.
        let closed = self.fixture(#"{"velocity": 70, "noteDuration": 0.5} "tempo": 90,"#)
        let read = try closed.file.loadForRepair()
        #expect(read.settings.training.velocity == 70 && read.settings.training.noteDuration == 0.5)
        #expect(read.settings.timing.tempo.bpm == 80)
    }
}

@MainActor
@Suite("ConfigurationWatcher")
struct ConfigurationWatcherTests {
    func touch(_ path: String, _ text: String, secondsAgo: Double) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        try? FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -secondsAgo)], ofItemAtPath: path)
    }

    @Test(
        "an edit applies at the next look; a broken edit keeps the last good settings and is reported once; a file put back with an old time is read"
    )
    func liveReload() throws {
        let directory = TemporaryDirectory()
        let path = directory.path + "/settings.json"
        touch(path, #"{"noteDuration": 0.5}"#, secondsAgo: 30)
        let file = SettingsFile(path: path)
        var loads = 0
        let watcher = ConfigurationWatcher(settingsFile: path, initial: try file.load().settings) { _ in
            loads += 1
            return try file.load().settings
        }
        var errors = 0
        func look() -> Double {
            if case .failed = watcher.refresh() { errors += 1 }
            return watcher.current.training.noteDuration
        }
        #expect(look() == 0.5 && loads == 0, "nothing read while the file stays")
        touch(path, #"{"noteDuration": 2}"#, secondsAgo: 20)
        #expect(look() == 2)
        touch(path, #"{"noteDuration": 20}"#, secondsAgo: 10)
        #expect(look() == 2)
        #expect(look() == 2)
        #expect(errors == 1 && loads == 2)
        touch(path, #"{"noteDuration": 0.3}"#, secondsAgo: 60)  // older than every edit before
        #expect(look() == 0.3)
        touch(path, #"{"noteDuration": 0.4}"#, secondsAgo: 0)
        let sighup = watcher.reload()
        if case .reloaded = sighup {} else { Issue.record("SIGHUP did not read the file: \(sighup)") }
        #expect(watcher.current.training.noteDuration == 0.4 && loads == 4, "SIGHUP reads")
        #expect(look() == 0.4 && loads == 4, "and takes the file as read")
    }
}
