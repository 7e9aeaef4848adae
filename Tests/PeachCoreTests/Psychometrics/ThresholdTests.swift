// ThresholdTests: the psychometric function, the fitted threshold and its intervals, and the Psi placement.

import Foundation
import Testing

@testable import PeachCore

@Suite("Psychometric function, threshold fits, Psi")
struct ThresholdTests {
    @Test("T75 is the 75 %-correct point, lapses included; the ceiling is 1 − λ/2; both shapes")
    func function() {
        for shape in PsychometricShape.allCases {
            let function = PsychometricFunction(shape: shape, threshold: 8, slope: 2, lapseRate: 0.04)
            #expect(abs(function.probabilityCorrect(at: 8) - 0.75) < 1e-9, "\(shape)")
            #expect(abs(function.probabilityCorrect(at: 1e6) - 0.98) < 1e-6)
            #expect(abs(function.probabilityCorrect(at: 0) - 0.5) < 1e-12)
            #expect(abs(function.difference(forProbability: 0.75) - 8) < 1e-6)
        }
        #expect(abs(PsychometricFunction.kazezEquilibrium - 9.0 / 14) < 1e-12)
    }

    @Test("binning: levels 3 % apart from 0.05 to 400 cents")
    func levels() {
        #expect(StimulusLevel.index(of: 0.05) == 0)
        #expect(abs(StimulusLevel.cents(of: StimulusLevel.index(of: 12.3)) / 12.3 - 1) < 0.016)
        #expect(StimulusLevel.cents(of: StimulusLevel.count - 1) >= 400)
        var counts = TrialCounts()
        counts.add(cents: 10, correct: true)
        counts.add(cents: -10.1, correct: false)
        #expect(counts.total == 2 && counts.correct.reduce(0, +) == 1)
    }

    @Test(
        "binning finds the nearest level on the log scale, as rounding the logarithm does, for 100k differences"
    )
    func levelsByLogarithm() {
        var generator = SeededRandomGenerator(seed: 3)
        for _ in 0..<100_000 {
            let cents = exp(Double.random(in: log(0.01)...log(1000), using: &generator))
            let exact = (log(cents) - log(StimulusLevel.minimum)) / log(StimulusLevel.ratio)
            guard abs(exact - exact.rounded(.down) - 0.5) > 1e-9 else { continue }  // on an edge: either
            let expected =
                cents <= StimulusLevel.minimum ? 0 : min(Int(exact.rounded()), StimulusLevel.count - 1)
            #expect(StimulusLevel.index(of: cents) == expected, "\(cents) cents")
            #expect(StimulusLevel.index(of: -cents) == expected)
        }
        #expect(StimulusLevel.index(of: .infinity) == StimulusLevel.count - 1)
        #expect(StimulusLevel.index(of: .nan) == 0)
    }

    @Test("the bucket table gives the binary search's level at every edge, just below and above it")
    func levelsAtEdges() {
        for level in 0..<(StimulusLevel.count - 1) {
            let edge = exp(log(StimulusLevel.minimum) + (Double(level) + 0.5) * log(StimulusLevel.ratio))
            var cents = edge
            for _ in 0..<4 { cents = cents.nextDown }
            for _ in 0..<9 {  // four ulps either side: the edge the table holds is among them
                #expect(StimulusLevel.index(of: cents) == StimulusLevel.searchedIndex(of: cents), "\(cents)")
                cents = cents.nextUp
            }
        }
        for cents in [0.0, 0.03, StimulusLevel.minimum, StimulusLevel.minimum.nextUp, 511.9, 512, 1e9] {
            #expect(StimulusLevel.index(of: cents) == StimulusLevel.searchedIndex(of: cents), "\(cents)")
        }
    }

    @Test("the posterior of many trials at known probabilities finds the threshold, inside its interval")
    func fitsExpectedCounts() throws {
        let truth = PsychometricFunction(threshold: 6, slope: 2, lapseRate: 0.02)
        var posterior = ThresholdPosterior()
        for cents in [1.0, 2, 3, 4, 6, 8, 12, 16, 24] {
            let trials = 200.0
            posterior.update(
                cents: cents, trials: trials, correct: trials * truth.probabilityCorrect(at: cents), weight: 1
            )
        }
        let estimate = try #require(posterior.estimate)
        #expect(abs(estimate.cents / 6 - 1) < 0.03, "\(estimate.cents)")
        #expect(estimate.interval68.contains(6) && estimate.interval95.contains(6))
        #expect(estimate.interval68.upperBound / estimate.interval68.lowerBound < 1.15)
        #expect(abs(estimate.slope - 2) < 0.5)
        #expect(ThresholdPosterior().estimate == nil)
    }

