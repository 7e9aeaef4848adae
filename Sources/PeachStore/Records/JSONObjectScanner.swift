// JSONObjectScanner: finds the keys and values of one JSON object in a byte buffer, without allocating.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where one value of a scanned object lies, and what kind it is.
struct JSONValueSpan {
    /// The kind of a JSON value.
    enum Kind: Equatable {
        /// A string; `range` holds its contents without the quotes; `escaped` when it contains `\`.
        case string(escaped: Bool)
        /// A number (its text; checked when parsed).
        case number
        /// `true` or `false`.
        case boolean(Bool)
        /// `null`.
        case null
        /// An object or array, kept as raw text (with its brackets).
        case composite
    }

    let kind: Kind
    let range: Range<Int>
}

/// One key and value of a scanned object. `keyRange` holds the key's contents without quotes.
struct JSONField {
    let keyRange: Range<Int>
    let keyEscaped: Bool
    let value: JSONValueSpan
}

/// Scans one JSON object (RFC 8259 syntax) in a byte buffer, reporting where keys and values are. Strings are
/// not decoded and numbers not parsed here; that happens only for the fields a caller needs.
struct JSONObjectScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var index: Int
    /// How many fields are gathered on the stack before they are appended: 16 of 48 bytes stay below the
    /// 1,024 bytes the standard library puts on the stack without asking (at 32 each object's room was taken
    /// from the heap, 600 instructions).
    private static let gathered = 16

    init(bytes: UnsafeBufferPointer<UInt8>, start: Int) {
        self.bytes = bytes
        index = start
    }

    /// Scans an object starting at the current index (after optional whitespace), appending its fields.
    /// Returns false when the text is not a well-formed object; the index then points near the problem.
    mutating func scanObject(into fields: inout [JSONField]) -> Bool {
        var layout = KeyLayout(places: 0)
        return scanObject(into: &fields, layout: &layout)
    }

    /// ``scanObject(into:)``, each key first looked for as `layout` keeps the object scanned before (and the
    /// layout then kept of this one; ``KeyLayout/repeated`` says whether its keys were all as before).
    ///
    /// Keys, strings and numbers — every field of a record — are read here through the buffer's pointer, eight
    /// bytes at a time (``ByteLanes``); literals and nested values take ``scanValue()``. Reading through
    /// `peek` and the checked subscript, a call a value, was a fifth of importing a file in another key order.
    mutating func scanObject(into fields: inout [JSONField], layout: inout KeyLayout) -> Bool {
        // The fields are gathered on the stack and appended once: appended one by one, each asked whether the
        // array was shared and had room, a quarter of the scan. (A field is a plain value: the room is left
        // without deinitializing it.)
        withUnsafeTemporaryAllocation(of: JSONField.self, capacity: Self.gathered) { gathered in
            scan(room: gathered, layout: &layout, inPlace: false) { fields.append(contentsOf: $0) }.wellFormed
        }
    }

    /// ``scanObject(into:layout:)`` with the object's fields written in place over those of the object before
    /// (``JSONFields``): a reader of many objects neither removes nor appends any (that was a twentieth of
    /// importing a file in another key order). An object with more fields than the room holds is scanned again
    /// once the room is doubled.
    mutating func scanObject(into fields: inout JSONFields, layout: inout KeyLayout) -> Bool {
        let start = index
        while true {
            let result = fields.room.withUnsafeMutableBufferPointer { room in
                scan(room: room, layout: &layout, inPlace: true) { _ in }
            }
            fields.count = result.count
            guard result.overflowed else { return result.wellFormed }
            fields.room += fields.room
            index = start
        }
    }

    /// The scan of ``scanObject(into:layout:)`` and its layout kept: the fields written into `room` and handed
    /// to `flush` each time the room is full and at the end; `inPlace`, they stay in the room, and a full room
    /// stops the scan (`overflowed`, and the layout is forgotten: some of its keys were this object's). Whether
    /// the object is well formed, and its number of fields.
    private mutating func scan(
        room: UnsafeMutableBufferPointer<JSONField>, layout: inout KeyLayout, inPlace: Bool,
        flush: (UnsafeBufferPointer<JSONField>) -> Void
    ) -> (wellFormed: Bool, count: Int, overflowed: Bool) {
        let (places, victim) = (layout.places, layout.next)
        if layout.entries.isEmpty {
            layout.entries = [KeyLayout.Entry](
                repeating: KeyLayout.Entry(), count: places * KeyLayout.layouts)
        }
        let scan = layout.entries.withUnsafeMutableBufferPointer { all in
            scanFields(room: room, inPlace: inPlace, flush: flush, all: all, places: places, victim: victim)
        }
        layout.current = scan.wellFormed ? scan.layout : -1
        layout.repeated = false
        if scan.layout >= 0 {
            if scan.givenUp { layout.next = (victim + 1) % KeyLayout.layouts }
            layout.repeated = scan.wellFormed && scan.asKept && scan.count == layout.counts[scan.layout]
            layout.counts[scan.layout] = scan.wellFormed ? scan.count : -1
        }
        return (scan.wellFormed, scan.count, scan.overflowed)
    }

    /// What ``scanFields(room:inPlace:flush:all:places:victim:)`` found.
    private typealias Scan = (
        wellFormed: Bool, count: Int, asKept: Bool, layout: Int, givenUp: Bool, overflowed: Bool
    )

    /// The scan of ``scanObject(into:layout:)`` with the layouts' entries (`all`, `places` a layout): whether the
    /// object is well formed, its number of fields, whether every key was found as the layout kept it, and the
    /// layout it was read with: the one whose first key it has, else `victim`, given up for it (-1 when it has
    /// no key or broke off before its first).
    private mutating func scanFields(
        room gathered: UnsafeMutableBufferPointer<JSONField>, inPlace: Bool,
        flush: (UnsafeBufferPointer<JSONField>) -> Void, all: UnsafeMutableBufferPointer<KeyLayout.Entry>,
        places: Int, victim: Int
    ) -> Scan {
        var chosen = -1
        var givenUp = false
        var overflowed = false
        var entries = UnsafeMutableBufferPointer(rebasing: all[0..<0])
        var failed: Scan { (false, 0, false, chosen, givenUp, overflowed) }
        guard let base = bytes.baseAddress, let room = gathered.baseAddress else { return failed }
        let end = bytes.count
        var i = index
        var waiting = 0  // fields gathered in `room`, not yet handed to `flush`
        defer {
            index = i
            if !inPlace { flush(UnsafeBufferPointer(start: room, count: waiting)) }
        }
        @inline(__always) func skipSpace() {
            while i < end {
                let byte = base[i]
                guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return }
                i &+= 1
            }
        }
        skipSpace()
        guard i < end, base[i] == 0x7B else { return failed }  // {
        i &+= 1
        skipSpace()
        if i < end, base[i] == 0x7D {  // }
            i &+= 1
            return (true, 0, true, -1, false, false)
        }
        var place = 0
        var asKept = true
        while true {
            skipSpace()
            if place == 0 {
                // The layout whose first key this is, else the one given up.
                chosen = -1
                if i &+ KeyLayout.span <= end {
                    for layout in 0..<KeyLayout.layouts where places > 0 {
                        let first = all[layout &* places]
                        if first.length > 0, KeyLayout.matches(first, base, i) {
                            chosen = layout
                            break
                        }
                    }
                }
                if chosen < 0 {
                    chosen = victim
                    givenUp = true
                }
                entries = UnsafeMutableBufferPointer(
                    rebasing: all[chosen &* places..<(chosen &+ 1) &* places])
            }
            let keyRange: Range<Int>
            let keyEscaped: Bool
            if place < entries.count, i &+ KeyLayout.span <= end, entries[place].length > 0,
                KeyLayout.matches(entries[place], base, i)
            {
                // The key as the object before had it here, its quotes, the colon and the space after.
                let entry = entries[place]
                keyRange = i &+ 1..<i &+ 1 &+ entry.keyLength
                keyEscaped = false
                i &+= entry.length
                skipSpace()
            } else {
                asKept = false
                let quote = i
                guard i < end, base[i] == 0x22, let key = Self.string(bytes, after: i, stop: &i) else {
                    return failed
                }
                i = key.range.upperBound &+ 1
                skipSpace()
                guard i < end, base[i] == 0x3A else { return failed }  // :
                i &+= 1
                skipSpace()
                if place < entries.count {
                    // Kept for the next object; none where the bytes cannot all be read, so that a place never
                    // keeps an older object's key.
                    entries[place] =
                        quote &+ KeyLayout.span <= end
                        ? KeyLayout.entry(
                            base, quote: quote, value: i, keyLength: key.range.count, escaped: key.escaped)
                        : KeyLayout.Entry()
                }
                keyRange = key.range
                keyEscaped = key.escaped
            }
            guard i < end else { return failed }
            let value: JSONValueSpan
            let first = base[i]
            if first == 0x22 {
                guard let string = Self.string(bytes, after: i, stop: &i) else { return failed }
                value = JSONValueSpan(kind: .string(escaped: string.escaped), range: string.range)
                i = string.range.upperBound &+ 1
            } else if first == 0x2D || (first >= 0x30 && first <= 0x39) {
                // A whole number of up to seven digits (a note, a tempo, a velocity: most of a record's numbers)
                // ends where one load of eight bytes says; anything else is read by the grammar.
                var numberEnd = -1
                if first != 0x2D, i &+ 8 <= end {
                    let count = NumberParser.leadingDigitCount(ByteLanes.load(base, i))
                    if count < 8, first != 0x30 || count == 1 {
                        let next = base[i &+ count]
                        if next != 0x2E, next | 0x20 != 0x65 { numberEnd = i &+ count }  // no `.`, `e` or `E`
                    }
                }
                if numberEnd < 0 {
                    let number = Self.number(bytes, from: i)
                    guard number.valid else {
                        i = number.end
                        return failed
                    }
                    numberEnd = number.end
                }
                value = JSONValueSpan(kind: .number, range: i..<numberEnd)
                i = numberEnd
            } else if first | 0x12 == 0x76, let literal = Self.boolean(base, i, end) {
                // `true` or `false` (t is 0x74, f 0x66) compared as one word: through ``scanValue()`` it was a
                // call and a byte at a time.
                value = JSONValueSpan(kind: .boolean(literal), range: i..<i &+ (literal ? 4 : 5))
                i &+= literal ? 4 : 5
            } else {
                index = i
                guard let other = scanValue() else {
                    i = index
                    return failed
                }
                value = other
                i = index
            }
            if waiting == gathered.count {
                guard !inPlace else {
                    overflowed = true
                    return failed
                }
                flush(UnsafeBufferPointer(start: room, count: waiting))
                waiting = 0
            }
            (room + waiting).initialize(
                to: JSONField(keyRange: keyRange, keyEscaped: keyEscaped, value: value))
            waiting &+= 1
            place &+= 1
            skipSpace()
            guard i < end else { return failed }
            if base[i] == 0x2C {  // ,
                i &+= 1
                continue
            }
            guard base[i] == 0x7D else { return failed }
            i &+= 1
            return (true, place, asKept, chosen, givenUp, false)
        }
    }

    /// The string whose opening quote is at `quote`: its contents' range (the closing quote at its upper bound)
    /// and whether it holds an escape; nil when it is not closed or holds a control character, `stop` then
    /// where it broke off. One pass to the closing quote, eight bytes at a time (``ByteLanes/stringStop(in:
    /// from:to:)``), escapes walked only where a backslash is.
    @inline(__always)
    private static func string(
        _ bytes: UnsafeBufferPointer<UInt8>, after quote: Int, stop: inout Int
    ) -> (range: Range<Int>, escaped: Bool)? {
        let start = quote &+ 1
        var i = start
        var escaped = false
        while true {
            i = ByteLanes.stringStop(in: bytes, from: i, to: bytes.count)
            stop = i
            guard i < bytes.count else { return nil }
            let byte = bytes[i]
            if byte == 0x22 { return (start..<i, escaped) }
            if byte < 0x20 { return nil }
            escaped = true  // a backslash: the escaped byte is skipped with it
            i &+= 2
        }
    }

    /// The literal `true` or `false` at `start` (`end` bounding the bytes), nil for anything else.
    @inline(__always)
    private static func boolean(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool? {
        guard start &+ 4 <= end else { return nil }
        let word = UInt32(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt32.self))
        if word == 0x6575_7274 { return true }  // "true"
        if word == 0x736C_6166, start &+ 5 <= end, base[start &+ 4] == 0x65 { return false }  // "fals" "e"
        return nil
    }

    /// Where the number starting at `start` ends, by JSON's grammar (`-? (0 | [1-9][0-9]*) (. [0-9]+)?
    /// ([eE] [+-]? [0-9]+)?`), and whether it keeps to it (if not, `end` is where it broke off). Whatever is
    /// kept verbatim (an unknown field) must be valid JSON when it is written out again.
    @inline(__always)
    private static func number(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int
    ) -> (end: Int, valid: Bool) {
        guard let base = bytes.baseAddress else { return (start, false) }
        let end = bytes.count
        var i = start
        @inline(__always) func isDigit(_ position: Int) -> Bool {
            position < end && base[position] >= 0x30 && base[position] <= 0x39
        }
        /// Past the digits from `i`, eight at a time while eight are there; how many.
        @inline(__always) func digits() -> Int {
            let first = i
            while i &+ 8 <= end {
                let count = NumberParser.leadingDigitCount(ByteLanes.load(base, i))
                i &+= count
                if count < 8 { return i &- first }
            }
            while isDigit(i) { i &+= 1 }
            return i &- first
        }
        if i < end, base[i] == 0x2D { i &+= 1 }
        guard isDigit(i) else { return (i, false) }
        if base[i] == 0x30 { i &+= 1 } else { _ = digits() }
        if i < end, base[i] == 0x2E {
            i &+= 1
            guard digits() > 0 else { return (i, false) }
        }
        if i < end, base[i] | 0x20 == 0x65 {  // e or E
            i &+= 1
            if i < end, base[i] == 0x2B || base[i] == 0x2D { i &+= 1 }
            guard digits() > 0 else { return (i, false) }
        }
        return (i, true)
    }

    /// Skips spaces, tabs, carriage returns and newlines.
    mutating func skipWhitespace() {
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return }
            index += 1
        }
    }

    /// Consumes `byte` if it is next.
    mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Moves on to `position`, past a value read by other means (a line the one-pass reader took).
    mutating func skip(to position: Int) {
        precondition(position >= index && position <= bytes.count, "the scanner only moves forward")
        index = position
    }

    private mutating func scanValue() -> JSONValueSpan? {
        guard let first = peek else { return nil }
        let start = index
        switch first {
        case 0x22:
            guard let string = scanString() else { return nil }
            return JSONValueSpan(kind: .string(escaped: string.escaped), range: string.range)
        case 0x7B, 0x5B:
            guard scanComposite() else { return nil }
            return JSONValueSpan(kind: .composite, range: start..<index)
        case 0x74:
            guard consumeLiteral("true") else { return nil }
            return JSONValueSpan(kind: .boolean(true), range: start..<index)
        case 0x66:
            guard consumeLiteral("false") else { return nil }
            return JSONValueSpan(kind: .boolean(false), range: start..<index)
        case 0x6E:
            guard consumeLiteral("null") else { return nil }
            return JSONValueSpan(kind: .null, range: start..<index)
        default:
            guard scanNumber() else { return nil }
            return JSONValueSpan(kind: .number, range: start..<index)
        }
    }

    /// Scans a number at the index (``number(_:from:)``), the index moved past it or to where it broke off.
    private mutating func scanNumber() -> Bool {
        let number = Self.number(bytes, from: index)
        index = number.end
        return number.valid
    }

    /// Scans a string at the index, which is at its opening quote (``string(_:after:stop:)``), the index moved
    /// past it or to where it broke off.
    private mutating func scanString() -> (range: Range<Int>, escaped: Bool)? {
        var stop = index
        guard let string = Self.string(bytes, after: index, stop: &stop) else {
            index = stop
            return nil
        }
        index = string.range.upperBound &+ 1
        return string
    }

    /// What may come next inside a nested value.
    private enum Expected { case value, valueOrClose, key, keyOrClose, commaOrClose }

    /// Scans a nested object or array at the index and checks that it is valid JSON (keys, colons, commas,
    /// strings, numbers and literals in their places): an unknown field is kept verbatim and written out again,
    /// so `[}` must not pass. An explicit stack, not recursion: hostile nesting cannot overflow the stack.
    private mutating func scanComposite() -> Bool {
        var closers: [UInt8] = []  // the bracket that closes each open level
        var expected = Expected.value
        while true {
            skipWhitespace()
            guard let byte = peek else { return false }
            let closes =
                (expected == .valueOrClose && byte == 0x5D) || (expected == .keyOrClose && byte == 0x7D)
                || (expected == .commaOrClose && byte == closers.last)
            if closes {
                index += 1
                closers.removeLast()
                if closers.isEmpty { return true }
                expected = .commaOrClose
                continue
            }
            switch expected {
            case .value, .valueOrClose:
                switch byte {
                case 0x7B:
                    index += 1
                    closers.append(0x7D)
                    expected = .keyOrClose
                case 0x5B:
                    index += 1
                    closers.append(0x5D)
                    expected = .valueOrClose
                default:
                    guard !closers.isEmpty, scanValue() != nil else { return false }
                    expected = .commaOrClose
                }
            case .key, .keyOrClose:
                guard byte == 0x22, scanString() != nil else { return false }
                skipWhitespace()
                guard consume(0x3A) else { return false }
                expected = .value
            case .commaOrClose:
                guard byte == 0x2C else { return false }
                index += 1
                expected = closers.last == 0x7D ? .key : .value
            }
        }
    }

    private mutating func consumeLiteral(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { return false }
        index += count
        return true
    }
}
