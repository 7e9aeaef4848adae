// TrainingModeSettingsTests: which settings a run of each mode reads (what the commands refuse the rest by).

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
        #expect(TrainingMode.allCases.filter { $0.uses(.degreeKey) } == [.playDegrees, .playMelodies])
        #expect(TrainingMode.allCases.filter { $0.uses(.degreeNotes) } == [.playDegrees])
        #expect(TrainingMode.allCases.filter { $0.uses(.timingPatterns) } == [.offsetDetection])
        #expect(!TrainingMode.offsetDetection.uses(.noteRange) && TrainingMode.playChords.uses(.noteRange))
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
}
