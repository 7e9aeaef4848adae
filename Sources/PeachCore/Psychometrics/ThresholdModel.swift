// ThresholdModel: the Bayesian fit of a 2AFC psychometric function on a grid of thresholds and slopes.

/// The model Peach fits to answered trials: a Weibull psychometric function with guess rate ½ and a small lapse
/// rate λ = 2 % (a lapse is a guess), over a grid of 75 %-correct thresholds T75 (0.05 … 400 cents in 5 % steps,
/// flat prior on ln T75) and slopes β (0.8 … 8, a log-normal prior around 2 with σ = 0.9 in ln β: the slope is
/// weakly identified by training trials, which cluster around one level). The posterior is exact on the grid.
public enum ThresholdModel {
    /// The assumed lapse rate λ.
    public static let lapseRate = 0.02
    /// ln T75 of the grid.
    public static let logThresholds: [Double] = {
        let low = logDouble(0.05)
        let high = logDouble(400)
        let count = 181
        return (0..<count).map { low + (high - low) * Double($0) / Double(count - 1) }
    }()
    /// The width (σ of ln β) of the slope prior, a log-normal around β = 2.
    public static let slopePriorWidth = 0.9
    /// The slopes of the grid.
    public static let slopes: [Double] = (0..<13).map { 0.8 * powDouble(10, Double($0) / 12) }
    /// The width (σ of ln T75) of the prior a part of a series (a week of the progress chart, a session of the
    /// trend) leans on: the threshold fitted to the whole series, a factor e either way; the part is fitted at
    /// the whole's slope. A narrower prior (0.5) pulled a real change further back to the old level (a listener
    /// 40 % better read 1.19 × instead of 1.10 × in a first form of `PeachBenchmarks validate SEEDS sessions`).
    public static let partPriorWidth = 1.0
}

/// A posterior over (ln T75, β) on the ``ThresholdModel`` grid, updated trial by trial or from binned counts.
/// With one slope it fits the threshold alone at that slope (used across the keyboard, where the slope is
/// shared and the threshold varies with pitch).
public struct ThresholdPosterior: Hashable, Sendable {
    /// The slopes of this posterior (all of the model's, or one).
    public let slopes: [Double]
    /// The slopes' bit patterns: the key of their level tables (``LevelLikelihoods``), made once per posterior.
    let slopeBits: [UInt64]
    /// ln of the unnormalised posterior, slope-major: `[slope * thresholds + threshold]`.
    public private(set) var logWeights: [Double]
    /// ln α of the Weibull at each grid point (same layout).
    let logScales: [Double]
    /// The weight of the trials taken in.
    public private(set) var trials = 0.0

    /// The prior: flat in ln T75 (or normal around `thresholdPrior.center` with σ `thresholdPrior.width` in
    /// ln, to shrink sparse local fits towards the overall one), the slope prior over `slopes` (default: the
    /// model's grid).
    public init(
        slopes: [Double] = ThresholdModel.slopes, thresholdPrior: (center: Double, width: Double)? = nil
    ) {
        self.slopes = slopes
        slopeBits = slopes.map(\.bitPattern)
        let thresholds = ThresholdModel.logThresholds
        let lnMinusLn = Self.lnMinusLnMiss75
        var weights: [Double] = []
        var scales: [Double] = []
        weights.reserveCapacity(slopes.count * thresholds.count)
        scales.reserveCapacity(slopes.count * thresholds.count)
        // What does not change along a row is computed once for it (the same bits as computed at every point).
        let logCenter = thresholdPrior.map { logDouble($0.center) }
        for slope in slopes {
            let z = (logDouble(slope) - logDouble(2)) / ThresholdModel.slopePriorWidth
            let prior = slopes.count == 1 ? 0 : -z * z / 2
            let shift = lnMinusLn / slope
            for logThreshold in thresholds {
                var threshold = 0.0
                if let thresholdPrior, let logCenter {
                    let z = (logThreshold - logCenter) / thresholdPrior.width
                    threshold = -z * z / 2
                }
                weights.append(prior + threshold)
                scales.append(logThreshold - shift)
            }
        }
        logWeights = weights
        logScales = scales
    }

