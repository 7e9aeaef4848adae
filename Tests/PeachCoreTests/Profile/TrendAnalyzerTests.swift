// TrendAnalyzerTests: sessions, per-session fits, and a trend that only speaks when the change exceeds its error.

import Foundation
import PeachCore
import Testing

@Suite("TrendAnalyzer")
struct TrendAnalyzerTests {
    /// A history of Kazez sessions (an hour apart, `trials` answers each) answered by listeners with the given
    /// thresholds, one per session.
    static func history(_ thresholds: [Double], trials: Int = 40, seed: UInt64) -> TrendAnalyzer {
        var generator = SeededRandomGenerator(seed: seed)
        var analyzer = TrendAnalyzer()
        let kazez = KazezNoteStrategy()
        var time = Date(timeIntervalSince1970: 1_800_000_000)
        for threshold in thresholds {
            let listener = PsychometricFunction(threshold: threshold, slope: 2, lapseRate: 0.02)
            var level = 100.0
            for _ in 0..<trials {
                let correct =
                    Double.random(in: 0..<1, using: &generator) < listener.probabilityCorrect(at: level)
                let comparison = Comparison(note1: 60, note2: 60, centDifference: Cents(level))
                analyzer.add(
                    CompletedComparison(
                        comparison: comparison, answer: correct ? .higher : .lower, timestamp: time,
                        context: TrialContext(settings: .defaults), note2AmplitudeOffset: 0,
                        responseTime: 0.5,
                        inputKind: .simulated))
                level = kazez.nextDifference(after: level, wasCorrect: correct)
                time += 3
            }
            time += 3600
        }
        return analyzer
    }

    @Test(
        "answers split into sessions at an hour's gap; short sessions do not count; one session is no trend")
    func sessions() {
        let one = Self.history([10], seed: 1)
        #expect(one.sessions.count == 1 && one.count == 40)
        #expect(one.trend == nil)
        let short = Self.history([10, 10], trials: 10, seed: 2)
        #expect(short.sessions.count == 2 && short.sessionEstimates.isEmpty && short.trend == nil)
        #expect(Self.history([10, 10], seed: 3).trend != nil)
    }

    @Test("a listener who never changes is called stable in at least 95 % of simulated histories")
    func falseAlarms() {
        var stable = 0
        let histories = 100
        for seed in 0..<histories
        where Self.history([8, 8, 8, 8], seed: UInt64(seed) * 31 + 7).trend == .stable {
            stable += 1
        }
        #expect(stable >= 95, "stable in \(stable) of \(histories)")
    }

    @Test(
        "a listener whose threshold falls to a quarter is called improving; one whose rises fourfold, declining"
    )
    func realChange() throws {
        let improving = (0..<20).filter {
            Self.history([20, 20, 20, 5, 5, 5], trials: 60, seed: UInt64($0)).trend == .improving
        }.count
        let declining = (0..<20).filter {
            Self.history([5, 5, 5, 20, 20, 20], trials: 60, seed: UInt64($0) + 100).trend == .declining
        }.count
        #expect(improving >= 18, "improving in \(improving) of 20")
        #expect(declining >= 18, "declining in \(declining) of 20")
        #expect(try #require(Self.history([20, 20, 5, 5], seed: 5).relativeChange) < -0.5)
    }

    @Test("measurement sessions are kept with their estimates")
    func measurements() {
        var analyzer = TrendAnalyzer()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for index in 0..<30 {
            let comparison = Comparison(
                note1: 60, note2: 60, centDifference: Cents(index.isMultiple(of: 3) ? 2 : 30))
            analyzer.add(
                CompletedComparison(
                    comparison: comparison, answer: index.isMultiple(of: 3) ? .lower : .higher,
                    timestamp: start + Double(index),
                    context: TrialContext(settings: .defaults, procedure: .measurement),
                    note2AmplitudeOffset: 0, responseTime: 0.5, inputKind: .simulated))
        }
        #expect(analyzer.measurements.count == 1)
        #expect(analyzer.measurements.first.map { (2...30).contains($0.estimate.cents) } == true)
    }

    @Test("a measurement stopped before its fewest trials measured nothing: it is left out, closed or open")
    func stoppedMeasurement() {
        var analyzer = TrendAnalyzer()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        func answer(_ index: Int, at time: Date, procedure: TrialProcedure) {
            analyzer.add(
                CompletedComparison(
                    comparison: Comparison(note1: 60, note2: 60, centDifference: Cents(20)), answer: .higher,
                    timestamp: time + Double(index),
                    context: TrialContext(settings: .defaults, procedure: procedure),
                    note2AmplitudeOffset: 0, responseTime: 0.5, inputKind: .simulated))
        }
        for index in 0..<3 { answer(index, at: start, procedure: .measurement) }
        #expect(analyzer.measurements.isEmpty, "3 answers, still open")
        for index in 0..<30 { answer(index, at: start + 3600, procedure: .training) }
        #expect(analyzer.measurements.isEmpty, "3 answers, closed by a training session")
        for index in 0..<TrendAnalyzer.minimumMeasurementAnswers {
            answer(index, at: start + 7200, procedure: .measurement)
        }
        #expect(analyzer.measurements.count == 1, "one of the fewest answers a measurement takes")
    }

