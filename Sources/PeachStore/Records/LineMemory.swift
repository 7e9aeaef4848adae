// LineMemory: what a reader of many lines keeps from one to the next: its short words, the last day and conditions.

import Foundation

/// What a reader of many journal lines keeps from one line to the next: the short words it has made into
/// strings, the day its last time fell on, and the conditions of its last trial.
///
/// The short ASCII words a journal repeats on every line — `sine`, `midi-note`, `pitch-bend`, `just` — made into
/// a `String` once per reader and then handed out again when the same bytes come back. Making the string
/// (checking its bytes are UTF-8, laying out a small string) was a twentieth of reading a line; comparing the
/// bytes with the four words seen last is a few instructions.
///
/// Only words of at most 15 bytes are kept: Swift holds those in the string's own two words, so handing one out
/// copies no storage and counts no reference. A word is compared as two 64-bit words, its length in the top
/// byte of the second (which a word of at most 15 bytes leaves free): a cached word is returned only for exactly
/// its bytes. Four entries in the value itself, no array: no bounds, no allocation, no reference counted.
struct LineMemory {
    /// ``CRC32C/hardware``, asked once for all the lines (a static is asked whether it is made at every use).
    let hardwareCRC = CRC32C.hardware

    /// The date part of the last time read (`YYYY-MM-` and `DD`, as loaded) and its day number: a journal's
    /// lines come in order, hundreds a day, so the calendar's arithmetic is done once a day.
    private var dayKey: (UInt64, UInt64) = (.max, .max)
    private var dayNumber = 0

    /// The day number of the date whose bytes are `key` (checked as a date already), computed by `compute` when
    /// it is not the last one asked for.
    @inline(__always)
    mutating func dayNumber(_ key: (UInt64, UInt64), _ compute: () -> Int) -> Int {
        if key != dayKey {
            dayKey = key
            dayNumber = compute()
        }
        return dayNumber
    }

    /// The date, hour and minute of the last time read (`YYYY-MM-DDTHH:MM`, as loaded: checked) and the
    /// milliseconds from 1970 to that minute's start: a session's trials come seconds apart, so most lines' times
    /// differ from the one before only in their seconds.
    private var minuteKey: (UInt64, UInt64) = (.max, .max)  // never a time's: 0xFF is no digit
    private var minuteStartMilliseconds: Int64 = 0

    /// The milliseconds from 1970 to the start of the minute whose bytes are `key`, when it is the last one
    /// remembered.
    @inline(__always)
    func minuteStart(of key: (UInt64, UInt64)) -> Int64? {
        key == minuteKey ? minuteStartMilliseconds : nil
    }

    /// Remembers the minute whose bytes are `key` (checked as a time's) and its start, milliseconds from 1970.
    @inline(__always)
    mutating func remember(minute key: (UInt64, UInt64), start: Int64) {
        minuteKey = key
        minuteStartMilliseconds = start
    }

    private struct Entry {
        var first: UInt64 = 0
        var second: UInt64 = .max  // no word's key: its length byte would be 0xFF
        var word = ""
    }

    private var entries = (Entry(), Entry(), Entry(), Entry())
    private var nextSlot = 0

    /// The string of the word of `count` bytes at the start of the sixteen bytes `loaded` (the first in the lowest
    /// byte of the first word), when it is a short ASCII word; `make` makes it when it is not kept. Nil for more
    /// than 15 bytes or any byte of 0x80 or more (the caller makes or validates those itself).
    @inline(__always)
    mutating func word(loaded: (UInt64, UInt64), count: Int, _ make: () -> String) -> String? {
        guard count <= 15 else { return nil }
        let first = count >= 8 ? loaded.0 : loaded.0 & (UInt64(1) << UInt64(count &* 8) &- 1)
        let second =
            (count <= 8 ? 0 : loaded.1 & (UInt64(1) << UInt64((count &- 8) &* 8) &- 1))
            | UInt64(count) << 56
        guard (first | second) & ByteLanes.highs == 0 else { return nil }  // ASCII only
        if entries.0.first == first && entries.0.second == second { return entries.0.word }
        if entries.1.first == first && entries.1.second == second { return entries.1.word }
        if entries.2.first == first && entries.2.second == second { return entries.2.word }
        if entries.3.first == first && entries.3.second == second { return entries.3.word }
        let entry = Entry(first: first, second: second, word: make())
        switch nextSlot {
        case 0: entries.0 = entry
        case 1: entries.1 = entry
        case 2: entries.2 = entry
        default: entries.3 = entry
        }
        nextSlot = (nextSlot &+ 1) & 3
        return entry.word
    }

