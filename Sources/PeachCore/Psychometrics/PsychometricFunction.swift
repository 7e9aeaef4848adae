// PsychometricFunction: the probability of a correct answer at a cent difference, in a two-alternative task.

/// The shape of the sensory part F of a psychometric function.
public enum PsychometricShape: String, Hashable, Sendable, CaseIterable, Codable {
    /// Weibull: F(x) = 1 − exp(−(x/α)^β).
    case weibull
    /// Cumulative Gaussian on log cents: F(x) = Φ(β · ln(x/μ)).
    case logGaussian
    /// Log-logistic: F(x) = 1 / (1 + (x/α)^−β), heavier-tailed than both (a listener who is not a Weibull).
    case logLogistic
}

/// A two-alternative psychometric function with guessing and lapses:
/// P(correct | x) = ½ + ½ · (1 − λ) · F(x), where x is the unsigned cent difference. A lapse is a guess, so
/// the ceiling is 1 − λ/2. It is parametrised by its **75 %-correct point** ``threshold`` (the whole function,
/// lapses included), the slope β of F, and λ: that point is what Peach calls a threshold.
public struct PsychometricFunction: Hashable, Sendable {
    /// The shape of F.
    public let shape: PsychometricShape
    /// The cent difference answered correctly 75 % of the time (T75).
    public let threshold: Double
    /// The slope β of F (Weibull exponent; for the log-Gaussian, 1/σ on ln cents).
    public let slope: Double
    /// The lapse rate λ: the share of trials answered by a guess whatever was played.
    public let lapseRate: Double
    /// The scale of F: α for the Weibull and the log-logistic, μ for the log-Gaussian.
    public let scale: Double

    /// The function with 75 %-correct point `threshold`, slope `slope` and lapse rate `lapseRate` (< 0.5).
    public init(shape: PsychometricShape = .weibull, threshold: Double, slope: Double, lapseRate: Double) {
        precondition(
            threshold > 0 && slope > 0 && (0..<0.5).contains(lapseRate), "invalid psychometric function")
        self.shape = shape
        self.threshold = threshold
        self.slope = slope
        self.lapseRate = lapseRate
        let f75 = 0.5 / (1 - lapseRate)  // F at the 75 %-correct point
        switch shape {
        case .weibull: scale = threshold / powDouble(-logDouble(1 - f75), 1 / slope)
        case .logGaussian: scale = threshold * expDouble(-normalQuantile(f75) / slope)
        case .logLogistic: scale = threshold / powDouble(f75 / (1 - f75), 1 / slope)
        }
    }

    /// F(x), the sensory part, 0 … 1.
    public func sensory(at cents: Double) -> Double {
        let x = abs(cents)
        guard x > 0 else { return 0 }
        switch shape {
        case .weibull: return 1 - expDouble(-powDouble(x / scale, slope))
        case .logGaussian: return normalCDF(slope * logDouble(x / scale))
        case .logLogistic: return 1 / (1 + powDouble(x / scale, -slope))
        }
    }

    /// P(correct) at an unsigned difference of `cents`.
    public func probabilityCorrect(at cents: Double) -> Double {
        0.5 + 0.5 * (1 - lapseRate) * sensory(at: cents)
    }

    /// The difference answered correctly with probability `p` (between ½ and the ceiling 1 − λ/2).
    public func difference(forProbability p: Double) -> Double {
        let f = min(max((p - 0.5) / (0.5 * (1 - lapseRate)), 1e-9), 1 - 1e-9)
        switch shape {
        case .weibull: return scale * powDouble(-logDouble(1 - f), 1 / slope)
        case .logGaussian: return scale * expDouble(normalQuantile(f) / slope)
        case .logLogistic: return scale * powDouble(f / (1 - f), 1 / slope)
        }
    }

    /// The share of correct answers a Kazez staircase settles at: a wrong answer widens by 0.09·√P and a right
    /// one narrows by 0.05·√P, so the chain is stationary where p · 0.05 = (1 − p) · 0.09, at p = 9/14 ≈ 64 %.
    public static let kazezEquilibrium = 0.09 / 0.14
}
