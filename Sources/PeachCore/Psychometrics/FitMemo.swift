// FitMemo: fits kept by their data while a batch of fits runs, and all its life in a process that makes
// reports all its life, so a page after an answer refits only what the answer changed.

import Synchronization

/// The fits of binned trials (``ThresholdPosterior/fit(_:slopes:thresholdPrior:)``) kept by what they were made
/// from: the slopes, the prior and the trials. A fit's result depends on nothing else, so a kept one is the
/// bits the fit would give. Kept, like the level tables (``LevelLikelihoods``), while a batch of fits runs
/// (``ThresholdPosterior/sharingLevelLikelihoods(_:)``: a report asks for some fits more than once: the timing
/// bands' by the summary, the progress chart and the JSON, the trend's sessions by the trend and the list) and
/// let go when the last batch ends; for the process's life where it asks
/// (``ThresholdPosterior/keepFitsFromNowOn()``: the dashboard, whose every page after a stored answer fits the
/// whole store again, while the answer changed a few of its hundreds of fits: the rest of the weeks, the other
/// intervals, the timing bands are found).
///
/// The kept fits are bounded: at ``generationSize`` the newest generation becomes the older one and the one
/// before it is let go; a fit found in the older generation is kept again in the newest. So what the last
/// report or two used stays, and a store whose fits keep changing does not grow the process.
final class FitMemo: Sendable {
    /// The process's memo.
    static let shared = FitMemo()

    /// How many fits a generation holds: a dashboard page's report makes a few hundred (the keyboard's notes,
    /// 26 weeks of each series, the sessions, the timing bands). At 4096 the dashboard held 6 MB more after a
    /// hundred answers (a note's fit over the keyboard is kept by a few hundred numbers) and spent no less CPU
    /// an answer (5.0–5.6 ms a comparison, against 5.2 ms at 1024).
    let generationSize: Int

    /// What a fit was made from. Its hash is computed once, by a multiply-and-fold over the numbers' bits
    /// (Swift's hashing of every number of a note's fit over the keyboard, a few hundred, was a third of the
    /// memo's cost); equal keys compare every number.
    struct Key: Hashable {
        /// The slopes, compared by their bits; kept as given (mapped to their bits, they cost each key an array).
        let slopes: [Double]
        /// The prior's center and width as bits, (0, 0) where there is none (as an array, each key allocated once
        /// more).
        let prior: (center: UInt64, width: UInt64)
        /// Whether there is a prior.
        let hasPrior: Bool
        let data: BinnedTrials
        let digest: UInt64

        init(slopes: [Double], prior: (center: Double, width: Double)?, data: BinnedTrials) {
            self.slopes = slopes
            self.prior = prior.map { ($0.center.bitPattern, $0.width.bitPattern) } ?? (0, 0)
            hasPrior = prior != nil
            self.data = data
            var digest: UInt64 = 0xCBF2_9CE4_8422_2325
            @inline(__always) func fold(_ bits: UInt64) {
                digest = (digest ^ bits) &* 0x9E37_79B9_7F4A_7C15
                digest ^= digest >> 29
            }
            slopes.withUnsafeBufferPointer { slopes in
                for slope in slopes { fold(slope.bitPattern) }
            }
            if let prior {
                fold(prior.center.bitPattern)
                fold(prior.width.bitPattern)
            }
            fold(UInt64(data.levels.count))
            data.levels.withUnsafeBufferPointer { levels in
                data.trials.withUnsafeBufferPointer { trials in
                    data.correct.withUnsafeBufferPointer { correct in
                        for index in levels.indices {
                            fold(UInt64(truncatingIfNeeded: levels[index]))
                            fold(trials[index].bitPattern)
                            fold(correct[index].bitPattern)
                        }
                    }
                }
            }
            self.digest = digest
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.digest == rhs.digest && lhs.hasPrior == rhs.hasPrior && lhs.prior == rhs.prior
                && lhs.slopes.elementsEqual(rhs.slopes) { $0.bitPattern == $1.bitPattern }
                && lhs.data == rhs.data
        }

        func hash(into hasher: inout Hasher) { hasher.combine(digest) }
    }

    /// Values kept by key in two generations: at a size the newest becomes the older one.
    private struct Generations<Value> {
        var newest: [Key: Value] = [:]
        var older: [Key: Value] = [:]

