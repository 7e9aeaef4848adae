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
            guard i < end, base[i] == 0x22, let key = Self.string(bytes, after: i, stop: &i) else {
                return false
            }
            i = key.range.upperBound &+ 1
            skipSpace()
            guard i < end, base[i] == 0x3A else { return false }  // :
            i &+= 1
            skipSpace()
            guard i < end else { return false }
            let value: JSONValueSpan
            let first = base[i]
            if first == 0x22 {
                guard let string = Self.string(bytes, after: i, stop: &i) else { return false }
                value = JSONValueSpan(kind: .string(escaped: string.escaped), range: string.range)
                i = string.range.upperBound &+ 1
            } else if first == 0x2D || (first >= 0x30 && first <= 0x39) {
                let number = Self.number(bytes, from: i)
                guard number.valid else {
                    i = number.end
                    return false
                }
                value = JSONValueSpan(kind: .number, range: i..<number.end)
                i = number.end
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
