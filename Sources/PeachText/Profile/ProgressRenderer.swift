// ProgressRenderer: the progress chart as terminal lines and as a standalone SVG document.

import PeachCore
import PeachTraining

/// Draws a ``ProgressChart``: in a terminal a row per week on the profile's log scale (1–100 cents), the band
/// as `├──┤` and the value as `●`; as SVG a panel per series with the band shaded and the values joined.
public struct ProgressRenderer: Sendable {
    /// The language of the titles.
    public let texts: Texts

    /// A renderer in `texts`' language.
    public init(texts: Texts) { self.texts = texts }

    /// The width of the terminal scale, characters.
    static let scaleWidth = 41

    /// The series title, e.g. `P5 (just) · discrimination: threshold (T75) per week, with its likely range`.
    public func title(_ series: ProgressChart.Series) -> String {
        texts.intervalName(series.key.interval)
            + (series.key.isDiscrimination
                ? texts.tr(" · discrimination: threshold (75 % correct) per week, with its likely range")
                : texts.tr(" · matching: mean absolute error per week, ± one standard error"))
    }

    /// One panel of the chart: a pitch series or a timing series, with its words and unit.
    private struct Panel {
        let title: String
        let points: [ProgressChart.Point]
        /// The axis line's unit (`cents`, `ms`) and a value with its unit.
        let unit: String
        let value: (Double) -> String
        /// `12 answers`, `3 attempts`, `5 trials`.
        let count: (Int) -> String
        let legend: [(label: String, swatch: (Double, Double) -> String)]
    }

    /// The panels of `chart`: the pitch series, then the timing series.
    private func panels(_ chart: ProgressChart) -> [Panel] {
        chart.series.map { series in
            Panel(
                title: title(series), points: series.points, unit: texts.tr("cents"),
                value: { texts.cents($0) },
                count: { series.key.isDiscrimination ? texts.answers($0) : texts.attempts($0) },
                legend: legend(
                    isThreshold: series.key.isDiscrimination,
                    uncertain: series.points.contains(where: \.isUncertain)))
        }
            + chart.timing.map { series in
                Panel(
                    title: timingTitle(series), points: series.points, unit: texts.tr("ms"),
                    value: { texts.tr("\(texts.format($0, 1)) ms") },
                    count: {
                        series.discipline == .offsetDetection ? texts.answers($0) : texts.trialsCount($0)
                    },
                    legend: timingLegend(series))
            }
    }

    /// A timing series' title, e.g. `Early or late, 80–119 BPM: threshold (75 % correct) per week, ms`.
    public func timingTitle(_ series: ProgressChart.TimingSeries) -> String {
        switch series.discipline {
        case .offsetDetection:
            texts.tr(
                "Early or late, \(texts.bandName(series.band)): threshold (75 % correct) per week, with its likely range"
            )
        case .gapFill:
            texts.tr(
                "Fill the gap, \(texts.bandName(series.band)): distance from on time per week, ± one standard error"
            )
        case .echo:
            texts.tr(
                "Rhythm echo, \(texts.bandName(series.band)): distance of the hits from their notes per week, ± one "
                    + "standard error")
        }
    }

    /// The chart as terminal lines.
    public func lines(_ chart: ProgressChart) -> [String] {
        guard !chart.isEmpty else {
            return [texts.tr("No progress to show yet.")]
        }
        let width = Self.scaleWidth
        func column(_ cents: Double) -> Int {
            min(Int((ProfileChart.position(cents) * Double(width - 1)).rounded()), width - 1)
        }
        var axis = [Character](repeating: " ", count: width)
        for (cents, label) in [(1.0, "1"), (10.0, "10"), (100.0, "100")] {
            let start = min(column(cents), width - label.count)
            for (offset, character) in label.enumerated() { axis[start + offset] = character }
        }
        var result: [String] = []
        for panel in panels(chart) {
            result.append(panel.title)
            result.append("            \(String(axis))  \(panel.unit)")
            for point in panel.points {
                var row = [Character](repeating: "·", count: width)
                let low = column(max(point.band.lowerBound, ProfileChart.bottom))
                let high = column(point.band.upperBound)
                if high > low {
                    for index in low...high { row[index] = "─" }
                    row[low] = "├"
                    row[high] = "┤"
                }
                let count = panel.count(point.count)
                guard !point.isUncertain else {
                    result.append(
                        texts.tr("  \(point.week)  \(String(row))  too uncertain to say  (\(count))"))
                    continue
                }
                row[column(point.value)] = "●"
                result.append(
                    "  \(point.week)  " + String(row) + "  " + panel.value(point.value) + "  (\(count))")
            }
            result.append("")
        }
        return Array(result.dropLast())
    }

