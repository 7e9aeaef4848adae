// TrainingProgress: the counts of a run so far, for the screen and the closing line.

/// What a run has done so far, across mode switches.
public struct TrainingProgress: Sendable, Equatable {
    /// Comparisons answered.
    public var answered = 0
    /// Comparisons answered correctly.
    public var correct = 0
    /// Pitch-matching attempts committed.
    public var matched = 0
    /// The narrowest difference answered correctly in the current comparison session, cents.
    public var sessionBest: Double?

    /// No progress yet.
    public init() {}
}
