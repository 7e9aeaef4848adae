// ProgressRenderer: the progress chart as terminal lines and as a standalone SVG document.

import PeachCore

/// Draws a ``ProgressChart``: in a terminal a row per week on the profile's log scale (1–100 cents), the band
/// as `├──┤` and the value as `●`; as SVG a panel per series with the band shaded and the values joined.
public struct ProgressRenderer: Sendable {
    /// The language of the titles.
    public let texts: Texts

    /// A renderer in `texts`' language.
    public init(texts: Texts) { self.texts = texts }

    /// The width of the terminal scale, characters.
    static let scaleWidth = 41

    /// The series title, e.g. `P5 (just) · discrimination: threshold (T75) per week, 68 % band`.
    public func title(_ series: ProgressChart.Series) -> String {
        texts.intervalName(series.key.interval)
            + (series.key.isDiscrimination
                ? texts.pick(
                    " · discrimination: threshold (75 % correct) per week, 68 % band",
                    " · Unterscheidung: Schwelle (75 % richtig) je Woche, 68-%-Band")
                : texts.pick(
                    " · matching: mean absolute error per week, ± one standard error",
                    " · Tonhöhe treffen: mittlerer absoluter Fehler je Woche, ± ein Standardfehler"))
    }

    /// The chart as terminal lines.
    public func lines(_ chart: ProgressChart) -> [String] {
        guard !chart.isEmpty else {
            return [texts.pick("No progress to show yet.", "Noch kein Verlauf zu zeigen.")]
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
        for series in chart.series {
            result.append(title(series))
            result.append("            " + String(axis) + texts.pick("  cents", "  Cent"))
            for point in series.points {
                var row = [Character](repeating: "·", count: width)
                let low = column(max(point.band.lowerBound, ProfileChart.bottom))
                let high = column(point.band.upperBound)
                if high > low {
                    for index in low...high { row[index] = "─" }
                    row[low] = "├"
                    row[high] = "┤"
                }
                row[column(point.cents)] = "●"
                result.append(
                    "  \(point.week)  " + String(row) + "  " + texts.cents(point.cents) + "  ("
                        + (series.key.isDiscrimination
                            ? texts.answers(point.count) : texts.attempts(point.count)) + ")")
            }
            result.append("")
        }
        return Array(result.dropLast())
    }

    /// The chart as a standalone SVG document: a panel per series, weeks along, the log scale up.
    public func document(_ chart: ProgressChart, title: String) -> String {
        let left = 44.0
        let panelHeight = 150.0
        let panelGap = 40.0
        let step = 28.0
        let weeks = max(chart.series.map(\.points.count).max() ?? 1, 2)
        let width = left + step * Double(weeks) + 20
        let height = 30 + (panelHeight + panelGap) * Double(max(chart.series.count, 1))
        let escape = SVGChartRenderer.escape
        let number = SVGChartRenderer.number
        var parts: [String] = [
            ##"<?xml version="1.0" encoding="UTF-8"?>"##,
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(Int(width))" height="\##(Int(height))" viewBox="0 0 \##(Int(width)) \##(Int(height))" font-family="sans-serif" font-size="10">"##,
            "<title>\(escape(title))</title>",
            ##"<rect x="0" y="0" width="\##(Int(width))" height="\##(Int(height))" fill="white"/>"##,
            ##"<text x="4" y="14" font-size="12">\##(escape(title))</text>"##,
        ]
        for (index, series) in chart.series.enumerated() {
            let top = 30 + Double(index) * (panelHeight + panelGap) + 16
            func y(_ cents: Double) -> Double {
                top + panelHeight - ProfileChart.position(cents) * panelHeight
            }
            func x(_ position: Int) -> Double { left + step * (Double(position) + 0.5) }
            parts.append(##"<text x="4" y="\##(number(top - 4))">\##(escape(self.title(series)))</text>"##)
            for cents in [1.0, 10, 100] {
                parts.append(
                    ##"<line x1="\##(number(left))" y1="\##(number(y(cents)))" x2="\##(number(width - 20))" y2="\##(number(y(cents)))" stroke="#ddd"/>"##
                )
                parts.append(
                    ##"<text x="\##(number(left - 4))" y="\##(number(y(cents)))" text-anchor="end" dominant-baseline="middle">\##(Int(cents))</text>"##
                )
            }
            let points = series.points.enumerated()
            let upper = points.map { "\(number(x($0.offset))),\(number(y($0.element.band.upperBound)))" }
            let lower = points.reversed().map {
                "\(number(x($0.offset))),\(number(y(max($0.element.band.lowerBound, ProfileChart.bottom))))"
            }
            parts.append(
                ##"<polygon class="band" points="\##((upper + lower).joined(separator: " "))" fill="#9ecae1" opacity="0.7"/>"##
            )
            parts.append(
                ##"<polyline class="value" points="\##(points.map { "\(number(x($0.offset))),\(number(y($0.element.cents)))" }.joined(separator: " "))" fill="none" stroke="#3182bd" stroke-width="2"/>"##
            )
            for (position, point) in points {
                parts.append(
                    ##"<circle cx="\##(number(x(position)))" cy="\##(number(y(point.cents)))" r="3" fill="#3182bd"><title>\##(point.week): \##(number(point.cents)) cents, 68 % band \##(number(point.band.lowerBound))–\##(number(point.band.upperBound)), \##(point.count) answers</title></circle>"##
                )
                if position % 4 == 0 || position == series.points.count - 1 {
                    parts.append(
                        ##"<text x="\##(number(x(position)))" y="\##(number(top + panelHeight + 12))" text-anchor="middle">\##(point.week)</text>"##
                    )
                }
            }
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }
}
