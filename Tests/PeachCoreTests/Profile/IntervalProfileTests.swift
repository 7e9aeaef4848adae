// IntervalProfileTests: interval trials kept apart from unison, fitted per interval, and the weekly history.

import Foundation
import PeachCore
import Testing

@Suite("Interval profile and progress history")
struct IntervalProfileTests {
    static func comparison(
        interval: DirectedInterval, tuning: TuningSystem, cents: Double, correct: Bool, at seconds: Double
    ) -> CompletedComparison {
        let note: MIDINote = 60
        let comparison = Comparison(
            note1: note, note2: interval.target(from: note) ?? note, centDifference: Cents(cents),
            tuningSystem: tuning)
        let right = comparison.correctAnswer ?? .higher
        return CompletedComparison(
            comparison: comparison, answer: correct ? right : (right == .higher ? .lower : .higher),
            timestamp: Fixtures.start.addingTimeInterval(seconds), context: Fixtures.context)
    }

    /// A listener whose threshold is `threshold` cents: right above it, alternately right and wrong below.
    static func trials(
        interval: DirectedInterval, tuning: TuningSystem, threshold: Double, count: Int,
        from seconds: Double = 0
    ) -> [CompletedComparison] {
        (0..<count).map { index in
            let cents = threshold * [0.25, 0.5, 1, 2, 4][index % 5]
            let correct = cents > threshold || (cents == threshold ? index % 4 != 0 : index % 2 == 0)
            return comparison(
                interval: interval, tuning: tuning, cents: index % 2 == 0 ? cents : -cents, correct: correct,
                at: seconds + Double(index) * 3)
        }
    }

    @Test("interval trials go to their interval and tuning, not to the keyboard; each is fitted on its own")
    func separate() {
        let fifth = DirectedInterval(.perfectFifth)
        let third = DirectedInterval(.majorThird, down: true)
        var profile = PerceptualProfile()
        for completed in Self.trials(interval: .prime, tuning: .equalTemperament, threshold: 4, count: 200) {
            profile.add(completed)
        }
        for completed in Self.trials(interval: fifth, tuning: .justIntonation, threshold: 20, count: 200) {
            profile.add(completed)
        }
        for completed in Self.trials(interval: third, tuning: .justIntonation, threshold: 20, count: 10) {
            profile.add(completed)
        }
        profile.add(
            CompletedPitchMatching(
                referenceNote: 60, initialOffset: 40, userError: -6, targetNote: 67,
                tuningSystem: .justIntonation,
                timestamp: Fixtures.start, context: Fixtures.context))
        #expect(profile.comparisonCount == 200)
        #expect(profile.matching.count == 0)
        #expect(
            profile.trainedIntervals.map(\.key) == [
                IntervalKey(third, .justIntonation), IntervalKey(fifth, .justIntonation),
            ])
        let fifthProfile = profile.intervals[IntervalKey(fifth, .justIntonation)]!
        #expect(fifthProfile.comparisonCount == 200)
        #expect(fifthProfile.matching.count == 1 && fifthProfile.matching.bias == -6)
        let unison = profile.fittedThreshold!.cents
        let interval = fifthProfile.fittedThreshold!.cents
        #expect(interval > 3 * unison, "unison \(unison), fifth \(interval)")