    /// The prior of a part of a series (a week, a session) whose whole was fitted as `series`: its slope, and a
    /// prior of width ``ThresholdModel/partPriorWidth`` around its threshold.
    public init(partOf series: ThresholdEstimate) {
        self.init(slopes: [series.slope], thresholdPrior: (series.cents, ThresholdModel.partPriorWidth))
    }

    /// The grid's probability of a correct answer at ln x for grid point `index`.
    @inline(__always)
    func probabilityCorrect(logCents: Double, index: Int) -> Double {
        Self.probability(detection: Self.detection(exponent(logCents: logCents, index: index)))
    }

    /// The Weibull's exponent t at ln x for grid point `index` (``detection(_:)`` of it is the detection
    /// probability).
    @inline(__always)
    func exponent(logCents: Double, index: Int) -> Double {
        slopes[index / ThresholdModel.logThresholds.count] * (logCents - logScales[index])
    }

    /// ln(−ln(1 − f)) for f = 0.5 / (1 − λ), the detection at T75: a grid point's ln α is its ln T75 minus
    /// this over its slope.
    static let lnMinusLnMiss75 = logDouble(-logDouble(1 - 0.5 / (1 - ThresholdModel.lapseRate)))

    /// The probability of a correct answer for a detection probability: a guess is right half the time, a lapse
    /// is a guess.
    @inline(__always)
    static func probability(detection: Double) -> Double {
        0.5 + 0.5 * (1 - ThresholdModel.lapseRate) * detection
    }

    /// The Weibull's detection probability 1 − exp(−e^t). Above t = 4 it is 1 exactly in double precision
    /// (exp(−e⁴) ≈ 2·10⁻²⁴), so it is not computed: the libm call underflowing there (`exp` of −10⁶) was a tenth
    /// of a profile's time.
    /// Below t = −40 it is 0 exactly (e^t < 2⁻⁵⁴, and exp of so small a negative rounds to 1: glibc returns
    /// 1 + x there; checked for every t from −40 down to −800 in steps of 10⁻⁴), so it is not computed either.
    @inline(__always)
    static func detection(_ t: Double) -> Double {
        t > 4 ? 1 : t < -40 ? 0 : 1 - expDouble(-expDouble(t))
    }

    /// ln P(right) and ln P(wrong) of a trial at `cents` at each grid point of a posterior with these `slopes`
    /// (``logWeights``' layout): what an update adds, weighted by the right and wrong answers. Computed once
    /// and reused (``LevelLikelihoods``), it spares the logarithms of fits that take the same levels many times.
    static func logLikelihoods(cents: Double, slopes: [Double]) -> (right: [Double], wrong: [Double]) {
        let logCents = logDouble(max(abs(cents), 1e-6))
        let logThresholds = ThresholdModel.logThresholds
        var right = [Double](repeating: 0, count: slopes.count * logThresholds.count)
        var wrong = right
        // Where the detection is certain (t > 4) or nil (t < −40) the probability is the ceiling's or a
        // guess's, whose logarithms are taken once: the same bits, and most of the grid's points lie there.
        let ceiling = probability(detection: 1)
        let guess = probability(detection: 0)
        let (ceilingRight, ceilingWrong) = (logDouble(ceiling), logDouble(1 - ceiling))
        let (guessRight, guessWrong) = (logDouble(guess), logDouble(1 - guess))
        let thresholds = logThresholds.count
        logThresholds.withUnsafeBufferPointer { logThresholds in
            right.withUnsafeMutableBufferPointer { right in
                wrong.withUnsafeMutableBufferPointer { wrong in
                    for (row, slope) in slopes.enumerated() {
                        // ``exponent(logCents:index:)`` a row at a time, the scales made as `init` makes them.
                        let shift = lnMinusLnMiss75 / slope
                        for column in 0..<thresholds {
                            let index = row * thresholds + column
                            let t = slope * (logCents - (logThresholds[column] - shift))
                            if t > 4 {
                                (right[index], wrong[index]) = (ceilingRight, ceilingWrong)
                            } else if t < -40 {
                                (right[index], wrong[index]) = (guessRight, guessWrong)
                            } else {
                                let p = probability(detection: detection(t))
                                (right[index], wrong[index]) = (logDouble(p), logDouble(1 - p))
                            }
                        }
                    }
                }
            }
        }
        return (right, wrong)
    }

