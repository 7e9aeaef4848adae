// KazezNoteStrategy: the default strategy, one Kazez staircase over random notes.

/// The default strategy (Kazez, Kazez, Zembar & Andrews 2001): one difficulty chain for all notes.
///
/// With P the previous unsigned cent difference, a correct answer narrows it to P·(1 − 0.05·√P) and a wrong
/// one widens it to P·(1 + 0.09·√P), clamped to [``minimumDifference``, ``maximumDifference``]. From 100 cents,
/// all-correct answers give 100 → 50 → 32.3 → 23.1 → 17.6 → 13.9 → … (≈5.9 after 10). The difference keeps full double
/// precision (far finer than the 0.1-cent resolution required).
///
/// Cold start (the first trial of a session): the level the chain settles at for the profile's fitted
/// threshold if any comparison was answered, else ``maximumDifference``. The interval is drawn from the
/// settings' list, note 1 uniform at random in the training range (so that note 2 fits too), the direction a
/// coin flip; note 2 is note 1 (or the interval from it), offset by the signed difference
/// (``Comparison/random(settings:magnitude:using:)``).
public struct KazezNoteStrategy: NextComparisonStrategy {
    /// The narrowest difference, cents.
    public let minimumDifference: Double
    /// The widest difference and the cold-start value for an untrained profile, cents.
    public let maximumDifference: Double
    /// The narrowing coefficient after a correct answer.
    public static let correctFactor = 0.05
    /// The widening coefficient after a wrong answer.
    public static let wrongFactor = 0.09

    /// Creates the strategy with the given bounds (default 0.1 … 100 cents).
    public init(minimumDifference: Double = 0.1, maximumDifference: Double = 100) {
        precondition(minimumDifference > 0 && minimumDifference <= maximumDifference, "invalid Kazez bounds")
        self.minimumDifference = minimumDifference
        self.maximumDifference = maximumDifference
    }

    /// The unsigned difference that follows `previous` after a correct or wrong answer.
    public func nextDifference(after previous: Double, wasCorrect: Bool) -> Double {
        let root = previous.squareRoot()
        let next =
            wasCorrect ? previous * (1 - Self.correctFactor * root) : previous * (1 + Self.wrongFactor * root)
        return clamp(next)
    }

    /// The unsigned difference of the first trial of a session: where the chain settles for this listener (the
    /// level of the fitted threshold's psychometric function at about 64 % correct), so a session does not
    /// climb down from far above; the widest difference for a listener with no answers yet. Interval training
    /// starts from the threshold fitted to the chosen intervals' trials (in the chosen tuning).
    public func coldStartDifference(
        profile: PerceptualProfile, settings: TrainingSettings = .defaults
    ) -> Double {
        clamp(profile.fittedThreshold(for: settings)?.kazezLevel ?? maximumDifference)
    }

    private func clamp(_ value: Double) -> Double {
        guard value.isFinite else { return maximumDifference }
        return min(max(value, minimumDifference), maximumDifference)
    }

    /// The next comparison: the chained difference, a random note in range, a random direction.
    public func nextComparison(
        profile: PerceptualProfile, settings: TrainingSettings, last: CompletedComparison?,
        using generator: inout some RandomNumberGenerator
    ) -> Comparison {
        let magnitude =
            last.map {
                nextDifference(after: $0.comparison.centDifference.magnitude, wasCorrect: $0.isCorrect)
            }
            ?? coldStartDifference(profile: profile, settings: settings)
        return Comparison.random(settings: settings, magnitude: magnitude, using: &generator)
    }
}
