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

    @Test(
        "a level's table holds, bit for bit, the logarithms of each grid point's probability computed alone")
    func tableIsEveryPointAlone() {
        let slopeSets = [ThresholdModel.slopes, [0.8], [2.3456789], [8.0]]
        var differing = 0
        var points = 0
        for slopes in slopeSets {
            let posterior = ThresholdPosterior(slopes: slopes)
            for level in stride(from: 0, to: StimulusLevel.count, by: 3) {
                let cents = StimulusLevel.cents(of: level)
                let table = ThresholdPosterior.logLikelihoods(cents: cents, slopes: slopes)
                let logCents = logDouble(max(abs(cents), 1e-6))
                for index in table.right.indices {
                    // The formula as written before the table skipped certain and nil detections.
                    let slope = slopes[index / ThresholdModel.logThresholds.count]
                    let t = slope * (logCents - posterior.logScales[index])
                    let detection = t > 4 ? 1 : 1 - expDouble(-expDouble(t))
                    let p = 0.5 + 0.5 * (1 - ThresholdModel.lapseRate) * detection
                    points += 1
                    if table.right[index].bitPattern != logDouble(p).bitPattern
                        || table.wrong[index].bitPattern != logDouble(1 - p).bitPattern
                    {
                        differing += 1
                    }
                }
            }
        }
        #expect(differing == 0 && points > 100_000, "\(differing) of \(points) points differ")
    }

    @Test("a fit gives the same bits inside a batch as outside")
    func sameFitEitherWay() {
        var counts = TrialCounts()
        for (index, cents) in [3.0, 5.5, 8.0, 12.0, 20.0, 35.0].enumerated() {
            for trial in 0..<12 { counts.add(cents: cents, correct: trial % (index + 2) != 0) }
        }
        func fit() -> ThresholdEstimate? { ThresholdPosterior.fit(BinnedTrials(counts)) }
        let alone = fit()
        let batched = ThresholdPosterior.sharingLevelLikelihoods { fit() }
        #expect(alone == batched)
        #expect(alone != nil)
    }
}
