// LevelLikelihoodsTests: a level's tables are kept only while a batch of fits runs, and hold the bits a fit computes.

import Testing

@testable import PeachCore

@Suite("LevelLikelihoods")
struct LevelLikelihoodsTests {
    @Test("kept while a batch runs, shared by its fits, dropped when the last batch ends; none outside one")
    func keptOnlyInBatches() {
        let tables = LevelLikelihoods()
        let slopes = ThresholdModel.slopes
        let computed = ThresholdPosterior.logLikelihoods(cents: StimulusLevel.cents(of: 40), slopes: slopes)
        // Outside a batch: computed, the same bits, and let go.
        let alone = tables.table(level: 40, slopes: slopes)
        #expect(alone.right == computed.right && alone.wrong == computed.wrong)
        #expect(tables.keptCount == 0)
        tables.keeping {
            _ = tables.table(level: 40, slopes: slopes)
            _ = tables.table(level: 41, slopes: slopes)
            #expect(tables.keptCount == 2)
            // A batch inside a batch (two pages at once) shares them and does not drop them when it ends.
            tables.keeping {
                let again = tables.table(level: 40, slopes: slopes)
                #expect(again.right == computed.right && again.wrong == computed.wrong)
                #expect(tables.keptCount == 2)
            }
            #expect(tables.keptCount == 2)
        }
        #expect(tables.keptCount == 0)
    }

    @Test("a fit gives the same bits inside a batch as outside")
    func sameFitEitherWay() {
        var counts = TrialCounts()
        for (index, cents) in [3.0, 5.5, 8.0, 12.0, 20.0, 35.0].enumerated() {
            for trial in 0..<12 { counts.add(cents: cents, correct: trial % (index + 2) != 0) }
        }
        func fit() -> ThresholdEstimate? {
            var posterior = ThresholdPosterior()
            posterior.update(counts)
            return posterior.estimate
        }
        let alone = fit()
        let batched = ThresholdPosterior.sharingLevelLikelihoods { fit() }
        #expect(alone == batched)
        #expect(alone != nil)
    }
}
