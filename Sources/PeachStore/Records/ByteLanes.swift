// ByteLanes: eight bytes of a journal line tested at once in a 64-bit word, for the reader's scans per value.

/// Eight bytes tested at once in one 64-bit word (SIMD within a register): where a JSON string or a number in a
/// journal line ends. Each test sets the top bit of every lane (byte) that matches; a lane can be flagged wrongly
/// only above a lane flagged rightly (a borrow runs upward), so the lowest flag always names the first match.
enum ByteLanes {
    /// 0x01 in every lane.
    static let ones: UInt64 = 0x0101_0101_0101_0101
    /// 0x80 in every lane.
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `base + offset`, the first in the lowest lane.
    @inline(__always)
    static func load(_ base: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
    }

    /// Flags the lanes of `word` that hold `byte`.
    @inline(__always)
    static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let difference = word ^ (ones &* UInt64(byte))
        return (difference &- ones) & ~difference & highs
    }

    /// Flags the lanes of `word` that hold a byte below `limit` (`limit` at most 0x80).
    @inline(__always)
    static func below(_ word: UInt64, _ limit: UInt8) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highs
    }

    /// The lane of the lowest flag in `flags` (not zero).
    @inline(__always)
    static func firstLane(_ flags: UInt64) -> Int { flags.trailingZeroBitCount &>> 3 }

    /// Flags the lanes of `word` that end a JSON string as Peach reads one: a quote, a backslash or a control
    /// character.
    @inline(__always)
    static func stringStops(_ word: UInt64) -> UInt64 {
        equal(word, 0x22) | equal(word, 0x5C) | below(word, 0x20)
    }

    /// The first index in `start..<end` of `line` whose byte ends a JSON string as Peach reads one: a quote, a
    /// backslash or a control character; `end` when there is none.
    @inline(__always)
    static func stringStop(in line: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        guard let base = line.baseAddress else { return end }
        var index = start
        while index &+ 8 <= end {
            let flags = stringStops(load(base, index))
            if flags != 0 { return index &+ firstLane(flags) }
            index &+= 8
        }
        while index < end {
            let byte = base[index]
            if byte == 0x22 || byte == 0x5C || byte < 0x20 { return index }
            index &+= 1
        }
        return end
    }

    /// The first index in `start..<end` of `line` that holds `byte`; `end` when there is none.
    @inline(__always)
    static func first(_ byte: UInt8, in line: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int
    {
        guard let base = line.baseAddress else { return end }
        var index = start
        while index &+ 8 <= end {
            let flags = equal(load(base, index), byte)
            if flags != 0 { return index &+ firstLane(flags) }
            index &+= 8
        }
        while index < end {
            if base[index] == byte { return index }
            index &+= 1
        }
        return end
    }
}
