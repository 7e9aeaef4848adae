// ComparisonAnswer: the listener's judgement of note 2 against note 1.

/// The listener's answer to a comparison: was the second note higher or lower than the first?
public enum ComparisonAnswer: String, Hashable, Sendable, Codable, CaseIterable {
    /// The second note sounded higher.
    case higher
    /// The second note sounded lower.
    case lower
}
