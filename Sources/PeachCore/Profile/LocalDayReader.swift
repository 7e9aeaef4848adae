// LocalDayReader: the local day of each of many moments, with one look-up of the time zone per day.

import Foundation

/// Turns moments into the ``LocalDay`` they fall on in a time zone, asking the zone for its offset from UTC once
/// per local day at most, and never across a change of that offset: the offset found for one moment is kept for
/// later moments up to the end of that moment's day or the zone's next daylight-saving transition, whichever
/// comes first. A time zone's look-up (ICU, behind a lock) costs more than everything else a profile does with
/// an answer, and a lifetime of answers falls on a few thousand days.
///
/// Moments in time order use the kept offset; an earlier moment than the last looked up asks the zone again.
/// Every day comes out as `timeZone.secondsFromGMT(for:)` would give it.
public struct LocalDayReader: Sendable {
    /// The zone the days are in.
    public let timeZone: TimeZone
    private var offset = 0
    private var validFrom = Double.infinity
    private var validUntil = -Double.infinity
    /// The day of the moments from `validFrom` up to `validUntil` (the end of the day looked up at the latest).
    private var validDay = LocalDay(dayNumber: 0)

    /// A reader of days in `timeZone`.
    public init(timeZone: TimeZone) { self.timeZone = timeZone }

    /// The local day `date` falls on.
    public mutating func day(of date: Date) -> LocalDay {
        let seconds = date.timeIntervalSince1970
        if seconds >= validFrom && seconds < validUntil { return validDay }
        offset = timeZone.secondsFromGMT(for: date)
        let day = LocalDay(secondsSince1970: seconds, utcOffsetSeconds: offset)
        let dayEnd = Double((day.dayNumber + 1) * 86_400 - offset)
        let transition = timeZone.nextDaylightSavingTimeTransition(after: date)?.timeIntervalSince1970
        validFrom = seconds
        validUntil = min(dayEnd, transition ?? dayEnd)
        validDay = day
        return day
    }

    /// The local day one moment falls on in `timeZone` (one look-up, nothing kept: for a moment alone).
    public static func day(of date: Date, in timeZone: TimeZone) -> LocalDay {
        LocalDay(
            secondsSince1970: date.timeIntervalSince1970, utcOffsetSeconds: timeZone.secondsFromGMT(for: date)
        )
    }
}
