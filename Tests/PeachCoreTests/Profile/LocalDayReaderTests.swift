// LocalDayReaderTests: one time-zone look-up per day gives every moment the day the zone itself gives it.

import Foundation
import PeachCore
import Testing

@Suite("LocalDayReader")
struct LocalDayReaderTests {
    /// The day `timeZone` itself gives `date`.
    static func zoneDay(_ date: Date, _ timeZone: TimeZone) -> LocalDay {
        LocalDay(
            secondsSince1970: date.timeIntervalSince1970, utcOffsetSeconds: timeZone.secondsFromGMT(for: date)
        )
    }

    @Test(
        "across daylight-saving changes (Berlin's spring and autumn, Lord Howe's half hour) every moment gets the zone's own day",
        arguments: [
            ("Europe/Berlin", "2026-03-28T12:00:00Z"), ("Europe/Berlin", "2026-10-24T12:00:00Z"),
            ("America/New_York", "2026-03-07T12:00:00Z"), ("America/New_York", "2026-10-31T12:00:00Z"),
            ("Australia/Lord_Howe", "2026-04-04T00:00:00Z"), ("Australia/Lord_Howe", "2026-10-03T00:00:00Z"),
        ])
    func acrossTransitions(zone: String, from: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let start = try #require(ISO8601DateFormatter().date(from: from))
        // Two days of moments every 7 minutes: the change of offset falls between two of them, and the local
        // midnights on either side of it move with it.
        let moments = (0..<(2 * 24 * 60 / 7)).map { start.addingTimeInterval(Double($0) * 420) }
        #expect(
            moments.contains { timeZone.secondsFromGMT(for: $0) != timeZone.secondsFromGMT(for: moments[0]) },
            "no change of offset in \(zone) from \(from)")
        var reader = LocalDayReader(timeZone: timeZone)
        for moment in moments {
            #expect(reader.day(of: moment) == Self.zoneDay(moment, timeZone), "\(zone) at \(moment)")
        }
    }

    @Test("a moment before the last one asks the zone again; a zone without transitions keeps its offset")
    func outOfOrder() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let summer = try #require(ISO8601DateFormatter().date(from: "2026-07-01T22:30:00Z"))
        let winter = try #require(ISO8601DateFormatter().date(from: "2026-01-01T23:30:00Z"))
        var reader = LocalDayReader(timeZone: berlin)
        for moment in [summer, winter, summer.addingTimeInterval(60), winter.addingTimeInterval(-3600)] {
            #expect(reader.day(of: moment) == Self.zoneDay(moment, berlin))
        }
        #expect(reader.day(of: summer).description == "2026-07-02")
        #expect(reader.day(of: winter).description == "2026-01-02")
        var fixed = LocalDayReader(timeZone: try #require(TimeZone(secondsFromGMT: -5 * 3600)))
        #expect(fixed.day(of: winter).description == "2026-01-01")
        #expect(fixed.day(of: winter.addingTimeInterval(5 * 3600)).description == "2026-01-01")
        #expect(fixed.day(of: winter.addingTimeInterval(6 * 3600)).description == "2026-01-02")
        // A moment alone, looked up once.
        #expect(LocalDayReader.day(of: summer, in: berlin) == Self.zoneDay(summer, berlin))
    }
}
