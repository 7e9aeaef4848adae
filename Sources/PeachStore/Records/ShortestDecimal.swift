// ShortestDecimal: the digits Swift's `description` writes for a double, found by exact integer steps.

/// The shortest decimal digits that read back as a double, as Swift's `description` gives them (the shortest
/// that round-trips; among those, the closest), for 0.001 ≤ |value| < 10^15: `description` made a `String`
/// through the standard library's general formatter, for the 16 or 17 digits most measured values take (a
/// cent difference), a sixth of encoding a record an import had to write again.
///
/// The closest decimal of `n` digits to `value` is `round(value × 10^d)` for the `d` decimals that gives `n`
/// digits, computed exactly: `value` is `m × 2^e`, so `value × 10^d = m × 5^d × 2^(e+d)`, a 117-bit product
/// shifted. If any decimal of `n` digits reads back as `value`, the closest one does (the doubles that read
/// back as `value` fill an interval around it, the same width on both sides except at a power of two, which
/// is left to `description`). So: the closest of 16 digits does not read back → 17 digits (which always
/// do); it does → one digit less while that still reads back.
///
/// Whether a decimal reads back is decided by the same product, exactly: the decimal `q / 10^d` lies
/// `δ / 2^s / 10^d` from `value`, where `δ` is what the shift `s` left over (or its complement, rounded up),
/// and it reads back when that is less than half of `value`'s unit in the last place, `2^(e−1)`: when
/// `2δ < 5^d` (never equal: `5^d` is odd, so no decimal lies halfway). A correctly rounded reader (Peach's
/// ``NumberParser``, or any) then gives `value` back. (Asking the reader's own parse cost two parses a number,
/// 170 instructions a measured value written.) Whatever the steps cannot decide (a power of two, outside the
/// range) is nil, and the caller asks `description`.
enum ShortestDecimal {
    /// The shortest digits of `value` as an integer `significand` of `count` digits, `decimals` of them after
    /// the point (`-5.690446803802753` is 5690446803802753, 16 and 15); nil when the steps cannot decide (see the type).
    /// `value` must not be a whole number.
    @inline(__always)
    static func digits(_ value: Double) -> (significand: UInt64, count: Int, decimals: Int)? {
        let magnitude = value.magnitude
        guard magnitude >= 0.001, magnitude < 1e15, magnitude.significandBitPattern != 0 else { return nil }
        // The power of ten of the first digit: from the binary exponent (log10(2) ≈ 1233 / 4096), then one
        // comparison; a wrong guess shows as a wrong number of digits below.
        let binary = Int(truncatingIfNeeded: magnitude.exponentBitPattern) &- 1023  // `exponent` is a call
        var power = (binary &* 1233) >> 12
        if power &+ 1 <= 15, magnitude >= powersOfTen[power &+ 1 &+ 3] { power &+= 1 }
        guard let sixteen = closest(magnitude, digits: 16, power: power) else { return nil }
        if !sixteen.readsBack {
            guard let seventeen = closest(magnitude, digits: 17, power: power), seventeen.value % 10 != 0,
                seventeen.readsBack
            else { return nil }
            return (seventeen.value, 17, 16 &- power)
        }
        // Fewer digits: one less while the closest of one less still reads back (rarely more than one step).
        var digits = 16
        var significand = sixteen.value
        while digits > 1 {
            guard let shorter = closest(magnitude, digits: digits &- 1, power: power) else { return nil }
            guard shorter.readsBack else { break }
            digits &-= 1
            significand = shorter.value
        }
        guard significand % 10 != 0 else { return nil }
        return (significand, digits, digits &- 1 &- power)
    }

