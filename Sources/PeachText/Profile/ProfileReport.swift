// ProfileReport: the words and numbers of `peach profile` and the start screen, from the stored contents.

import Foundation
import PeachCore
import PeachStore
import PeachTraining

/// What `peach profile` shows: the chart, the summary (mean, spread, trend), pitch-matching accuracy with an
/// honest empty state, and progress by day; as text lines or as JSON (``ProfileJSON``).
public struct ProfileReport: Sendable {
    /// The stored contents.
    public let contents: JournalContents
    /// The chart's range.
    public let range: NoteRange
    /// The language.
    public let texts: Texts
    /// How many days of progress to list.
    public let days: Int
    /// The time zone days are counted in.
    public let timeZone: TimeZone
    /// The chart model (thresholds fitted across the keyboard).
    public let chart: ProfileChart
    /// The threshold fitted to every comparison.
    public let threshold: ThresholdEstimate?
    /// The trend from per-session fits, nil without two sessions of enough answers.
    public let trend: Trend?
    /// The measurements, oldest first.
    public let measurements: [TrendAnalyzer.Measurement]
    /// The recent sessions with enough answers and their fitted thresholds, oldest first.
    public let sessions: [(session: TrendAnalyzer.Session, estimate: ThresholdEstimate)]
    /// The progress chart (per week, per mode and interval).
    public let progress: ProgressChart

    /// A report of `contents` over `range`, listing `days` days of progress in `timeZone`.
    public init(contents: JournalContents, range: NoteRange, texts: Texts, days: Int, timeZone: TimeZone) {
        self.contents = contents
        self.range = range
        self.texts = texts
        self.days = days
        self.timeZone = timeZone
        // One batch of fits: the chart's notes, the trend's sessions and every week of progress share each
        // stimulus level's log-likelihoods.
        (chart, threshold, trend, measurements, sessions, progress) =
            ThresholdPosterior.sharingLevelLikelihoods {
                (
                    ProfileChart(profile: contents.profile, range: range), contents.profile.fittedThreshold,
                    contents.trend.trend, contents.trend.measurements, contents.trend.sessionEstimates,
                    ProgressChart(history: contents.progress, timing: contents.timing)
                )
            }
    }

    /// The chart's title.
    public var title: String { texts(.profileTitle) + " (\(texts.rangeName(range)))" }

    /// What stands where the chart is empty: how to begin, or (with answers) why the chart is not there yet.
    var emptyChartLine: String {
        let count = contents.profile.comparisonCount
        if count > 0 { return texts.chartNeedsAnswers(count) }
        let hasOther =
            contents.profile.matching.count > 0 || contents.playBackCount > 0
            || !contents.timing.offsetDetectionBands.isEmpty
            || !contents.timing.gapFillBands.isEmpty
        return hasOther ? texts(.noDiscriminationYet) : texts(.emptyProfile)
    }

    /// The report as text lines, the chart fitting `width` columns (the other lines are wrapped by the screen).
    public func lines(width: Int = LineWrapper.standardWidth) -> [String] {
        var result = [title, ""]
        if chart.isEmpty {
            result.append(emptyChartLine)
        } else {
            result += TextChartRenderer(width: width).lines(chart)
        }
        result.append("")
        result += summaryLines
        // What the weeks did, and what to practise next, as the dashboard's overview says them.
        let lately = ProgressTrend(texts: texts).sentences(progress)
        if !lately.isEmpty { result += [""] + lately }
        if let next = PracticeSuggestion(history: contents.playBack, texts: texts).sentence {
            result += ["", next]
        }
        let points = contents.timeline.days(in: timeZone).suffix(days)
        if !points.isEmpty {
            result.append("")
            result.append(texts(.progressByDay))
            for point in points {
                result.append(
                    "  \(point.day)  \(texts.cents(point.statistics.mean))  (\(texts.answers(point.statistics.count)), "
                        + "\(texts(.rolling)) \(texts.format(point.rollingMean, 1)))")
            }
        }
        return result
    }

