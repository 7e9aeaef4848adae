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

    init(bytes: UnsafeBufferPointer<UInt8>, start: Int) {
        self.bytes = bytes
        index = start
    }

    /// Scans an object starting at the current index (after optional whitespace), appending its fields.
    /// Returns false when the text is not a well-formed object; the index then points near the problem.
    ///
    /// Keys, strings and numbers — every field of a record — are read here through the buffer's pointer, eight
    /// bytes at a time (``ByteLanes``); literals and nested values take ``scanValue()``. Reading through
    /// `peek` and the checked subscript, a call a value, was a fifth of importing a file in another key order.
    mutating func scanObject(into fields: inout [JSONField]) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let end = bytes.count
        var i = index
        defer { index = i }
        @inline(__always) func skipSpace() {
            while i < end {
                let byte = base[i]
                guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return }
                i &+= 1
            }
        }
        skipSpace()
        guard i < end, base[i] == 0x7B else { return false }  // {
        i &+= 1
        skipSpace()
        if i < end, base[i] == 0x7D {  // }
            i &+= 1
            return true
        }
        while true {
            skipSpace()
            guard i < end, base[i] == 0x22, let key = Self.string(base, end, after: i) else { return false }
            i = key.range.upperBound &+ 1
            skipSpace()
            guard i < end, base[i] == 0x3A else { return false }  // :
            i &+= 1
            skipSpace()
            guard i < end else { return false }
            let value: JSONValueSpan
            let first = base[i]
            if first == 0x22 {
                guard let string = Self.string(base, end, after: i) else { return false }
                value = JSONValueSpan(kind: .string(escaped: string.escaped), range: string.range)
                i = string.range.upperBound &+ 1
            } else if first == 0x2D || (first >= 0x30 && first <= 0x39) {
                guard let numberEnd = Self.numberEnd(base, end, from: i) else { return false }
                value = JSONValueSpan(kind: .number, range: i..<numberEnd)
                i = numberEnd
            } else {
                index = i
                guard let other = scanValue() else {
                    i = index
                    return false
                }
                value = other
                i = index
            }
            fields.append(JSONField(keyRange: key.range, keyEscaped: key.escaped, value: value))
            skipSpace()
            guard i < end else { return false }
            if base[i] == 0x2C {  // ,
                i &+= 1
                continue
            }
            guard base[i] == 0x7D else { return false }
            i &+= 1
            return true
        }
    }

    /// The string whose opening quote is at `quote`: its contents' range (the closing quote at its upper bound)
    /// and whether it holds an escape; nil when it is not closed or holds a control character.
    @inline(__always)
    private static func string(
        _ base: UnsafePointer<UInt8>, _ end: Int, after quote: Int
    )
        -> (range: Range<Int>, escaped: Bool)?
    {
        let start = quote &+ 1
        var i = start
        var escaped = false
        while true {
            while i &+ 8 <= end {
                let flags = ByteLanes.stringStops(ByteLanes.load(base, i))
                if flags != 0 {
                    i &+= ByteLanes.firstLane(flags)
                    break
                }
                i &+= 8
            }
            guard i < end else { return nil }
            let byte = base[i]
            if byte == 0x22 { return (start..<i, escaped) }
            if byte < 0x20 { return nil }
            if byte == 0x5C {
                escaped = true
                i &+= 1
            }
            i &+= 1
        }
    }

    /// Where the number starting at `start` ends, by JSON's grammar (`-? (0 | [1-9][0-9]*) (. [0-9]+)?
    /// ([eE] [+-]? [0-9]+)?`); nil when it breaks it.
    @inline(__always)
    private static func numberEnd(_ base: UnsafePointer<UInt8>, _ end: Int, from start: Int) -> Int? {
        var i = start
        @inline(__always) func isDigit(_ position: Int) -> Bool {
            position < end && base[position] >= 0x30 && base[position] <= 0x39
        }
        /// Past the digits from `i`, eight at a time while eight are there.
        @inline(__always) func digits() -> Int {
            let first = i
            while i &+ 8 <= end {
                let values = ByteLanes.load(base, i) ^ 0x3030_3030_3030_3030
                let flags = ((values &+ 0x7676_7676_7676_7676) | values) & ByteLanes.highs
                guard flags == 0 else {
                    i &+= ByteLanes.firstLane(flags)
                    return i &- first
                }
                i &+= 8
            }
            while isDigit(i) { i &+= 1 }
            return i &- first
        }
        if base[i] == 0x2D { i &+= 1 }
        guard isDigit(i) else { return nil }
        if base[i] == 0x30 { i &+= 1 } else { _ = digits() }
        if i < end, base[i] == 0x2E {
            i &+= 1
            guard digits() > 0 else { return nil }
        }
        if i < end, base[i] | 0x20 == 0x65 {  // e or E
            i &+= 1
            if i < end, base[i] == 0x2B || base[i] == 0x2D { i &+= 1 }
            guard digits() > 0 else { return nil }
        }
        return i
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

    /// Scans a number by JSON's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`. Whatever is
    /// kept verbatim (an unknown field) must be valid JSON when it is written out again.
    private mutating func scanNumber() -> Bool {
        if peek == 0x2D { index += 1 }
        guard let first = peek, Self.isDigit(first) else { return false }
        index += 1
        if first != 0x30 { skipDigits() }
        if peek == 0x2E {
            index += 1
            guard skipDigits() else { return false }
        }
        if peek == 0x65 || peek == 0x45 {
            index += 1
            if peek == 0x2B || peek == 0x2D { index += 1 }
            guard skipDigits() else { return false }
        }
        return true
    }

    /// Skips digits; whether there was at least one.
    @discardableResult
    private mutating func skipDigits() -> Bool {
        let start = index
        while let byte = peek, Self.isDigit(byte) { index += 1 }
        return index > start
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// Scans a string at the index (which is at its opening quote): one pass that stops at the closing quote,
    /// and walks escapes only when it meets a backslash. Control characters make it invalid.
    private mutating func scanString() -> (range: Range<Int>, escaped: Bool)? {
        index += 1
        let start = index
        var escaped = false
        let count = bytes.count
        let raw = bytes.baseAddress.map(UnsafeRawPointer.init)
        while index < count {
            // Eight bytes at a time (SWAR) up to the first quote, backslash or control character: each test sets
            // the top bit of every byte that is one (never missing one), and the lowest set bit is the first.
            if let raw {
                while index + 8 <= count {
                    let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    let quote = word ^ 0x2222_2222_2222_2222
                    let backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
                    let ones: UInt64 = 0x0101_0101_0101_0101
                    let special =
                        ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash
                            | (word &- 0x2020_2020_2020_2020) & ~word) & 0x8080_8080_8080_8080
                    if special != 0 {
                        index += special.trailingZeroBitCount / 8
                        break
                    }
                    index += 8
                }
            }
            guard index < count else { break }
            let byte = bytes[index]
            if byte == 0x22 {
                index += 1
                return (start..<(index - 1), escaped)
            }
            if byte < 0x20 { return nil }
            if byte == 0x5C {
                escaped = true
                index += 1
            }
            index += 1
        }
        return nil
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