    /// One answer at `time`: correct when `correct`.
    static func answer(
        at time: Date, procedure: TrialProcedure = .training, correct: Bool = true
    ) -> CompletedComparison {
        CompletedComparison(
            comparison: Comparison(note1: 60, note2: 60, centDifference: Cents(correct ? 20 : 2)),
            answer: correct ? .higher : .lower, timestamp: time,
            context: TrialContext(settings: .defaults, procedure: procedure), note2AmplitudeOffset: 0,
            responseTime: 0.5, inputKind: .simulated)
    }

    @Test(
        "answers older than the current session (an import) are filed where they belong in time: today's session keeps its own"
    )
    func olderAnswers() {
        let day = 86_400.0
        let today = Date(timeIntervalSince1970: 1_800_000_000)
        var analyzer = TrendAnalyzer()
        for index in 0..<30 { analyzer.add(Self.answer(at: today + Double(index) * 3)) }
        let current = analyzer.sessions[0]
        // An export of a month-old session and a week-old measurement, imported after today's session.
        let monthAgo = today - 30 * day
        for index in 0..<25 { analyzer.add(Self.answer(at: monthAgo + Double(index) * 3)) }
        let weekAgo = today - 7 * day
        for index in 0..<TrendAnalyzer.minimumMeasurementAnswers {
            analyzer.add(Self.answer(at: weekAgo + Double(index) * 3, procedure: .measurement))
        }
        #expect(analyzer.count == 30 + 25 + TrendAnalyzer.minimumMeasurementAnswers)
        #expect(analyzer.sessions.map(\.start) == [monthAgo, weekAgo, today])
        #expect(analyzer.sessions.map(\.count) == [25, TrendAnalyzer.minimumMeasurementAnswers, 30])
        #expect(analyzer.sessions.last == current, "today's session took in nothing older")
        #expect(
            analyzer.measurements.map(\.date) == [
                weekAgo + Double(TrendAnalyzer.minimumMeasurementAnswers - 1) * 3
            ])
        // A later answer continues today's session, as ever.
        analyzer.add(Self.answer(at: today + 100))
        #expect(analyzer.sessions.last?.count == 31 && analyzer.sessions.count == 3)
        // One from within it (stored after a later one) leaves its end where it was.
        analyzer.add(Self.answer(at: today + 50))
        #expect(analyzer.sessions.last?.end == today + 100 && analyzer.sessions.last?.count == 32)
        // An older answer within the gap after a kept session joins it; within the gap before one, it starts it
        // earlier.
        analyzer.add(Self.answer(at: monthAgo + 600))
        analyzer.add(Self.answer(at: monthAgo - 600))
        #expect(analyzer.sessions[0].start == monthAgo - 600 && analyzer.sessions[0].end == monthAgo + 600)
        #expect(analyzer.sessions[0].count == 27 && analyzer.sessions.count == 3)
        #expect(analyzer.isConsistent(maximumCount: analyzer.count))
    }

    @Test(
        "with every session slot kept, an answer older than all of them is only counted; one between two makes its session and the oldest goes, its measurement kept"
    )
    func olderAnswersWithEverySlotKept() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var analyzer = TrendAnalyzer()
        // A measurement first, then training sessions a day apart until every slot is taken.
        for index in 0..<TrendAnalyzer.minimumMeasurementAnswers {
            analyzer.add(Self.answer(at: start + Double(index), procedure: .measurement))
        }
        for session in 1..<TrendAnalyzer.recentSessionCount {
            for index in 0..<5 {
                analyzer.add(Self.answer(at: start + Double(session) * 86_400 + Double(index)))
            }
        }
        #expect(analyzer.sessions.count == TrendAnalyzer.recentSessionCount)
        let before = analyzer.sessions
        analyzer.add(Self.answer(at: start - 30 * 86_400))
        #expect(analyzer.sessions == before && analyzer.count == before.reduce(0) { $0 + $1.count } + 1)
        // Between the second and third days: a session of its own; the measurement's session goes, its result
        // stays.
        let between = start + 1.5 * 86_400
        analyzer.add(Self.answer(at: between))
        #expect(analyzer.sessions.count == TrendAnalyzer.recentSessionCount)
        #expect(
            analyzer.sessions.map(\.start) == ([before[1].start, between] + before.dropFirst(2).map(\.start)))
        #expect(analyzer.measurements.count == 1)
        #expect(analyzer.isConsistent(maximumCount: analyzer.count))
    }
}