    /// The chart as a standalone SVG document: the title, then a panel per series with its own title and legend
    /// (the value per week and its band: the likely range of a threshold, ± one standard error of a matching
    /// error), weeks along the bottom, the log scale up (labelled in cents). A single week is drawn as a point
    /// with its band as an error bar (a band needs two weeks to be an area); the document is at least as wide as
    /// its longest text, so one week of data is as readable as a year.
    public func document(_ chart: ProgressChart, title: String) -> String {
        let left = 52.0
        let right = 20.0
        let panelHeight = 150.0
        let panelStride = panelHeight + 100
        let panels = self.panels(chart)
        let weeks = max(panels.map(\.points.count).max() ?? 1, 1)
        let step = 28.0
        let legends = panels.map(\.legend)
        let textWidths =
            [SVGChartRenderer.textWidth(title, size: 13)]
            + panels.map { SVGChartRenderer.textWidth($0.title, size: 11) }
            + legends.map { $0.reduce(0) { $0 + 34 + SVGChartRenderer.textWidth($1.label) } }
        let width = max(left + step * Double(weeks) + right, 8 + (textWidths.max() ?? 0), 360).rounded(.up)
        let plotWidth = width - left - right
        let slot = plotWidth / Double(weeks)
        let height = 36 + panelStride * Double(max(panels.count, 1))
        let escape = SVGChartRenderer.escape
        let number = SVGChartRenderer.number
        var parts: [String] = [
            ##"<?xml version="1.0" encoding="UTF-8"?>"##,
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(Int(width))" height="\##(Int(height))" viewBox="0 0 \##(Int(width)) \##(Int(height))" font-family="sans-serif" font-size="10">"##,
            "<title>\(escape(title))</title>",
            ##"<rect x="0" y="0" width="\##(Int(width))" height="\##(Int(height))" fill="white"/>"##,
            ##"<text class="title" x="4" y="17" font-size="13">\##(escape(title))</text>"##,
        ]
        if panels.isEmpty {
            // No week yet: the picture says so, as the text does, rather than staying blank.
            parts.append(
                ##"<text class="empty" x="4" y="44">\##(escape(texts.tr("No progress to show yet.")))</text>"##
            )
        }
        for (index, panel) in panels.enumerated() {
            let panelTop = 36 + Double(index) * panelStride
            let top = panelTop + 62  // below the panel's title, legend and axis label
            func y(_ cents: Double) -> Double {
                top + panelHeight - ProfileChart.position(cents) * panelHeight
            }
            func x(_ position: Int) -> Double { left + slot * (Double(position) + 0.5) }
            parts.append(
                ##"<text class="series-title" x="4" y="\##(number(panelTop + 12))" font-size="11">\##(escape(panel.title))</text>"##
            )
            var legendX = 4.0
            for item in legends[index] {
                parts.append(item.swatch(legendX, panelTop + 22))
                parts.append(
                    ##"<text x="\##(number(legendX + 20))" y="\##(number(panelTop + 31))">\##(escape(item.label))</text>"##
                )
                legendX += 34 + SVGChartRenderer.textWidth(item.label)
            }
            parts.append(
                ##"<text class="axis-label" x="4" y="\##(number(top - 12))">\##(panel.unit)</text>"##
            )
            for cents in [1.0, 10, 100] {
                parts.append(
                    ##"<line x1="\##(number(left))" y1="\##(number(y(cents)))" x2="\##(number(width - right))" y2="\##(number(y(cents)))" stroke="#ddd"/>"##
                )
                parts.append(
                    ##"<text x="\##(number(left - 4))" y="\##(number(y(cents)))" text-anchor="end" dominant-baseline="middle">\##(Int(cents))</text>"##
                )
            }
            let points = Array(panel.points.enumerated())
            if points.count >= 2 {
                let upper = points.map { "\(number(x($0.offset))),\(number(y($0.element.band.upperBound)))" }
                let lower = points.reversed().map {
                    "\(number(x($0.offset))),\(number(y(max($0.element.band.lowerBound, ProfileChart.bottom))))"
                }
                parts.append(
                    ##"<polygon class="band" points="\##((upper + lower).joined(separator: " "))" fill="#9ecae1" opacity="0.7"/>"##
                )
                parts.append(
                    ##"<polyline class="value" points="\##(points.map { "\(number(x($0.offset))),\(number(y($0.element.value)))" }.joined(separator: " "))" fill="none" stroke="#3182bd" stroke-width="2"/>"##
                )
            }
            let labelEvery = max(1, Int((60 / slot).rounded(.up)))
            for (position, point) in points {
                let bandTop = y(point.band.upperBound)
                let bandBottom = y(max(point.band.lowerBound, ProfileChart.bottom))
                parts.append(
                    ##"<rect class="band-bar" x="\##(number(x(position) - 4))" y="\##(number(bandTop))" width="8" height="\##(number(max(bandBottom - bandTop, 0)))" fill="#9ecae1"/>"##
                )
                parts.append(
                    ##"<circle cx="\##(number(x(position)))" cy="\##(number(y(point.value)))" r="3" fill="\##(point.isUncertain ? "white" : "#3182bd")" stroke="#3182bd"><title>\##(point.week): \##(number(point.value)) \##(panel.unit), \##(escape(legends[index][1].label)) \##(number(point.band.lowerBound))–\##(number(point.band.upperBound)), \##(panel.count(point.count))</title></circle>"##
                )
                if (points.count - 1 - position) % labelEvery == 0 {  // the latest week always, evenly back
                    parts.append(
                        ##"<text x="\##(number(x(position)))" y="\##(number(top + panelHeight + 14))" text-anchor="middle">\##(point.week)</text>"##
                    )
                }
            }
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }

    /// The legend of a timing series: the value per week, and what its band is.
    private func timingLegend(
        _ series: ProgressChart.TimingSeries
    ) -> [(label: String, swatch: (Double, Double) -> String)] {
        let threshold = legend(isThreshold: true, uncertain: series.points.contains(where: \.isUncertain))
        let error = legend(isThreshold: false)
        return series.discipline == .offsetDetection
            ? threshold : [(texts.tr("distance from on time, per week"), error[0].swatch), error[1]]
    }

    /// The legend of a threshold per week (with its likely range) or an error per week (± one standard error);
    /// with `uncertain`, the hollow point of a week too uncertain to give a number.
    private func legend(
        isThreshold: Bool, uncertain: Bool = false
    ) -> [(label: String, swatch: (Double, Double) -> String)] {
        let number = SVGChartRenderer.number
        let value: (Double, Double) -> String = { x, y in
            ##"<line x1="\##(number(x))" y1="\##(number(y + 5))" x2="\##(number(x + 16))" y2="\##(number(y + 5))" stroke="#3182bd" stroke-width="2"/><circle cx="\##(number(x + 8))" cy="\##(number(y + 5))" r="3" fill="#3182bd"/>"##
        }
        let band: (Double, Double) -> String = { x, y in
            ##"<rect class="legend" x="\##(number(x))" y="\##(number(y))" width="16" height="10" fill="#9ecae1"/>"##
        }
        let hollow: (Double, Double) -> String = { x, y in
            ##"<circle cx="\##(number(x + 8))" cy="\##(number(y + 5))" r="3" fill="white" stroke="#3182bd"/>"##
        }
        return isThreshold
            ? [
                (texts.tr("threshold (75 % correct), per week"), value),
                (texts.tr("likely range"), band),
            ] + (uncertain ? [(texts.tr("too uncertain to say"), hollow)] : [])
            : [
                (texts.tr("mean absolute error, per week"), value),
                (texts.tr("± one standard error"), band),
            ]
    }
}
