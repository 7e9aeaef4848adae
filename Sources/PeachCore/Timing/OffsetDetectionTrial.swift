// OffsetDetectionTrial: four clicks a sixteenth apart, one of them early or late by a share of a sixteenth.

/// One offset-detection trial: four clicks a sixteenth apart at ``tempo``; click ``offsetClick`` (2–4) comes
/// early or late by ``offsetPercent`` of a sixteenth.
public struct OffsetDetectionTrial: Hashable, Sendable {
    /// The tempo.
    public let tempo: Tempo
    /// The size of the offset, percent of a sixteenth (positive).
    public let offsetPercent: Double
    /// Whether the offset click is early or late.
    public let direction: TimingDirection
    /// Which click (2–4) is offset.
    public let offsetClick: Int

    /// The number of clicks in a trial.
    public static let clickCount = 4

    /// A trial.
    public init(tempo: Tempo, offsetPercent: Double, direction: TimingDirection, offsetClick: Int) {
        precondition(offsetPercent > 0 && offsetPercent.isFinite, "an offset must be positive")
        precondition(TimingSettings.offsetClicks.contains(offsetClick), "the offset click must be 2–4")
        self.tempo = tempo
        self.offsetPercent = offsetPercent
        self.direction = direction
        self.offsetClick = offsetClick
    }

    /// The signed offset, milliseconds (negative = early).
    public var offsetMs: Double { direction.sign * offsetPercent / 100 * tempo.sixteenth * 1000 }

    /// When each click is due, seconds after the first.
    public var clickTimes: [Double] {
        (1...Self.clickCount).map { click in
            Double(click - 1) * tempo.sixteenth + (click == offsetClick ? offsetMs / 1000 : 0)
        }
    }
}