        /// The value kept by `key`, kept again in the newest generation when it was in the older one.
        mutating func find(_ key: Key, size: Int) -> Value? {
            if let value = newest[key] { return value }
            guard let value = older[key] else { return nil }
            keep(key, value, size: size)
            return value
        }

        /// Keeps `value` in the newest generation, which becomes the older one at `size`.
        mutating func keep(_ key: Key, _ value: Value, size: Int) {
            if newest.count >= size {
                older = newest
                newest = [:]
            }
            newest[key] = value
        }

        var count: Int { newest.count + older.count }
    }

    private struct Kept: KeptWhileBatchesRun {
        /// Batches running: fits are kept while there is one.
        var batches = 0
        var estimates = Generations<ThresholdEstimate?>()
        /// The evidence of trials (``ThresholdPosterior/Evidence``), kept by the trials and the slopes: a fit
        /// with a prior at one slope, a trained note's trials at the keyboard's slope (181 numbers each), a
        /// block of a whole's levels over every slope (``ThresholdPosterior/blockedEvidence(_:slopes:memo:)``,
        /// 2,353). Only where fits are kept for the process's life: one report seldom takes the same trials in
        /// twice (kept there, it cost `peach profile --json` 0.6 % more).
        var evidence = Generations<ThresholdPosterior.Evidence>()
        /// Whether fits are kept for the process's life (``FitMemo/keepFromNowOn()``).
        var lifelong = false
        /// Whether a batch runs (or fits are kept for the process's life).
        var isBatching: Bool { batches > 0 }

        mutating func letGo() {
            estimates = Generations()
            evidence = Generations()
        }
    }

    private let kept = Mutex(Kept())

    /// A memo whose generations hold `generationSize` fits, off until ``keepFromNowOn()``.
    init(generationSize: Int = 1024) { self.generationSize = generationSize }

    /// `fit()`'s result, kept by `key` while the memo is on (`fit` runs outside the lock).
    func estimate(
        _ key: @autoclosure () -> Key, fit: () -> ThresholdEstimate?
    ) -> ThresholdEstimate? {
        value(key, on: \.isBatching, in: \.estimates, make: fit)
    }

    /// `make()`'s evidence, kept by `key` (its trials and slope) where the memo is on for the process's life
    /// (`make` runs outside the lock).
    func evidence(
        _ key: @autoclosure () -> Key, make: () -> ThresholdPosterior.Evidence
    ) -> ThresholdPosterior.Evidence {
        value(key, on: \.lifelong, in: \.evidence, make: make)
    }

    /// `make()`'s value, found by `key` in the generations at `generations` while `on` holds, else made outside
    /// the lock and kept there.
    private func value<Value: Sendable>(
        _ key: () -> Key, on: KeyPath<Kept, Bool> & Sendable,
        in generations: WritableKeyPath<Kept, Generations<Value>> & Sendable, make: () -> Value
    ) -> Value {
        guard kept.withLock({ $0[keyPath: on] }) else { return make() }
        let key = key()
        let size = generationSize
        if let found = kept.withLock({ $0[keyPath: generations].find(key, size: size) }) { return found }
        let value = make()
        kept.withLock { $0[keyPath: generations].keep(key, value, size: size) }
        return value
    }

    /// Runs `body` with fits kept between its fits; when the last batch running ends, they are let go.
    func keeping<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try kept.keeping(body)
    }

    /// Keeps fits from now on, for the rest of the process (one batch that never ends).
    func keepFromNowOn() {
        kept.keepFromNowOn()
        kept.withLock { $0.lifelong = true }
    }

    /// How many fits are kept now (both generations).
    var keptCount: Int { kept.withLock { $0.estimates.count } }

    /// How many trials' evidence is kept now (both generations).
    var keptEvidenceCount: Int { kept.withLock { $0.evidence.count } }
}

extension ThresholdPosterior {
    /// The estimate of a posterior over `slopes` with `thresholdPrior` that took in `data` level by level (nil
    /// without trials): the same bits as making that posterior, kept by its data where the process keeps fits
    /// (``keepFitsFromNowOn()``).
    public static func fit(
        _ data: BinnedTrials, slopes: [Double] = ThresholdModel.slopes,
        thresholdPrior: (center: Double, width: Double)? = nil
    ) -> ThresholdEstimate? {
        fit(data, slopes: slopes, thresholdPrior: thresholdPrior, memo: .shared)
    }

