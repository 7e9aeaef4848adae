// Trend: the direction of the listener's thresholds over time.

/// The direction of the listener's discrimination thresholds over time.
public enum Trend: String, Hashable, Sendable, Codable {
    /// Thresholds are getting smaller: finer differences are heard.
    case improving
    /// No change beyond ±5 %.
    case stable
    /// Thresholds are getting larger.
    case declining
}
