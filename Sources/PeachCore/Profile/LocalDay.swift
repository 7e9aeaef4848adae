// LocalDay: a calendar day (proleptic Gregorian), computed without Calendar for speed and determinism.

/// A calendar day, such as 2026-11-21.
public struct LocalDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let dayNumber: Int

    /// The day with the given number of days since 1970-01-01.
    public init(dayNumber: Int) { self.dayNumber = dayNumber }

    /// The day that contains `secondsSince1970` at a UTC offset of `utcOffsetSeconds`.
    public init(secondsSince1970: Double, utcOffsetSeconds: Int) {
        let local = secondsSince1970 + Double(utcOffsetSeconds)
        dayNumber = Int((local / 86_400).rounded(.down))
    }

    /// The day with the given year, month (1–12) and day of month (H. Hinnant's days-from-civil algorithm).
    public init(year: Int, month: Int, day: Int) {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        dayNumber = era * 146_097 + dayOfEra - 719_468
    }

    /// Year, month (1–12) and day (1–31) (H. Hinnant's civil-from-days algorithm).
    public var components: (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The day as `YYYY-MM-DD`.
    public var description: String {
        let (year, month, day) = components
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(pad(month))-\(pad(day))"
    }

    /// Orders days in time.
    public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool { lhs.dayNumber < rhs.dayNumber }
}
