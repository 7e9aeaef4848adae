// ProgressTrend: the progress chart's change in plain words: "your threshold fell from 57 cents to 40 cents in 4 weeks".

import PeachCore
import PeachTraining

/// What a pitch series of the progress chart did lately, in a sentence a musician reads at a glance: its newest
/// week against the week ``span`` days before it (or the series' first, when it is younger). A change counts only
/// when the two weeks' likely ranges do not overlap; otherwise the value held. Weeks whose range is too wide to
/// give a number (``ProgressChart/Point/isUncertain``) are not compared.
public struct ProgressTrend: Sendable {
    /// How far back the newest week is compared, days: four weeks.
    public static let span = 28

    /// The words.
    public let texts: Texts

    /// Trends in `texts`' language.
    public init(texts: Texts) { self.texts = texts }

    /// A sentence per pitch series with two or more certain weeks, in the chart's order.
    public func sentences(_ chart: ProgressChart) -> [String] {
        chart.series.compactMap(sentence)
    }

    /// `Prime, discrimination: your threshold fell from 57 cents to 40 cents in 4 weeks`; nil when the series
    /// has fewer than two certain weeks.
    public func sentence(_ series: ProgressChart.Series) -> String? {
        let points = series.points.filter { !$0.isUncertain }
        guard let last = points.last, points.count >= 2 else { return nil }
        let since = last.start.dayNumber - Self.span
        guard
            let first = points.first(where: { $0.start.dayNumber >= since && $0.start != last.start })
                ?? points.first
        else { return nil }
        let weeks = max(1, (last.start.dayNumber - first.start.dayNumber) / 7)
        let name = texts.intervalName(series.key.interval)
        let (from, to) = (texts.cents(first.value, 0), texts.cents(last.value, 0))
        let change: Change =
            first.band.overlaps(last.band) ? .held : last.value < first.value ? .fell : .rose
        return series.key.isDiscrimination
            ? threshold(name, change, from: from, to: to, weeks: weeks)
            : matching(name, change, from: from, to: to, weeks: weeks)
    }

    private enum Change { case fell, rose, held }

    private func threshold(_ name: String, _ change: Change, from: String, to: String, weeks: Int) -> String {
        switch change {
        case .fell:
            texts.tr(
                one: "\(name), discrimination: your threshold fell from \(from) to \(to) in \(weeks) week",
                other: "\(name), discrimination: your threshold fell from \(from) to \(to) in \(weeks) weeks",
                count: weeks)
        case .rose:
            texts.tr(
                one: "\(name), discrimination: your threshold rose from \(from) to \(to) in \(weeks) week",
                other: "\(name), discrimination: your threshold rose from \(from) to \(to) in \(weeks) weeks",
                count: weeks)
        case .held:
            texts.tr(
                one: "\(name), discrimination: your threshold held at about \(to) over \(weeks) week",
                other: "\(name), discrimination: your threshold held at about \(to) over \(weeks) weeks",
                count: weeks)
        }
    }

    private func matching(_ name: String, _ change: Change, from: String, to: String, weeks: Int) -> String {
        switch change {
        case .fell:
            texts.tr(
                one: "\(name), matching: your mean error fell from \(from) to \(to) in \(weeks) week",
                other: "\(name), matching: your mean error fell from \(from) to \(to) in \(weeks) weeks",
                count: weeks)
        case .rose:
            texts.tr(
                one: "\(name), matching: your mean error rose from \(from) to \(to) in \(weeks) week",
                other: "\(name), matching: your mean error rose from \(from) to \(to) in \(weeks) weeks",
                count: weeks)
        case .held:
            texts.tr(
                one: "\(name), matching: your mean error held at about \(to) over \(weeks) week",
                other: "\(name), matching: your mean error held at about \(to) over \(weeks) weeks",
                count: weeks)
        }
    }
}
