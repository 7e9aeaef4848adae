// TimingStaircase: the Kazez rule on timing offsets, as a share of a sixteenth, with early and late balanced.

/// Chooses each offset-detection trial: the size of the offset follows the same rule as the pitch staircase
/// (Kazez et al. 2001), on the offset as a percentage P of the pattern's step (a sixteenth for sixteenths): a right answer narrows it to
/// P·(1 − 0.05·√P), a wrong one widens it to P·(1 + 0.09·√P), clamped to
/// [``minimumPercent``, ``maximumPercent``].
///
/// The bounds are wider than Peach on iOS's 1–20 %: a trained drummer hears a few milliseconds, and 1 % of a
/// sixteenth is 1.9 ms at 80 BPM but 0.75 ms at 200 BPM, so the floor is 0.25 % (0.47 ms at 80 BPM) and
/// nobody's threshold is cut off. The first trial of a session starts at ``maximumPercent`` (20 %: 37.5 ms at
/// 80 BPM, heard by everyone), from where right answers come down quickly (20 → 15.5 → 12.5 → 10.3 …).
///
/// Early and late are balanced per tempo band: the direction with fewer trials so far goes next, a coin flip
/// when they are even, so neither answer pays off as a guess. The settings' patterns take turns, one a trial,
/// in the order given; the offset falls on the settings' position, or the pattern's nearest note that may be
/// offset (``TimingPattern/offsetPosition(nearest:)``). The staircase runs on across patterns: its level is a
/// share of each pattern's own step.
public struct TimingStaircase: Sendable {
    /// The narrowest offset, percent of a sixteenth.
    public static let minimumPercent = 0.25
    /// The widest offset and the first one of a session, percent of a sixteenth.
    public static let maximumPercent = 20.0

    private var counts: [TempoBand: [TimingDirection: Int]] = [:]
    private var turn = 0

    /// A staircase with no trials counted.
    public init() {}

    /// The offset that follows `previous` (percent) after a right or wrong answer.
    public static func nextPercent(after previous: Double, wasCorrect: Bool) -> Double {
        let root = previous.squareRoot()
        let next =
            wasCorrect
            ? previous * (1 - KazezNoteStrategy.correctFactor * root)
            : previous * (1 + KazezNoteStrategy.wrongFactor * root)
        return min(max(next, minimumPercent), maximumPercent)
    }

    /// Counts a trial already played (this session's, or one from the store) towards the balance.
    public mutating func count(_ direction: TimingDirection, in band: TempoBand) {
        counts[band, default: [:]][direction, default: 0] += 1
    }

    /// How many trials of `band` went `direction`.
    public func count(of direction: TimingDirection, in band: TempoBand) -> Int {
        counts[band]?[direction] ?? 0
    }

    /// The next trial: the offset after `last` (the widest for the first), the direction that is behind in
    /// the tempo's band; counts it.
    public mutating func nextTrial(
        settings: TimingSettings, last: CompletedOffsetDetection?,
        using generator: inout some RandomNumberGenerator
    ) -> OffsetDetectionTrial {
        let percent =
            last.map { Self.nextPercent(after: $0.trial.offsetPercent, wasCorrect: $0.isCorrect) }
            ?? Self.maximumPercent
        let band = settings.tempo.band
        let early = count(of: .early, in: band)
        let late = count(of: .late, in: band)
        let direction: TimingDirection =
            early == late ? (Bool.random(using: &generator) ? .early : .late) : early < late ? .early : .late
        count(direction, in: band)
        let pattern = settings.patterns[turn % settings.patterns.count]
        turn += 1
        return OffsetDetectionTrial(
            tempo: settings.tempo, offsetPercent: percent, direction: direction, pattern: pattern,
            offsetPosition: pattern.offsetPosition(nearest: settings.offsetClick))
    }
}
