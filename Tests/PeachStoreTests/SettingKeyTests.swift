// SettingKeyTests: every setting is named by one key, and each key reads and writes through PeachSettings.

import PeachCore
import Testing

@testable import PeachStore

@Suite("SettingKey")
struct SettingKeyTests {
    @Test("every key's text form reads back to the same settings, for the defaults and a changed value")
    func textRoundTrip() throws {
        let changed: [SettingKey: String] = [
            .noteRange: "C3-C5", .noteDuration: "0.5", .gapBetweenNotes: "0.25", .referencePitch: "442",
            .varyLoudness: "0.5", .feedbackDuration: "0.6", .velocity: "100", .timbre: "organ",
            .intervals: "M3down,P5", .tuningSystem: "just", .controllerProfile: "pads", .audioOutput: "jack",
            .midiOutput: "midi:FLUID Synth:0", .wrongAnswerTick: "off", .longPress: "0.8",
            .soundFont: "FluidR3_GM.sf2", .preset: "0:19", .earconLevel: "-20", .tempo: "120",
            .offsetClick: "2", .timingPatterns: "triplets,4:x-xx", .maxRepetitions: "3", .silentBars: "2",
            .silentEvery: "3", .tempoRamp: "-4", .rampEvery: "2", .gapPattern: "3:x-x",
            .gapPositions: "2,4", .chordWindow: "60", .grazeVelocity: "25", .keySignature: "Eb",
            .cadenceEvery: "3", .degreeKey: "F#", .degreeNames: "solfege", .degreeContext: "drone",
            .degreeNotes: "3", .melodyInTempo: "on",
            .showReference: "off",
        ]
        #expect(Set(changed.keys) == Set(SettingKey.allCases), "a value for every key")
        var settings = PeachSettings.defaults
        for key in SettingKey.allCases {
            let standard = PeachSettings.defaults.text(of: key)
            #expect(try PeachSettings.defaults.setting(key, toText: standard) == PeachSettings.defaults)
            settings = try settings.setting(key, toText: changed[key] ?? "")
            #expect(settings.text(of: key) != standard, "\(key) changed")
        }
        var rebuilt = PeachSettings.defaults
        for key in SettingKey.allCases { rebuilt = try rebuilt.setting(key, toText: settings.text(of: key)) }
        #expect(rebuilt == settings)
    }

    @Test("melodyInTempo puts a melody in tempo, and no other kind; --in-tempo does so with it off")
    func melodyInTempo() throws {
        let on = try PeachSettings.defaults.setting(.melodyInTempo, toText: "on")
        #expect(on.playBack(nil, kind: .melodies).inTempo)
        #expect(!on.playBack(nil, kind: .degrees).inTempo)
        #expect(!PeachSettings.defaults.playBack(nil, kind: .melodies).inTempo)
        var asked = PlayBackOptions(kind: .melodies)
        asked.inTempo = true
        #expect(PeachSettings.defaults.playBack(asked, kind: .melodies).inTempo)
        #expect(throws: SettingsError.self) {
            try PeachSettings.defaults.setting(.melodyInTempo, toText: "fast")
        }
    }

    @Test("a key is found by its name and no other; options are distinct")
    func names() throws {
        for key in SettingKey.allCases { #expect(try SettingKey.named(key.rawValue) == key) }
        #expect(throws: SettingsError.unknownKey("swing")) { try SettingKey.named("swing") }
        let options = SettingKey.allCases.compactMap(\.optionName)
        #expect(Set(options).count == options.count)
        #expect(SettingKey.tempo.option == "--tempo" && SettingKey.velocity.option == "velocity")
    }

    @Test("a training key sets the training settings; another key is not one of them")
    func trainingKeys() throws {
        for key in SettingKey.allCases {
            #expect((TrainingSettings.defaults.value(of: key) != nil) == key.isTrainingSetting)
        }
        #expect(throws: SettingsError.unknownKey("tempo")) {
            try TrainingSettings.defaults.setting(.tempo, to: .integer(80))
        }
    }
}
