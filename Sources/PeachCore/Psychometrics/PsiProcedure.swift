// PsiProcedure: the Bayesian adaptive measurement (Psi, Kontsevich & Tyler 1999, threshold-marginal form).

/// Measures a threshold: keeps the posterior over (ln T75, β) of ``ThresholdModel``, and places each trial at
/// the difference whose answer is expected to leave the least uncertainty about the threshold (the entropy of
/// the ln T75 marginal: the slope is a nuisance, as in Prins' psi-marginal). Candidates are the
/// ``StimulusLevel``s from 0.1 to 100 cents. Stops after ``maximumTrials``, or after ``minimumTrials`` once the
/// posterior's standard deviation of ln T75 is at most ``targetPrecision``.
public struct PsiProcedure: Sendable {
    /// Trials before the precision may stop the measurement.
    public let minimumTrials: Int
    /// Trials after which it stops in any case.
    public let maximumTrials: Int
    /// The standard deviation of ln T75 that is precise enough (0.15 ≈ ±15 %).
    public let targetPrecision: Double
    /// The posterior so far.
    public private(set) var posterior = ThresholdPosterior()
    /// The trials taken so far.
    public private(set) var trialCount = 0

    /// The differences a trial may be placed at. Made once, when a procedure first places a trial: a procedure
    /// is made for every run (the launcher's default), and the table was a quarter of starting `peach train`.
    private static let candidates: [Double] = {
        // Every other level: candidates 6 % apart, finer than the posterior can tell apart in 100 trials.
        let levels = (0..<StimulusLevel.count).filter {
            $0.isMultiple(of: 2) && (0.1...100).contains(StimulusLevel.cents(of: $0))
        }
        return levels.map(StimulusLevel.cents(of:))
    }()
    /// P(correct) per candidate per grid point of the prior: `[candidate * gridCount + index]`, the same for every
    /// procedure.
    private static let table: [Double] = {
        let prior = ThresholdPosterior()
        var table: [Double] = []
        table.reserveCapacity(candidates.count * prior.logWeights.count)
        for cents in candidates {
            let logCents = logDouble(cents)
            for index in prior.logWeights.indices {
                table.append(prior.probabilityCorrect(logCents: logCents, index: index))
            }
        }
        return table
    }()

    /// A measurement of at most `maximumTrials` trials that may stop at `targetPrecision` after `minimumTrials`.
    public init(minimumTrials: Int = 20, maximumTrials: Int = 100, targetPrecision: Double = 0.0) {
        self.minimumTrials = minimumTrials
        self.maximumTrials = max(maximumTrials, 1)
        self.targetPrecision = targetPrecision
    }

    /// Whether the measurement is complete.
    public var isComplete: Bool {
        if trialCount >= maximumTrials { return true }
        guard trialCount >= minimumTrials, targetPrecision > 0 else { return false }
        return (posterior.estimate?.logStandardDeviation ?? .infinity) <= targetPrecision
    }

    /// The estimate so far.
    public var estimate: ThresholdEstimate? { posterior.estimate }

    /// The most informative difference to play next, cents.
    public func nextDifference() -> Double {
        let weights = posterior.probabilities
        let gridCount = weights.count
        let thresholds = ThresholdModel.logThresholds.count
        let candidates = Self.candidates
        var best = (entropy: Double.infinity, cents: candidates[candidates.count / 2])
        var right = [Double](repeating: 0, count: thresholds)
        var wrong = [Double](repeating: 0, count: thresholds)
        Self.table.withUnsafeBufferPointer { table in
            weights.withUnsafeBufferPointer { weights in
                for (candidate, cents) in candidates.enumerated() {
                    for index in 0..<thresholds {
                        right[index] = 0
                        wrong[index] = 0
                    }
                    let row = candidate * gridCount
                    var index = 0
                    while index < gridCount {
                        for column in 0..<thresholds {
                            let weight = weights[index]
                            let p = table[row + index] * weight
                            right[column] += p
                            wrong[column] += weight - p
                            index += 1
                        }
                    }
                    let pRight = right.reduce(0, +)
                    let expected =
                        pRight * Self.entropy(right, total: pRight) + (1 - pRight)
                        * Self.entropy(wrong, total: 1 - pRight)
                    if expected < best.entropy { best = (expected, cents) }
                }
            }
        }
        return best.cents
    }

    /// Takes in the answer to a trial at `cents`.
    public mutating func record(cents: Double, correct: Bool) {
        posterior.update(cents: cents, correct: correct)
        trialCount += 1
    }

    private static func entropy(_ masses: [Double], total: Double) -> Double {
        guard total > 0 else { return 0 }
        var entropy = 0.0
        for mass in masses where mass > 0 {
            let p = mass / total
            entropy -= p * logDouble(p)
        }
        return entropy
    }
}
