// AccuracyEstimateTests: a share right's likely range against SciPy's Beta distribution, and its promises.

import Testing

@testable import PeachCore

@Suite("AccuracyEstimate")
struct AccuracyEstimateTests {
    /// SciPy 1.17 (`scipy.special.betainc`, `gammaln`): I_x(a, b) and ln Γ(x).
    @Test("the incomplete beta function and ln Γ as SciPy computes them")
    func functionsMatchSciPy() {
        let betas: [(x: Double, a: Double, b: Double, value: Double)] = [
            (0.3, 2, 5, 0.579_825), (0.9, 10, 1, 0.348_678_440_1), (0.5, 51, 51, 0.5),
            (0.7, 701, 301, 0.507_337_218_667_738_3), (0.01, 1, 1000, 0.999_956_828_752_589_3),
        ]
        for (x, a, b, value) in betas {
            let mine = AccuracyEstimate.regularizedIncompleteBeta(x, a, b)
            #expect(abs(mine - value) < 1e-12, "I_\(x)(\(a), \(b)) = \(mine), not \(value)")
        }
        let gammas: [(x: Double, value: Double)] = [
            (0.5, 0.572_364_942_924_7), (1, 0), (2.5, 0.284_682_870_472_919_2), (10, 12.801_827_480_081_469),
            (100, 359.134_205_369_575_4), (1e6, 12_815_504.569_147_611),
        ]
        for (x, value) in gammas {
            let mine = AccuracyEstimate.logGamma(x)
            #expect(abs(mine - value) <= 1e-12 * max(1, abs(value)), "ln Γ(\(x)) = \(mine), not \(value)")
        }
    }

    /// The shortest 68 % interval of Beta(1 + right, 1 + wrong), found by SciPy (`beta.ppf` and a bounded
    /// minimisation of the width over the tail left out below).
    @Test("the likely range is the shortest 68 % of the posterior, as SciPy finds it")
    func rangesMatchSciPy() {
        let cases: [(correct: Int, answers: Int, low: Double, high: Double)] = [
            (9, 9, 0.892_308, 1), (1, 2, 0.253_319, 0.746_681), (90, 100, 0.867_607, 0.927_154),
            (0, 5, 0, 0.172_963), (58, 60, 0.937_512, 0.985_16), (3, 7, 0.269_887, 0.597_954),
            (8, 9, 0.761_622, 0.963_731), (700, 1000, 0.685_47, 0.714_266),
            (999_990, 1_000_000, 0.999_986, 0.999_993),
        ]
        for (correct, answers, low, high) in cases {
            let range = AccuracyEstimate(correct: correct, of: answers).likelyRange
            #expect(
                abs(range.lowerBound - low) < 2e-6 && abs(range.upperBound - high) < 2e-6,
                "\(correct) of \(answers): \(range), not \(low)...\(high)")
        }
    }

    @Test(
        "the range holds the share shown beside it and 68 % of the posterior; nothing known without answers")
    func rangeHoldsTheShare() {
        for answers in 1...60 {
            for correct in 0...answers {
                let estimate = AccuracyEstimate(correct: correct, of: answers)
                let range = estimate.likelyRange
                #expect(range.contains(estimate.share), "\(correct) of \(answers): \(range)")
                let a = Double(1 + correct)
                let b = Double(1 + answers - correct)
                let held =
                    AccuracyEstimate.regularizedIncompleteBeta(range.upperBound, a, b)
                    - AccuracyEstimate.regularizedIncompleteBeta(range.lowerBound, a, b)
                #expect(abs(held - 0.68) < 1e-9, "\(correct) of \(answers): \(held)")
            }
        }
        let none = AccuracyEstimate(correct: 0, of: 0)
        #expect(none.share == 0 && abs(none.likelyRange.lowerBound - 0.16) < 1e-12)
        #expect(abs(none.likelyRange.upperBound - 0.84) < 1e-12)
        // Counts out of their domain are clamped, not trusted.
        #expect(AccuracyEstimate(correct: 12, of: 10).correct == 10)
        #expect(AccuracyEstimate(correct: -1, of: 10).correct == 0)
    }
}
