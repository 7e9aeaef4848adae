// ProgressChartTests: a week too uncertain to give a number says so, in the terminal and in the SVG.

import Foundation
import PeachCore
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
        let weeks = lines.filter { $0.hasPrefix("  2026-W") }
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
}
