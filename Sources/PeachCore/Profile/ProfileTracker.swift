// ProfileTracker: keeps the profile, trend and timeline current as results arrive.

/// Keeps the ``PerceptualProfile``, the ``TrendAnalyzer`` and the ``ThresholdTimeline`` current: rebuilt once
/// from stored records, then updated incrementally as a session observer.
@MainActor
public final class ProfileTracker: ComparisonObserver, PitchMatchingObserver {
    /// The perceptual profile.
    public private(set) var profile: PerceptualProfile
    /// The trend of the discrimination thresholds.
    public private(set) var trend: TrendAnalyzer

    /// A tracker rebuilt from stored results, in their order.
    public init(
        comparisons: [CompletedComparison] = [], pitchMatchings: [CompletedPitchMatching] = []
    ) {
        profile = PerceptualProfile(comparisons: comparisons, pitchMatchings: pitchMatchings)
        let unison = comparisons.filter(\.comparison.isUnison)
        trend = TrendAnalyzer(comparisons: unison)
    }

    /// Replaces the tracked state with one rebuilt elsewhere (e.g. while loading the store).
    public func restore(profile: PerceptualProfile, trend: TrendAnalyzer) {
        self.profile = profile
        self.trend = trend
    }

    /// Adds an answered comparison to the profile, and a unison one to the trend (which follows the unison
    /// threshold; each interval has its own in the profile).
    public func comparisonCompleted(_ completed: CompletedComparison) {
        profile.add(completed)
        guard completed.comparison.isUnison else { return }
        trend.add(completed)
    }

    /// Adds a committed pitch-matching attempt to the profile.
    public func pitchMatchingCompleted(_ completed: CompletedPitchMatching) {
        profile.add(completed)
    }

    /// Forgets all discrimination results (profile part, trend).
    public func resetDiscrimination() {
        profile.resetDiscrimination()
        trend.reset()
    }

    /// Forgets all pitch-matching results.
    public func resetMatching() {
        profile.resetMatching()
    }
}
