// FixedDecimals: a number written with a fixed count of decimals, as printf's `%.Nf` writes it, cheaply.

import Foundation

/// A number with up to three decimals written as the C library's `%.Nf` writes it (what `String(format:)`
/// writes, to the byte: the exact value rounded to the nearest, a minus kept on a negative that rounds to
/// zero), without Foundation's formatter: a chart's SVG writes a thousand numbers, and the formatter cost about
/// nine thousand instructions each. The number is scaled and rounded in binary; where the exact value may lie
/// too near halfway for that to be sure (and for huge numbers, more decimals, nan and infinity) the formatter
/// writes it.
enum FixedDecimals {
    private static let scales: [Double] = [1, 10, 100, 1000]

    /// `value` with `decimals` decimals: `12.3`, `-0.5`, `-0.0`, `nan`.
    static func string(_ value: Double, decimals: Int) -> String {
        guard scales.indices.contains(decimals), value.isFinite else { return formatted(value, decimals) }
        let scale = scales[decimals]
        let nearest = (value * scale).rounded(.toNearestOrEven)
        // How far the exact value·scale lies from `nearest` (one rounding): below a half by a margin far wider
        // than that rounding's error, `nearest` is what printf rounds the exact value to.
        let rest = abs((-nearest).addingProduct(value, scale))
        guard abs(nearest) < 0x1p40, rest < 0.5 - 1e-6 else { return formatted(value, decimals) }
        // The digits written into a few bytes and made a string once: `String(Int64)`, a `"0"` prefix and
        // `insert` made three strings a number (a chart's SVG after every answer on the dashboard).
        var whole = UInt64(abs(nearest))
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { bytes in
            var start = bytes.count
            var written = 0
            repeat {
                if written == decimals, decimals > 0 {
                    start -= 1
                    bytes[start] = 0x2E  // .
                }
                start -= 1
                bytes[start] = 0x30 + UInt8(whole % 10)
                whole /= 10
                written += 1
            } while whole > 0 || written <= decimals
            if value.sign == .minus {
                start -= 1
                bytes[start] = 0x2D  // -
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self)
        }
    }

    private static func formatted(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}
