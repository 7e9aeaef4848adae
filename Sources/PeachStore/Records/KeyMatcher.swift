// KeyMatcher: a scanned key named as one of the record's keys by a perfect hash of its 64-bit words.

/// Names the keys of scanned objects (``RecordCodec/Key``): a key's bytes are read as up to three 64-bit words,
/// hashed to one of 512 slots by a multiplier chosen once so that no two names share a slot, and compared with
/// the one name there. Comparing byte by byte against every name of the same length was a sixth of importing
/// a file in another key order.
struct KeyMatcher {
    /// A key's name as words (zeros after its end) and its length.
    private struct Name {
        let key: RecordCodec.Key
        let length: Int
        let words: (UInt64, UInt64, UInt64)

        /// Whether this is the name of `length` bytes held in `words`.
        @inline(__always)
        func `is`(_ length: Int, _ words: (UInt64, UInt64, UInt64)) -> Bool {
            self.length == length && self.words.0 == words.0 && self.words.1 == words.1
                && self.words.2 == words.2
        }
    }

    /// The names and their slots, made once.
    private struct Table {
        let names: [Name]
        /// The multiplier that gives every name its own slot.
        let multiplier: UInt64
        /// The index in `names` of the name in each slot; `UInt8.max` for none.
        let slots: [UInt8]
    }

    /// The longest name that fits in the three words.
    private static let longest = 24

    private static let table: Table = {
        let names = RecordCodec.Key.allCases.map { key in
            let name = key.name
            precondition(name.utf8CodeUnitCount <= longest, "a key's name fits in three words")
            var padded = [UInt8](repeating: 0, count: longest)
            for index in 0..<name.utf8CodeUnitCount { padded[index] = name.utf8Start[index] }
            return Name(key: key, length: name.utf8CodeUnitCount, words: words(padded, count: padded.count))
        }
        precondition(names.count < Int(UInt8.max), "a slot holds a name's index below UInt8.max")
        // Odd multipliers from a fixed sequence until every name has a slot of its own (a few tries: 52 names
        // in 512 slots).
        var candidate: UInt64 = 0x9E37_79B9_7F4A_7C15
        while true {
            var slots = [UInt8](repeating: .max, count: 512)
            var free = true
            for (index, name) in names.enumerated() {
                let slot = Self.slot(name.length, name.words, candidate)
                guard slots[slot] == .max else {
                    free = false
                    break
                }
                slots[slot] = UInt8(index)
            }
            if free { return Table(names: names, multiplier: candidate, slots: slots) }
            candidate = candidate &* 0x5851_F42D_4C95_7F2D &+ 0x1405_7B7E_F767_814F | 1
        }
    }()

    /// The slot of a name of `length` bytes held in `words`.
    @inline(__always)
    private static func slot(_ length: Int, _ words: (UInt64, UInt64, UInt64), _ multiplier: UInt64) -> Int {
        let mixed = words.0 &+ words.1 &* 31 &+ words.2 &* 17 &+ UInt64(truncatingIfNeeded: length)
        return Int(truncatingIfNeeded: (mixed &* multiplier) >> 55)
    }

    /// The table, held here so that a match does not ask whether the static one is made.
    private let table = Self.table

    /// The key whose name `line[range]` is (not escaped), or nil.
    @inline(__always)
    func match(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> RecordCodec.Key? {
        let count = range.count
        guard count <= Self.longest, let base = line.baseAddress else { return nil }
        let words: (UInt64, UInt64, UInt64)
        if range.lowerBound &+ Self.longest <= line.count {
            words = Self.words(base, range.lowerBound, count: count)
        } else {  // near the end of the buffer: copied first, not read past it
            var padded = [UInt8](repeating: 0, count: Self.longest)
            for index in 0..<count { padded[index] = base[range.lowerBound &+ index] }
            words = Self.words(padded, count: count)
        }
        let index = table.slots[Self.slot(count, words, table.multiplier)]
        guard index != .max else { return nil }
        let name = table.names[Int(index)]
        return name.is(count, words) ? name.key : nil
    }

    /// The `count` bytes at `base + start` as three words, zeros after them; the 24 bytes from `start` must be
    /// readable.
    @inline(__always)
    private static func words(
        _ base: UnsafePointer<UInt8>, _ start: Int, count: Int
    ) -> (UInt64, UInt64, UInt64) {
        @inline(__always) func word(_ index: Int) -> UInt64 {
            let kept = count &- index &* 8
            if kept >= 8 { return ByteLanes.load(base, start &+ index &* 8) }
            if kept <= 0 { return 0 }
            return ByteLanes.load(base, start &+ index &* 8) & ((1 << UInt64(kept &* 8)) &- 1)
        }
        return (word(0), word(1), word(2))
    }

    private static func words(_ bytes: [UInt8], count: Int) -> (UInt64, UInt64, UInt64) {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return (0, 0, 0) }
            return words(base, 0, count: count)
        }
    }
}
