// TimingVerdict: how a mean offset reads to a musician: on time, a little early or late, rushing or dragging.

/// What a mean offset of strikes from their places says, in three bands a drum teacher would use: **on time**
/// within ±``onTimeBand`` ms, **a little** early or late within ±``nearBand`` ms, **rushing** or **dragging**
/// beyond. The bands are the practice box's earcons' (A5 again, a whole tone, a fifth), so the screen, the
/// profile and the box say the same of one trial.
///
/// Why these: a mean of sixteen cycles' strikes by a steady player (their spread about 10–15 ms) is itself
/// uncertain by about ±3 ms, so within 5 ms it cannot be told from on time; from about 20 ms a listener hears
/// a strike apart from its click (the threshold of offset detection at moderate tempos), so beyond it the
/// player is audibly ahead of or behind the beat.
public enum TimingVerdict: Hashable, Sendable {
    /// Within ±``onTimeBand`` ms.
    case onTime
    /// Beyond ``onTimeBand`` and within ±``nearBand`` ms: a little early or late.
    case near(TimingDirection)
    /// Beyond ±``nearBand`` ms: rushing (early) or dragging (late).
    case far(TimingDirection)

    /// The widest mean offset that is on time, milliseconds.
    public static let onTimeBand = 5.0
    /// The widest mean offset that is a little early or late, milliseconds.
    public static let nearBand = 20.0

    /// The verdict of a signed mean offset in milliseconds (negative: early).
    public init(meanOffsetMs: Double) {
        let magnitude = abs(meanOffsetMs)
        let direction = TimingDirection(offsetMs: meanOffsetMs)
        if magnitude <= Self.onTimeBand {
            self = .onTime
        } else if magnitude <= Self.nearBand {
            self = .near(direction)
        } else {
            self = .far(direction)
        }
    }
}
