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

    /// The series title, e.g. `P5 (just) · discrimination: threshold (T75) per week, with its likely range`
    /// (`per month`, `per year` over a long span).
    public func title(_ series: ProgressChart.Series, grain: ProgressChart.Grain = .week) -> String {
        let per = texts.perPeriod(grain)
        // TRANSLATORS: {1}: per week, per month or per year
        return texts.intervalName(series.key.interval)
            + (series.key.isDiscrimination
                ? texts.tr(" · discrimination: threshold (75 % correct) \(per), with its likely range")
                : texts.tr(" · matching: mean absolute error \(per), ± one standard error"))
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
        let per = texts.perPeriod(chart.grain)
        return chart.series.map { series in
            Panel(
                title: title(series, grain: chart.grain), points: series.points, unit: texts.tr("cents"),
                value: { texts.cents($0) },
                count: { series.key.isDiscrimination ? texts.answers($0) : texts.attempts($0) },
                legend: legend(
                    isThreshold: series.key.isDiscrimination, per: per,
                    uncertain: series.points.contains(where: \.isUncertain)))
        }
            + chart.timing.map { series in
                Panel(
                    title: timingTitle(series, grain: chart.grain), points: series.points,
                    unit: texts.tr("ms"),
                    value: { texts.tr("\(texts.format($0, 1)) ms") },
                    count: {
                        series.discipline == .offsetDetection ? texts.answers($0) : texts.trialsCount($0)
                    },
                    legend: timingLegend(series, per: per))
            }
    }

    /// A timing series' title, e.g. `Early or late, 80–119 BPM: threshold (75 % correct) per week, with its
    /// likely range` (`per month`, `per year` over a long span).
    public func timingTitle(
        _ series: ProgressChart.TimingSeries, grain: ProgressChart.Grain = .week
    ) -> String {
        let band = texts.bandName(series.band)
        let per = texts.perPeriod(grain)
        switch series.discipline {
        case .offsetDetection:
            // TRANSLATORS: {1}: a band's name, e.g. moderate; {2}: per week, per month or per year
            return texts.tr("Early or late, \(band): threshold (75 % correct) \(per), with its likely range")
        case .gapFill:
            // TRANSLATORS: {1}: a band's name, e.g. moderate; {2}: per week, per month or per year
            return texts.tr("Fill the gap, \(band): distance from on time \(per), ± one standard error")
        case .echo:
            // TRANSLATORS: {1}: a band's name, e.g. moderate; {2}: per week, per month or per year
            return texts.tr(
                "Rhythm echo, \(band): distance of the hits from their notes \(per), ± one standard error")
        }
    }

    /// The chart as terminal lines: a row per period, named as people read dates (`12 Oct`, a month `Oct`, a
    /// year `2026`), with a line for the year where it begins or changes.
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
        // As wide as the grain's longest label in this language, so every panel's rows line up.
        let labelWidth =
            switch chart.grain {
            case .week:
                (1...12).map { texts.dayAndMonth(LocalDay(year: 2001, month: $0, day: 28)).count }.max() ?? 6
            case .month: (1...12).map { texts.monthShort($0).count }.max() ?? 3
            case .year: 4
            }
        var result: [String] = []
        for panel in panels(chart) {
            let labels = panel.points.map { texts.periodLabel($0.start, chart.grain) }
            result.append(panel.title)
            result.append(String(repeating: " ", count: labelWidth + 4) + String(axis) + "  " + panel.unit)
            var year: Int?
            for (point, label) in zip(panel.points, labels) {
                let pointYear = point.start.components.year
                if chart.grain != .year, pointYear != year {
                    result.append("  \(pointYear)")
                    year = pointYear
                }
                let name = label + String(repeating: " ", count: labelWidth - label.count)
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
                    result.append(texts.tr("  \(name)  \(String(row))  too uncertain to say  (\(count))"))
                    continue
                }
                row[column(point.value)] = "●"
                result.append("  \(name)  " + String(row) + "  " + panel.value(point.value) + "  (\(count))")
            }
            result.append("")
        }
        return Array(result.dropLast())
    }

    /// The chart as a standalone SVG document drawn for `layout`: the title, then a panel per series with its own
    /// title and legend (the value per period and its band: the likely range of a threshold, ± one standard
    /// error of a matching error), the log scale up (labelled in cents or ms), and one time axis under every
    /// panel: the same periods, dates as people read them, the year under its first period. A period without
    /// answers is a gap; a lone period is drawn as a point with its band as an error bar (a band needs two
    /// neighbouring periods to be an area). Titles and legends wrap to the width.
    public func document(_ chart: ProgressChart, title: String, layout: ChartLayout = .wide) -> String {
        let size = layout.textSize
        let line = size + 5
        let (left, right) = (8 + ChartLayout.textWidth("100", size: size) + 6, 12.0)
        let width = layout.width
        let plotWidth = width - left - right
        let plotHeight = layout == .phone ? 140.0 : 150
        let panels = self.panels(chart)
        let periods = max(chart.periods.count, 1)
        let slot = plotWidth / Double(periods)
        let labels = chart.periods.map { texts.periodLabel($0, chart.grain) }
        let labelRoom = (labels.map { ChartLayout.textWidth($0, size: size) }.max() ?? 0) + 8
        let labelEvery = max(1, Int((labelRoom / slot).rounded(.up)))
        let escape = SVGChartRenderer.escape
        let number = SVGChartRenderer.number
        var (body, top) = layout.title(title)
        top += 8
        if panels.isEmpty {
            // No period yet: the picture says so, as the text does, rather than staying blank.
            body.append(
                ##"<text class="empty" x="4" y="\##(number(top + size))">\##(escape(texts.tr("No progress to show yet.")))</text>"##
            )
            top += line + 8
        }
        // The time axis's labels, the same under every panel: the latest period always, evenly back; the year
        // under the first labelled period and where it changes.
        var ticks: [(x: Double, label: String, year: String?)] = []
        var lastYear: Int?
        for position in chart.periods.indices where (periods - 1 - position) % labelEvery == 0 {
            let year = chart.periods[position].components.year
            let shown = chart.grain != .year && year != lastYear ? String(year) : nil
            // Centred under its period, but inside the picture (the newest label at the right edge).
            let longest = labels[position].count > (shown?.count ?? 0) ? labels[position] : shown ?? ""
            let half = ChartLayout.textWidth(longest, size: size) * 0.45
            let x = min(left + slot * (Double(position) + 0.5), width - 2 - half)
            ticks.append((x, labels[position], shown))
            lastYear = year
        }
        for panel in panels {
            let seriesSize = layout.seriesTitleSize
            for text in ChartLayout.wrap(panel.title, size: seriesSize, room: width - 8) {
                top += seriesSize + 4
                body.append(
                    ##"<text class="series-title" x="4" y="\##(number(top))" font-size="\##(number(seriesSize))">\##(escape(text))</text>"##
                )
            }
            let legend = layout.legend(panel.legend, top: top + 6)
            body += legend.elements
            top = legend.lastRow + line + 6
            body.append(
                ##"<text class="axis-label" x="4" y="\##(number(top + size))">\##(panel.unit)</text>"##
            )
            let plotTop = top + size + 14  // the unit's label clear of the top value's
            func y(_ cents: Double) -> Double {
                plotTop + plotHeight - ProfileChart.position(cents) * plotHeight
            }
            func x(_ position: Int) -> Double { left + slot * (Double(position) + 0.5) }
            for cents in [1.0, 10, 100] {
                body.append(
                    ##"<line x1="\##(number(left))" y1="\##(number(y(cents)))" x2="\##(number(width - right))" y2="\##(number(y(cents)))" stroke="#ddd"/>"##
                )
                body.append(
                    ##"<text x="\##(number(left - 4))" y="\##(number(y(cents)))" text-anchor="end" dominant-baseline="middle">\##(Int(cents))</text>"##
                )
            }
            // Each run of neighbouring periods is an area and a line; a gap breaks them.
            var runs: [[ProgressChart.Point]] = []
            for point in panel.points {
                if let previous = runs.last?.last, previous.position + 1 == point.position {
                    runs[runs.count - 1].append(point)
                } else {
                    runs.append([point])
                }
            }
            for run in runs where run.count >= 2 {
                let upper = run.map { "\(number(x($0.position))),\(number(y($0.band.upperBound)))" }
                let lower = run.reversed().map {
                    "\(number(x($0.position))),\(number(y(max($0.band.lowerBound, ProfileChart.bottom))))"
                }
                body.append(
                    ##"<polygon class="band" points="\##((upper + lower).joined(separator: " "))" fill="#9ecae1" opacity="0.7"/>"##
                )
                body.append(
                    ##"<polyline class="value" points="\##(run.map { "\(number(x($0.position))),\(number(y($0.value)))" }.joined(separator: " "))" fill="none" stroke="#3182bd" stroke-width="2"/>"##
                )
            }
            let barWidth = min(8, max(slot * 0.6, 2))
            for point in panel.points {
                let bandTop = y(point.band.upperBound)
                let bandBottom = y(max(point.band.lowerBound, ProfileChart.bottom))
                let name = texts.periodName(point.start, chart.grain)
                // The tooltip's numbers as the page writes them (German `12,5`); coordinates stay `number`'s.
                let range =
                    "\(texts.format(point.band.lowerBound, 1))–\(texts.format(point.band.upperBound, 1))"
                body.append(
                    ##"<rect class="band-bar" x="\##(number(x(point.position) - barWidth / 2))" y="\##(number(bandTop))" width="\##(number(barWidth))" height="\##(number(max(bandBottom - bandTop, 0)))" fill="#9ecae1"/>"##
                )
                body.append(
                    ##"<circle cx="\##(number(x(point.position)))" cy="\##(number(y(point.value)))" r="3" fill="\##(point.isUncertain ? "white" : "#3182bd")" stroke="#3182bd"><title>\##(escape(name)): \##(texts.format(point.value, 1)) \##(panel.unit), \##(escape(panel.legend[1].label)) \##(range), \##(panel.count(point.count))</title></circle>"##
                )
            }
            let axisY = plotTop + plotHeight
            for tick in ticks {
                body.append(
                    ##"<text class="period" x="\##(number(tick.x))" y="\##(number(axisY + line))" text-anchor="middle">\##(escape(tick.label))</text>"##
                )
                if let year = tick.year {
                    body.append(
                        ##"<text class="year" x="\##(number(tick.x))" y="\##(number(axisY + 2 * line))" text-anchor="middle">\##(year)</text>"##
                    )
                }
            }
            top = axisY + 2 * line + 12
        }
        return layout.document(title: title, height: top + 8, body: body)
    }

    /// The legend of a timing series: the value per week, and what its band is.
    private func timingLegend(
        _ series: ProgressChart.TimingSeries, per: String
    ) -> [(label: String, swatch: (Double, Double) -> String)] {
        let threshold = legend(
            isThreshold: true, per: per, uncertain: series.points.contains(where: \.isUncertain))
        let error = legend(isThreshold: false, per: per)
        // TRANSLATORS: {1}: per week, per month or per year
        return series.discipline == .offsetDetection
            ? threshold : [(texts.tr("distance from on time, \(per)"), error[0].swatch), error[1]]
    }

    /// The legend of a threshold per week (with its likely range) or an error per week (± one standard error);
    /// with `uncertain`, the hollow point of a week too uncertain to give a number.
    private func legend(
        isThreshold: Bool, per: String, uncertain: Bool = false
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
                // TRANSLATORS: {1}: per week, per month or per year
                (texts.tr("threshold (75 % correct), \(per)"), value),
                (texts.tr("likely range"), band),
            ] + (uncertain ? [(texts.tr("too uncertain to say"), hollow)] : [])
            : [
                // TRANSLATORS: {1}: per week, per month or per year
                (texts.tr("mean absolute error, \(per)"), value),
                (texts.tr("± one standard error"), band),
            ]
    }
}
