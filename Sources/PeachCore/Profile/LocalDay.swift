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

    /// Year, month (1–12) and day (1–31): from 1970 on by ``civil(daysSince1970:)``, before it by H. Hinnant's
    /// civil-from-days algorithm.
    public var components: (year: Int, month: Int, day: Int) {
        if dayNumber >= 0, dayNumber < Self.civilLimit {
            let civil = Self.civil(daysSince1970: UInt32(truncatingIfNeeded: dayNumber))
            return (Int(civil.year), Int(civil.month), Int(civil.day))
        }
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

    /// The days from 1970 on that ``civil(daysSince1970:)`` takes: its 32-bit steps hold below 2^29.
    public static let civilLimit = 1 << 29

    /// Year, month and day of the day `days` after 1970-01-01 (below ``civilLimit``), by C. Neri and
    /// L. Schneider's Euclidean affine functions ("Euclidean affine functions and their application to calendar
    /// algorithms", 2022): unsigned 32-bit multiplications and shifts, the divisions by constants. Inlined where
    /// it is called: a record's time written for the journal takes it, a million times for an import.
    @inlinable @inline(__always)
    public static func civil(daysSince1970 days: UInt32) -> (year: UInt32, month: UInt32, day: UInt32) {
        // Days since 0000-03-01: a year that starts in March ends with its leap day.
        let n1 = 4 &* (days &+ 719_468) &+ 3
        let century = n1 / 146_097
        let n2 = (n1 % 146_097) | 3  // 4 × (day of the century) + 3
        let product = UInt64(2_939_745) &* UInt64(n2)
        let yearOfCentury = UInt32(truncatingIfNeeded: product >> 32)
        let dayOfYear = UInt32(truncatingIfNeeded: product) / 11_758_980  // 2_939_745 × 4
        let n3 = 2141 &* dayOfYear &+ 197_913
        let month = n3 >> 16
        let day = (n3 & 0xFFFF) / 2141 &+ 1
        let january = dayOfYear >= 306  // January or February: the year after the March it started in
        return (
            100 &* century &+ yearOfCentury &+ (january ? 1 : 0), january ? month &- 12 : month, day
        )
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
