// ProgressChart: the progress-over-time chart's model: per mode and interval, a value per period with its band.

import PeachCore

/// The progress chart: one series per mode and interval trained (unison first), each a point per period (a
/// week, or a month or year over a long span) with a 68 % band, all on one time axis. Discrimination: the
/// threshold (T75) fitted to the period's comparisons and its 68 % credible interval. Matching: the mean absolute
/// error of the period's attempts ± one standard error.
public struct ProgressChart: Sendable {
    /// How long one point's period is. A chart shows weeks while they fit, else months, else years: a long
    /// span is summed up (a month's answers fitted together), not squeezed.
    public enum Grain: Sendable, Equatable {
        /// A week, Monday to Sunday (UTC).
        case week
        /// A calendar month; a week belongs to the month of its Thursday (as ISO 8601 gives a week its year).
        case month
        /// A calendar year; a week belongs to the year of its Thursday.
        case year
    }

    /// One period's point.
    public struct Point: Sendable {
        /// The ISO week of the period's first week, e.g. `2026-W47` (`peach profile --json` names weeks by it).
        public let week: String
        /// The period's first day: a week's Monday, a month's first day, a year's 1 January.
        public let start: LocalDay
        /// Its place on the chart's time axis: an index into ``ProgressChart/periods``.
        public let position: Int
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
        /// The periods with answers, oldest first.
        public let points: [Point]
    }

    /// One timing discipline at one tempo band, period by period. Offset detection: the threshold fitted to the
    /// period's answers (at the band's slope, leaning on its whole fit, as pitch periods do), in milliseconds at
    /// the band's mean tempo, with its likely range. Fill the gap and rhythm echo: how far the period's trials
    /// were from on time (the mean of their absolute mean offsets), ± one standard error, in milliseconds.
    public struct TimingSeries: Sendable {
        /// Which discipline.
        public let discipline: TimingHistory.Discipline
        /// Which tempo band.
        public let band: TempoBand
        /// The periods with results, oldest first; their values are in milliseconds.
        public let points: [Point]
    }

    /// The series, discrimination before matching, each by interval.
    public let series: [Series]
    /// The timing series: offset detection, then fill the gap, each by tempo band.
    public let timing: [TimingSeries]
    /// How long each point's period is.
    public let grain: Grain
    /// The time axis every series shares: each period's first day, oldest first, every period from the first
    /// shown to the one of the newest answer (a period without answers stays a gap).
    public let periods: [LocalDay]

    /// How many weeks a chart shows unless asked (`peach profile --progress`): half a year.
    public static let standardWeeks = 26
    /// How many periods a chart shows at most unless asked: a year of weeks fits, ten years are shown by month.
    public static let standardPeriods = 80

    /// The chart of `history` and `timing` over the `weeks` weeks up to the newest answer of any series (or
    /// from the oldest, when that is later), one time axis for all: weeks while at most `maximumPeriods` fit,
    /// else months, else years.
    public init(
        history: ProgressHistory, timing: TimingHistory = TimingHistory(), weeks: Int = standardWeeks,
        maximumPeriods: Int = standardPeriods
    ) {
        let timingWeeks = TimingHistory.Discipline.allCases.flatMap { discipline in
            TempoBand.allCases.map { band in (discipline, band, timing.weeks(of: discipline, band: band)) }
        }
        let allWeeks = history.seriesKeys.map(history.weeks(of:)) + timingWeeks.map(\.2)
        guard let last = allWeeks.compactMap(\.last?.number).max(),
            let oldest = allWeeks.compactMap(\.first?.number).min()
        else {
            (series, self.timing, grain, periods) = ([], [], .week, [])
            return
        }
        let axis = Axis(
            fromWeek: max(oldest, last - max(weeks, 1) + 1), toWeek: last, maximum: maximumPeriods)
        (grain, periods) = (axis.grain, axis.periods)
        self.timing = timingWeeks.compactMap { discipline, band, weeks in
            let points = Self.timingPoints(timing, discipline, band, weeks: weeks, axis: axis)
            return points.isEmpty ? nil : TimingSeries(discipline: discipline, band: band, points: points)
        }
        series = history.seriesKeys.compactMap { key in
            let whole = key.isDiscrimination ? history.fit(of: key) : nil
            let points = axis.points(of: history.weeks(of: key)) { period in
                if key.isDiscrimination {
                    guard let estimate = period.threshold(within: whole) else { return nil }
                    return (estimate.cents, estimate.interval68, ProgressHistory.isUncertain(estimate))
                }
                return Self.meanError(of: period)
            }
            return points.isEmpty ? nil : Series(key: key, points: points)
        }
    }