    /// The digits of `value` when it has at most six decimals and 0.001 ≤ |value| < 10^8 (a time or gain the
    /// encoder rounded), as ``digits(_:)`` gives them; nil otherwise.
    ///
    /// With `k` decimals the shortest digits are the integer `m` nearest to `value × 10^k` for the smallest `k`
    /// at which `m / 10^k` reads back as `value`: `m / 10^k` is correctly rounded (both are doubles exactly, one
    /// IEEE division: Clinger), so comparing it with `value` is that test; `value × 10^k` is below 2^47, so its
    /// rounding cannot move `m` to a neighbour; and two decimals with as many digits are further apart than a
    /// double's spacing there, so only one can read back. A few steps where ``digits(_:)`` would take ten.
    @inline(__always)
    static func fewDecimals(_ value: Double) -> (significand: UInt64, count: Int, decimals: Int)? {
        let magnitude = value.magnitude
        guard magnitude >= 0.001, magnitude < 1e8 else { return nil }
        for decimals in 1...6 {
            let scale = Double(digitBounds[decimals])  // exactly
            let scaled = (magnitude * scale).nearestWhole
            guard scaled / scale == magnitude else { continue }
            let significand = UInt64(scaled)
            var count = 1
            while significand >= digitBounds[count] { count &+= 1 }
            return (significand, count, decimals)
        }
        return nil
    }

    /// Writes the number of these digits (``digits(_:)``, ``fewDecimals(_:)``) as `description` does: a point
    /// between them, or `0.` and zeros before them.
    @inline(__always)
    static func write(
        _ digits: (significand: UInt64, count: Int, decimals: Int), negative: Bool,
        to writer: inout ByteWriter
    ) {
        let (significand, count, decimals) = digits
        // The significand's digits at the end of 24 bytes (leading zeros before them), eight at a time: only the
        // words its digits reach are made (only those are written). Laid out first byte lowest: stored
        // little-endian, whatever the machine.
        // Then 24 bytes more, so that any 24 from a digit on can be read (``ByteWriter/write(upTo24:length:)``).
        var text: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
        if count > 16 {
            text.0 = ByteWriter.eightDigits(significand / 10_000_000_000_000_000).littleEndian
            text.1 = ByteWriter.eightDigits(significand / 100_000_000 % 100_000_000).littleEndian
        } else if count > 8 {
            text.1 = ByteWriter.eightDigits(significand / 100_000_000).littleEndian
        }
        text.2 = ByteWriter.eightDigits(significand % 100_000_000).littleEndian
        withUnsafeBytes(of: &text) { text in
            let first = 24 &- count
            if negative { writer.write(byte: 0x2D) }
            guard let start = text.baseAddress else { return }
            if decimals < count {  // digits before the point
                writer.write(upTo24: start + first, length: count &- decimals)
                writer.write(byte: 0x2E)
                writer.write(upTo24: start + (24 &- decimals), length: decimals)
            } else {
                writer.write("0.")
                for _ in 0..<(decimals &- count) { writer.write(byte: 0x30) }
                writer.write(upTo24: start + first, length: count)
            }
        }
    }

    /// 10^−3 … 10^15, the nearest doubles (the first three are not exact; see ``digits(_:)``).
    private static let powersOfTen: [Double] = [
        1e-3, 1e-2, 1e-1, 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14,
        1e15,
    ]

    /// 5^0 … 5^27, every one below 2^63.
    private static let powersOfFive: [UInt64] = [
        1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1_953_125, 9_765_625, 48_828_125, 244_140_625,
        1_220_703_125, 6_103_515_625, 30_517_578_125, 152_587_890_625, 762_939_453_125, 3_814_697_265_625,
        19_073_486_328_125, 95_367_431_640_625, 476_837_158_203_125, 2_384_185_791_015_625,
        11_920_928_955_078_125, 59_604_644_775_390_625, 298_023_223_876_953_125, 1_490_116_119_384_765_625,
        7_450_580_596_923_828_125,
    ]

    /// 10^0 … 10^17: the bounds of significands of 1 … 17 digits.
    private static let digitBounds: [UInt64] = [
        1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
        100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
        10_000_000_000_000_000, 100_000_000_000_000_000,
    ]