    /// A word a reader passed over without making it (``CanonicalLine``'s filed slots do not keep a trial's input
    /// or tune control): its bytes as loaded, what of sixteen loaded bytes they cover, and its length. The same
    /// word comes back line after line, so the next one is known by two masked comparisons and its closing quote.
    struct PassedWord {
        /// The word's bytes in the lanes it covers; nothing (and no masked load equals 1) before one is kept.
        var bytes: (UInt64, UInt64) = (1, 0)
        /// The lanes the word covers of the two words loaded after its opening quote.
        var masks: (UInt64, UInt64) = (0, 0)
        /// Its length in bytes (at most 15).
        var count = 0

        /// A word of `count` bytes (at most 15) at the start of `loaded`.
        init(loaded: (UInt64, UInt64), count: Int) {
            masks = (
                count >= 8 ? .max : UInt64(1) << UInt64(count &* 8) &- 1,
                count <= 8 ? 0 : UInt64(1) << UInt64((count &- 8) &* 8) &- 1
            )
            bytes = (loaded.0 & masks.0, loaded.1 & masks.1)
            self.count = count
        }

        /// None kept yet.
        init() {}

        /// Whether the sixteen bytes `loaded` begin with this word.
        @inline(__always)
        func begins(_ loaded: (UInt64, UInt64)) -> Bool {
            loaded.0 & masks.0 == bytes.0 && loaded.1 & masks.1 == bytes.1
        }
    }

    /// The fields whose words a reader passes over: a comparison's input, a pitch matching's tune control.
    enum PassedField {
        case input
        case control
    }

    private var passedInput = PassedWord()
    private var passedControl = PassedWord()

    /// The word of `field` passed over last (none before the first).
    @inline(__always)
    subscript(passed field: PassedField) -> PassedWord {
        get {
            switch field {
            case .input: passedInput
            case .control: passedControl
            }
        }
        set {
            switch field {
            case .input: passedInput = newValue
            case .control: passedControl = newValue
            }
        }
    }

    /// The bytes of the conditions read last (``CanonicalLine/Conditions``: from `,"referencePitch":` to the
    /// velocity's last digit) and what they said. A journal's trials are played under the same settings for
    /// hundreds of lines, so the same bytes come back line after line: compared with the last ones, their five
    /// values are known without parsing them again (parsing them was nearly a third of reading a comparison's line).
    private var conditionsBytes: [UInt8] = []
    private var lastConditions: CanonicalLine.Conditions?

    /// The conditions whose bytes start at `start` in `line` (before `end`), and where they end, when they are the
    /// bytes of the last ones remembered and a comma or `end` follows them (so the velocity's number ends where
    /// it ended then): the same bytes parse to the same values. Nil otherwise.
    @inline(__always)
    func conditions(
        in line: UnsafeBufferPointer<UInt8>, at start: Int, end: Int
    ) -> (conditions: CanonicalLine.Conditions, end: Int)? {
        guard let lastConditions, let stop = conditionsEnd(in: line, at: start, end: end) else { return nil }
        return (lastConditions, stop)
    }

    /// Where the conditions whose bytes start at `start` in `line` end, when they are the bytes of the last ones
    /// remembered (as ``conditions(in:at:end:)`` finds them), without handing out what they said. Nil otherwise.
    @inline(__always)
    func conditionsEnd(in line: UnsafeBufferPointer<UInt8>, at start: Int, end: Int) -> Int? {
        // Never empty once remembered: the bytes begin with the first key.
        guard !conditionsBytes.isEmpty, let base = line.baseAddress else { return nil }
        let count = conditionsBytes.count
        let stop = start &+ count
        guard stop <= end, stop == end || base[stop] == 0x2C,
            conditionsBytes.withUnsafeBufferPointer({
                $0.baseAddress.map { memcmp(base + start, $0, count) == 0 } ?? false
            })
        else { return nil }
        return stop
    }

    /// Remembers `conditions`, read from `bytes`, for ``conditions(in:at:end:)``.
    mutating func remember(_ conditions: CanonicalLine.Conditions, bytes: UnsafeBufferPointer<UInt8>) {
        conditionsBytes.removeAll(keepingCapacity: true)
        conditionsBytes.append(contentsOf: bytes)
        lastConditions = conditions
    }
}