    /// The report's words without the chart and the days: the threshold and its trend, the sessions and
    /// measurements, pitch matching, the intervals, timing and play-back (blank lines between the parts).
    public var summaryLines: [String] {
        let profile = contents.profile
        var result: [String] = []
        if let thresholdLine { result.append(thresholdLine) }
        if let mean = profile.overallMean {
            let spread = profile.overallStandardDeviation.map { texts.format($0, 1) } ?? "–"
            result.append(
                texts.tr(
                    "Difficulty trained at (not a threshold): notes' mean \(texts.cents(mean)) · "
                        + "\(texts(.standardDeviation)) \(spread)"))
        }
        for (session, estimate) in sessions.suffix(3) where session.procedure == .training {
            result.append(texts.tr("Session \(day(session.end)): \(texts.threshold(estimate))"))
        }
        for measurement in measurements.suffix(5) {
            result.append(
                texts.tr("Measured \(day(measurement.date)): \(texts.threshold(measurement.estimate))"))
        }
        let matching = profile.matching
        if let meanError = texts.meanMatchingError(matching) {
            // Each mean with its likely range: ± one standard error (68 %, as the progress chart draws it).
            let spread = matching.spread.map { texts.format($0, 1) } ?? "–"
            result.append(
                "\(texts(.matchingTitle)): \(texts(.meanError)) \(meanError) · \(texts(.bias)) \(texts.matchingBias(matching)) · "
                    + "\(texts(.standardDeviation)) \(spread) · \(texts.attempts(matching.count))")
        } else {
            result.append(texts(.noMatching))
        }
        let intervals = intervalLines
        if !intervals.isEmpty {
            result.append("")
            result.append(texts.tr("Intervals:"))
            result += intervals.map { "  " + $0 }
        }
        let timing = TimingReport(history: contents.timing, texts: texts).lines
        if !timing.isEmpty {
            result.append("")
            result += timing
        }
        let playBack = PlayBackReport(history: contents.playBack, texts: texts).lines()
        if !playBack.isEmpty {
            result.append("")
            result += playBack
        }
        return result
    }

    /// The progress chart as text lines (`peach profile --progress`): the `weeks` weeks up to the newest answer
    /// (26 unless asked: the dashboard zooms), by week while `maximumPeriods` weeks fit, else by month or year.
    public func progressLines(
        weeks: Int = ProgressChart.standardWeeks, maximumPeriods: Int = ProgressChart.standardPeriods
    ) -> [String] {
        let chart = progressChart(weeks: weeks, maximumPeriods: maximumPeriods)
        let playBack = PlayBackReport(history: contents.playBack, texts: texts).weekLines
        return ProgressRenderer(texts: texts).lines(chart) + (playBack.isEmpty ? [] : [""] + playBack)
    }

    /// The profile chart, or with `progress` the progress chart (of the `weeks` weeks up to the newest answer), as
    /// a standalone SVG document drawn for `layout` (a phone's shows at most 36 periods: a year by month).
    public func svg(
        progress showProgress: Bool, weeks: Int = ProgressChart.standardWeeks, layout: ChartLayout = .wide
    ) -> String {
        guard showProgress else {
            return SVGChartRenderer(texts: texts).document(
                chart, title: title, notes: svgNotes, layout: layout)
        }
        let chart = progressChart(
            weeks: weeks, maximumPeriods: layout == .phone ? Self.phonePeriods : ProgressChart.standardPeriods
        )
        return ProgressRenderer(texts: texts).document(chart, title: texts.progressTitle, layout: layout)
    }

    /// The most periods a phone's chart (and the dashboard's list) shows: a year is shown by month.
    public static let phonePeriods = 36