    /// The time axis: which period a week falls in, and each period's first day.
    struct Axis {
        let grain: Grain
        let firstWeek: Int
        let lastWeek: Int
        let firstKey: Int
        let periods: [LocalDay]

        /// The axis from week `firstWeek` to `lastWeek` in the finest grain of which at most `maximum` periods
        /// cover them (years when none does).
        init(fromWeek firstWeek: Int, toWeek lastWeek: Int, maximum: Int) {
            (self.firstWeek, self.lastWeek) = (firstWeek, lastWeek)
            grain =
                [Grain.week, .month].first {
                    Self.key(of: lastWeek, $0) - Self.key(of: firstWeek, $0) < max(maximum, 1)
                } ?? .year
            firstKey = Self.key(of: firstWeek, grain)
            let grain = grain
            periods = (firstKey...Self.key(of: lastWeek, grain)).map { Self.start(ofPeriod: $0, grain) }
        }

        /// The period of week `number`: the week itself, or its Thursday's month (counted from year 0) or year.
        static func key(of number: Int, _ grain: Grain) -> Int {
            guard grain != .week else { return number }
            let thursday = ProgressHistory.Week.thursday(ofWeek: number).components
            return grain == .month ? thursday.year * 12 + thursday.month - 1 : thursday.year
        }

        /// The first day of period `key`.
        static func start(ofPeriod key: Int, _ grain: Grain) -> LocalDay {
            switch grain {
            case .week: ProgressHistory.Week.monday(ofWeek: key)
            case .month:
                LocalDay(year: (key - (key < 0 ? 11 : 0)) / 12, month: (key % 12 + 12) % 12 + 1, day: 1)
            case .year: LocalDay(year: key, month: 1, day: 1)
            }
        }

        /// A point per period of `weeks` (oldest first) on the axis: its weeks taken together, valued by `value`
        /// (nil: no point).
        func points(
            of weeks: [ProgressHistory.Week],
            value: (ProgressHistory.Week) -> (Double, ClosedRange<Double>, uncertain: Bool)?
        ) -> [Point] {
            var result: [Point] = []
            var index = weeks.firstIndex { $0.number >= firstWeek } ?? weeks.count
            while index < weeks.count, weeks[index].number <= lastWeek {
                let key = Self.key(of: weeks[index].number, grain)
                var period = weeks[index]
                index += 1
                while index < weeks.count, weeks[index].number <= lastWeek,
                    Self.key(of: weeks[index].number, grain) == key
                {
                    period = period.merged(with: weeks[index])
                    index += 1
                }
                guard let (value, band, uncertain) = value(period) else { continue }
                var point = Point(
                    week: period.isoWeek, start: Self.start(ofPeriod: key, grain), position: key - firstKey,
                    value: value, band: band, count: period.count)
                point.isUncertain = uncertain
                result.append(point)
            }
            return result
        }
    }

    /// Whether there is nothing to show.
    public var isEmpty: Bool { series.isEmpty && timing.isEmpty }

    /// The points of a timing series' `weeks` on `axis` (only those weeks are fitted: a series holds every week
    /// of years of practice).
    private static func timingPoints(
        _ timing: TimingHistory, _ discipline: TimingHistory.Discipline, _ band: TempoBand,
        weeks: [ProgressHistory.Week], axis: Axis
    ) -> [Point] {
        switch discipline {
        case .offsetDetection:
            let whole = timing.threshold(band: band)
            let stepMs = whole?.stepMs ?? 0
            return axis.points(of: weeks) { period in
                guard let estimate = period.threshold(within: whole?.percent), stepMs > 0, stepMs.isFinite,
                    estimate.interval68.lowerBound.isFinite, estimate.interval68.upperBound.isFinite
                else {
                    return nil
                }
                let range = estimate.interval68
                return (
                    estimate.cents / 100 * stepMs,
                    range.lowerBound / 100 * stepMs...range.upperBound / 100 * stepMs,
                    ProgressHistory.isUncertain(estimate)
                )
            }
        case .gapFill, .echo:
            return axis.points(of: weeks, value: meanError)
        }
    }

    /// A period's mean absolute error (matching's cents, fill the gap's and rhythm echo's milliseconds) with
    /// its band; nil without errors or with numbers that cannot be true.
    private static func meanError(
        of period: ProgressHistory.Week
    ) -> (Double, ClosedRange<Double>, uncertain: Bool)? {
        let errors = period.absoluteErrors
        guard errors.count > 0,
            let band = band(errors.mean, spread: errors.sampleStandardDeviation, count: errors.count)
        else { return nil }
        return (errors.mean, band, false)
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
