// TimingDirection: early or late, the answer of offset detection and the sign of a timing offset.

/// Whether a note came before or after its place in time: the answer to an offset-detection trial.
public enum TimingDirection: String, CaseIterable, Hashable, Sendable, Codable {
    /// Before its place (a negative offset).
    case early
    /// After its place (a positive offset).
    case late

    /// The direction of a signed offset in milliseconds (zero counts as late: no trial plays a zero offset).
    public init(offsetMs: Double) { self = offsetMs < 0 ? .early : .late }

    /// −1 for early, +1 for late.
    public var sign: Double { self == .early ? -1 : 1 }
}
