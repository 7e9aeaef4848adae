// LocalTime: a moment as the dashboard shows it, in the computer's time zone.

import Foundation

/// `2026-11-27 19:43` (a session's start) or `19:43:02` (an answer's time), in `timeZone`.
enum LocalTime {
    /// What ``text(_:timeZone:_:)`` shows.
    enum Form {
        /// The day and the minute: `2026-11-27 19:43`.
        case dayAndMinute
        /// The second of the day: `19:43:02`.
        case timeOfDay
    }

    /// `date` in `timeZone` as `form` says.
    static func text(_ date: Date, timeZone: TimeZone, _ form: Form) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { (value ?? 0) < 10 ? "0\(value ?? 0)" : "\(value ?? 0)" }
        switch form {
        case .dayAndMinute:
            return
                "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
        case .timeOfDay:
            return "\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))"
        }
    }
}