    /// ``fit(_:slopes:thresholdPrior:)`` through `memo`.
    static func fit(
        _ data: BinnedTrials, slopes: [Double], thresholdPrior: (center: Double, width: Double)?,
        memo: FitMemo
    ) -> ThresholdEstimate? {
        memo.estimate(
            FitMemo.Key(slopes: slopes, prior: thresholdPrior, data: data)
        ) {
            var posterior = ThresholdPosterior(slopes: slopes, thresholdPrior: thresholdPrior)
            if thresholdPrior != nil, slopes.count == 1 {
                // A prior that moves with a whole (the overall fit, a series) over trials that often stay: the
                // trials' evidence is kept apart from it.
                posterior.add(keptEvidence(data, slope: slopes[0], memo: memo))
            } else {
                posterior.add(blockedEvidence(data, slopes: slopes, memo: memo))
            }
            return posterior.estimate
        }
    }

    /// The evidence of `data` at one `slope` (``evidence(_:slope:)``), kept by the trials where `memo` keeps fits
    /// for the process's life (``keepFitsFromNowOn()``).
    static func keptEvidence(_ data: BinnedTrials, slope: Double, memo: FitMemo = .shared) -> Evidence {
        memo.evidence(FitMemo.Key(slopes: [slope], prior: nil, data: data)) { evidence(data, slope: slope) }
    }

    /// How many stimulus levels a block of ``blockedEvidence(_:slopes:memo:)`` spans: ten blocks over the 305
    /// levels.
    static let evidenceBlock = 32

    /// The evidence of `data` over `slopes`, summed block by block: each block of ``evidenceBlock`` levels'
    /// evidence summed from nothing (kept by its trials where `memo` keeps fits for the process's life), the
    /// blocks added in order. An answer changes one level, so after it a whole's fit (every comparison, a mode's
    /// series) takes in one block's levels again, not all of them: on a million answers the dashboard fitted
    /// two wholes after every comparison from about 200 levels each, a quarter of its work. Made the same way
    /// whether kept or not, so the same bits either way.
    static func blockedEvidence(_ data: BinnedTrials, slopes: [Double], memo: FitMemo) -> Evidence {
        var sums: [Double] = []
        var trials = 0.0
        var start = 0
        let levels = data.levels
        while start < levels.count {
            let block = levels[start] / evidenceBlock
            var end = start + 1
            while end < levels.count, levels[end] / evidenceBlock == block { end += 1 }
            let part = data.slice(start..<end)
            let evidence = memo.evidence(FitMemo.Key(slopes: slopes, prior: nil, data: part)) {
                ThresholdPosterior.evidence(part, slopes: slopes)
            }
            if sums.isEmpty {
                sums = evidence.logLikelihoods
            } else {
                sums.withUnsafeMutableBufferPointer { sums in
                    evidence.logLikelihoods.withUnsafeBufferPointer { terms in
                        for index in sums.indices { sums[index] += terms[index] }
                    }
                }
            }
            trials += evidence.trials
            start = end
        }
        if sums.isEmpty {
            sums = [Double](repeating: 0, count: slopes.count * ThresholdModel.logThresholds.count)
        }
        return Evidence(logLikelihoods: sums, trials: trials)
    }

    /// The estimate of a part of a series (a week, a session) whose whole was fitted as `series`
    /// (``init(partOf:)``) that took in `data`.
    public static func fit(_ data: BinnedTrials, partOf series: ThresholdEstimate) -> ThresholdEstimate? {
        fit(data, slopes: [series.slope], thresholdPrior: (series.cents, ThresholdModel.partPriorWidth))
    }

    /// Keeps each stimulus level's log-likelihoods and each fit of binned trials from now on, for the rest of
    /// the process: for a process that builds reports all its life (the dashboard), whose every page would
    /// otherwise compute them again.
    public static func keepFitsFromNowOn() {
        LevelLikelihoods.shared.keepFromNowOn()
        FitMemo.shared.keepFromNowOn()
    }
}