    /// The progress chart of the `weeks` weeks up to the newest answer, in periods of which at most
    /// `maximumPeriods` fit (the report's own when it is the same).
    private func progressChart(weeks: Int, maximumPeriods: Int) -> ProgressChart {
        if weeks == ProgressChart.standardWeeks, maximumPeriods >= ProgressChart.standardWeeks {
            return progress
        }
        return ThresholdPosterior.sharingLevelLikelihoods {
            ProgressChart(
                history: contents.progress, timing: contents.timing, weeks: weeks,
                maximumPeriods: maximumPeriods)
        }
    }

    /// The lines under the SVG's chart: why the chart is empty (with answers, how many), the threshold the text
    /// gives, and the intervals trained.
    var svgNotes: [String] {
        (chart.isEmpty ? [emptyChartLine] : []) + (thresholdLine.map { [$0] } ?? []) + intervalLines
    }

    /// `Threshold 7.9 cents (…) · Trend: stable · 660 answers`: the screen's line, and the SVG's.
    var thresholdLine: String? {
        threshold.map { threshold in
            let trend = self.trend.map(texts.trend) ?? texts.trendUnknown
            return texts.tr(
                "Threshold \(texts.threshold(threshold)) · \(trend) · \(texts.answers(contents.profile.comparisonCount))"
            )
        }
    }

    /// A line per interval and tuning trained: its fitted threshold and its matching accuracy.
    public var intervalLines: [String] {
        contents.profile.trainedIntervals.map { key, interval in
            var parts: [String] = []
            if let threshold = interval.fittedThreshold {
                parts.append(
                    texts.tr(
                        "threshold \(texts.threshold(threshold)), \(texts.answers(interval.comparisonCount))")
                )
            }
            if let error = texts.meanMatchingError(interval.matching) {
                parts.append(
                    "\(texts(.meanError)) \(error) · \(texts(.bias)) \(texts.matchingBias(interval.matching)), "
                        + texts.attempts(interval.matching.count))
            }
            return texts.intervalName(key) + ": " + parts.joined(separator: " · ")
        }
    }

    private func day(_ date: Date) -> LocalDay { LocalDayReader.day(of: date, in: timeZone) }

    /// The numbers as one JSON document (sorted keys, pretty-printed).
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(model) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The numbers of the report.
    public var model: ProfileJSON {
        let profile = contents.profile
        return ProfileJSON(
            range: .init(from: range.lowerBound.rawValue, to: range.upperBound.rawValue),
            notes: chart.columns.compactMap { column in
                guard column.threshold != nil || column.mean != nil else { return nil }
                return .init(
                    note: column.note.rawValue, name: column.note.name, count: column.count,
                    threshold: column.threshold.map(ProfileJSON.Threshold.init), mean: column.mean,
                    stdDev: column.spread)
            },
            summary: .init(
                comparisons: profile.comparisonCount, threshold: threshold.map(ProfileJSON.Threshold.init),
                mean: profile.overallMean, stdDev: profile.overallStandardDeviation, trend: trend?.rawValue,
                relativeChange: contents.trend.relativeChange),
            measurements: measurements.map {
                .init(date: Timestamp.format($0.date), threshold: .init($0.estimate))
            },
            sessions: sessions.map {
                .init(
                    start: Timestamp.format($0.session.start), end: Timestamp.format($0.session.end),
                    procedure: $0.session.procedure.rawValue, answers: $0.session.count,
                    threshold: .init($0.estimate))
            },
            matching: .init(profile.matching),
            days: contents.timeline.days(in: timeZone).suffix(days).map {
                .init(
                    day: $0.day.description, count: $0.statistics.count, mean: $0.statistics.mean,
                    rollingMean: $0.rollingMean)
            },
            intervals: profile.trainedIntervals.map { key, interval in
                .init(
                    interval: key.interval.description, tuning: key.tuningSystem.rawValue,
                    comparisons: interval.comparisonCount,
                    threshold: interval.fittedThreshold.map(ProfileJSON.Threshold.init),
                    matching: .init(interval.matching))
            },
            progress: progress.series.map { series in
                .init(
                    mode: series.key.isDiscrimination ? "discrimination" : "matching",
                    interval: series.key.interval.interval.description,
                    tuning: series.key.interval.tuningSystem.rawValue,
                    weeks: series.points.map {
                        .init(
                            week: $0.week, start: $0.start.description, cents: $0.value,
                            lower68: $0.band.lowerBound, upper68: $0.band.upperBound, count: $0.count,
                            uncertain: $0.isUncertain)
                    })
            },
            timing: TimingReport(history: contents.timing, texts: texts).model,
            playBack: PlayBackReport(history: contents.playBack, texts: texts).model)
    }

