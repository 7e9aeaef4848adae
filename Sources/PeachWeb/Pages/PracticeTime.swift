// PracticeTime: how long was practised on each day, for the sessions page's week totals and calendar.

import Foundation

/// Practice time by local day: each session's length (its first answer to its last, ``PracticeSessions/Session``)
/// counted on the day it began, in the dashboard's time zone. From it the sessions page says this week's and
/// last week's time and on how many days, and draws a calendar of the last ``calendarWeeks`` weeks, Monday first.
struct PracticeTime: Sendable {
    /// One day of the calendar.
    struct Day: Sendable, Equatable {
        /// The day's first moment.
        let start: Date
        /// Seconds practised.
        let seconds: Double
        /// Whether an answer was given (a session of one answer lasts no time but was practised).
        let practised: Bool
    }

    /// How many weeks the calendar shows.
    static let calendarWeeks = 12

    /// The calendar's weeks, oldest first, each Monday to Sunday; the last holds today.
    let weeks: [[Day]]

    /// Practice time by day for `sittings` (each session's start and length), up to the week of `now`.
    init(sittings: [(start: Date, length: Double)], now: Date, timeZone: TimeZone) {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        let today = calendar.startOfDay(for: now)
        let weekday = (calendar.component(.weekday, from: today) + 5) % 7  // Monday 0 … Sunday 6
        let monday = calendar.date(byAdding: .day, value: -weekday, to: today) ?? today
        let first = calendar.date(byAdding: .day, value: -7 * (Self.calendarWeeks - 1), to: monday) ?? monday
        var seconds: [Date: Double] = [:]
        for sitting in sittings where sitting.start >= first {
            seconds[calendar.startOfDay(for: sitting.start), default: 0] += sitting.length
        }
        weeks = (0..<Self.calendarWeeks).map { week in
            (0..<7).map { day in
                let start = calendar.date(byAdding: .day, value: 7 * week + day, to: first) ?? first
                return Day(start: start, seconds: seconds[start] ?? 0, practised: seconds[start] != nil)
            }
        }
    }

    /// This week's (the last) or an earlier week's total: seconds and the days practised.
    func total(weeksAgo: Int) -> (seconds: Double, days: Int) {
        guard weeksAgo < weeks.count else { return (0, 0) }
        let week = weeks[weeks.count - 1 - weeksAgo]
        return (week.reduce(0) { $0 + $1.seconds }, week.count(where: \.practised))
    }

    /// How much a day's time weighs in the calendar: 0 none, 1 a little (under 10 minutes), 2 under half an
    /// hour, 3 more.
    static func level(_ day: Day) -> Int {
        guard day.practised else { return 0 }
        return day.seconds < 600 ? 1 : day.seconds < 1_800 ? 2 : 3
    }
}
