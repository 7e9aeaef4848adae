// InformationBound: the least sd(ln T75) any placement of N trials can reach when the slope is not known.

import Foundation
import PeachCore

/// The Cramér–Rao bound on sd(ln T75) for a listener of one shape and slope, as `scripts/psi-placement-study
/// bound` works it out: each trial's Fisher information about (ln T75, ln β) at a difference x, the best design
/// of trials at two levels (searched over both levels and the share at each), counting only the information
/// about the threshold that is not the slope's (the Schur complement I_TT − I_Tβ² / I_ββ: the slope is not
/// known). No procedure's estimate of T75 from N trials spreads less than 1 / √(N · i) in ln, whatever it does;
/// the validation run reports each cell's spread as a ratio to this.
enum InformationBound {
    /// The best net information per trial about ln T75 (T75 = 1: the bound does not depend on it).
    static func perTrial(shape: PsychometricShape, slope: Double, lapseRate: Double = 0.02) -> Double {
        let step = 1e-4
        func probability(_ x: Double, _ logThreshold: Double, _ logSlope: Double) -> Double {
            PsychometricFunction(
                shape: shape, threshold: exp(logThreshold), slope: exp(logSlope), lapseRate: lapseRate
            ).probabilityCorrect(at: x)
        }
        // The information matrix of one trial at each candidate level (0.1 … 10 × T75, 2 % apart).
        let levels = stride(from: log(0.1), through: log(10), by: 0.02).map { exp($0) }
        let matrices: [(tt: Double, tb: Double, bb: Double)] = levels.map { x in
            let p = probability(x, 0, log(slope))
            let dT = (probability(x, step, log(slope)) - probability(x, -step, log(slope))) / (2 * step)
            let dB =
                (probability(x, 0, log(slope) + step) - probability(x, 0, log(slope) - step)) / (2 * step)
            let scale = 1 / (p * (1 - p))
            return (dT * dT * scale, dT * dB * scale, dB * dB * scale)
        }
        var best = 0.0
        for first in matrices.indices {
            for second in first..<matrices.count {
                for share in stride(from: 0.05, through: 0.95, by: 0.05) {
                    let a = matrices[first]
                    let b = matrices[second]
                    let tt = share * a.tt + (1 - share) * b.tt
                    let tb = share * a.tb + (1 - share) * b.tb
                    let bb = share * a.bb + (1 - share) * b.bb
                    guard bb > 0 else { continue }
                    best = max(best, tt - tb * tb / bb)
                }
            }
        }
        return best
    }

    /// The least sd(ln T75) of `trials` trials.
    static func spread(trials: Int, perTrial information: Double) -> Double {
        1 / (Double(trials) * information).squareRoot()
    }
}
