// AccuracyEstimate: a share of right answers with its likely range, the shortest 68 % of its Beta posterior.

/// A share of right answers, `correct` of `answers`, with its **likely range**: where the accuracy behind them
/// lies with 68 % probability (the probability a threshold's likely range has), from a Beta(1 + right,
/// 1 + wrong) posterior — a uniform prior, the one ``ItemMastery`` takes.
///
/// The range is the posterior's **shortest** interval holding 68 % of it (its highest-density interval), not
/// the one cutting 16 % off each tail: with a uniform prior the posterior peaks at exactly the share right, and
/// the shortest interval always holds its peak, so the range always holds the share shown beside it. 9 of 9 right
/// is likely 89–100 % (the central interval, 83–98 %, would leave out the 100 % it stands beside); 1 of 2 is
/// likely 25–75 %; 90 of 100, 87–93 %.
public struct AccuracyEstimate: Hashable, Sendable {
    /// Right answers (0 … ``answers``).
    public let correct: Int
    /// Answers.
    public let answers: Int

    /// The probability the likely range holds: 68 %, as for thresholds.
    public static let probability = 0.68

    /// The estimate of `correct` right of `answers` (each clamped: no fewer than 0, no more right than answers).
    public init(correct: Int, of answers: Int) {
        self.answers = max(answers, 0)
        self.correct = min(max(correct, 0), self.answers)
    }

    /// The share right, 0–1 (0 without answers).
    public var share: Double { answers == 0 ? 0 : Double(correct) / Double(answers) }

    /// The likely range of the accuracy, shares 0–1: the shortest interval holding ``probability`` of the
    /// posterior. Without answers, 0.16–0.84 (the uniform prior's: nothing is known).
    ///
    /// The shortest interval is the one whose two ends have the same density: for each lower end below the peak
    /// its upper end is found from the density alone (logarithms, no special function), and the lower end is
    /// halved towards the one whose interval holds ``probability``: 88 evaluations of the incomplete beta function
    /// in all. (A search over the tail left out below, each step two quantiles, cost 30 times as much.)
    public var likelyRange: ClosedRange<Double> {
        let mass = Self.probability
        guard answers > 0 else { return (1 - mass) / 2...(1 + mass) / 2 }
        let a = Double(1 + correct)
        let b = Double(1 + answers - correct)
        let logBeta = Self.logBeta(a, b)
        // The posterior rises all the way to 1 when every answer was right (falls from 0 when none was): its
        // shortest interval ends there.
        if correct == answers { return Self.quantile(1 - mass, a, b, logBeta: logBeta)...1 }
        if correct == 0 { return 0...Self.quantile(mass, a, b, logBeta: logBeta) }
        // Otherwise the density, x^(a−1)·(1−x)^(b−1), rises to its peak at the share right and falls after it.
        let peak = share
        func logDensity(_ x: Double) -> Double { (a - 1) * logDouble(x) + (b - 1) * logDouble(1 - x) }
        // The point above the peak as dense as `low`: Newton's steps on the log density (which falls there, and
        // is concave), each kept inside the bracket known so far, from the last lower end's match.
        var guess = (peak + 1) / 2
        func upper(matching low: Double) -> Double {
            let level = logDensity(low)
            var below = peak
            var above = 1.0
            var x = guess
            for _ in 0..<64 {
                let excess = logDensity(x) - level
                if excess > 0 { below = x } else { above = x }
                let slope = (a - 1) / x - (b - 1) / (1 - x)
                var next = x - excess / slope
                if !(next > below && next < above) { next = (below + above) / 2 }
                if abs(next - x) < 1e-15 || above - below < 1e-15 { break }
                x = next
            }
            guess = x
            return x
        }
        // The lower end: the mass between it and its match falls from 1 (at 0) to 0 (at the peak).
        var outside = 0.0
        var inside = peak
        for _ in 0..<Self.halvings {
            let low = (outside + inside) / 2
            let held =
                Self.regularizedIncompleteBeta(upper(matching: low), a, b, logBeta: logBeta)
                - Self.regularizedIncompleteBeta(low, a, b, logBeta: logBeta)
            if held > mass { outside = low } else { inside = low }
        }
        let low = (outside + inside) / 2
        return low...upper(matching: low)
    }

