// GapStrike: one strike that fell in a gap: which step, how early or late, and whether the loop was silent.

/// A strike counted in a gap: the gap's step (1–4) and the strike's offset from it, milliseconds
/// (negative = early); in silent bars, also how far into the silence it fell.
public struct GapStrike: Hashable, Sendable {
    /// The gap's step in the cycle, 1–4.
    public let position: Int
    /// The strike's offset from the gap as heard (or, in silent bars, from where the grid would have put it),
    /// milliseconds (negative = early).
    public let offsetMs: Double
    /// In silent bars: the bars since the silence began when the gap was due (0 … silent bars); nil while the
    /// loop sounds.
    public let silentBar: Double?

    /// A strike.
    public init(position: Int, offsetMs: Double, silentBar: Double? = nil) {
        self.position = position
        self.offsetMs = offsetMs
        self.silentBar = silentBar
    }
}