    /// Takes in one answered trial at `cents`.
    public mutating func update(cents: Double, correct: Bool) {
        update(cents: cents, trials: 1, correct: correct ? 1 : 0, weight: 1)
    }

    /// Takes in `trials` trials at `cents` of which `correct` were right, each counted `weight` times.
    public mutating func update(cents: Double, trials: Double, correct: Double, weight: Double) {
        guard trials > 0, weight > 0 else { return }
        let logCents = logDouble(max(abs(cents), 1e-6))
        let rightWeight = weight * correct
        let wrongWeight = weight * (trials - correct)
        let thresholds = ThresholdModel.logThresholds.count
        let height = 0.5 * (1 - ThresholdModel.lapseRate)
        logScales.withUnsafeBufferPointer { scales in
            logWeights.withUnsafeMutableBufferPointer { weights in
                for (row, slope) in slopes.enumerated() {
                    let base = row * thresholds
                    for column in 0..<thresholds {
                        let index = base + column
                        let p = 0.5 + height * Self.detection(slope * (logCents - scales[index]))
                        weights[index] += rightWeight * logDouble(p) + wrongWeight * logDouble(1 - p)
                    }
                }
            }
        }
        self.trials += weight * trials
    }

    /// Takes in `trials` trials at stimulus `level` of which `correct` were right, each counted `weight` times:
    /// the same sums as ``update(cents:trials:correct:weight:)`` at the level's cents, from the level's kept
    /// log-likelihoods (``LevelLikelihoods``).
    public mutating func update(level: Int, trials: Double, correct: Double, weight: Double = 1) {
        guard trials > 0, weight > 0 else { return }
        let table = LevelLikelihoods.shared.table(level: level, slopes: slopes, slopeBits: slopeBits)
        let rightWeight = weight * correct
        let wrongWeight = weight * (trials - correct)
        table.right.withUnsafeBufferPointer { right in
            table.wrong.withUnsafeBufferPointer { wrong in
                logWeights.withUnsafeMutableBufferPointer { weights in
                    for index in weights.indices {
                        weights[index] += rightWeight * right[index] + wrongWeight * wrong[index]
                    }
                }
            }
        }
        self.trials += weight * trials
    }

    /// What trials add to a posterior's log weights, apart from its prior: the level terms summed in order from
    /// nothing, and the trials' weight. A fit with a prior adds them to the prior's weights at once
    /// (``add(_:)``): a fit whose prior moved while its trials did not (a note's fit over the keyboard, a week
    /// of the progress chart, after an answer elsewhere moved the overall fit they lean on) is made again from
    /// its kept evidence (``FitMemo``), not from every level's trials again.
    struct Evidence: Sendable {
        /// Σ over the levels of r · ln P(right) + w · ln P(wrong) at each grid point (``logWeights``' layout).
        let logLikelihoods: [Double]
        /// The weight of the trials.
        let trials: Double
    }

    /// The evidence of `data` for a posterior over one slope (whose slope prior is nothing).
    static func evidence(_ data: BinnedTrials, slope: Double) -> Evidence {
        evidence(data, slopes: [slope])
    }

