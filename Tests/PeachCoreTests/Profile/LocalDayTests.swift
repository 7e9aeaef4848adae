// LocalDayTests: a day's year, month and day, by the 32-bit steps from 1970 on and by the general steps before.

import Foundation
import PeachCore
import Testing

@Suite("LocalDay")
struct LocalDayTests {
    @Test(
        "every day from 1970 to 9999 and beyond: its components make its number again, in range, one after another"
    )
    func civilRoundTrip() {
        var previous = (year: 1969, month: 12, day: 31)
        // 1970-01-01 … 9999-12-31, then a stretch far beyond (the 32-bit steps hold to 2^29 days).
        let days = Array(0..<2_932_897) + Array((LocalDay.civilLimit - 1000)..<LocalDay.civilLimit)
        var failures = 0
        for number in days {
            let (year, month, day) = LocalDay(dayNumber: number).components
            let back = LocalDay(year: year, month: month, day: day).dayNumber
            // The day after the one before: the next day of the month, or the first of the next month or year.
            let follows =
                number == LocalDay.civilLimit - 1000
                || (year == previous.year && month == previous.month && day == previous.day + 1)
                || (year == previous.year && month == previous.month + 1 && day == 1)
                || (year == previous.year + 1 && month == 1 && day == 1 && previous.month == 12)
            if back != number || !(1...12).contains(month) || !(1...31).contains(day) || !follows {
                failures += 1
                if failures <= 3 {
                    Issue.record("day \(number): \(year)-\(month)-\(day) reads back as \(back)")
                }
            }
            previous = (year, month, day)
        }
        #expect(failures == 0)
        #expect(LocalDay(dayNumber: 0).description == "1970-01-01")
        #expect(LocalDay(dayNumber: 11_016).description == "2000-02-29")
        #expect(LocalDay(dayNumber: 2_932_896).description == "9999-12-31")
    }

    @Test("days before 1970 and past the 32-bit steps keep their dates (the general steps)")
    func outsideTheFastRange() {
        #expect(LocalDay(dayNumber: -1).description == "1969-12-31")
        #expect(LocalDay(dayNumber: -719_162).description == "1-01-01")
        #expect(LocalDay(year: 1900, month: 3, day: 1).components == (1900, 3, 1))
        let far = LocalDay(dayNumber: LocalDay.civilLimit)
        let (year, month, day) = far.components
        #expect(LocalDay(year: year, month: month, day: day) == far)
    }

    @Test("the calendar's own reading agrees on random days from 1970 to 9999")
    func againstTheCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var generator = SeededRandomGenerator(seed: 11)
        for _ in 0..<2_000 {
            let number = Int.random(in: 0..<2_932_897, using: &generator)
            let parts = calendar.dateComponents(
                [.year, .month, .day], from: Date(timeIntervalSince1970: Double(number) * 86_400))
            let (year, month, day) = LocalDay(dayNumber: number).components
            #expect(
                [year, month, day] == [parts.year, parts.month, parts.day].map { $0 ?? -1 }, "day \(number)")
        }
    }
}
