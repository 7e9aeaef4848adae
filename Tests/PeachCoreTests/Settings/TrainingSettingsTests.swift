// TrainingSettingsTests: defaults and the validation rule of every setting.

import PeachCore
import Testing

@Suite("TrainingSettings")
struct TrainingSettingsTests {
    @Test("defaults of the original app")
    func defaults() {
        let settings = TrainingSettings.defaults
        #expect(settings.noteRange == NoteRange(36, 84))
        #expect(settings.noteDuration == 1.0)
        #expect(settings.gapBetweenNotes == 0)
        #expect(settings.referencePitch == 440)
        #expect(settings.varyLoudness == 0)
        #expect(settings.feedbackDuration == 0.4)
        #expect(settings.velocity == 63)
        #expect(settings.timbre == "sine")
    }

    @Test("training range: within A0–C8, at least 12 semitones")
    func noteRange() throws {
        #expect(try TrainingSettings(noteRange: NoteRange(21, 108)).noteRange.count == 88)
        #expect(try TrainingSettings(noteRange: NoteRange(60, 72)).noteRange.semitoneSpan == 12)
        #expect(throws: SettingsError.rangeTooNarrow(key: "noteRange", range: "C4-B4", minimumSemitones: 12))
        {
            try TrainingSettings(noteRange: NoteRange(60, 71))
        }
        #expect(throws: SettingsError.self) { try TrainingSettings(noteRange: NoteRange(20, 60)) }
        #expect(throws: SettingsError.self) { try TrainingSettings(noteRange: NoteRange(60, 109)) }
    }

    @Test(
        "numeric settings accept their bounds and reject just outside",
        arguments: [
            (SettingKey.noteDuration, 0.3, 3.0), (.gapBetweenNotes, 0, 5),
            (.referencePitch, 380, 500),
            (.varyLoudness, 0, 1), (.feedbackDuration, 0.1, 2),
        ])
    func numericBounds(key: SettingKey, low: Double, high: Double) throws {
        let settings = TrainingSettings.defaults
        #expect(try settings.setting(key, to: .number(low)).value(of: key) == .number(low))
        #expect(try settings.setting(key, to: .number(high)).value(of: key) == .number(high))
        for bad in [low - 0.001, high + 0.001, .nan, .infinity] {
            #expect(throws: SettingsError.self) { try settings.setting(key, to: .number(bad)) }
        }
    }

    @Test("out-of-range errors name the key and the allowed range")
    func errorContent() {
        #expect(
            throws: SettingsError.outOfRange(
                key: "noteDuration", value: "4", allowed: .number(0.3...3, .seconds))
        ) {
            try TrainingSettings.defaults.setting(.noteDuration, toText: "4")
        }
        #expect(
            throws: SettingsError.invalidValue(
                key: "referencePitch", value: "abc", expected: .number(380...500, .hertz))
        ) {
            try TrainingSettings.defaults.setting(.referencePitch, toText: "abc")
        }
    }

    @Test("velocity and timbre")
    func velocityAndTimbre() throws {
        #expect(try TrainingSettings.defaults.setting(.velocity, toText: "127").velocity == 127)
        #expect(throws: SettingsError.self) { try TrainingSettings.defaults.setting(.velocity, toText: "0") }
        #expect(throws: SettingsError.self) {
            try TrainingSettings.defaults.setting(.velocity, toText: "1.5")
        }
        for timbre in TrainingSettings.timbres {
            #expect(try TrainingSettings.defaults.setting(.timbre, toText: timbre).timbre == timbre)
        }
        for bad in ["", "Piano", "banjo", "soft-piano", "a b", "ü", String(repeating: "a", count: 33)] {
            #expect(throws: SettingsError.self) {
                try TrainingSettings.defaults.setting(.timbre, toText: bad)
            }
        }
    }

    @Test("text round trip for every key")
    func textRoundTrip() throws {
        let settings = try TrainingSettings(
            noteRange: NoteRange(48, 72), noteDuration: 0.5, gapBetweenNotes: 0.25, referencePitch: 442,
            varyLoudness: 0.5, feedbackDuration: 0.6, velocity: 100, timbre: "organ")
        var rebuilt = TrainingSettings.defaults
        for key in SettingKey.allCases where key.isTrainingSetting {
            rebuilt = try rebuilt.setting(key, toText: try #require(settings.value(of: key)).description)
        }
        #expect(rebuilt == settings)
    }

    @Test("a value of the wrong type is refused")
    func wrongType() {
        #expect(throws: SettingsError.self) {
            try TrainingSettings.defaults.setting(.noteRange, to: .number(3))
        }
        #expect(throws: SettingsError.self) {
            try TrainingSettings.defaults.setting(.noteDuration, to: .text("x"))
        }
    }
}
