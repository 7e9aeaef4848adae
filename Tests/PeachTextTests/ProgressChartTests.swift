// ProgressChartTests: uncertain weeks, one time axis, months and years over long spans, dates people read, phone-sized SVG.

import Foundation
import PeachCore
import PeachStore
import Testing

@testable import PeachText
@testable import PeachTraining

@Suite("Progress chart")
struct ProgressChartTests {
    /// `count` comparisons at `cents`, `correct` of them right, in the week of `date`.
    static func comparisons(cents: Double, count: Int, correct: Int, at date: Date) -> [CompletedComparison] {
        (0..<count).map { index in
            CompletedComparison(
                comparison: Comparison(note1: 60, note2: 60, centDifference: Cents(cents)),
                answer: index < correct ? .higher : .lower, timestamp: date.addingTimeInterval(Double(index)),
                context: TrialContext(settings: .defaults))
        }
    }

    @Test("a week of 12 answers is too uncertain to say; a week of 300 gives its threshold")
    func uncertainWeek() {
        let monday = Date(timeIntervalSince1970: 1_767_571_200)
        var history = ProgressHistory()
        var answers = Self.comparisons(cents: 5, count: 100, correct: 60, at: monday)
        answers += Self.comparisons(cents: 10, count: 100, correct: 76, at: monday.addingTimeInterval(1000))
        answers += Self.comparisons(cents: 20, count: 100, correct: 92, at: monday.addingTimeInterval(2000))
        answers += Self.comparisons(
            cents: 10, count: 12, correct: 8, at: monday.addingTimeInterval(7 * 86_400))
        for answer in answers { history.add(answer) }
        let chart = ProgressChart(history: history)
        let points = chart.series.first?.points ?? []
        #expect(points.map(\.isUncertain) == [false, true])
        #expect(points.first.map { (8...12).contains($0.value) } == true)

        let lines = ProgressRenderer(texts: Texts(language: .english)).lines(chart)
        let weeks = lines.filter { $0.hasPrefix("  5 Jan  ") || $0.hasPrefix("  12 Jan  ") }
        #expect(weeks.count == 2)
        #expect(weeks.first?.contains("●") == true && weeks.first?.contains("cents  (300 answers)") == true)
        #expect(weeks.last?.contains("●") == false)
        #expect(weeks.last?.hasSuffix("too uncertain to say  (12 answers)") == true, "\(weeks.last ?? "")")
        let german = ProgressRenderer(texts: Texts(language: .german)).lines(chart)
        #expect(german.contains { $0.contains("zu unsicher für eine Zahl  (12 Antworten)") })
        let svg = ProgressRenderer(texts: Texts(language: .english)).document(chart, title: "Progress")
        // The week's hollow point, and the legend's, which says what a hollow point is.
        #expect(svg.components(separatedBy: ##"fill="white" stroke="#3182bd""##).count == 3)
        #expect(svg.contains(">too uncertain to say</text>"))
        let empty = ProgressRenderer(texts: Texts(language: .english)).document(
            ProgressChart(history: ProgressHistory()), title: "Progress")
        #expect(empty.contains(">No progress to show yet.</text>"), "an empty picture says so")
    }

    @Test(
        "a week's band is mean ± one standard error, never below zero; none from numbers that cannot be true")
    func weekBand() {
        #expect(ProgressChart.band(4, spread: 2, count: 4) == 3...5)
        #expect(ProgressChart.band(0.5, spread: 4, count: 4) == 0...2.5)
        #expect(ProgressChart.band(3, spread: nil, count: 1) == 3...3)
        // A forged snapshot's sums (the fuzzer's find: a negative mean crashed the chart's range).
        #expect(ProgressChart.band(-7, spread: 1, count: 2) == nil)
        #expect(ProgressChart.band(.nan, spread: 1, count: 2) == nil)
        #expect(ProgressChart.band(2, spread: .infinity, count: 2) == nil)
        #expect(ProgressChart.band(2, spread: -3, count: 2) == nil)
    }

