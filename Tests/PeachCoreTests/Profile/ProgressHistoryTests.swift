// ProgressHistoryTests: a week's threshold is not biased by where its sessions' staircase started.

import Foundation
import Testing

@testable import PeachCore

@MainActor
@Suite("Progress by week")
struct ProgressHistoryTests {
    final class Collector: ComparisonObserver {
        var comparisons: [CompletedComparison] = []
        func comparisonCompleted(_ completed: CompletedComparison) throws { comparisons.append(completed) }
    }

    /// One session of `trials` comparisons by a simulated Weibull listener (β = 2) starting at `start`, the
    /// staircase cold-starting from `profile` as `peach train` does.
    static func session(
        trials: Int, threshold: Double, seed: UInt64, start: Date, profile: PerceptualProfile
    ) -> [CompletedComparison] {
        let clock = VirtualClock(start: start)
        let observer = Collector()
        let settings = TrainingSettings.defaults
        let session = ComparisonSession(
            notePlayer: SilentNotePlayer(), strategy: KazezNoteStrategy(), profile: { profile },
            settings: { settings }, clock: clock, observers: [observer],
            generator: SeededRandomGenerator(seed: seed))
        SimulatedListener(
            parameters: SimulatedListener.Parameters(
                threshold: threshold, slope: 2, lapseRate: 0.02, responseTime: 0.3),
            clock: clock, generator: SeededRandomGenerator(seed: seed &+ 99)
        ).answer(session)
        session.start()
        clock.run(until: { session.answeredCount >= trials })
        session.stop()
        return observer.comparisons
    }

    /// A listener's five sessions, `apart` seconds apart from a Monday: 300 trials from the top, then four of 50
    /// that cold-start from the profile so far. Every answer, in order.
    static func fiveSessions(threshold: Double, seed: Int, apart: Double) -> [CompletedComparison] {
        let monday = Date(timeIntervalSince1970: 1_767_571_200)
        var profile = PerceptualProfile()
        var all: [CompletedComparison] = []
        let base = UInt64(seed * 7919) &+ UInt64(threshold * 100)
        for (number, trials) in [300, 50, 50, 50, 50].enumerated() {
            let answers = session(
                trials: trials, threshold: threshold, seed: base &+ UInt64(number) &* 1_000_003,
                start: monday.addingTimeInterval(Double(number) * apart + 3600), profile: profile)
            for answer in answers { profile.add(answer) }
            all += answers
        }
        return all
    }

    @Test(
        "a week of one 50-trial session, after a first week of 300: alone it reads high, within its series not"
    )
    func weekWithinSeries() {
        var alone: [Double] = []
        var within: [Double] = []
        for truth in [3.0, 10, 30] {
            for seed in 0..<6 {
                var history = ProgressHistory()
                for answer in Self.fiveSessions(threshold: truth, seed: seed, apart: 7 * 86_400) {
                    history.add(answer)
                }
                let key = ProgressHistory.Series(
                    isDiscrimination: true, interval: .prime, tuningSystem: .equalTemperament)
                let weeks = history.series[key] ?? []
                #expect(weeks.count == 5)
                let series = history.fit(of: key)
                for later in weeks.dropFirst() {
                    if let estimate = later.threshold { alone.append(estimate.cents / truth) }
                    if let estimate = later.threshold(within: series) {
                        within.append(estimate.cents / truth)
                    }
                }
            }
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        #expect(alone.count == 72 && within.count == 72)
        #expect(median(alone) > 1.1, "the defect: alone a later week reads \(median(alone)) ×")
        #expect((0.9...1.1).contains(median(within)), "within its series: \(median(within)) ×")
    }

    @Test(
        "the trend of a listener who never changed: a first session from the top, then four cold-started, is stable"
    )
    func trendAfterColdStarts() {
        var changes: [Double] = []
        var verdicts: [Trend] = []
        for truth in [3.0, 10, 30] {
            for seed in 0..<6 {
                var trend = TrendAnalyzer()
                for answer in Self.fiveSessions(threshold: truth, seed: seed, apart: 86_400) {
                    trend.add(answer)
                }
                if let change = trend.change { changes.append(change.relative) }
                if let verdict = trend.trend { verdicts.append(verdict) }
            }
        }
        let median = changes.sorted()[changes.count / 2]
        #expect(changes.count == 18)
        #expect(abs(median) < 0.1, "median change \(median)")
        #expect(verdicts.filter { $0 != .stable }.count <= 1, "\(verdicts)")
    }

    @Test("a week keeps its levels in level order, each once: tallied, merged and read back from a snapshot")
    func weekLevels() throws {
        var history = ProgressHistory()
        // Out of order, repeated, two weeks apart.
        for (cents, correct, day) in [
            (30.0, true, 0.0), (3.0, false, 0), (30, false, 0), (10, true, 0), (3, true, 0), (100, true, 0),
            (10, true, 7), (50, false, 7), (3, true, 7),
        ] {
            history.add(Fixtures.comparison(cents: cents, correct: correct, at: day * 86_400))
        }
        let key = ProgressHistory.Series(
            isDiscrimination: true, interval: .prime, tuningSystem: .equalTemperament)
        let weeks = try #require(history.series[key])
        #expect(weeks.count == 2)
        for week in weeks {
            let order = week.levels.map(\.level)
            #expect(order == order.sorted() && Set(order).count == order.count)
        }
        let first = weeks[0]
        #expect(first.count == 6)
        let thirty = try #require(first.levels.first { $0.level == StimulusLevel.index(of: 30) })
        #expect(thirty.tally.trials == 2 && thirty.tally.correct == 1)
        let merged = first.merged(with: weeks[1])
        #expect(merged.count == 9 && merged.levels.map(\.level) == merged.levels.map(\.level).sorted())
        let three = try #require(merged.levels.first { $0.level == StimulusLevel.index(of: 3) })
        #expect(three.tally.trials == 3 && three.tally.correct == 2)
        #expect(try snapshotRoundTrip(merged) == merged)
        #expect(try snapshotRoundTrip(history).series == history.series)
    }
}
