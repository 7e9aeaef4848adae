// GapStrike: one strike that fell in a gap: which step, how early or late.

/// A strike counted in a gap: the gap's step (1–4) and the strike's offset from it, milliseconds
/// (negative = early).
public struct GapStrike: Hashable, Sendable {
    /// The gap's step in the cycle, 1–4.
    public let position: Int
    /// The strike's offset from the gap as heard, milliseconds (negative = early).
    public let offsetMs: Double

    /// A strike.
    public init(position: Int, offsetMs: Double) {
        self.position = position
        self.offsetMs = offsetMs
    }
}
