// ProgressChart: the progress-over-time chart's model: per mode and interval, a value per week with its band.

import PeachCore

/// The progress chart: one series per mode and interval trained (unison first), each a point per week with a
/// 68 % band. Discrimination: the threshold (T75) fitted to the week's comparisons and its 68 % credible
/// interval. Matching: the mean absolute error of the week's attempts ± one standard error.
public struct ProgressChart: Sendable {
    /// One week's point.
    public struct Point: Sendable {
        /// The ISO week, e.g. `2026-W47`.
        public let week: String
        /// The Monday it starts on.
        public let start: LocalDay
        /// The value in its series' unit: cents in a pitch ``Series``, milliseconds in a ``TimingSeries``.
        public let value: Double
        /// The 68 % band, in the value's unit.
        public let band: ClosedRange<Double>
        /// The answers (comparisons or attempts) it rests on.
        public let count: Int
        /// Whether the band is too wide (over ``ProgressHistory/uncertainSpan``) to show the value as a number:
        /// the renderers show the band and say so.
        public var isUncertain = false
    }

    /// One mode and interval.
    public struct Series: Sendable {
        /// Which.
        public let key: ProgressHistory.Series
        /// The weeks with answers, oldest first.
        public let points: [Point]
    }

    /// One timing discipline at one tempo band, week by week. Offset detection: the threshold fitted to the
    /// week's answers (at the band's slope, leaning on its whole fit, as pitch weeks do), in milliseconds at the
    /// band's mean tempo, with its likely range. Fill the gap: how far the week's trials were from on time (the
    /// mean of their absolute mean offsets), ± one standard error, in milliseconds.
    public struct TimingSeries: Sendable {
        /// Which discipline.
        public let discipline: TimingHistory.Discipline
        /// Which tempo band.
        public let band: TempoBand
        /// The weeks with results, oldest first; their values are in milliseconds.
        public let points: [Point]
    }

    /// The series, discrimination before matching, each by interval.
    public let series: [Series]
    /// The timing series: offset detection, then fill the gap, each by tempo band.
    public let timing: [TimingSeries]

    /// How many weeks a chart shows unless asked (`peach profile --progress`): half a year.
    public static let standardWeeks = 26

    /// The chart of `history` and `timing`, the last `weeks` weeks with answers of each series.
    public init(history: ProgressHistory, timing: TimingHistory = TimingHistory(), weeks: Int = standardWeeks)
    {
        self.timing = TimingHistory.Discipline.allCases.flatMap { discipline in
            TempoBand.allCases.compactMap { band in
                let points = Self.timingPoints(timing, discipline, band, weeks: weeks)
                return points.isEmpty ? nil : TimingSeries(discipline: discipline, band: band, points: points)
            }
        }
        series = history.series.keys.sorted().compactMap { key in
            let whole = key.isDiscrimination ? history.fit(of: key) : nil
            let points = (history.series[key] ?? []).suffix(weeks).compactMap { week -> Point? in
                if key.isDiscrimination {
                    guard let estimate = week.threshold(within: whole) else { return nil }
                    var point = Point(
                        week: week.isoWeek, start: week.start, value: estimate.cents,
                        band: estimate.interval68, count: week.count)
                    point.isUncertain = ProgressHistory.isUncertain(estimate)
                    return point
                }
                let errors = week.absoluteErrors
                guard errors.count > 0,
                    let band = Self.band(
                        errors.mean, spread: errors.sampleStandardDeviation, count: errors.count)
                else { return nil }
                return Point(
                    week: week.isoWeek, start: week.start, value: errors.mean, band: band, count: errors.count
                )
            }
            return points.isEmpty ? nil : Series(key: key, points: points)
        }
    }

    /// Whether there is nothing to show.
    public var isEmpty: Bool { series.isEmpty && timing.isEmpty }

    /// The points of the last `count` weeks of a timing series (only those are fitted: a series holds every
    /// week of years of practice).
    private static func timingPoints(
        _ timing: TimingHistory, _ discipline: TimingHistory.Discipline, _ band: TempoBand, weeks count: Int
    ) -> [Point] {
        let weeks = timing.weeks(of: discipline, band: band).suffix(count)
        switch discipline {
        case .offsetDetection:
            let whole = timing.threshold(band: band)
            let stepMs = whole?.stepMs ?? 0
            return weeks.compactMap { week in
                guard let estimate = week.threshold(within: whole?.percent), stepMs > 0, stepMs.isFinite,
                    estimate.interval68.lowerBound.isFinite, estimate.interval68.upperBound.isFinite
                else {
                    return nil
                }
                var point = Point(
                    week: week.isoWeek, start: week.start, value: estimate.cents / 100 * stepMs,
                    band: estimate.interval68.lowerBound / 100 * stepMs...estimate.interval68.upperBound
                        / 100
                        * stepMs, count: week.count)
                point.isUncertain = ProgressHistory.isUncertain(estimate)
                return point
            }
        case .gapFill, .echo:
            return weeks.compactMap { week in
                let offsets = week.absoluteErrors
                guard offsets.count > 0,
                    let range = Self.band(
                        offsets.mean, spread: offsets.sampleStandardDeviation, count: offsets.count)
                else { return nil }
                return Point(
                    week: week.isoWeek, start: week.start, value: offsets.mean, band: range,
                    count: offsets.count)
            }
        }
    }

    /// A week's mean ± one standard error (`spread` / √`count`), never below zero: nil when a number is not
    /// finite, or the mean is below zero (absolute errors cannot be: a damaged or forged snapshot's sums), so
    /// no chart is drawn from what cannot be true.
    static func band(_ mean: Double, spread: Double?, count: Int) -> ClosedRange<Double>? {
        let standardError = (spread ?? 0) / Double(count).squareRoot()
        guard mean.isFinite, mean >= 0, standardError.isFinite, standardError >= 0 else { return nil }
        return max(mean - standardError, 0)...(mean + standardError)
    }
}
