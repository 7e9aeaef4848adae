// Math: the few libm functions PeachCore needs, in one place.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// 2 raised to `x`.
@inline(__always) func exp2Double(_ x: Double) -> Double { exp2(x) }

/// The base-2 logarithm of `x`.
@inline(__always) func log2Double(_ x: Double) -> Double { log2(x) }

/// 10 raised to `x`.
@inline(__always) func pow10(_ x: Double) -> Double { pow(10, x) }

/// The natural logarithm of `x`.
@inline(__always) func logDouble(_ x: Double) -> Double { log(x) }

/// e raised to `x`.
@inline(__always) func expDouble(_ x: Double) -> Double { exp(x) }

/// The cosine of `x` (radians).
@inline(__always) func cosDouble(_ x: Double) -> Double { cos(x) }

/// `x` raised to `y`.
@inline(__always) func powDouble(_ x: Double, _ y: Double) -> Double { pow(x, y) }