        // Cold start: the chosen intervals' fit, unison's for unison, the widest without any trials.
        let strategy = KazezNoteStrategy()
        let fifthSettings = try! TrainingSettings(intervals: [fifth], tuningSystem: .justIntonation)
        let equalFifth = try! TrainingSettings(intervals: [fifth], tuningSystem: .equalTemperament)
        #expect(
            strategy.coldStartDifference(profile: profile, settings: fifthSettings)
                == fifthProfile.fittedThreshold!.kazezLevel)
        #expect(strategy.coldStartDifference(profile: profile) == profile.fittedThreshold!.kazezLevel)
        #expect(strategy.coldStartDifference(profile: profile, settings: equalFifth) == 100)

        // Decoding a saved profile keeps the intervals; resets clear each part.
        #expect(try! snapshotRoundTrip(profile) == profile)
        var reset = profile
        reset.resetDiscrimination()
        #expect(reset.intervals[IntervalKey(fifth, .justIntonation)]?.comparisonCount == 0)
        #expect(reset.intervals[IntervalKey(fifth, .justIntonation)]?.matching.count == 1)
    }

    @Test("the tracker's trend follows unison only")
    @MainActor
    func trackerFollowsUnison() {
        let tracker = ProfileTracker()
        for completed in Self.trials(
            interval: DirectedInterval(.octave), tuning: .equalTemperament, threshold: 9, count: 30)
        {
            tracker.comparisonCompleted(completed)
        }
        #expect(tracker.trend.count == 0)
        #expect(tracker.profile.intervals.count == 1)
    }

    @Test("weeks start on Monday (UTC) and are named by ISO 8601 week numbers")
    func weeks() {
        func week(_ text: String) -> String {
            var history = ProgressHistory()
            let date = ISO8601DateFormatter().date(from: text)!
            history.add(
                Self.comparison(interval: .prime, tuning: .equalTemperament, cents: 5, correct: true, at: 0)
                    .moved(to: date))
            return history.series.values.first!.first!.isoWeek
        }
        #expect(week("2026-11-23T00:00:00Z") == "2026-W48")  // a Monday
        #expect(week("2026-11-22T23:59:59Z") == "2026-W47")  // the Sunday before
        #expect(week("2027-01-01T12:00:00Z") == "2026-W53")  // a Friday: still 2026's last week
        #expect(week("2025-12-29T12:00:00Z") == "2026-W01")  // a Monday in 2026's first week
        #expect(week("1970-01-01T00:00:00Z") == "1970-W01")
        #expect(week("2021-01-03T00:00:00Z") == "2020-W53")
    }

    @Test("the history fits a threshold per week and series; matching keeps the absolute errors")
    func history() throws {
        var history = ProgressHistory()
        let weekSeconds = 7 * 86_400.0
        for (index, threshold) in [30.0, 15, 8].enumerated() {
            for completed in Self.trials(
                interval: .prime, tuning: .justIntonation, threshold: threshold, count: 100,
                from: Double(index) * weekSeconds)
            {
                history.add(completed)
            }
        }
        for error in [-4.0, 2, 6] {
            history.add(
                CompletedPitchMatching(
                    referenceNote: 60, initialOffset: 40, userError: Cents(error), targetNote: 64,
                    tuningSystem: .justIntonation, timestamp: Fixtures.start, context: Fixtures.context))
        }
        #expect(history.series.count == 2)
        let unison = history.series[
            ProgressHistory.Series(isDiscrimination: true, interval: .prime, tuningSystem: .justIntonation)]!
        #expect(unison.count == 3)
        let fits = unison.map { $0.threshold!.cents }
        #expect(fits[0] > fits[1] && fits[1] > fits[2], "\(fits)")
        let third = history.series[
            ProgressHistory.Series(
                isDiscrimination: false, interval: DirectedInterval(.majorThird),
                tuningSystem: .justIntonation)]!
        #expect(third.first?.absoluteErrors.mean == 4)
        // Saved and read back equal; a forged week (a level off the grid, more right than played) is refused.
        #expect(try snapshotRoundTrip(history) == history)
        // A week as a forger would write it: number 1, one level (the step from −1), its trials and correct
        // answers, then an empty accumulator.
        func week(level: Int, trials: Int, correct: Int) -> [UInt8] {
            var writer = SnapshotWriter()
            for number in [1, 1, level + 1, trials, correct] { writer.write(number) }
            writer.write(WelfordAccumulator())
            return writer.bytes
        }
        #expect(
            try snapshotDecode(week(level: 3, trials: 1, correct: 1), as: ProgressHistory.Week.self).count
                == 1)
        for forged in [
            week(level: 99_999, trials: 1, correct: 0), week(level: 3, trials: 1, correct: 2),
            week(level: 3, trials: 0, correct: 0), week(level: 3, trials: 1, correct: -1),
            Array(week(level: 3, trials: 1, correct: 1).dropLast()),
        ] {
            #expect(throws: SnapshotReader.Malformed.self) {
                try snapshotDecode(forged, as: ProgressHistory.Week.self)
            }
        }
    }
}

extension CompletedComparison {
    fileprivate func moved(to date: Date) -> CompletedComparison {
        CompletedComparison(comparison: comparison, answer: answer, timestamp: date, context: context)
    }
}