    /// Matching attempts with `error` cents, `count` of them, in the week starting `weeks` weeks after Monday
    /// 2021-01-04 (a pitch series whose values are easy to tell apart).
    static func matching(error: Double, count: Int = 4, week: Int) -> [CompletedPitchMatching] {
        let monday = Date(timeIntervalSince1970: 1_609_718_400)  // 2021-01-04 00:00 UTC
        return (0..<count).map { index in
            CompletedPitchMatching(
                referenceNote: 60, initialOffset: 40, userError: Cents(index % 2 == 0 ? error : -error),
                timestamp: monday.addingTimeInterval(Double(week) * 7 * 86_400 + 3_600 + Double(index) * 10),
                context: TrialContext(
                    referencePitch: 440, timbre: "sine", noteDuration: 1, gap: 0.2, velocity: 80))
        }
    }

    @Test("every series shares one time axis ending at the newest answer; a week without answers is a gap")
    func oneAxis() throws {
        var history = ProgressHistory()
        // Matching: weeks 0, 1 and 3 (week 2 skipped); discrimination (unison) only in week 3.
        for week in [0, 1, 3] {
            for attempt in Self.matching(error: Double(10 + week), week: week) { history.add(attempt) }
        }
        let monday3 = Date(timeIntervalSince1970: 1_609_718_400 + 3 * 7 * 86_400)
        for answer in Self.comparisons(cents: 10, count: 60, correct: 45, at: monday3) { history.add(answer) }
        let chart = ProgressChart(history: history)
        #expect(chart.grain == .week)
        #expect(chart.periods.map(\.description) == ["2021-01-04", "2021-01-11", "2021-01-18", "2021-01-25"])
        let matching = try #require(chart.series.first { !$0.key.isDiscrimination })
        let discrimination = try #require(chart.series.first { $0.key.isDiscrimination })
        #expect(matching.points.map(\.position) == [0, 1, 3])
        #expect(matching.points.map(\.value) == [10, 11, 13])
        #expect(
            discrimination.points.map(\.position) == [3], "placed on the shared axis, not at its own start")
        // The last two weeks only: the older weeks of matching are left out, for both series alike.
        let recent = ProgressChart(history: history, weeks: 2)
        #expect(recent.periods.count == 2 && recent.series.allSatisfy { $0.points.last?.position == 1 })
        #expect(recent.series.first { !$0.key.isDiscrimination }?.points.map(\.value) == [13])

