// PerceptualProfileTests: per-note and overall thresholds, weak spots, resets and rebuild.

import PeachCore
import Testing

@Suite("PerceptualProfile")
struct PerceptualProfileTests {
    @Test("an empty profile is a cold start")
    func empty() {
        let profile = PerceptualProfile()
        #expect(profile.overallMean == nil)
        #expect(profile.overallStandardDeviation == nil)
        #expect(profile.trainedNotes.isEmpty)
        #expect(profile.comparisonCount == 0)
        #expect(profile.matching.count == 0)
    }

    @Test("per-note statistics use unsigned differences of right and wrong answers")
    func perNote() throws {
        var profile = PerceptualProfile()
        profile.add(Fixtures.comparison(note: 60, cents: 10, correct: true))
        profile.add(Fixtures.comparison(note: 60, cents: -20, correct: false))
        profile.add(Fixtures.comparison(note: 72, cents: 4))
        #expect(profile.statistics(for: 60).count == 2)
        #expect(profile.statistics(for: 60).mean == 15)
        #expect(
            abs(try #require(profile.statistics(for: 60).sampleStandardDeviation) - 50.0.squareRoot()) < 1e-12
        )
        #expect(profile.trainedNotes == [60, 72])
        #expect(profile.comparisonCount == 3)
        #expect(profile.overallMean == 9.5)  // (15 + 4) / 2: a mean of per-note means
        #expect(abs(try #require(profile.overallStandardDeviation) - (60.5).squareRoot()) < 1e-12)
    }

    @Test("mean over a range counts only trained notes inside it")
    func rangeMean() {
        var profile = PerceptualProfile()
        profile.addThreshold(10, for: 40)
        profile.addThreshold(20, for: 60)
        profile.addThreshold(40, for: 90)
        #expect(profile.mean(over: NoteRange(36, 84)) == 15)
        #expect(profile.mean(over: NoteRange(85, 100)) == 40)
        #expect(profile.mean(over: NoteRange(100, 120)) == nil)
    }

    @Test("weak spots: untrained first, then the highest thresholds")
    func weakSpots() {
        var profile = PerceptualProfile()
        for note: MIDINote in [60, 61, 62, 63] { profile.addThreshold(Double(note.rawValue - 55), for: note) }
        let range = NoteRange(60, 65)
        #expect(profile.weakSpots(in: range, count: 4) == [64, 65, 63, 62])
        #expect(profile.weakSpots(in: range, count: 0).isEmpty)
        #expect(profile.weakSpots(in: range, count: 100).count == 6)
    }

    @Test("resets are independent")
    func resets() {
        var profile = PerceptualProfile()
        profile.add(Fixtures.comparison(cents: 10))
        profile.add(Fixtures.matching(error: 3))
        var discriminationReset = profile
        discriminationReset.resetDiscrimination()
        #expect(discriminationReset.overallMean == nil)
        #expect(discriminationReset.matching.count == 1)
        var matchingReset = profile
        matchingReset.resetMatching()
        #expect(matchingReset.overallMean == 10)
        #expect(matchingReset.matching.count == 0)
    }

    @Test("a rebuild from records equals incremental updates")
    func rebuildEqualsIncremental() {
        var generator = SeededRandomGenerator(seed: 77)
        let comparisons = (0..<2000).map { index in
            Fixtures.comparison(
                note: MIDINote.random(in: 36...84, using: &generator),
                cents: Double.random(in: -60...60, using: &generator),
                correct: Bool.random(using: &generator), at: Double(index))
        }
        let matchings = (0..<300).map { Fixtures.matching(error: Double($0 % 41) - 20.5, at: Double($0)) }
        var incremental = PerceptualProfile()
        for (index, comparison) in comparisons.enumerated() {
            incremental.add(comparison)
            if index < matchings.count { incremental.add(matchings[index]) }
        }
        let rebuilt = PerceptualProfile(comparisons: comparisons, pitchMatchings: matchings)
        #expect(rebuilt == incremental)
    }
}
