// ProgressTrendTests: the progress chart's change in plain words, EN and DE, and when it is not said.

import Foundation
import PeachCore
import PeachText
import PeachTraining
import Testing

@Suite("Progress in plain words")
struct ProgressTrendTests {
    /// Pitch-matching attempts: `errors` cents (alternating sign) in the week that starts `weeks` weeks after
    /// Monday 2026-10-05.
    static func matching(_ errors: [Double], week: Int) -> [CompletedPitchMatching] {
        let monday = Date(timeIntervalSince1970: 1_791_158_400)  // 2026-10-05 00:00 UTC
        return errors.enumerated().map { index, error in
            CompletedPitchMatching(
                referenceNote: 60, initialOffset: 40, userError: Cents(index % 2 == 0 ? error : -error),
                timestamp: monday.addingTimeInterval(Double(week) * 7 * 86_400 + 3_600 + Double(index) * 10),
                context: TrialContext(
                    referencePitch: 440, timbre: "sine", noteDuration: 1, gap: 0.2, velocity: 80))
        }
    }

    static func sentence(_ weeks: [(week: Int, errors: [Double])], language: Language = .english) -> String? {
        var history = ProgressHistory()
        for (week, errors) in weeks { for attempt in matching(errors, week: week) { history.add(attempt) } }
        return ProgressTrend(texts: Texts(language: language)).sentences(ProgressChart(history: history))
            .first
    }

    @Test("a clear fall over four weeks is said with both values; German says it too")
    func fell() throws {
        let weeks = [(0, Array(repeating: 30.0, count: 12)), (4, Array(repeating: 10.0, count: 12))]
        let english = try #require(Self.sentence(weeks))
        #expect(
            english.hasSuffix("matching: your mean error fell from 30 cents to 10 cents in 4 weeks"),
            "\(english)")
        let german = try #require(Self.sentence(weeks, language: .german))
        #expect(german.contains("von 30 Cent auf 10 Cent"), "\(german)")
    }

    @Test(
        "the newest week is compared with the one four weeks before it, not the first ever; a rise is a rise")
    func window() throws {
        let weeks = [
            (0, Array(repeating: 40.0, count: 12)), (6, Array(repeating: 8.0, count: 12)),
            (10, Array(repeating: 20.0, count: 12)),
        ]
        let sentence = try #require(Self.sentence(weeks))
        #expect(sentence.hasSuffix("rose from 8 cents to 20 cents in 4 weeks"), "\(sentence)")
    }

    @Test("ranges that overlap held; one week alone says nothing")
    func heldAndAlone() throws {
        let noisy = [(0, [5.0, 25, 10, 30, 8, 22]), (2, [6.0, 26, 9, 28, 7, 24])]
        let held = try #require(Self.sentence(noisy))
        #expect(held.contains("held at about"), "\(held)")
        #expect(Self.sentence([(0, [10.0, 12, 9])]) == nil)
    }
}
