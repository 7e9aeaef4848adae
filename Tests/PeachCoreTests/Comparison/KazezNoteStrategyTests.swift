// KazezNoteStrategyTests: the staircase formulas, bounds, cold start and randomness.

import Foundation
import PeachCore
import Testing

@Suite("KazezNoteStrategy")
struct KazezNoteStrategyTests {
    let strategy = KazezNoteStrategy()

    @Test("all-correct sequence from 100 cents")
    func convergenceSequence() {
        // The formula P·(1 − 0.05·√P), as in the original app's source, gives these values. facts.md's table
        // (… 22.9, 17.5, 13.5, 10.7, 8.4, 6.9) agrees for 50 and 32.3 but drifts below the formula from the
        // third step on; the formula is the specification (DESIGN.md, the issue, the original code), and it
        // reaches ≈5 cents after about 10 steps as facts.md also says.
        let expected = [50, 32.322, 23.134, 17.571, 13.888, 11.300, 9.401, 7.960, 6.837, 5.943, 5.219]
        var difference = 100.0
        for value in expected {
            difference = strategy.nextDifference(after: difference, wasCorrect: true)
            #expect(abs(difference - value) < 0.001, "expected \(value), got \(difference)")
        }
    }

    @Test("exact formulas for correct and wrong answers")
    func formulas() {
        #expect(strategy.nextDifference(after: 100, wasCorrect: true) == 50)
        #expect(abs(strategy.nextDifference(after: 4, wasCorrect: true) - 4 * (1 - 0.05 * 2)) < 1e-12)
        #expect(abs(strategy.nextDifference(after: 4, wasCorrect: false) - 4 * (1 + 0.09 * 2)) < 1e-12)
        #expect(abs(strategy.nextDifference(after: 25, wasCorrect: false) - 25 * 1.45) < 1e-12)
    }

    @Test("clamped to 0.1 … 100 cents")
    func bounds() {
        #expect(strategy.nextDifference(after: 100, wasCorrect: false) == 100)
        #expect(strategy.nextDifference(after: 90, wasCorrect: false) == 100)
        #expect(strategy.nextDifference(after: 0.1, wasCorrect: true) == 0.1)
        #expect(strategy.nextDifference(after: 0.101, wasCorrect: true) == 0.1)
        #expect(
            abs(
                strategy.nextDifference(after: 0.105, wasCorrect: true) - 0.105
                    * (1 - 0.05 * 0.105.squareRoot())) < 1e-15)
        var difference = 100.0
        for _ in 0..<500 { difference = strategy.nextDifference(after: difference, wasCorrect: true) }
        #expect(difference >= 0.1)
        #expect(difference < 0.2)  // reachable: 0.1-cent resolution is not rounded away
    }

    @Test("cold start: 100 cents for an empty profile")
    func coldStartEmpty() {
        var generator = SeededRandomGenerator(seed: 3)
        let comparison = strategy.nextComparison(
            profile: PerceptualProfile(), settings: .defaults, last: nil, using: &generator)
        #expect(comparison.centDifference.magnitude == 100)
    }

    @Test("cold start: where the chain settles for the profile's fitted threshold (about 64 % correct)")
    func coldStartFromProfile() throws {
        var profile = PerceptualProfile()
        let truth = PsychometricFunction(threshold: 10, slope: 2, lapseRate: 0.02)
        for (index, cents) in [2.5, 5, 7.5, 10, 15, 20, 30].enumerated() {
            for trial in 0..<40 {
                let correct = Double(trial) / 40 < truth.probabilityCorrect(at: cents)
                profile.add(
                    CompletedComparison(
                        comparison: Comparison(note1: 60, note2: 60, centDifference: Cents(cents)),
                        answer: correct ? .higher : .lower,
                        timestamp: Date(timeIntervalSince1970: Double(index * 40 + trial)),
                        context: TrialContext(settings: .defaults), note2AmplitudeOffset: 0,
                        responseTime: 0.5,
                        inputKind: .simulated))
            }
        }
        var generator = SeededRandomGenerator(seed: 3)
        let comparison = strategy.nextComparison(
            profile: profile, settings: .defaults, last: nil, using: &generator)
        let fitted = try #require(profile.fittedThreshold)
        #expect(abs(comparison.centDifference.magnitude - fitted.kazezLevel) < 1e-9)
        let settled = truth.difference(forProbability: PsychometricFunction.kazezEquilibrium)
        #expect(abs(comparison.centDifference.magnitude / settled - 1) < 0.2, "\(comparison.centDifference)")
        var empty = SeededRandomGenerator(seed: 3)
        #expect(
            strategy.nextComparison(
                profile: PerceptualProfile(), settings: .defaults, last: nil, using: &empty
            )
            .centDifference.magnitude == 100)
    }

    @Test("chains from the last answer, not the profile")
    func chains() {
        var profile = PerceptualProfile()
        profile.addThreshold(3, for: 60)
        var generator = SeededRandomGenerator(seed: 9)
        let last = Fixtures.comparison(cents: -16, correct: false)
        let comparison = strategy.nextComparison(
            profile: profile, settings: .defaults, last: last, using: &generator)
        #expect(abs(comparison.centDifference.magnitude - 16 * (1 + 0.09 * 4)) < 1e-12)
    }

    @Test("notes uniform in the training range, note 2 = note 1, both directions")
    func randomness() throws {
        let settings = try TrainingSettings(noteRange: NoteRange(48, 60))
        var generator = SeededRandomGenerator(seed: 42)
        var notes = [MIDINote: Int]()
        var higher = 0
        let trials = 13_000
        for _ in 0..<trials {
            let comparison = strategy.nextComparison(
                profile: PerceptualProfile(), settings: settings, last: nil, using: &generator)
            #expect(comparison.note1 == comparison.note2)
            notes[comparison.note1, default: 0] += 1
            if comparison.isSecondNoteHigher { higher += 1 }
        }
        #expect(notes.count == 13)
        #expect(notes.keys.allSatisfy { settings.noteRange.contains($0) })
        #expect(notes.values.allSatisfy { (800...1200).contains($0) })  // 1000 expected per note
        #expect((6200...6800).contains(higher))  // 6500 expected
    }
}
