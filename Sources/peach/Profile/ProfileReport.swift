// ProfileReport: the words and numbers of `peach profile` and the start screen, from the stored contents.

import Foundation
import PeachCore
import PeachStore

/// What `peach profile` shows: the chart, the summary (mean, spread, trend), pitch-matching accuracy with an
/// honest empty state, and progress by day; as text lines or as JSON.
struct ProfileReport {
    /// The stored contents.
    let contents: JournalContents
    /// The chart's range.
    let range: NoteRange
    /// The language.
    let texts: Texts
    /// How many days of progress to list.
    let days: Int

    /// The chart model.
    var chart: ProfileChart { ProfileChart(profile: contents.profile, range: range) }

    /// The chart's title.
    var title: String { texts.profileTitle + " (\(range))" }

    /// The report as text lines.
    func lines() -> [String] {
        let profile = contents.profile
        var result = [title, ""]
        if chart.isEmpty {
            result.append(texts.emptyProfile)
        } else {
            result += TextChartRenderer().lines(chart)
        }
        result.append("")
        if let mean = profile.overallMean {
            let spread = profile.overallStandardDeviation.map { texts.format($0, 1) } ?? "–"
            let trend = contents.trend.trend.map(texts.trend) ?? texts.trendUnknown
            result.append(
                "\(texts.mean) \(texts.format(mean, 1)) cents · \(texts.standardDeviation) \(spread) · \(trend) · "
                    + "\(profile.comparisonCount) \(texts.answers)")
        }
        let matching = profile.matching
        if let error = matching.meanAbsoluteError {
            let bias = matching.bias.map { ($0 >= 0 ? "+" : "") + texts.format($0, 1) } ?? "–"
            let spread = matching.spread.map { texts.format($0, 1) } ?? "–"
            result.append(
                "\(texts.matchingTitle): \(texts.meanError) \(texts.format(error, 1)) \(texts.cents) · \(texts.bias) \(bias) · "
                    + "\(texts.standardDeviation) \(spread) · \(matching.count) \(texts.samples)")
        } else {
            result.append(texts.noMatching)
        }
        let points = contents.timeline.days().suffix(days)
        if !points.isEmpty {
            result.append("")
            result.append(texts.progressByDay)
            for point in points {
                result.append(
                    "  \(point.day)  \(texts.format(point.statistics.mean, 1)) \(texts.cents)  (\(point.statistics.count) "
                        + "\(texts.answers), \(texts.rolling) \(texts.format(point.rollingMean, 1)))")
            }
        }
        return result
    }

    /// The numbers as one JSON object.
    func json() -> String {
        let profile = contents.profile
        var object: [String: Any] = [
            "range": ["from": range.lowerBound.rawValue, "to": range.upperBound.rawValue],
            "notes": chart.columns.filter { $0.mean != nil }.map { column -> [String: Any] in
                var note: [String: Any] = [
                    "note": column.note.rawValue, "name": column.note.name, "count": column.count,
                    "mean": column.mean ?? 0,
                ]
                if let spread = column.spread { note["stdDev"] = spread }
                return note
            },
        ]
        var summary: [String: Any] = ["comparisons": profile.comparisonCount]
        if let mean = profile.overallMean { summary["mean"] = mean }
        if let spread = profile.overallStandardDeviation { summary["stdDev"] = spread }
        if let trend = contents.trend.trend { summary["trend"] = trend.rawValue }
        object["summary"] = summary
        var matching: [String: Any] = ["count": profile.matching.count]
        if let error = profile.matching.meanAbsoluteError { matching["meanAbsoluteError"] = error }
        if let bias = profile.matching.bias { matching["bias"] = bias }
        if let spread = profile.matching.spread { matching["stdDev"] = spread }
        object["matching"] = matching
        object["days"] = contents.timeline.days().suffix(days).map { point -> [String: Any] in
            [
                "day": point.day.description, "count": point.statistics.count, "mean": point.statistics.mean,
                "rollingMean": point.rollingMean,
            ]
        }
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .prettyPrinted]),
            let text = String(data: data, encoding: .utf8)
        else { return "{}" }
        return text
    }

    /// One line of sparkline over the range (▁…█ by threshold, lower is better; blank untrained), or nil.
    var sparkline: String? {
        guard !chart.isEmpty else { return nil }
        let blocks = Array("▁▂▃▄▅▆▇█")
        return String(
            chart.columns.map { column in
                guard let mean = column.mean else { return " " }
                return blocks[min(Int(ProfileChart.position(mean) * Double(blocks.count)), blocks.count - 1)]
            })
    }
}
