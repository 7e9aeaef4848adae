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

    /// The posterior made and fed by hand: what every fit does. A fit at one slope with a prior sums its
    /// trials' terms apart and adds them to the prior at once (``ThresholdPosterior/Evidence``); any other fit
    /// sums them block by block of ``ThresholdPosterior/evidenceBlock`` levels, each from nothing, and adds the
    /// blocks in order, then their sum to the prior.
    static func byHand(
        _ data: BinnedTrials, slopes: [Double], prior: (center: Double, width: Double)?
    ) -> ThresholdEstimate? {
        var posterior = ThresholdPosterior(slopes: slopes, thresholdPrior: prior)
        if prior != nil && slopes.count == 1 {
            var terms = ThresholdPosterior(slopes: slopes)
            for index in data.levels.indices {
                terms.update(
                    level: data.levels[index], trials: data.trials[index], correct: data.correct[index])
            }
            posterior.add(ThresholdPosterior.Evidence(logLikelihoods: terms.logWeights, trials: terms.trials))
        } else {
            var blocks: [Int: BinnedTrials] = [:]
            for index in data.levels.indices {
                blocks[data.levels[index] / ThresholdPosterior.evidenceBlock, default: BinnedTrials()].append(
                    level: data.levels[index], trials: data.trials[index], correct: data.correct[index])
            }
            var sums: [Double] = []
            var trials = 0.0
            for (_, part) in blocks.sorted(by: { $0.key < $1.key }) {
                let evidence = ThresholdPosterior.evidence(part, slopes: slopes)
                sums = sums.isEmpty ? evidence.logLikelihoods : zip(sums, evidence.logLikelihoods).map(+)
                trials += evidence.trials
            }
            if !sums.isEmpty {
                posterior.add(ThresholdPosterior.Evidence(logLikelihoods: sums, trials: trials))
            }
        }
        return posterior.estimate
    }

    @Test(
        "a fit whose prior moved over the same trials is made from their kept evidence, as the memo off makes it"
    )
    func keptEvidence() throws {
        let memo = FitMemo()
        memo.keepFromNowOn()
        let data = Self.trials(around: 15, seed: 5)
        let slope = try #require(
            ThresholdPosterior.fit(data, slopes: ThresholdModel.slopes, thresholdPrior: nil)
        ).slope
        for (step, center) in [10.0, 11.0, 12.5, 9.0].enumerated() {
            let prior = (center: center, width: PerceptualProfile.keyboardSpread)
            let kept = ThresholdPosterior.fit(data, slopes: [slope], thresholdPrior: prior, memo: memo)
            #expect(
                kept == ThresholdPosterior.fit(data, slopes: [slope], thresholdPrior: prior, memo: FitMemo()))
            #expect(kept == Self.byHand(data, slopes: [slope], prior: prior))
            #expect(memo.keptCount == step + 1 && memo.keptEvidenceCount == 1, "the trials taken in once")
            // The same model as taking the trials in level by level after the prior: the sums differ only in
            // the order of their additions.
            var sequential = ThresholdPosterior(slopes: [slope], thresholdPrior: prior)
            for index in data.levels.indices {
                sequential.update(
                    level: data.levels[index], trials: data.trials[index], correct: data.correct[index])
            }
            let estimate = try #require(kept)
            let other = try #require(sequential.estimate)
            #expect(abs(estimate.cents / other.cents - 1) < 1e-9)
            #expect(abs(estimate.interval95.upperBound / other.interval95.upperBound - 1) < 1e-9)
            #expect(estimate.trials == other.trials)
        }
        // Other trials, or the same at another slope, are other evidence.
        _ = ThresholdPosterior.fit(data, slopes: [slope * 1.1], thresholdPrior: (10, 0.5), memo: memo)
        _ = ThresholdPosterior.fit(
            Self.trials(around: 20, seed: 5), slopes: [slope], thresholdPrior: (10, 0.5), memo: memo)
        #expect(memo.keptEvidenceCount == 3)
        // In a batch (a report) the fits are kept, the evidence not: one report seldom fits trials twice.
        let batch = FitMemo()
        batch.keeping {
            _ = ThresholdPosterior.fit(data, slopes: [slope], thresholdPrior: (10, 0.5), memo: batch)
            #expect(batch.keptCount == 1 && batch.keptEvidenceCount == 0)
        }
        // Without a prior, or over every slope, a fit keeps its trials' evidence by blocks of levels.
        let blocks = Set(data.levels.map { $0 / ThresholdPosterior.evidenceBlock }).count
        _ = ThresholdPosterior.fit(data, slopes: [slope], thresholdPrior: nil, memo: memo)
        #expect(memo.keptEvidenceCount == 3 + blocks)
        _ = ThresholdPosterior.fit(data, slopes: ThresholdModel.slopes, thresholdPrior: (10, 0.5), memo: memo)
        #expect(memo.keptEvidenceCount == 3 + 2 * blocks)
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
            (data, [series.slope], (series.cents, ThresholdModel.partPriorWidth * 2)),
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

    @Test("a whole's fit after one more trial takes in again only the block of levels that trial is in")
    func blocksOfLevels() throws {
        let memo = FitMemo()
        memo.keepFromNowOn()
        var counts = TrialCounts()
        // Trials over 0.1 … 300 cents: levels in most of the blocks.
        for (index, cents) in [0.1, 0.4, 1.5, 4.0, 12.0, 30.0, 90.0, 300.0].enumerated() {
            for trial in 0..<(20 + index) { counts.add(cents: cents, correct: trial % 3 != 0) }
        }
        let slopes = ThresholdModel.slopes
        let first = try #require(
            ThresholdPosterior.fit(BinnedTrials(counts), slopes: slopes, thresholdPrior: nil, memo: memo))
        let blocks = memo.keptEvidenceCount
        #expect(
            blocks == Set(BinnedTrials(counts).levels.map { $0 / ThresholdPosterior.evidenceBlock }).count)
        #expect(blocks >= 5)
        counts.add(cents: 4.0, correct: true)
        let after = ThresholdPosterior.fit(
            BinnedTrials(counts), slopes: slopes, thresholdPrior: nil, memo: memo)
        #expect(memo.keptEvidenceCount == blocks + 1, "one block made again")
        // The same bits as the memo off makes them, and the same model as taking the levels in one by one.
        #expect(
            after
                == ThresholdPosterior.fit(
                    BinnedTrials(counts), slopes: slopes, thresholdPrior: nil, memo: FitMemo()))
        #expect(after == Self.byHand(BinnedTrials(counts), slopes: slopes, prior: nil))
        var sequential = ThresholdPosterior(slopes: slopes)
        sequential.update(BinnedTrials(counts))
        let estimate = try #require(after)
        let other = try #require(sequential.estimate)
        #expect(abs(estimate.cents / other.cents - 1) < 1e-9)
        #expect(abs(estimate.interval68.lowerBound / other.interval68.lowerBound - 1) < 1e-9)
        #expect(estimate.trials == other.trials && estimate.slope == other.slope)
        #expect(estimate.trials == first.trials + 1)
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
