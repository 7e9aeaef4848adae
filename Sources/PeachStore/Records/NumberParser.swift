// NumberParser: JSON numbers from bytes, exactly: Clinger's and Eisel–Lemire's fast paths, strtod otherwise.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Parses JSON numbers from bytes: exact fast paths for digits up to 2^53 (15 digits, most of 16; Clinger) and
/// for up to 19 digits with up to 25 decimals (Eisel–Lemire), `strtod` otherwise.
enum NumberParser {
    /// 10^0 … 10^22, every one exactly a double. Written out: an array of literals is laid out when the program
    /// loads, where a computed one is made on first use and checked for on every call.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

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
        // Digits eight at a time while eight are there, then one at a time (wrapping: more than 19 digits go to
        // strtod below, whatever the mantissa holds).
        @inline(__always) func readDigits() -> Int {
            let first = index
            if let base = bytes.baseAddress {
                while index &+ 8 <= end {
                    let word = ByteLanes.load(base, index)
                    guard let value = eightDigits(word) else { break }
                    mantissa = mantissa &* 100_000_000 &+ value
                    index &+= 8
                }
            }
            while isDigit(index) {
                mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 0x30)
                index &+= 1
            }
            return index &- first
        }
        digits = readDigits()
        if index < end, bytes[index] == 0x2E {
            index += 1
            guard isDigit(index) else { return nil }
            decimals = readDigits()
            digits &+= decimals
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
        if !hasExponent,
            let value = exactValue(mantissa, digits: digits, decimals: decimals, negative: negative)
        {
            return value
        }
        return parseWithStrtod(bytes, range)
    }

    /// The value of a decimal without an exponent, read as the integer `mantissa` of its `digits` digits,
    /// `decimals` of them after the point; nil when neither exact fast path decides (then strtod must).
    @inline(__always)
    static func exactValue(_ mantissa: UInt64, digits: Int, decimals: Int, negative: Bool) -> Double? {
        guard digits <= 19 else { return nil }
        // Exact (Clinger): the digits as an integer up to 2^53 and a power of ten up to 10^22 are both doubles
        // exactly, and one IEEE division rounds correctly. That covers every number of up to 15 digits and
        // most of 16 (a cent value as Swift writes it: 57.38403917741034); strtod takes the rest.
        if mantissa <= 1 << 53, decimals <= 22 {
            let value = Double(mantissa) / powersOfTen[decimals]
            return negative ? -value : value
        }
        // Exact too (Eisel–Lemire): the 17 digits of most cents as Swift writes them, which strtod took at a
        // tenth of reading a journal.
        if let value = eiselLemire(mantissa, exponent: -decimals) { return negative ? -value : value }
        return nil
    }

    /// How many of `word`'s bytes, from its first (lowest), are ASCII digits (0…8), and their value.
    @inline(__always)
    static func leadingDigits(_ word: UInt64) -> (count: Int, value: UInt64) {
        let count = leadingDigitCount(word)
        guard count > 0 else { return (0, 0) }
        // The digits moved to the top lanes, zeros (leading zeros) below them: one eight-digit number.
        return (count, combine((word ^ 0x3030_3030_3030_3030) << UInt64(64 &- count &* 8)))
    }

    /// How many of `word`'s bytes, from its first (lowest), are ASCII digits (0…8).
    @inline(__always)
    static func leadingDigitCount(_ word: UInt64) -> Int {
        let values = word ^ 0x3030_3030_3030_3030  // a digit's lane now holds its value, 0…9
        // A lane's top bit set: 10 or more (with 0x76 added) or a byte of 0x80 and more. A carry out of a lane
        // comes only from a lane already flagged, so the lowest flag is the first byte that is no digit.
        let flags = ((values &+ 0x7676_7676_7676_7676) | values) & ByteLanes.highs
        return flags.trailingZeroBitCount &>> 3
    }

    /// The value of eight lanes holding one decimal digit each (the most significant in the lowest lane):
    /// three multiplications instead of eight steps (as in fast_float).
    @inline(__always)
    private static func combine(_ digits: UInt64) -> UInt64 {
        let value = digits &* 10 &+ (digits >> 8)
        let mask: UInt64 = 0x0000_00FF_0000_00FF
        return ((value & mask) &* 0x000F_4240_0000_0064 &+ ((value >> 16) & mask) &* 0x0000_2710_0000_0001)
            >> 32 & 0xFFFF_FFFF
    }

    /// The value of eight ASCII digits in `word` (the first in its lowest byte), or nil when any byte is not a
    /// digit: three multiplications instead of eight steps (as in fast_float).
    @inline(__always)
    static func eightDigits(_ word: UInt64) -> UInt64? {
        // Every byte 0x30…0x39: its high half 3, and still 3 with 6 added to it.
        guard word & 0xF0F0_F0F0_F0F0_F0F0 == 0x3030_3030_3030_3030,
            (word &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0 == 0x3030_3030_3030_3030
        else { return nil }
        return combine(word &- 0x3030_3030_3030_3030)
    }

    /// 128-bit approximations of 5^q for q = −25…0 (Eisel–Lemire's table as fast_float generates it: each
    /// normalised so its top bit is set, the negative powers rounded up).
    private static let powersOfFive: [(high: UInt64, low: UInt64)] = [
        (0xF796_87AE_D3EE_C551, 0x3A83_DDBD_83F5_2205), (0x9ABE_14CD_4475_3B52, 0xC492_6A96_7279_3543),
        (0xC16D_9A00_9592_8A27, 0x75B7_053C_0F17_8294), (0xF1C9_0080_BAF7_2CB1, 0x5324_C68B_12DD_6339),
        (0x971D_A050_74DA_7BEE, 0xD3F6_FC16_EBCA_5E04), (0xBCE5_0864_9211_1AEA, 0x88F4_BB1C_A6BC_F585),
        (0xEC1E_4A7D_B695_61A5, 0x2B31_E9E3_D06C_32E6), (0x9392_EE8E_921D_5D07, 0x3AFF_322E_6243_9FD0),
        (0xB877_AA32_36A4_B449, 0x09BE_FEB9_FAD4_87C3), (0xE695_94BE_C44D_E15B, 0x4C2E_BE68_7989_A9B4),
        (0x901D_7CF7_3AB0_ACD9, 0x0F9D_3701_4BF6_0A11), (0xB424_DC35_095C_D80F, 0x5384_84C1_9EF3_8C95),
        (0xE12E_1342_4BB4_0E13, 0x2865_A5F2_06B0_6FBA), (0x8CBC_CC09_6F50_88CB, 0xF93F_87B7_442E_45D4),
        (0xAFEB_FF0B_CB24_AAFE, 0xF78F_69A5_1539_D749), (0xDBE6_FECE_BDED_D5BE, 0xB573_440E_5A88_4D1C),
        (0x8970_5F41_36B4_A597, 0x3168_0A88_F895_3031), (0xABCC_7711_8461_CEFC, 0xFDC2_0D2B_36BA_7C3E),
        (0xD6BF_94D5_E57A_42BC, 0x3D32_9076_0469_1B4D), (0x8637_BD05_AF6C_69B5, 0xA63F_9A49_C2C1_B110),
        (0xA7C5_AC47_1B47_8423, 0x0FCF_80DC_3372_1D54), (0xD1B7_1758_E219_652B, 0xD3C3_6113_404E_A4A9),
        (0x8312_6E97_8D4F_DF3B, 0x645A_1CAC_0831_26EA), (0xA3D7_0A3D_70A3_D70A, 0x3D70_A3D7_0A3D_70A4),
        (0xCCCC_CCCC_CCCC_CCCC, 0xCCCC_CCCC_CCCC_CCCD), (0x8000_0000_0000_0000, 0x0000_0000_0000_0000),
    ]

    /// `significand` × 10^`exponent`, correctly rounded, by Eisel and Lemire's algorithm (as in fast_float,
    /// "Number Parsing at a Gigabyte per Second", 2021), for a significand of at most 19 digits and an exponent
    /// of −25…0; nil when it cannot decide, outside that range, or for zero (strtod decides those).
    static func eiselLemire(_ significand: UInt64, exponent q: Int) -> Double? {
        guard significand != 0, (-25...0).contains(q) else { return nil }
        let leadingZeros = significand.leadingZeroBitCount
        let w = significand << UInt64(leadingZeros)
        let power = powersOfFive[q + 25]
        var (high, low) = w.multipliedFullWidth(by: power.high)
        // The bits below the mantissa and its rounding bit all ones: the low word decides.
        if high & 0x1FF == 0x1FF {
            let second = w.multipliedFullWidth(by: power.low)
            let (sum, carry) = low.addingReportingOverflow(second.high)
            low = sum
            if carry { high &+= 1 }
            guard low != .max else { return nil }
        }
        let upperBit = Int(high >> 63)
        let shift = UInt64(upperBit + 9)
        var mantissa = high >> shift
        var power2 = ((152_170 + 65_536) * q) >> 16 + 63 + upperBit - leadingZeros + 1023
        guard power2 > 0 else { return nil }
        // Exactly halfway: round to even (only possible for small exponents).
        if low <= 1, q >= -4, mantissa & 3 == 1, mantissa << shift == high { mantissa &= ~1 }
        mantissa += mantissa & 1
        mantissa >>= 1
        if mantissa >= 1 << 53 {
            mantissa = 1 << 52
            power2 += 1
        }
        mantissa &= ~(1 << 52)
        guard power2 < 0x7FF else { return nil }
        return Double(bitPattern: UInt64(power2) << 52 | mantissa)
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
