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
        /// The value, cents.
        public let cents: Double
        /// The 68 % band, cents.
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

    /// The series, discrimination before matching, each by interval.
    public let series: [Series]

    /// The chart of `history`, the last `weeks` weeks with answers of each series.
    public init(history: ProgressHistory, weeks: Int = 26) {
        series = history.series.keys.sorted().compactMap { key in
            let whole = key.isDiscrimination ? history.fit(of: key) : nil
            let points = (history.series[key] ?? []).suffix(weeks).compactMap { week -> Point? in
                if key.isDiscrimination {
                    guard let estimate = week.threshold(within: whole) else { return nil }
                    var point = Point(
                        week: week.isoWeek, start: week.start, cents: estimate.cents,
                        band: estimate.interval68, count: week.count)
                    point.isUncertain = ProgressHistory.isUncertain(estimate)
                    return point
                }
                let errors = week.absoluteErrors
                guard errors.count > 0 else { return nil }
                let standardError = (errors.sampleStandardDeviation ?? 0) / Double(errors.count).squareRoot()
                return Point(
                    week: week.isoWeek, start: week.start, cents: errors.mean,
                    band: max(errors.mean - standardError, 0)...(errors.mean + standardError),
                    count: errors.count)
            }
            return points.isEmpty ? nil : Series(key: key, points: points)
        }
    }

    /// Whether there is nothing to show.
    public var isEmpty: Bool { series.isEmpty }
}
