// BinnedTrialsTests: the trials a fit takes in hold every played level, lowest first, with its counts.

import Testing

@testable import PeachCore

@Suite("BinnedTrials")
struct BinnedTrialsTests {
    @Test("made from counts or from sums per level: the played levels in order, as appended one by one")
    func playedLevelsInOrder() {
        var generator = SeededRandomGenerator(seed: 3)
        for played in [0, 1, 2, 7, 40, StimulusLevel.count] {
            var counts = TrialCounts()
            var trials = [Double](repeating: 0, count: StimulusLevel.count)
            var correct = trials
            var expected = BinnedTrials()
            let levels = Array(0..<StimulusLevel.count).shuffled(using: &generator).prefix(played).sorted()
            for level in levels {
                let answers = Int.random(in: 1...9, using: &generator)
                let right = Int.random(in: 0...answers, using: &generator)
                for answer in 0..<answers {
                    counts.add(cents: StimulusLevel.cents(of: level), correct: answer < right)
                }
                trials[level] = Double(answers) / 4
                correct[level] = Double(right) / 4
                expected.append(level: level, trials: Double(answers), correct: Double(right))
            }
            #expect(BinnedTrials(counts) == expected)
            var weighted = BinnedTrials()
            for (index, level) in expected.levels.enumerated() {
                weighted.append(
                    level: level, trials: expected.trials[index] / 4, correct: expected.correct[index] / 4)
            }
            #expect(BinnedTrials(trials: trials, correct: correct) == weighted)
            #expect(BinnedTrials(counts).levels.count == played)
        }
    }

    @Test("counts added together: every level's trials and right answers summed")
    func countsAdd() {
        var first = TrialCounts()
        var second = TrialCounts()
        first.add(cents: StimulusLevel.cents(of: 3), correct: true)
        first.add(cents: StimulusLevel.cents(of: 100), correct: false)
        second.add(cents: StimulusLevel.cents(of: 100), correct: true)
        second.add(cents: StimulusLevel.cents(of: StimulusLevel.count - 1), correct: true)
        first.add(second)
        #expect(first.total == 4)
        #expect(first.trials[3] == 1 && first.correct[3] == 1)
        #expect(first.trials[100] == 2 && first.correct[100] == 1)
        #expect(first.trials[StimulusLevel.count - 1] == 1 && first.correct[StimulusLevel.count - 1] == 1)
    }
}