    /// One line of sparkline over the range (▁…█ by fitted threshold, lower is better; blank untrained) in at
    /// most `width` columns, or nil.
    public func sparkline(width: Int) -> String? {
        guard !chart.isEmpty else { return nil }
        let blocks = Array("▁▂▃▄▅▆▇█")
        return String(
            chart.grouped(into: width).columns.map { column in
                guard let threshold = column.threshold?.cents else { return " " }
                return blocks[
                    min(Int(ProfileChart.position(threshold) * Double(blocks.count)), blocks.count - 1)]
            })
    }
}

extension ProfileReport {
    /// The start screen of the user at `locations`, shown through `show`. A broken settings file still shows
    /// the version and the commands (`peach settings` repairs it), then throws its error.
    /// - Throws: ``StoreError`` for the settings file or the store.
    public static func showStartScreen(
        at locations: DataLocations, texts: Texts, version: String, width: Int, show: ([String]) -> Void
    ) throws {
        let settings: PeachSettings
        do {
            settings = try SettingsFile(path: locations.settingsFile).load().settings
        } catch {
            show(["Peach \(version)", ""] + texts.startCommands)
            throw error
        }
        let contents = try JournalStore.read(directory: locations.dataDirectory)
        show(
            startScreen(
                contents: contents, range: settings.training.noteRange, texts: texts, version: version,
                width: width))
    }

    /// The start screen (`peach` alone): the version, a one-line profile preview over `range` with the
    /// threshold and matching error (or how to begin), then the commands; the preview fits `width` columns.
    public static func startScreen(
        contents: JournalContents, range: NoteRange, texts: Texts, version: String,
        width: Int = LineWrapper.standardWidth
    ) -> [String] {
        let report = ProfileReport(
            contents: contents, range: range, texts: texts, days: 1, timeZone: .current)
        var lines = ["Peach \(version)"]
        let (low, high) = (texts.noteName(range.lowerBound), texts.noteName(range.upperBound))
        let names = low.count + high.count + 2
        if let sparkline = report.sparkline(width: width - names) {
            lines.append("\(low) \(sparkline) \(high)")
        } else if contents.profile.comparisonCount > 0 {
            lines.append(report.emptyChartLine)
        }
        // The headline of each discipline trained, every number with its likely range: the pitch threshold, the
        // matching error, timing's threshold (at the tempo band with the most answers), the intervals trained,
        // fill the gap's mean and rhythm echo's level, play-back's share right.
        let timing = contents.timing.offsetDetectionBands.compactMap { band in
            contents.timing.threshold(band: band).map { (band: band, threshold: $0) }
        }.max { $0.threshold.answers < $1.threshold.answers }
        let summary = texts.startSummary(
            threshold: report.threshold, matching: contents.profile.matching, timing: timing
        )
        lines += summary.split(separator: "\n").map(String.init)
        let intervals = contents.profile.trainedIntervals
        if !intervals.isEmpty {
            lines.append(
                texts.startIntervals(
                    trained: intervals.count,
                    answers: intervals.reduce(0) { $0 + $1.profile.comparisonCount },
                    attempts: intervals.reduce(0) { $0 + $1.profile.matching.count }))
        }
        lines += TimingReport(history: contents.timing, texts: texts).startLines
        if let playBack = PlayBackReport(history: contents.playBack, texts: texts).summary {
            lines.append(playBack)
        }
        if lines.count == 1 { lines.append(texts(.emptyProfile)) }
        return lines + [""] + texts.startCommands
    }
}
