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
        "a bad value names the file, the key and what is allowed",
        arguments: [
            (#"{"noteRange": "C4-A4"}"#, "noteRange", "at least 12 semitones"),
            (#"{"noteRange": 12}"#, "noteRange", "not valid"),
            (#"{"noteDuration": 9}"#, "noteDuration", "0.3…3 seconds"),
            (#"{"gapBetweenNotes": -1}"#, "gapBetweenNotes", "0…5 seconds"),
            (#"{"referencePitch": 600}"#, "referencePitch", "380…500 Hz"),
            (#"{"varyLoudness": 2}"#, "varyLoudness", "0…1"),
            (#"{"feedbackDuration": 0}"#, "feedbackDuration", "0.1…2 seconds"),
            (#"{"velocity": 0}"#, "velocity", "1…127"),
            (#"{"timbre": "Grand Piano"}"#, "timbre", "lowercase"),
            (#"{"controllerProfile": ""}"#, "controllerProfile", "profile name"),
            (#"{"audioOutput": "speakers"}"#, "audioOutput", "alsa:DEVICE"),
            (#"{"midiOutput": "fluid"}"#, "midiOutput", "midi:CLIENT:PORT"),
            (#"{"wrongAnswerTick": "maybe"}"#, "wrongAnswerTick", "on or off"),
            (#"{"noteDuration": null}"#, "noteDuration", "must be a number"),
        ])
    func badValues(text: String, key: String, allowed: String) {
        let fixture = fixture(text)
        do {
            _ = try fixture.file.load()
            Issue.record("accepted \(text)")
        } catch {
            guard case .invalidSettings(let path, let errorKey, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path == fixture.file.path)
            #expect(errorKey == key)
            #expect(reason.contains(allowed), "\(reason)")
        }
    }

    @Test(
        "malformed JSON is refused and left alone",
        arguments: ["", "[]", "{", #"{"a":1} x"#, #"{"velocity":1,"velocity":2}"#])
    func malformed(text: String) {
        let fixture = fixture(text)
        #expect(
            throws: StoreError.invalidSettings(
                path: fixture.file.path, key: nil, reason: "not a JSON object of settings")
        ) {
            try fixture.file.load()
        }
        #expect(fixture.bytes == Array(text.utf8))
    }

    @Test("saving writes every key, keeps unknown ones, and reads back equal; mode 0600")
    func saveAndReload() throws {
        let fixture = fixture(#"{"referencePitch": 415, "future": {"x": [1, "}"]}}"#)
        let file = fixture.file
        let loaded = try file.load()
        #expect(loaded.unknownKeys.map(\.key) == ["future"])
        let changed = try loaded.settings.setting("noteRange", toText: "A2-A4")
        try file.save(changed, keeping: loaded.unknownKeys)
        let reloaded = try file.load()
        #expect(reloaded.settings == changed)
        #expect(reloaded.unknownKeys.map(\.json) == [#"{"x": [1, "}"]}"#])
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(fixture.directory.files(prefix: "settings.json.tmp").isEmpty)
    }

    @Test("resetting one broken key is possible")
    func resetBrokenKey() throws {
        let fixture = fixture(#"{"noteDuration": 9, "velocity": 80}"#)
        let file = fixture.file
        #expect(throws: StoreError.self) { try file.load() }
        let repaired = try file.loadIgnoring(key: "noteDuration")
        #expect(repaired.settings.training.velocity == 80)
        #expect(repaired.settings.training.noteDuration == 1)
    }
}

@MainActor
@Suite("SettingsWatcher")
struct SettingsWatcherTests {
    func touch(_ path: String, _ text: String, secondsAgo: Double) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        try? FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -secondsAgo)], ofItemAtPath: path)
    }

    @Test("an edit applies at the next read; a broken edit keeps the last good settings and is reported once")
    func liveReload() throws {
        let directory = TemporaryDirectory()
        let path = directory.path + "/settings.json"
        touch(path, #"{"noteDuration": 0.5}"#, secondsAgo: 30)
        let file = SettingsFile(path: path)
        var errors: [StoreError] = []
        let watcher = SettingsWatcher(file: file, initial: try file.load().settings) { errors.append($0) }
        #expect(watcher.current.training.noteDuration == 0.5)
        touch(path, #"{"noteDuration": 2}"#, secondsAgo: 20)
        #expect(watcher.current.training.noteDuration == 2)
        touch(path, #"{"noteDuration": 20}"#, secondsAgo: 10)
        #expect(watcher.current.training.noteDuration == 2)
        #expect(watcher.current.training.noteDuration == 2)
        #expect(errors.count == 1)
        touch(path, #"{"noteDuration": 0.3}"#, secondsAgo: 0)
        #expect(watcher.current.training.noteDuration == 0.3)
    }
}
