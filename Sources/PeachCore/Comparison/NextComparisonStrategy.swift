// NextComparisonStrategy: chooses the next comparison from the profile, the settings and the last answer.

/// Chooses the next comparison to play.
public protocol NextComparisonStrategy: Sendable {
    /// The next comparison.
    /// - Parameters:
    ///   - profile: the listener's perceptual profile (for a cold start).
    ///   - settings: the settings of the trial about to start.
    ///   - last: the previous answered comparison of this session, or `nil` at the start of a session.
    ///   - generator: the source of randomness (seeded in tests and simulations).
    func nextComparison(
        profile: PerceptualProfile, settings: TrainingSettings, last: CompletedComparison?,
        using generator: inout some RandomNumberGenerator
    ) -> Comparison
}
