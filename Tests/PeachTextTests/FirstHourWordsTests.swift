// FirstHourWordsTests: the words a newcomer meets first say what is true (issue 60's texts, each checked).

import Foundation
import PeachCore
import PeachTraining
import Testing

@testable import PeachAudio
@testable import PeachText

@Suite("A newcomer's first hour: words that tell the truth")
struct FirstHourWordsTests {
    let english = Texts(language: .english)
    let german = Texts(language: .german)

    @Test(
        "one record is a record: export, import, replace, reset and the simulation's total, in both languages"
    )
    func plurals() {
        #expect(english.exported(1, to: "a.json") == "Exported 1 record to a.json.")
        #expect(english.exported(2, to: "a.json") == "Exported 2 records to a.json.")
        #expect(english.imported(1, duplicates: 0) == "Imported 1 record; 0 were already there.")
        #expect(english.deleted(1, backup: "b") == "Deleted 1 record. Backup: b")
        #expect(english.replaced(1, backup: "b") == "Replaced the data with 1 record. Backup: b")
        #expect(english.confirmDelete(1, in: "/d").hasPrefix("Delete the 1 record in /d?"))
        #expect(english.confirmDelete(3, in: "/d").hasPrefix("Delete all 3 records in /d?"))
        #expect(german.exported(1, to: "a.json") == "1 Datensatz nach a.json exportiert.")
        #expect(german.exported(5, to: "a.json") == "5 Datensätze nach a.json exportiert.")
    }

    @Test("every form an output or input takes is named when a value is refused: jack and jack:CLIENT too")
    func specWords() {
        #expect(english.spec(.audioOutput) == "alsa:DEVICE, jack, jack:CLIENT, wav:PATH or null")
        #expect(english.spec(.midiInput).contains("jack, jack:CLIENT"))
        #expect(german.spec(.audioOutput).contains("jack:CLIENT"))
    }

    @Test(
        "pattern families in the musician's words: German says Triolen and Viertel und Achtel, never 'simple'"
    )
    func familyNames() {
        #expect(
            TimingPattern.Family.allCases.map(english.familyName) == [
                "sixteenths", "triplets", "sextuplets", "quintuplets", "septuplets", "quarters and eighths",
            ])
        #expect(
            TimingPattern.Family.allCases.map(german.familyName) == [
                "Sechzehntel", "Triolen", "Sextolen", "Quintolen", "Septolen", "Viertel und Achtel",
            ])
    }

    @Test(
        "a threshold too uncertain to mean anything (one answer's) is no number, the one rule --progress uses"
    )
    func uncertainThreshold() {
        let wide = ThresholdEstimate(
            cents: 3.2, interval68: 0.2...56.6, interval95: 0.1...90, slope: 2, trials: 1,
            logStandardDeviation: 2)
        #expect(ProgressHistory.isUncertain(wide))
        #expect(english.threshold(wide) == "too uncertain to say yet (likely range 0.2–56.6 cents)")
        let narrow = ThresholdEstimate(
            cents: 7.3, interval68: 6.1...8.7, interval95: 5...10, slope: 2, trials: 400,
            logStandardDeviation: 0.1)
        #expect(english.threshold(narrow) == "7.3 cents (75 % correct; likely range 6.1–8.7)")
    }

    @Test("an interval trial's answer names the interval it asked and the note it started from")
    func intervalAsked() throws {
        let fifth = try #require(DirectedInterval(semitones: 7))
        #expect(
            english.intervalAsked(fifth, tuning: .justIntonation, from: MIDINote(60))
                == " · Perfect fifth up from C4 (P5, just)")
        #expect(
            english.intervalAsked(
                try #require(DirectedInterval(semitones: 0)), tuning: .equalTemperament, from: MIDINote(60)
            ).isEmpty)
    }

    @Test("peach sounds groups a SoundFont's presets as General MIDI does, packed to the width, none cut")
    func presetGroups() {
        let presets =
            (0..<20).map {
                SoundFontPreset(index: $0, name: "Preset number \($0)", bank: 0, program: $0)
            } + [
                SoundFontPreset(index: 20, name: "Standard", bank: 128, program: 0),
                SoundFontPreset(index: 21, name: "Detuned", bank: 8, program: 4),
            ]
        let lines = english.presetGroups(presets, width: 80)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines)")
        #expect(
            lines.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.map {
                $0.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ").first ?? ""
            } == ["Piano", "Chromatic percussion", "Organ", "Bank 8", "Drum kits"], "\(lines)")
        for preset in presets {
            #expect(lines.contains { $0.contains(preset.number + " " + preset.name) }, "\(preset.name) whole")
        }
        #expect(lines.count < presets.count)
        #expect(german.presetGroups(presets, width: 80).contains { $0.hasPrefix("  Klavier") })
    }

    @Test("a calibration whose strikes spread more than 20 ms is not kept: exit 1, its own reason, the words")
    func unevenCalibration() {
        let even = TimingCalibration(
            offsets: (0..<20).map { 12 + Double($0 % 5) }, controller: "Pads", output: "alsa:hw:0",
            time: Date())
        #expect(even.isSteady)
        #expect(
            TrainingEnding.calibrated(even).exitStatus == 0
                && TrainingEnding.calibrated(even).name == "calibrated")
        let uneven = TimingCalibration(
            offsets: (0..<20).map { $0.isMultiple(of: 2) ? -40 : 45 }, controller: "keyboard",
            output: "alsa:hw:0",
            time: Date())
        #expect(!uneven.isSteady)
        #expect(TrainingEnding.calibrated(uneven).exitStatus == 1)
        #expect(TrainingEnding.calibrated(uneven).name == "calibrationUneven")
        #expect(english.reason(.calibrated(uneven)).contains("too uneven to calibrate by (at most 20 ms)"))
        // Stopped before its strikes: nothing saved, in a calibration's words (not fill the gap's 16 cycles).
        var progress = TrainingProgress()
        progress.strikes = 3
        let closing = english.closing(.user, progress: progress, storeLocation: "/d", mode: .calibration)
        #expect(closing.hasSuffix("Nothing was saved: a calibration is kept once it has all its strikes."))
        #expect(!closing.contains("16 cycles"))
    }
}
