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

/// The error function.
@inline(__always) func erfDouble(_ x: Double) -> Double { erf(x) }

/// The standard normal cumulative distribution Φ(x).
func normalCDF(_ x: Double) -> Double { 0.5 * (1 + erf(x / 2.0.squareRoot())) }

/// The standard normal quantile Φ⁻¹(p), 0 < p < 1 (Acklam's rational approximation refined by one Newton
/// step on Φ: relative error below 1e-12).
func normalQuantile(_ p: Double) -> Double {
    let a = [
        -3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02, 1.383577518672690e+02,
        -3.066479806614716e+01, 2.506628277459239e+00,
    ]
    let b = [
        -5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02, 6.680131188771972e+01,
        -1.328068155288572e+01,
    ]
    let c = [
        -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00, -2.549732539343734e+00,
        4.374664141464968e+00, 2.938163982698783e+00,
    ]
    let d = [7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00]
    let low = 0.02425
    var x: Double
    if p < low {
        let q = (-2 * log(p)).squareRoot()
        x =
            (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
            / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    } else if p <= 1 - low {
        let q = p - 0.5
        let r = q * q
        x =
            (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
            / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
    } else {
        let q = (-2 * log(1 - p)).squareRoot()
        x =
            -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
            / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    }
    let error = normalCDF(x) - p
    let density = exp(-x * x / 2) / (2 * Double.pi).squareRoot()
    return x - error / density
}
