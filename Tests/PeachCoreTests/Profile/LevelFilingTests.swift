// LevelFilingTests: an answer filed with its stimulus level found once is filed exactly as without it.

import Foundation
import Testing

@testable import PeachCore

@Suite("Filing an answer with its level")
struct LevelFilingTests {
    @Test("profile, progress and trend filed with the level found once equal those that find it themselves")
    func sameAsLookingUp() {
        var generator = SeededRandomGenerator(seed: 41)
        var (profile, progress, trend) = (PerceptualProfile(), ProgressHistory(), TrendAnalyzer())
        var (leveledProfile, leveledProgress, leveledTrend) = (
            PerceptualProfile(), ProgressHistory(), TrendAnalyzer()
        )
        for index in 0..<3_000 {
            let note1 = MIDINote(clamping: Int.random(in: 40...80, using: &generator))
            // Half unison, half intervals (the profile files those apart), in every tuning.
            let note2 =
                Bool.random(using: &generator)
                ? note1 : MIDINote(clamping: note1.rawValue + Int.random(in: -12...12, using: &generator))
            // Differences across the whole table, its edges and beyond them included.
            let cents =
                (Bool.random(using: &generator) ? 1 : -1)
                * [0, 0.05, 0.1, 1, 7.3, 50, 100, 250, 1_000][Int.random(in: 0...8, using: &generator)]
                * Double.random(in: 0.9...1.1, using: &generator)
            let comparison = Comparison(
                note1: note1, note2: note2, centDifference: Cents(cents),
                tuningSystem: TuningSystem.allCases.randomElement(using: &generator)!)
            let completed = CompletedComparison(
                comparison: comparison, answer: Bool.random(using: &generator) ? .higher : .lower,
                timestamp: Fixtures.start.addingTimeInterval(Double(index) * 20), context: Fixtures.context)
            let level = StimulusLevel.index(of: cents.magnitude)
            profile.add(completed)
            progress.add(completed)
            trend.add(completed)
            leveledProfile.add(completed.filed, level: level)
            leveledProgress.add(completed.filed, level: level)
            leveledTrend.add(completed.filed, level: level)
        }
        #expect(profile == leveledProfile)
        #expect(progress == leveledProgress)
        #expect(trend == leveledTrend)
        #expect(profile.trialCounts.trials.reduce(0) { $0 + Int($1) } > 1_000)
    }

    @Test("a trial added at a difference is added at that difference's level")
    func trialCounts() {
        for cents in [0, 0.01, 0.1, 0.5, 3, 12.5, 99, 400, 5_000, -3, .infinity] {
            var byCents = TrialCounts()
            var byLevel = TrialCounts()
            byCents.add(cents: cents, correct: true)
            byCents.add(cents: cents, correct: false)
            byLevel.add(level: StimulusLevel.index(of: cents), correct: true)
            byLevel.add(level: StimulusLevel.index(of: cents), correct: false)
            #expect(byCents == byLevel, "\(cents)")
            #expect(byLevel.trials[StimulusLevel.index(of: cents)] == 2)
        }
    }
}
