// FitMemoTests: a fit kept by its data is the fit to the bit; different data, slopes or priors are not confused;
// the kept fits are bounded.

import Testing

@testable import PeachCore

@Suite("FitMemo")
struct FitMemoTests {
    /// Binned trials of a listener near `cents`, at six levels.
    static func trials(around cents: Double, seed: Int) -> BinnedTrials {
        var counts = TrialCounts()
        for (index, factor) in [0.3, 0.6, 1.0, 1.5, 2.5, 4.0].enumerated() {
            for trial in 0..<(10 + seed % 7) {
                counts.add(cents: cents * factor, correct: trial % (index + 2) != 0)
            }
        }
        return BinnedTrials(counts)
    }

    /// The posterior made and fed by hand: what every fit did before fits were kept.
    static func byHand(
        _ data: BinnedTrials, slopes: [Double], prior: (center: Double, width: Double)?
    ) -> ThresholdEstimate? {
        var posterior = ThresholdPosterior(slopes: slopes, thresholdPrior: prior)
        for index in data.levels.indices {
            posterior.update(
                level: data.levels[index], trials: data.trials[index], correct: data.correct[index])
        }
        return posterior.estimate
    }

    @Test("off, every fit is made; on, the second is the kept one, equal to the bit to a fit made by hand")
    func keptFitsAreTheFits() throws {
        let memo = FitMemo()
        let data = Self.trials(around: 12, seed: 1)
        let slopes = ThresholdModel.slopes
        let expected = try #require(Self.byHand(data, slopes: slopes, prior: nil))
        #expect(ThresholdPosterior.fit(data, slopes: slopes, thresholdPrior: nil, memo: memo) == expected)
        #expect(memo.keptCount == 0, "off by default: a training run keeps nothing")
        memo.keepFromNowOn()
        var made = 0
        for _ in 0..<3 {
            let estimate = memo.estimate(FitMemo.Key(slopes: slopes, prior: nil, data: data)) {
                made += 1
                return Self.byHand(data, slopes: slopes, prior: nil)
            }
            #expect(estimate == expected)
        }
        #expect(made == 1 && memo.keptCount == 1)
        // Nil estimates (no trials) are kept as nil, not made again.
        #expect(
            ThresholdPosterior.fit(BinnedTrials(), slopes: slopes, thresholdPrior: nil, memo: memo) == nil)
        #expect(memo.keptCount == 2)
    }

    @Test("the same trials under another slope or prior, or other trials, are fitted anew and each is right")
    func keysTellFitsApart() throws {
        let memo = FitMemo()
        memo.keepFromNowOn()
        let data = Self.trials(around: 12, seed: 2)
        let series = try #require(
            ThresholdPosterior.fit(data, slopes: ThresholdModel.slopes, thresholdPrior: nil, memo: memo))
        let cases: [(BinnedTrials, [Double], (center: Double, width: Double)?)] = [
            (data, ThresholdModel.slopes, nil),
            (data, [series.slope], nil),
            (data, [series.slope], (series.cents, ThresholdModel.partPriorWidth)),
            (data, [series.slope], (series.cents * 2, ThresholdModel.partPriorWidth)),
            (data, [series.slope * 1.1], (series.cents, ThresholdModel.partPriorWidth)),
            (Self.trials(around: 30, seed: 2), ThresholdModel.slopes, nil),
            (Self.trials(around: 12, seed: 3), ThresholdModel.slopes, nil),
        ]
        for _ in 0..<2 {
            for (data, slopes, prior) in cases {
                let kept = ThresholdPosterior.fit(data, slopes: slopes, thresholdPrior: prior, memo: memo)
                #expect(kept == Self.byHand(data, slopes: slopes, prior: prior))
            }
        }
        #expect(memo.keptCount == cases.count)
        #expect(
            ThresholdPosterior.fit(data, partOf: series)
                == Self.byHand(
                    data, slopes: [series.slope], prior: (series.cents, ThresholdModel.partPriorWidth)))
    }

    @Test(
        "kept while a batch of fits runs (a report), also inside a batch within it; let go when the last ends"
    )
    func keptWhileABatchRuns() {
        let memo = FitMemo()
        let data = Self.trials(around: 8, seed: 4)
        var made = 0
        func fit() {
            _ = memo.estimate(FitMemo.Key(slopes: ThresholdModel.slopes, prior: nil, data: data)) {
                made += 1
                return Self.byHand(data, slopes: ThresholdModel.slopes, prior: nil)
            }
        }
        memo.keeping {
            fit()
            memo.keeping { fit() }
            #expect(made == 1 && memo.keptCount == 1, "the inner batch's end lets nothing go")
            fit()
        }
        #expect(made == 1 && memo.keptCount == 0)
        fit()
        #expect(made == 2 && memo.keptCount == 0, "outside a batch nothing is kept")
    }

    @Test("at most two generations are kept; a fit found in the older one is kept again in the newest")
    func bounded() {
        let memo = FitMemo(generationSize: 4)
        memo.keepFromNowOn()
        var made = 0
        func fit(_ seed: Int) {
            let data = Self.trials(around: 5 + Double(seed), seed: seed)
            _ = memo.estimate(FitMemo.Key(slopes: ThresholdModel.slopes, prior: nil, data: data)) {
                made += 1
                return nil
            }
        }
        for seed in 0..<4 { fit(seed) }
        fit(4)  // the first four become the older generation
        #expect(memo.keptCount == 5)
        fit(0)  // found in the older generation, kept again
        #expect(made == 5)
        for seed in 5..<8 { fit(seed) }  // the newest fills: 4, 0, 5, 6; then 7 starts a new one
        #expect(memo.keptCount <= 8)
        fit(1)  // let go with the generation before
        #expect(made == 9)
        fit(0)
        #expect(made == 9, "kept again when it was found, so it survived")
    }
}
