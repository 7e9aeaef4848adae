// NumberParser: JSON numbers from bytes, exactly: a fast path for up to 2^53 in digits, strtod otherwise.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Parses JSON numbers from bytes: an exact fast path for digits up to 2^53 (15 digits, most of 16), `strtod`
/// otherwise.
enum NumberParser {
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    static func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var index = range.lowerBound
        let negative = index < range.upperBound && bytes[index] == 0x2D
        if negative { index += 1 }
        guard index < range.upperBound, range.count <= 18 else { return nil }
        var value = 0
        while index < range.upperBound {
            let digit = Int(bytes[index]) &- 0x30
            guard digit >= 0, digit <= 9 else { return nil }
            value = value * 10 + digit
            index += 1
        }
        return negative ? -value : value
    }

    /// Parses a JSON number (`-? (0|[1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`); nil for anything else.
    static func double(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        var index = range.lowerBound
        let end = range.upperBound
        func isDigit(_ position: Int) -> Bool {
            position < end && bytes[position] >= 0x30 && bytes[position] <= 0x39
        }
        let negative = index < end && bytes[index] == 0x2D
        if negative { index += 1 }
        guard isDigit(index) else { return nil }
        var mantissa: UInt64 = 0
        var digits = 0
        var decimals = 0
        guard bytes[index] != 0x30 || !isDigit(index + 1) else { return nil }  // no leading zeros
        while isDigit(index) {
            mantissa = mantissa &* 10 &+ UInt64(bytes[index] - 0x30)
            digits += 1
            index += 1
        }
        if index < end, bytes[index] == 0x2E {
            index += 1
            guard isDigit(index) else { return nil }
            while isDigit(index) {
                mantissa = mantissa &* 10 &+ UInt64(bytes[index] - 0x30)
                digits += 1
                decimals += 1
                index += 1
            }
        }
        var hasExponent = false
        if index < end, bytes[index] == 0x65 || bytes[index] == 0x45 {
            hasExponent = true
            index += 1
            if index < end, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
            guard isDigit(index) else { return nil }
            while isDigit(index) { index += 1 }
        }
        guard index == end else { return nil }
        // Exact (Clinger): the digits as an integer up to 2^53 and a power of ten up to 10^22 are both doubles
        // exactly, and one IEEE division rounds correctly. That covers every number of up to 15 digits and
        // most of 16 (a cent value as Swift writes it: 57.38403917741034); strtod takes the rest.
        if !hasExponent, digits <= 19, mantissa <= 1 << 53, decimals <= 22 {
            let value = Double(mantissa) / powersOfTen[decimals]
            return negative ? -value : value
        }
        return parseWithStrtod(bytes, range)
    }

    private static func parseWithStrtod(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        guard range.count < 64 else { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: range.count + 1) { buffer in
            for offset in 0..<range.count {
                buffer[offset] = CChar(bitPattern: bytes[range.lowerBound + offset])
            }
            buffer[range.count] = 0
            guard let base = buffer.baseAddress else { return nil }
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(base, &end)
            guard let end, end == base + range.count, value.isFinite else { return nil }
            return value
        }
    }
}