    /// The evidence of `data` for a posterior over `slopes`: its terms summed from nothing (no prior).
    static func evidence(_ data: BinnedTrials, slopes: [Double]) -> Evidence {
        var sums = ThresholdPosterior(slopes: slopes)
        sums.logWeights = [Double](repeating: 0, count: sums.logWeights.count)
        sums.update(data)
        return Evidence(logLikelihoods: sums.logWeights, trials: sums.trials)
    }

    /// Takes in every level of `data`, in its order (``update(level:trials:correct:weight:)``).
    mutating func update(_ data: BinnedTrials) {
        for index in data.levels.indices {
            update(level: data.levels[index], trials: data.trials[index], correct: data.correct[index])
        }
    }

    /// Takes in the trials `evidence` sums (made for a posterior over these slopes).
    mutating func add(_ evidence: Evidence) {
        precondition(evidence.logLikelihoods.count == logWeights.count, "evidence for this grid")
        evidence.logLikelihoods.withUnsafeBufferPointer { terms in
            logWeights.withUnsafeMutableBufferPointer { weights in
                for index in weights.indices { weights[index] += terms[index] }
            }
        }
        trials += evidence.trials
    }

    /// The posterior probabilities on the grid (normalised). A point more than 746 below the top in ln is 0
    /// without `exp`: e^−746 is below half the smallest double, so `exp` gives 0 there too (the same bits), and
    /// with thousands of trials most of the grid lies there; `exp` underflowing was half of an estimate.
    public var probabilities: [Double] {
        let top = logWeights.max() ?? 0
        var weights = logWeights.map { weight in
            let exponent = weight - top
            return exponent < -746 ? 0 : expDouble(exponent)
        }
        let sum = weights.reduce(0, +)
        for index in weights.indices { weights[index] /= sum }
        return weights
    }

    /// The marginal posterior of ln T75 (normalised), over ``ThresholdModel/logThresholds``.
    public var thresholdMarginal: [Double] { Self.marginal(probabilities) }

    /// The ln T75 marginal of grid `probabilities`.
    static func marginal(_ probabilities: [Double]) -> [Double] {
        let count = ThresholdModel.logThresholds.count
        var marginal = [Double](repeating: 0, count: count)
        for index in probabilities.indices { marginal[index % count] += probabilities[index] }
        return marginal
    }

    /// The estimate: median and intervals of T75, the slope's median; nil before any trial.
    public var estimate: ThresholdEstimate? {
        guard trials > 0 else { return nil }
        let probabilities = self.probabilities
        let marginal = Self.marginal(probabilities)
        let grid = ThresholdModel.logThresholds
        func quantile(_ q: Double) -> Double {
            // Mass sits on grid points; spread each point's mass evenly over its cell for a continuous CDF.
            let step = grid[1] - grid[0]
            var cumulative = 0.0
            for (index, mass) in marginal.enumerated() {
                if cumulative + mass >= q, mass > 0 {
                    return expDouble(grid[index] - step / 2 + step * (q - cumulative) / mass)
                }
                cumulative += mass
            }
            return expDouble(grid[grid.count - 1])
        }
        var mean = 0.0
        for (index, mass) in marginal.enumerated() { mean += mass * grid[index] }
        var variance = 0.0
        for (index, mass) in marginal.enumerated() {
            variance += mass * (grid[index] - mean) * (grid[index] - mean)
        }
        var slopeMarginal = [Double](repeating: 0, count: slopes.count)
        for index in probabilities.indices { slopeMarginal[index / grid.count] += probabilities[index] }
        var cumulative = 0.0
        let slope =
            slopes.indices.first { index in
                cumulative += slopeMarginal[index]
                return cumulative >= 0.5
            }.map { slopes[$0] } ?? slopes[slopes.count / 2]
        return ThresholdEstimate(
            cents: quantile(0.5), interval68: quantile(0.16)...quantile(0.84),
            interval95: quantile(0.025)...quantile(0.975), slope: slope, trials: trials,
            logStandardDeviation: variance.squareRoot())
    }
}