    /// The `digits`-digit decimal nearest to `magnitude` (whose first digit is at 10^`power`), as an integer:
    /// `magnitude × 10^(digits − 1 − power)` rounded exactly, a tie to the even one (as `description` does:
    /// both are as far, so both read back or neither); and whether it reads back as `magnitude` (see the type).
    /// Nil when it does not have `digits` digits (a wrong `power`, or rounding up to the next power of ten).
    @inline(__always)
    private static func closest(
        _ magnitude: Double, digits: Int, power: Int
    ) -> (value: UInt64, readsBack: Bool)? {
        let decimals = digits &- 1 &- power
        guard decimals >= 0, decimals < powersOfFive.count else { return nil }
        // magnitude = m × 2^e, m of 53 bits (the value is normal: at least 0.001).
        let m = magnitude.significandBitPattern | 1 << 52
        let e = Int(truncatingIfNeeded: magnitude.exponentBitPattern) &- 1075
        let five = powersOfFive[decimals]
        let product = m.multipliedFullWidth(by: five)  // below 2^117
        let shift = -(e &+ decimals)
        var rounded: UInt64
        let readsBack: Bool
        if shift <= 0 {
            // A whole number already, the decimal exactly `magnitude`: shifted up, it must stay within 64 bits.
            guard product.high == 0, shift > -64, product.low >> UInt64(63 &+ shift) == 0 else { return nil }
            rounded = product.low << UInt64(-shift)
            readsBack = true
        } else if shift < 64, product.high >> UInt64(shift) == 0 {
            // Most values (a cent difference of 16 digits is shifted by 30 to 40): all in one word.
            let s = UInt64(shift)
            rounded = (product.low >> s) | (product.high << (64 &- s))
            let remainder = product.low & ((1 << s) &- 1)
            let half: UInt64 = 1 << (s &- 1)
            var distance = remainder
            if remainder > half || (remainder == half && rounded & 1 == 1) {
                rounded &+= 1
                distance = half << 1 &- remainder
            }
            readsBack = distance <= five >> 1  // 2δ < 5^d, 5^d odd
        } else {
            guard shift < 128 else { return nil }
            let (quotient, remainder, half) = shifted(product, by: shift)
            guard let quotient else { return nil }
            rounded = quotient
            // δ, what lies between the decimal and the product: the remainder, or 2^shift − remainder when the
            // decimal is rounded up (then the remainder is at least half, and δ at most half).
            var distance = remainder
            if remainder.high > half.high || (remainder.high == half.high && remainder.low > half.low)
                || (remainder == half && quotient & 1 == 1)
            {
                rounded &+= 1
                let (low, borrow) = (half.low << 1).subtractingReportingOverflow(remainder.low)
                distance = ((half.high << 1 | half.low >> 63) &- remainder.high &- (borrow ? 1 : 0), low)
            }
            readsBack = distance.high == 0 && distance.low <= five >> 1  // 2δ < 5^d, 5^d odd
        }
        guard rounded >= digitBounds[digits &- 1], rounded < digitBounds[digits] else { return nil }
        return (rounded, readsBack)
    }

    /// `value` (128 bits) shifted right by `shift` (1…127): the quotient (nil when it exceeds 64 bits), the
    /// bits shifted out, and half of one unit of the quotient, to compare the two.
    @inline(__always)
    private static func shifted(
        _ value: (high: UInt64, low: UInt64), by shift: Int
    ) -> (quotient: UInt64?, remainder: (high: UInt64, low: UInt64), half: (high: UInt64, low: UInt64)) {
        let quotient: UInt64?
        let remainder: (high: UInt64, low: UInt64)
        let half: (high: UInt64, low: UInt64)
        if shift < 64 {
            let s = UInt64(shift)
            quotient = value.high >> s == 0 ? (value.low >> s) | (value.high << (64 &- s)) : nil
            remainder = (0, value.low & ((1 << s) &- 1))
            half = (0, 1 << (s &- 1))
        } else if shift == 64 {
            quotient = value.high
            remainder = (0, value.low)
            half = (0, 1 << 63)
        } else {
            let s = UInt64(shift &- 64)
            quotient = value.high >> s
            remainder = (value.high & ((1 << s) &- 1), value.low)
            half = (1 << (s &- 1), 0)
        }
        return (quotient, remainder, half)
    }
}