    @Test("few trials give a wide interval; more trials a narrower one")
    func precisionGrows() throws {
        let truth = PsychometricFunction(threshold: 10, slope: 2, lapseRate: 0.02)
        func estimate(_ trials: Int) throws -> ThresholdEstimate {
            var generator = SeededRandomGenerator(seed: 3)
            var posterior = ThresholdPosterior()
            for index in 0..<trials {
                let cents = [5.0, 10, 20][index % 3]
                posterior.update(
                    cents: cents,
                    correct: Double.random(in: 0..<1, using: &generator) < truth.probabilityCorrect(at: cents)
                )
            }
            return try #require(posterior.estimate)
        }
        #expect(try estimate(30).logStandardDeviation > estimate(300).logStandardDeviation * 2)
    }

    @Test("Psi places the first trial mid-range and then near the threshold the answers point to")
    func psiPlacement() {
        var procedure = PsiProcedure(minimumTrials: 5, maximumTrials: 40)
        let first = procedure.nextDifference()
        #expect((1...40).contains(first), "\(first)")
        let truth = PsychometricFunction(threshold: 4, slope: 2, lapseRate: 0.02)
        for _ in 0..<30 {
            let cents = procedure.nextDifference()
            procedure.record(cents: cents, correct: truth.probabilityCorrect(at: cents) > 0.7)
        }
        let later = procedure.nextDifference()
        #expect((1.5...10).contains(later), "\(later)")
        #expect(!procedure.isComplete)
        for _ in 0..<10 { procedure.record(cents: 4, correct: true) }
        #expect(procedure.isComplete)
    }

    @Test("Psi stops early once precise enough, not before the minimum")
    func psiStopsAtPrecision() {
        var procedure = PsiProcedure(minimumTrials: 10, maximumTrials: 500, targetPrecision: 0.3)
        let truth = PsychometricFunction(threshold: 8, slope: 2, lapseRate: 0.02)
        var generator = SeededRandomGenerator(seed: 11)
        while !procedure.isComplete {
            let cents = procedure.nextDifference()
            procedure.record(
                cents: cents,
                correct: Double.random(in: 0..<1, using: &generator) < truth.probabilityCorrect(at: cents))
        }
        #expect((10..<500).contains(procedure.trialCount), "\(procedure.trialCount)")
        #expect((procedure.estimate?.logStandardDeviation ?? 1) <= 0.3)
    }

    @Test("seeded simulations: Psi's 68 % interval covers the truth about 68 % of the time (fast subset)")
    func coverage() {
        var covered = 0
        let runs = 45
        for seed in 0..<runs {
            let truth = PsychometricFunction(threshold: [3.0, 10, 30][seed % 3], slope: 2, lapseRate: 0.02)
            var procedure = PsiProcedure(minimumTrials: 30, maximumTrials: 30)
            var generator = SeededRandomGenerator(seed: UInt64(seed) + 1000)
            while !procedure.isComplete {
                let cents = procedure.nextDifference()
                procedure.record(
                    cents: cents,
                    correct: Double.random(in: 0..<1, using: &generator) < truth.probabilityCorrect(at: cents)
                )
            }
            if procedure.estimate?.interval68.contains(truth.threshold) == true { covered += 1 }
        }
        // 68 % of 45 is 31; a binomial's 99 % range is about 23…38.
        #expect((23...39).contains(covered), "covered \(covered) of \(runs)")
    }

    /// A profile of `answers` simulated comparisons, a second apart: answer `index` at the note, with the
    /// listener's threshold (cents, slope 2) and at the difference `trial(index)` gives.
    static func simulatedProfile(
        answers: Int, seed: UInt64, trial: (Int) -> (note: MIDINote, threshold: Double, cents: Double)
    ) -> PerceptualProfile {
        var profile = PerceptualProfile()
        var generator = SeededRandomGenerator(seed: seed)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for index in 0..<answers {
            let (note, threshold, cents) = trial(index)
            let truth = PsychometricFunction(threshold: threshold, slope: 2, lapseRate: 0.02)
            let correct = Double.random(in: 0..<1, using: &generator) < truth.probabilityCorrect(at: cents)
            profile.add(
                CompletedComparison(
                    comparison: Comparison(note1: note, note2: note, centDifference: Cents(cents)),
                    answer: correct ? .higher : .lower, timestamp: start + Double(index),
                    context: TrialContext(settings: .defaults), note2AmplitudeOffset: 0, responseTime: 0.5,
                    inputKind: .simulated))
        }
        return profile
    }

