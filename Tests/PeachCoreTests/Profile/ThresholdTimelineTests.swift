// ThresholdTimelineTests: per-day points, the rolling window, session splitting and calendar days.

import Foundation
import PeachCore
import Testing

@Suite("ThresholdTimeline")
struct ThresholdTimelineTests {
    let utc = TimeZone.gmt

    @Test("groups answers by local day")
    func days() throws {
        var timeline = ThresholdTimeline()
        timeline.add(threshold: 10, at: Fixtures.start.addingTimeInterval(3600))
        timeline.add(threshold: 20, at: Fixtures.start.addingTimeInterval(7200))
        timeline.add(threshold: 6, at: Fixtures.start.addingTimeInterval(86_400 + 60))
        let days = timeline.days(in: utc)
        #expect(days.count == 2)
        #expect(days[0].day.description == "2026-01-01")
        #expect(days[0].statistics.mean == 15)
        #expect(days[0].rollingMean == 15)
        #expect(days[0].rollingStandardDeviation == nil)
        #expect(days[1].day.description == "2026-01-02")
        #expect(days[1].rollingMean == 10.5)
        #expect(abs(try #require(days[1].rollingStandardDeviation) - 40.5.squareRoot()) < 1e-12)
        // In UTC−5 the first two answers fall on New Year's Eve.
        let newYork = try #require(TimeZone(secondsFromGMT: -5 * 3600))
        #expect(timeline.days(in: newYork).map(\.day.description) == ["2025-12-31", "2026-01-01"])
    }

    @Test(
        "answers stored out of time order (an import of older ones, overlapping sessions) are read in time order"
    )
    func storedOutOfOrder() {
        var timeline = ThresholdTimeline()
        let day: Double = 86_400
        // Today's session, then last week's imported after it, then a session simulated beside today's.
        timeline.add(threshold: 4, at: Fixtures.start.addingTimeInterval(7 * day))
        timeline.add(threshold: 6, at: Fixtures.start.addingTimeInterval(7 * day + 60))
        timeline.add(threshold: 20, at: Fixtures.start)
        timeline.add(threshold: 10, at: Fixtures.start.addingTimeInterval(60))
        timeline.add(threshold: 8, at: Fixtures.start.addingTimeInterval(7 * day + 30))
        let days = timeline.days(in: utc)
        #expect(days.map(\.day.description) == ["2026-01-01", "2026-01-08"])
        #expect(days.map(\.statistics.count) == [2, 3])
        #expect(days[1].statistics.mean == 6)
        #expect(days[1].rollingMean == 10.5)
        let sessions = timeline.sessions
        #expect(sessions.map(\.statistics.count) == [2, 3])
        #expect(sessions.map(\.start) == [Fixtures.start, Fixtures.start.addingTimeInterval(7 * day)])
        #expect(sessions[1].end == Fixtures.start.addingTimeInterval(7 * day + 60))
        // The samples themselves stay as stored (the snapshot writes them so).
        #expect(timeline.samples.map(\.threshold) == [4, 6, 20, 10, 8])
    }

    @Test("the rolling mean spans the last 20 practice days")
    func rollingWindow() {
        var timeline = ThresholdTimeline()
        for day in 0..<25 {
            timeline.add(threshold: Double(day), at: Fixtures.start.addingTimeInterval(Double(day) * 86_400))
        }
        let days = timeline.days(in: utc)
        #expect(days.count == 25)
        let lastTwenty: Double = (5...24).reduce(0.0) { (sum: Double, day: Int) -> Double in sum + Double(day)
        }
        #expect(days[24].rollingMean == lastTwenty / 20)
    }

    @Test("sessions split at gaps of 30 minutes or more")
    func sessions() {
        var timeline = ThresholdTimeline()
        let offsets: [Double] = [0, 60, 60 + 1799, 60 + 1799 + 1800, 60 + 1799 + 1800 + 10]
        for (index, offset) in offsets.enumerated() {
            timeline.add(threshold: Double(index), at: Fixtures.start.addingTimeInterval(offset))
        }
        let sessions = timeline.sessions
        #expect(sessions.count == 2)
        #expect(sessions[0].statistics.count == 3)
        #expect(sessions[1].statistics.count == 2)
        #expect(sessions[1].start == Fixtures.start.addingTimeInterval(60 + 1799 + 1800))
        #expect(ThresholdTimeline().sessions.isEmpty)
    }

    @Test(
        "calendar days from day numbers",
        arguments: [(0, "1970-01-01"), (20_454, "2026-01-01"), (-1, "1969-12-31"), (11_016, "2000-02-29")])
    func localDay(number: Int, text: String) {
        #expect(LocalDay(dayNumber: number).description == text)
    }
}