        let svg = ProgressRenderer(texts: Texts(language: .english)).document(chart, title: "Progress")
        // Two panels, the same four dates under each; the gap breaks matching's line into a run of two and a
        // lone week (drawn as a point with a bar, no line).
        let labels = Self.texts(of: "period", in: svg)
        #expect(labels == ["4 Jan", "11 Jan", "18 Jan", "25 Jan", "4 Jan", "11 Jan", "18 Jan", "25 Jan"])
        #expect(Self.texts(of: "year", in: svg) == ["2021", "2021"])
        #expect(svg.components(separatedBy: "<polyline").count == 2)
    }

    @Test("a long span is shown by month, a longer one by year: each period's answers taken together")
    func longSpans() throws {
        var history = ProgressHistory()
        // Five and a half years, a week in every month: 4 attempts of 12 cents, and in 2023 of 20.
        for week in stride(from: 0, to: 286, by: 4) {
            let year = 2021 + week / 52
            for attempt in Self.matching(error: year == 2023 ? 20 : 12, week: week) { history.add(attempt) }
        }
        let wide = ProgressChart(history: history, weeks: 520)
        #expect(wide.grain == .month)
        #expect(wide.periods.first?.description == "2021-01-01")
        #expect(wide.periods.count <= ProgressChart.standardPeriods)
        let phone = ProgressChart(history: history, weeks: 520, maximumPeriods: 36)
        #expect(phone.grain == .year)
        #expect(phone.periods.map(\.description) == (2021...2026).map { "\($0)-01-01" })
        let years = try #require(phone.series.first).points
        #expect(years.map(\.position) == [0, 1, 2, 3, 4, 5])
        #expect(years[2].value == 20 && years[1].value == 12)
        #expect(years[0].count == 13 * 4, "the year's 13 weeks of four attempts, fitted as one")
        // A year by week is 53 weeks: by week on a desktop, by month on a phone.
        #expect(ProgressChart(history: history, weeks: 52).grain == .week)
        #expect(ProgressChart(history: history, weeks: 52, maximumPeriods: 36).grain == .month)

        let english = ProgressRenderer(texts: Texts(language: .english))
        let lines = english.lines(wide)
        #expect(
            lines.first?.hasSuffix("matching: mean absolute error per month, ± one standard error") == true)
        #expect(lines.contains("  2022"), "a month's row is under its year's line")
        #expect(lines.contains { $0.hasPrefix("  Jan  ·") })
        let german = ProgressRenderer(texts: Texts(language: .german)).lines(phone)
        #expect(german.first?.contains("je Jahr") == true)
        #expect(german.contains { $0.hasPrefix("  2023  ·") && $0.contains("20,0 Cent") })
        let svg = english.document(phone, title: "Progress", layout: .phone)
        #expect(Self.texts(of: "period", in: svg).last == "2026")
        #expect(svg.contains("<title>2023: 20.0 cents"))
    }

    @Test("dates as people read them, English and German")
    func dates() {
        let english = Texts(language: .english)
        let german = Texts(language: .german)
        let day = LocalDay(year: 2026, month: 3, day: 2)
        #expect(english.periodLabel(day, .week) == "2 Mar" && german.periodLabel(day, .week) == "2. März")
        #expect(english.periodName(day, .week) == "week of 2 Mar 2026")
        #expect(german.periodName(day, .week) == "Woche ab 2. März 2026")
        #expect(
            english.periodName(day, .month) == "Mar 2026" && german.periodName(day, .month) == "März 2026")
        #expect(
            german.monthShort(10) == "Okt." && german.monthShort(9) == "Sep."
                && english.monthShort(5) == "May")
        #expect(english.periodLabel(day, .year) == "2026")
    }

    @Test("a phone's chart is 340 pixels wide with no text under 13; long titles wrap to fit it")
    func phoneLayout() throws {
        var history = ProgressHistory()
        for week in 0..<26 { for attempt in Self.matching(error: 8, week: week) { history.add(attempt) } }
        let chart = ProgressChart(history: history)
        for language in [Language.english, .german] {
            let svg = ProgressRenderer(texts: Texts(language: language)).document(
                chart, title: "Progress", layout: .phone)
            #expect(svg.contains(#"width="340""#) && svg.contains(#"font-size="13.0">"#))
            let sizes = Self.attributes("font-size", in: svg).compactMap(Double.init)
            #expect(sizes.min() == 13, "\(language)")
            // Every text's generous width estimate fits within the picture from where it starts.
            for (x, text, size) in Self.placedTexts(in: svg, defaultSize: 13) where !text.isEmpty {
                #expect(x + Double(text.count) * size * 0.55 <= 340, "\(language): «\(text)» at \(x)")
            }
        }
        let profile = ProfileReport(
            contents: JournalContents(), range: NoteRange(36, 96), texts: Texts(language: .english),
            days: 14, timeZone: .gmt
        ).svg(progress: false, layout: .phone)
        #expect(profile.contains(#"width="340""#))
        #expect(Self.attributes("font-size", in: profile).compactMap(Double.init).min() == 13)
    }

    /// The texts of SVG `<text class="name">` elements, in order.
    static func texts(of name: String, in svg: String) -> [String] {
        svg.components(separatedBy: #"<text class="\#(name)""#).dropFirst().map {
            String($0.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" })
        }
    }

    /// Every value of `attribute` in `svg`.
    static func attributes(_ attribute: String, in svg: String) -> [String] {
        svg.components(separatedBy: " \(attribute)=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    /// Each left-aligned `<text>`: its x, its text and its size.
    static func placedTexts(in svg: String, defaultSize: Double) -> [(Double, String, Double)] {
        svg.components(separatedBy: "<text ").dropFirst().compactMap { element in
            let tag = element.prefix { $0 != ">" }
            guard !tag.contains("text-anchor") else { return nil }
            func value(_ name: String) -> String? {
                tag.components(separatedBy: " \(name)=\"").dropFirst().first.map {
                    String($0.prefix { $0 != "\"" })
                }
            }
            let text = element.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" }
            let size = value("font-size").flatMap(Double.init) ?? defaultSize
            return (value("x").flatMap(Double.init) ?? 0, String(text), size)
        }
    }
}