    @Test("the profile's fits: overall, and across the keyboard where a note has enough neighbours")
    func profileFits() throws {
        let profile = Self.simulatedProfile(answers: 600, seed: 5) { index in
            let note = MIDINote(clamping: 48 + index % 25)
            return (note, note.rawValue < 60 ? 12 : 4, [2.0, 4, 8, 16, 32][index % 5])
        }
        let overall = try #require(profile.fittedThreshold)
        #expect((4...12).contains(overall.cents))
        let fits = profile.fittedThresholds(over: NoteRange(36, 84))
        let low = try #require(fits[48 - 36])
        let high = try #require(fits[72 - 36])
        #expect(low.cents > high.cents * 1.8, "\(low.cents) vs \(high.cents)")
        #expect(fits[0] == nil && fits[48] == nil)  // C2 and C6: no trials nearby
        #expect(try #require(profile.fittedThreshold).kazezLevel < overall.cents)
    }

    @Test(
        "a note's fit across the keyboard is the fit to its neighbours' weighted trials, summed in another order"
    )
    func keyboardFitsSumNeighboursEvidence() throws {
        let profile = Self.simulatedProfile(answers: 900, seed: 9) { index in
            let note = MIDINote(clamping: 50 + (index * 7) % 19)
            return (note, Double(note.rawValue - 40) / 2, [1.0, 3, 6, 12, 25, 50][index % 6])
        }
        let overall = try #require(profile.fittedThreshold)
        let range = NoteRange(36, 84)
        let fits = profile.fittedThresholds(over: range)
        // The fit as it was made before: each level's trials weighted by the kernel, taken in for each note.
        for (position, note) in range.notes.enumerated() {
            var trials = [Double](repeating: 0, count: StimulusLevel.count)
            var correct = trials
            for other in 0..<128 {
                guard let counts = profile.trialCounts(for: MIDINote(clamping: other)) else { continue }
                let distance = Double(other - note.rawValue) / PerceptualProfile.keyboardBandwidth
                let weight = exp(-distance * distance / 2)
                guard weight > 1e-3 else { continue }
                for level in 0..<StimulusLevel.count where counts.trials[level] > 0 {
                    trials[level] += weight * Double(counts.trials[level])
                    correct[level] += weight * Double(counts.correct[level])
                }
            }
            let data = BinnedTrials(trials: trials, correct: correct)
            guard data.total >= PerceptualProfile.minimumFittedTrials else {
                #expect(fits[position] == nil, "\(note)")
                continue
            }
            var posterior = ThresholdPosterior(
                slopes: [overall.slope], thresholdPrior: (overall.cents, PerceptualProfile.keyboardSpread))
            for index in data.levels.indices {
                posterior.update(
                    level: data.levels[index], trials: data.trials[index], correct: data.correct[index])
            }
            let expected = try #require(posterior.estimate)
            let fit = try #require(fits[position], "\(note)")
            #expect(abs(fit.cents / expected.cents - 1) < 1e-9, "\(note)")
            #expect(abs(fit.interval95.upperBound / expected.interval95.upperBound - 1) < 1e-9, "\(note)")
            #expect(abs(fit.trials / expected.trials - 1) < 1e-12, "\(note)")
        }
        #expect(fits.contains { $0 != nil } && fits.contains { $0 == nil })
    }

    @Test("a grid point far below the top is 0 without exp, the same bits as exp gives")
    func probabilitiesSkipUnderflow() throws {
        var posterior = ThresholdPosterior()
        for level in stride(from: 40, to: 200, by: 7) {
            posterior.update(level: level, trials: 4000, correct: level > 120 ? 3900 : 2400)
        }
        let weights = posterior.logWeights
        let top = try #require(weights.max())
        #expect(weights.contains { $0 - top < -746 }, "most of the grid lies far below the top")
        let naive = weights.map { exp($0 - top) }
        let sum = naive.reduce(0, +)
        #expect(posterior.probabilities == naive.map { $0 / sum })
        #expect(exp(-746.0 as Double) == 0 && exp(-745.0 as Double) > 0)
    }
}
