// TrainingModeSettingsTests: which settings a run of each mode reads, and the names the modes are written under.

import Foundation
import PeachCore
import PeachTraining
import Testing

@Suite("the settings each mode's run reads")
struct TrainingModeSettingsTests {
    @Test("every setting a command takes as an option is read by some mode, and each mode by its own")
    func everyOptionHasAMode() {
        for key in SettingKey.allCases where key.optionName != nil {
            #expect(TrainingMode.allCases.contains { $0.uses(key) }, "\(key)")
        }
        #expect(
            TrainingMode.comparison.uses(.varyLoudness) && !TrainingMode.pitchMatching.uses(.varyLoudness))
        #expect(
            TrainingMode.allCases.filter { $0.uses(.degreeKey) } == [
                .playBack(.degrees), .playBack(.melodies),
            ])
        #expect(TrainingMode.allCases.filter { $0.uses(.degreeNotes) } == [.playBack(.degrees)])
        #expect(TrainingMode.allCases.filter { $0.uses(.timingPatterns) } == [.offsetDetection])
        #expect(
            !TrainingMode.offsetDetection.uses(.noteRange) && TrainingMode.playBack(.chords).uses(.noteRange))
        #expect(TrainingMode.allCases.allSatisfy { $0.uses(.feedbackDuration) })
    }

    @Test("a simulation runs the session of its training mode")
    func simulationModes() {
        #expect(SimulationMode.matching.trainingMode == .pitchMatching)
        #expect(SimulationMode.tap.trainingMode == .gapFill)
        for mode in SimulationMode.allCases where mode.playBackKind != nil {
            #expect(mode.trainingMode.playBackKind == mode.playBackKind)
        }
    }

    @Test("every mode keeps the name it is written under: the box's status file, the live feed, --mode")
    func modeNames() throws {
        #expect(
            TrainingMode.allCases.map(\.rawValue) == [
                "comparison", "pitchMatching", "measurement", "offsetDetection", "gapFill", "calibration",
                "echo",
                "playNotes", "playIntervals", "playChords", "playDegrees", "playMelodies",
            ])
        for mode in TrainingMode.allCases {
            #expect(TrainingMode(rawValue: mode.rawValue) == mode)
            let json = try JSONEncoder().encode([mode])
            #expect(String(decoding: json, as: UTF8.self) == "[\"\(mode.rawValue)\"]")
            #expect(try JSONDecoder().decode([TrainingMode].self, from: json) == [mode])
        }
        #expect(TrainingMode(rawValue: "play") == nil && TrainingMode(rawValue: "playnotes") == nil)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([TrainingMode].self, from: Data(#"["playRhythms"]"#.utf8))
        }
        #expect(
            SimulationMode.allCases.map(\.rawValue) == [
                "comparison", "matching", "measurement", "timing", "tap", "echo", "notes", "intervals",
                "chords",
                "degrees", "melodies",
            ])
        for mode in SimulationMode.allCases { #expect(SimulationMode(rawValue: mode.rawValue) == mode) }
        #expect(SimulationMode(rawValue: "playNotes") == nil)
    }
}
