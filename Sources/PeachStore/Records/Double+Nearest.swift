// Double+Nearest: rounding to a whole number without a call into the C library.

extension Double {
    /// The nearest whole number, halves away from zero: what `rounded()` gives (but +0 from a small negative
    /// value) without its call into the C library's `round`, which the baseline x86-64 instruction set has no
    /// instruction for; the encoder rounds every time, gain and duration it writes. Exact: below 2^52 the
    /// difference from the truncated value is exact, and it is compared with one half.
    @inline(__always)
    var nearestWhole: Double {
        // 2^52 and up: whole already, or not finite.
        guard magnitude < 4_503_599_627_370_496 else { return rounded() }
        let truncated = Double(Int64(self))
        let rest = self - truncated
        if rest >= 0.5 { return truncated + 1 }
        if rest <= -0.5 { return truncated - 1 }
        return rest == 0 ? self : truncated  // a whole number keeps its own zero's sign
    }
}
