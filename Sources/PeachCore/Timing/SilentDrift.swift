// SilentDrift: how a player's strikes drifted while the loop was silent: ms per bar, and where they were.

/// How the strikes of silent bars drifted from the grid: the least-squares slope of their offsets over the
/// bars (positive: dragging further, negative: rushing ahead), and their mean offset. Two strikes at
/// least a quarter of a bar apart are needed for a slope.
public struct SilentDrift: Hashable, Sendable {
    /// The change of the offset per bar, milliseconds (positive: later and later).
    public let msPerBar: Double
    /// The mean offset of the silent strikes, milliseconds (negative: early).
    public let meanOffsetMs: Double
    /// The strikes it rests on.
    public let strikes: Int

    /// A drift as stored.
    public init(msPerBar: Double, meanOffsetMs: Double, strikes: Int) {
        self.msPerBar = msPerBar
        self.meanOffsetMs = meanOffsetMs
        self.strikes = strikes
    }

    /// The drift of `strikes` (each with its ``GapStrike/silentBar``); nil for fewer than two, or when they
    /// span less than a quarter of a bar.
    public init?(_ strikes: [GapStrike]) {
        let points = strikes.compactMap { strike in strike.silentBar.map { ($0, strike.offsetMs) } }
        guard points.count >= 2, let first = points.map(\.0).min(), let last = points.map(\.0).max(),
            last - first >= 0.25
        else { return nil }
        let count = Double(points.count)
        let meanBar = points.reduce(0) { $0 + $1.0 } / count
        let meanOffset = points.reduce(0) { $0 + $1.1 } / count
        var covariance = 0.0
        var variance = 0.0
        for (bar, offset) in points {
            covariance += (bar - meanBar) * (offset - meanOffset)
            variance += (bar - meanBar) * (bar - meanBar)
        }
        self.init(msPerBar: covariance / variance, meanOffsetMs: meanOffset, strikes: points.count)
    }
}