    /// How many halvings a search takes: 44 leave less than 10⁻¹³ of the unit interval.
    private static let halvings = 44

    /// The accuracy below which `p` of a Beta(a, b) lies: the regularized incomplete beta function inverted by
    /// halving (it rises with x).
    static func quantile(_ p: Double, _ a: Double, _ b: Double, logBeta: Double) -> Double {
        guard p > 0 else { return 0 }
        guard p < 1 else { return 1 }
        var low = 0.0
        var high = 1.0
        for _ in 0..<halvings {
            let middle = (low + high) / 2
            if regularizedIncompleteBeta(middle, a, b, logBeta: logBeta) < p {
                low = middle
            } else {
                high = middle
            }
        }
        return (low + high) / 2
    }

    /// ln B(a, b) = ln Γ(a) + ln Γ(b) − ln Γ(a + b).
    static func logBeta(_ a: Double, _ b: Double) -> Double { logGamma(a) + logGamma(b) - logGamma(a + b) }

    /// I_x(a, b), the share of a Beta(a, b) below x.
    static func regularizedIncompleteBeta(_ x: Double, _ a: Double, _ b: Double) -> Double {
        regularizedIncompleteBeta(x, a, b, logBeta: logBeta(a, b))
    }

    /// I_x(a, b) with ln B(a, b) given: its continued fraction (evaluated by the modified Lentz method) on the side
    /// of the mean where it converges fast, the other side by symmetry.
    static func regularizedIncompleteBeta(_ x: Double, _ a: Double, _ b: Double, logBeta: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        let front = expDouble(a * logDouble(x) + b * logDouble(1 - x) - logBeta)
        if x < (a + 1) / (a + b + 2) {
            return front * continuedFraction(x, a, b) / a
        }
        return 1 - front * continuedFraction(1 - x, b, a) / b
    }

    /// The continued fraction of the incomplete beta function (Numerical Recipes §6.4), to double precision.
    private static func continuedFraction(_ x: Double, _ a: Double, _ b: Double) -> Double {
        let tiny = 1e-300
        let sum = a + b
        var c = 1.0
        var d = 1 - sum * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var result = d
        for step in 1...10_000 {
            let m = Double(step)
            let even = m * (b - m) * x / ((a - 1 + 2 * m) * (a + 2 * m))
            d = 1 + even * d
            if abs(d) < tiny { d = tiny }
            c = 1 + even / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            result *= d * c
            let odd = -(a + m) * (sum + m) * x / ((a + 2 * m) * (a + 1 + 2 * m))
            d = 1 + odd * d
            if abs(d) < tiny { d = tiny }
            c = 1 + odd / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let factor = d * c
            result *= factor
            if abs(factor - 1) < 1e-15 { break }
        }
        return result
    }

    /// ln Γ(x) for x ≥ 0.5, by the Lanczos approximation (g = 7, nine terms; relative error near 10⁻¹⁵): written
    /// out rather than the C library's `lgamma`, which sets a global sign on every call and whose last bits
    /// may differ between machines.
    static func logGamma(_ x: Double) -> Double {
        let coefficients = lanczos
        let z = x - 1
        var series = coefficients[0]
        for index in 1..<coefficients.count { series += coefficients[index] / (z + Double(index)) }
        let t = z + 7.5
        return 0.5 * logDouble(2 * Double.pi) + (z + 0.5) * logDouble(t) - t + logDouble(series)
    }

    /// The Lanczos approximation's coefficients (g = 7).
    private static let lanczos = [
        0.999_999_999_999_809_93, 676.520_368_121_885_1, -1_259.139_216_722_402_8, 771.323_428_777_653_13,
        -176.615_029_162_140_59, 12.507_343_278_686_905, -0.138_571_095_265_720_12,
        9.984_369_578_019_571_6e-6, 1.505_632_735_149_311_6e-7,
    ]
}
