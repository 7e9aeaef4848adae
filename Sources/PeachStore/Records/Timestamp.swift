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

    /// Writes the text of `date` (``format(_:)``; with `wholeSecondsWithoutFraction`, ``appendISO(_:to:)``'s):
    /// its digits made eight at a time (``ByteWriter/eightDigits(_:)``) and laid into three words with the
    /// separators, written in one copy (a digit pair at a time was a fortieth of importing a record). A time
    /// from 1970 to 9999 (every one a session writes) is taken apart by unsigned steps, its day by
    /// ``LocalDay/civil(daysSince1970:)`` inlined (signed divisions and a call were 370 instructions a time,
    /// a tenth of encoding a record an import writes again).
    static func write(
        _ date: Date, wholeSecondsWithoutFraction: Bool = false, to writer: inout ByteWriter
    ) {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).nearestWhole)
        guard milliseconds >= 0, milliseconds < 253_402_300_800_000 else {  // before 1970, or after 9999
            writeOutside(milliseconds, wholeSecondsWithoutFraction: wholeSecondsWithoutFraction, to: &writer)
            return
        }
        let unsigned = UInt64(milliseconds)
        let days = unsigned / 86_400_000
        let inDay = unsigned &- days &* 86_400_000
        let (year, month, day) = LocalDay.civil(daysSince1970: UInt32(truncatingIfNeeded: days))
        let seconds = inDay / 1000
        let fraction = inDay &- seconds &* 1000
        let minutes = seconds / 60
        let hours = minutes / 60
        // "YYYYMMDD", "00HHMMSS" and "00000fff", each digit a byte, the first in the lowest.
        let dateDigits = ByteWriter.eightDigits(UInt64(year &* 10_000 &+ month &* 100 &+ day))
        let timeDigits = ByteWriter.eightDigits(
            hours &* 10_000 &+ (minutes &- hours &* 60) &* 100 &+ (seconds &- minutes &* 60))
        let fractionDigits = ByteWriter.eightDigits(fraction)
        func pair(_ word: UInt64, _ first: UInt64) -> UInt64 { word >> (first &* 8) & 0xFFFF }
        let (year4, month2, day2) = (dateDigits & 0xFFFF_FFFF, pair(dateDigits, 4), pair(dateDigits, 6))
        let (hour, minute, second) = (pair(timeDigits, 2), pair(timeDigits, 4), pair(timeDigits, 6))
        // YYYY-MM-, DDTHH:MM and :SS.fffZ
        let dateWord = year4 | 0x2D << 32 | month2 << 40 | 0x2D << 56
        let dayWord = day2 | 0x54 << 16 | hour << 24 | 0x3A << 40 | minute << 48
        let secondWord = 0x3A | second << 8 | 0x2E << 24 | (fractionDigits >> 40) << 32 | 0x5A << 56
        // Laid out first byte lowest: stored little-endian, whatever the machine.
        var text: (UInt64, UInt64, UInt64) = (
            dateWord.littleEndian, dayWord.littleEndian, secondWord.littleEndian
        )
        let whole = wholeSecondsWithoutFraction && fraction == 0
        if whole { text.2 = (0x3A | second << 8 | 0x5A << 24 as UInt64).littleEndian }  // :SSZ
        withUnsafeBytes(of: &text) {
            if let start = $0.baseAddress { writer.write(upTo24: start, length: whole ? 20 : 24) }
        }
    }

    /// ``write(_:wholeSecondsWithoutFraction:to:)`` for a time before 1970 or after 9999 (never written by a
    /// session; a hand-made record may hold one), field by field.
    private static func writeOutside(
        _ milliseconds: Int64, wholeSecondsWithoutFraction: Bool, to writer: inout ByteWriter
    ) {
        let days = Int(milliseconds.floorDivided(by: 86_400_000))
        let inDay = Int(milliseconds - Int64(days) * 86_400_000)
        let (year, month, day) = LocalDay(dayNumber: days).components
        let seconds = inDay / 1000
        let fraction = inDay % 1000
        if year >= 0 && year < 10_000 {  // four digits, as from 1970 on; other years as they are (-1, 10000)
            writer.write(byte: 0x30 &+ UInt8(truncatingIfNeeded: year / 1000))
            writer.write(byte: 0x30 &+ UInt8(truncatingIfNeeded: year / 100 % 10))
            writer.write(twoDigits: year % 100)
        } else {
            writer.write(text: String(year))
        }
        writer.write(byte: 0x2D)
        writer.write(twoDigits: month)
        writer.write(byte: 0x2D)
        writer.write(twoDigits: day)
        writer.write(byte: 0x54)
        writer.write(twoDigits: seconds / 3600)
        writer.write(byte: 0x3A)
        writer.write(twoDigits: seconds / 60 % 60)
        writer.write(byte: 0x3A)
        writer.write(twoDigits: seconds % 60)
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

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fff]Z`; nil for anything else. With `memory`, Peach's own form takes the
    /// day's number from the last line's when the day is the same.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, memory: UnsafeMutablePointer<LineMemory>? = nil
    ) -> Date? {
        if bytes.count == 24, let base = bytes.baseAddress { return parseMilliseconds(base, memory: memory) }
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

    /// `YYYY-MM-DDTHH:MM:SS.fffZ` at `base` (24 bytes, the form Peach writes), read as ``parse(_:)`` reads it,
    /// as three 64-bit words: the separators compared at once, the seventeen digits checked at once, and each
    /// two-digit field read from one multiply-and-add over its word (a byte at a time, each digit checked, was
    /// 170 instructions a line; the general reading, a loop per field, a tenth of reading a journal line).
    @inline(__always)
    private static func parseMilliseconds(
        _ base: UnsafePointer<UInt8>, memory: UnsafeMutablePointer<LineMemory>?
    ) -> Date? {
        // `YYYY-MM-` `DDTHH:MM` `:SS.fffZ`: the separators' lanes, and what they hold.
        let words = (ByteLanes.load(base, 0), ByteLanes.load(base, 8), ByteLanes.load(base, 16))
        let separators: (UInt64, UInt64, UInt64) = (
            0xFF00_00FF_0000_0000, 0x0000_FF00_00FF_0000, 0xFF00_0000_FF00_00FF
        )
        @inline(__always) func flags(_ value: UInt64) -> UInt64 {
            ((value &+ 0x7676_7676_7676_7676) | value) & ByteLanes.highs
        }
        // Lane k of `pairs` is the two digits at k and k + 1 as a number (at most 99: no lane overflows).
        @inline(__always) func pairs(_ value: UInt64) -> UInt64 { value &* 10 &+ (value >> 8) }
        @inline(__always) func lane(_ value: UInt64, _ index: UInt64) -> Int {
            Int(truncatingIfNeeded: (value >> (index &* 8)) & 0xFF)
        }
        // `:SS.fffZ`: its separators, its digits (each digit's lane holds its value, 0…9, the separators' lanes 0;
        // any lane of 10 or more, or of a byte of 0x80 or more, is no digit: flagged, and a carry comes only out
        // of a lane already flagged), the second and the milliseconds.
        let secondsDigits = (words.2 ^ 0x3030_3030_3030_3030) & ~separators.2
        guard words.2 & separators.2 == 0x5A00_0000_2E00_003A, flags(secondsDigits) == 0 else { return nil }
        let third = pairs(secondsDigits)
        let secondOfMinute = lane(third, 1)
        let milliseconds = lane(third, 4) &* 10 &+ lane(secondsDigits, 6)
        guard secondOfMinute < 61 else { return nil }
        // The date, hour and minute those of the line before (a journal's trials come seconds apart): checked and
        // counted then, they are not again (they were half of reading a time).
        if let start = memory?.pointee.minuteStart(of: (words.0, words.1)) {
            return date(milliseconds: start &+ Int64(secondOfMinute &* 1000 &+ milliseconds))
        }
        guard words.0 & separators.0 == 0x2D00_002D_0000_0000,  // `-` `-`
            words.1 & separators.1 == 0x0000_3A00_0054_0000  // `T` `:`
        else { return nil }
        let digits = (
            (words.0 ^ 0x3030_3030_3030_3030) & ~separators.0,
            (words.1 ^ 0x3030_3030_3030_3030) & ~separators.1
        )
        guard flags(digits.0) | flags(digits.1) == 0 else { return nil }
        let first = pairs(digits.0)
        let second = pairs(digits.1)
        let year = lane(first, 0) &* 100 &+ lane(first, 2)
        let month = lane(first, 5)
        let day = lane(second, 0)
        let hour = lane(second, 3)
        let minute = lane(second, 6)
        guard month >= 1, month <= 12, day >= 1, day <= 31, hour < 24, minute < 60 else { return nil }
        let toMinute = hour &* 3_600_000 &+ minute &* 60_000
        let inMinute = secondOfMinute &* 1000 &+ milliseconds
        guard let memory else {
            return date(year: year, month: month, day: day, milliseconds: toMinute &+ inMinute)
        }
        let days = memory.pointee.dayNumber((words.0, words.1 & 0xFFFF)) {
            LocalDay(year: year, month: month, day: day).dayNumber
        }
        let start = Int64(days) * 86_400_000 + Int64(toMinute)
        memory.pointee.remember(minute: (words.0, words.1), start: start)
        return date(milliseconds: start &+ Int64(inMinute))
    }

    /// The moment `milliseconds` into a day, UTC.
    @inline(__always)
    private static func date(year: Int, month: Int, day: Int, milliseconds: Int) -> Date {
        date(dayNumber: LocalDay(year: year, month: month, day: day).dayNumber, milliseconds: milliseconds)
    }

    /// The moment `milliseconds` into the day numbered `dayNumber` (``LocalDay/dayNumber``), UTC.
    @inline(__always)
    private static func date(dayNumber: Int, milliseconds: Int) -> Date {
        date(milliseconds: Int64(dayNumber) * 86_400_000 + Int64(milliseconds))
    }

    /// The moment `milliseconds` after 1970-01-01T00:00:00Z.
    @inline(__always)
    private static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}

extension Int64 {
    /// Division rounding toward negative infinity.
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
