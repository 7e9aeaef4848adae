// Timestamp: record times as ISO 8601 UTC text with milliseconds, formatted and parsed by hand for speed.

import Foundation
import PeachCore

/// Converts record times to and from `2026-11-21T09:00:00.123Z` (UTC, milliseconds). Hand-written: a
/// million records load in well under a second, which `ISO8601DateFormatter` could not do.
public enum Timestamp {
    /// The text of `date`, rounded to the millisecond.
    public static func format(_ date: Date) -> String {
        var bytes: [UInt8] = []
        append(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the text of `date` (``format(_:)``) to `bytes`: exports write a million.
    static func append(_ date: Date, to bytes: inout [UInt8]) {
        ByteWriter.append(to: &bytes) { write(date, to: &$0) }
    }

    /// Appends the time as ISO 8601 UTC the way the iOS and web apps read it: `YYYY-MM-DDTHH:MM:SSZ` for a
    /// whole second (their own exports), `YYYY-MM-DDTHH:MM:SS.fffZ` otherwise.
    static func appendISO(_ date: Date, to bytes: inout [UInt8]) {
        ByteWriter.append(to: &bytes) { write(date, wholeSecondsWithoutFraction: true, to: &$0) }
    }

    /// Writes the text of `date` (``format(_:)``; with `wholeSecondsWithoutFraction`, ``appendISO(_:to:)``'s),
    /// two digits at a time through the writer's pointer (a digit at a time into an array, a capacity and
    /// uniqueness check each, was a sixth of encoding a record).
    static func write(
        _ date: Date, wholeSecondsWithoutFraction: Bool = false, to writer: inout ByteWriter
    ) {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let days = Int(milliseconds.floorDivided(by: 86_400_000))
        let inDay = Int(milliseconds - Int64(days) * 86_400_000)
        let (year, month, day) = LocalDay(dayNumber: days).components
        if year >= 0 && year < 10_000 {
            writer.write(twoDigits: year / 100)
            writer.write(twoDigits: year % 100)
        } else {
            writer.write(String(year))  // never written by a session
        }
        writer.write(byte: 0x2D)
        writer.write(twoDigits: month)
        writer.write(byte: 0x2D)
        writer.write(twoDigits: day)
        writer.write(byte: 0x54)
        writer.write(twoDigits: inDay / 3_600_000)
        writer.write(byte: 0x3A)
        writer.write(twoDigits: inDay / 60_000 % 60)
        writer.write(byte: 0x3A)
        writer.write(twoDigits: inDay / 1000 % 60)
        let fraction = inDay % 1000
        if !wholeSecondsWithoutFraction || fraction != 0 {
            writer.write(byte: 0x2E)
            writer.write(twoDigits: fraction / 10)
            writer.write(byte: 0x30 &+ UInt8(truncatingIfNeeded: fraction % 10))
        }
        writer.write(byte: 0x5A)
    }

    /// The time as part of a file name: `20261121T090000-123Z` (no colons).
    public static func fileName(_ date: Date) -> String {
        format(date).filter { $0 != "-" && $0 != ":" }.replacingOccurrences(of: ".", with: "-")
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fff]Z`; nil for anything else.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        if bytes.count == 24, let base = bytes.baseAddress { return parseMilliseconds(base) }
        guard bytes.count >= 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A,
            bytes[16] == 0x3A, bytes[bytes.count - 1] == 0x5A
        else { return nil }
        func number(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for index in start..<(start + count) {
                let digit = Int(bytes[index]) - 0x30
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2),
            let minute = number(14, 2), let second = number(17, 2), (1...12).contains(month),
            (1...31).contains(day),
            hour < 24, minute < 60, second < 61
        else { return nil }
        var milliseconds = 0
        if bytes.count > 20 {
            guard bytes[19] == 0x2E, bytes.count - 21 >= 1, bytes.count - 21 <= 9,
                let fraction = number(20, bytes.count - 21)
            else { return nil }
            var scaled = Double(fraction)
            for _ in 0..<(bytes.count - 21) { scaled /= 10 }
            milliseconds = Int((scaled * 1000).rounded())
        } else if bytes.count != 20 {
            return nil
        }
        return date(
            year: year, month: month, day: day,
            milliseconds: hour * 3_600_000 + minute * 60_000 + second * 1000 + milliseconds)
    }

    /// `YYYY-MM-DDTHH:MM:SS.fffZ` at `base` (24 bytes, the form Peach writes), read as ``parse(_:)`` reads it:
    /// each digit at its place, checked without a branch per digit (the general reading, a loop per field,
    /// was a tenth of reading a journal line).
    @inline(__always)
    private static func parseMilliseconds(_ base: UnsafePointer<UInt8>) -> Date? {
        guard base[4] == 0x2D, base[7] == 0x2D, base[10] == 0x54, base[13] == 0x3A, base[16] == 0x3A,
            base[19] == 0x2E, base[23] == 0x5A
        else { return nil }
        // Each digit's value; a byte that is no digit wraps to 10 or more, which `invalid` collects.
        var invalid: UInt32 = 0
        @inline(__always) func digit(_ offset: Int) -> Int {
            let value = UInt32(base[offset]) &- 0x30
            invalid |= value > 9 ? 1 : 0
            return Int(value)
        }
        @inline(__always) func pair(_ offset: Int) -> Int { digit(offset) &* 10 &+ digit(offset &+ 1) }
        let year = pair(0) &* 100 &+ pair(2)
        let month = pair(5)
        let day = pair(8)
        let hour = pair(11)
        let minute = pair(14)
        let second = pair(17)
        let milliseconds = pair(20) &* 10 &+ digit(22)
        guard invalid == 0, month >= 1, month <= 12, day >= 1, day <= 31, hour < 24, minute < 60, second < 61
        else { return nil }
        return date(
            year: year, month: month, day: day,
            milliseconds: hour &* 3_600_000 &+ minute &* 60_000 &+ second &* 1000 &+ milliseconds)
    }

    /// The moment `milliseconds` into a day, UTC.
    @inline(__always)
    private static func date(year: Int, month: Int, day: Int, milliseconds: Int) -> Date {
        let days = LocalDay(year: year, month: month, day: day).dayNumber
        let total = Int64(days) * 86_400_000 + Int64(milliseconds)
        return Date(timeIntervalSince1970: Double(total) / 1000)
    }
}

extension Int64 {
    /// Division rounding toward negative infinity.
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
