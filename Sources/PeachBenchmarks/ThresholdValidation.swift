// ThresholdValidation: the estimators checked against simulated listeners whose true threshold is known.

import Foundation
import PeachCore
import PeachLive
import PeachStore
import PeachText
import PeachTraining

/// `PeachBenchmarks validate [seeds]`: drives the real comparison session with simulated listeners (true T75 ∈
/// {2, 3, 5, 10, 20, 40} cents; N ∈ {50, 100, 300} trials; shapes Weibull β = 2, Weibull β = 1.3 and
/// log-Gaussian β = 2; 40 seeds by default) and prints, per estimator, the bias (mean of estimate / T75), the
/// spread (sd of ln estimate / T75) and the coverage of the stated 68 % interval:
///
/// - `kazez mean`: the mean presented difference (Peach's old profile number; no interval);
/// - `training fit`: the Bayesian fit of ``ThresholdPosterior`` to the Kazez session's trials;
/// - `measurement`: the ``PsiProcedure`` placing every trial (`peach measure`).
@MainActor
enum ThresholdValidation {
    struct Shape {
        let name: String
        let shape: PsychometricShape
        let slope: Double
    }

    static let shapes = [
        Shape(name: "Weibull β=2", shape: .weibull, slope: 2),
        Shape(name: "Weibull β=1.3", shape: .weibull, slope: 1.3),
        Shape(name: "log-Gauss", shape: .logGaussian, slope: 2),
        Shape(name: "log-logist 2.5", shape: .logLogistic, slope: 2.5),
    ]
    static let thresholds = [2.0, 3, 5, 10, 20, 40]
    static let trialCounts = [50, 100, 300]

    struct Tally {
        var logRatios: [Double] = []
        var covered = 0
        var intervals = 0

        mutating func add(_ estimate: Double, truth: Double, interval: ClosedRange<Double>?) {
            logRatios.append(log(estimate / truth))
            if let interval {
                intervals += 1
                if interval.contains(truth) { covered += 1 }
            }
        }

        var bias: Double { logRatios.map { exp($0) }.reduce(0, +) / Double(max(logRatios.count, 1)) }
        var median: Double {
            let sorted = logRatios.sorted()
            return sorted.isEmpty ? 1 : exp(sorted[sorted.count / 2])
        }
        var spread: Double {
            let mean = logRatios.reduce(0, +) / Double(max(logRatios.count, 1))
            let variance =
                logRatios.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(max(logRatios.count - 1, 1))
            return variance.squareRoot()
        }
        var coverage: String {
            intervals == 0 ? "–" : String(format: "%.0f %%", 100 * Double(covered) / Double(intervals))
        }
    }

    /// One session of `trials` comparisons answered by `listener`; the strategy Kazez or Psi.
    static func session(
        trials: Int, parameters: SimulatedListener.Parameters, seed: UInt64, psi: PsiNoteStrategy?,
        profile: PerceptualProfile = PerceptualProfile()
    ) -> [CompletedComparison] {
        let clock = VirtualClock()
        let observer = Collector()
        let settings = TrainingSettings.defaults
        let session = ComparisonSession(
            notePlayer: SilentNotePlayer(), strategy: psi ?? KazezNoteStrategy(),
            profile: { profile },
            settings: { settings }, clock: clock, observers: [observer],
            generator: SeededRandomGenerator(seed: seed))
        SimulatedListener(
            parameters: parameters, clock: clock, generator: SeededRandomGenerator(seed: seed &+ 99)
        )
        .answer(session)
        session.start()
        clock.run(until: { session.answeredCount >= trials })
        session.stop()
        return observer.comparisons
    }

    final class Collector: ComparisonObserver {
        var comparisons: [CompletedComparison] = []
        func comparisonCompleted(_ completed: CompletedComparison) throws { comparisons.append(completed) }
    }

    /// `PeachBenchmarks validate SEEDS sessions`: the fits of single sessions after the first. Per listener, a
    /// first session of 300 trials, then four of 50, each starting where the staircase settles for the profile
    /// so far (as `peach train` does). Each later session is fitted alone, as a week with one session is: over
    /// the whole slope grid, and at the slope fitted to the trials before it (the shape is the listener's, the
    /// threshold what changes). Prints the bias (mean and median of estimate / T75), sd(ln) and the 68 %
    /// interval's coverage of each, and how many fits' 68 % intervals span more than a factor of 2 (too
    /// uncertain to show as a number).
    static func runSessions(seeds: Int) {
        print("Single sessions after the first: \(seeds) seeds per threshold, 4 sessions of 50 trials each")
        print("fit            shape          mean   median  sd(ln)  68 % cov.  too uncertain (> 2.5 ×)")
        // A listener who got better (or worse) since the first session: PEACH_VALIDATE_CHANGE × T75.
        let change = ProcessInfo.processInfo.environment["PEACH_VALIDATE_CHANGE"].flatMap(Double.init) ?? 1
        for shape in shapes {
            var alone = Tally()
            var shared = Tally()
            var wide = (alone: 0, shared: 0)
            for truth in thresholds {
                for seed in 0..<seeds {
                    let parameters = SimulatedListener.Parameters(
                        threshold: truth, slope: shape.slope, lapseRate: 0.02, shape: shape.shape,
                        responseTime: 0.3)
                    let base = UInt64(seed * 7919 + Int(truth * 100))
                    var profile = PerceptualProfile()
                    let first = session(trials: 300, parameters: parameters, seed: base, psi: nil)
                    for answer in first { profile.add(answer) }
                    let laterParameters = SimulatedListener.Parameters(
                        threshold: truth * change, slope: shape.slope, lapseRate: 0.02, shape: shape.shape,
                        responseTime: 0.3)
                    var later: [[CompletedComparison]] = []
                    for number in 1...4 {
                        let answers = session(
                            trials: 50, parameters: laterParameters,
                            seed: base &+ UInt64(number) &* 1_000_003,
                            psi: nil, profile: profile)
                        for answer in answers { profile.add(answer) }
                        later.append(answers)
                    }
                    // What the progress chart does (ProgressHistory): every week of the series fitted together,
                    // then each week at that fit's slope with a prior around its threshold.
                    var series = ThresholdPosterior()
                    for answer in first + later.joined() {
                        series.update(
                            cents: answer.comparison.centDifference.magnitude, correct: answer.isCorrect)
                    }
                    guard let whole = series.estimate else { continue }
                    for answers in later {
                        var plain = ThresholdPosterior()
                        var leaning = ThresholdPosterior(partOf: whole)
                        for answer in answers {
                            let cents = answer.comparison.centDifference.magnitude
                            plain.update(cents: cents, correct: answer.isCorrect)
                            leaning.update(cents: cents, correct: answer.isCorrect)
                        }
                        if let estimate = plain.estimate {
                            alone.add(estimate.cents, truth: truth * change, interval: estimate.interval68)
                            if ProgressHistory.isUncertain(estimate) { wide.alone += 1 }
                        }
                        if let estimate = leaning.estimate {
                            shared.add(estimate.cents, truth: truth * change, interval: estimate.interval68)
                            if ProgressHistory.isUncertain(estimate) { wide.shared += 1 }
                        }
                    }
                }
            }
            for (name, tally, count) in [
                ("alone", alone, wide.alone), ("in its series", shared, wide.shared),
            ] {
                print(
                    name.padding(toLength: 15, withPad: " ", startingAt: 0)
                        + shape.name.padding(toLength: 14, withPad: " ", startingAt: 0)
                        + String(
                            format: "%5.2f ×  %5.2f ×  %6.3f  %@  %d of %d", tally.bias, tally.median,
                            tally.spread, tally.coverage.padding(toLength: 9, withPad: " ", startingAt: 0),
                            count, tally.logRatios.count))
            }
        }
    }

    static func run(seeds: Int, only: String? = nil) {
        print(
            "Threshold validation: \(seeds) seeds per cell, true T75 ∈ \(thresholds.map { format($0, 0) }) cents"
        )
        print("estimator      shape          N    bias   sd(ln)  68 % coverage  sd / bound")
        // The least spread any procedure reaches, per shape (InformationBound), for the last column.
        let information = shapes.map { InformationBound.perTrial(shape: $0.shape, slope: $0.slope) }
        let started = Date()
        // A progress line on stderr when it is a terminal (the run takes minutes).
        let progress = ProgressLine(.validate, texts: Texts(language: .english))
        defer { progress.finish() }
        let estimators = ["kazez mean", "training fit", "measurement"].filter {
            only.map($0.hasPrefix) ?? true
        }
        let totalTrials =
            estimators.count * shapes.count * trialCounts.reduce(0, +) * thresholds.count * seeds
        var trialsDone = 0
        for estimator in estimators {
            for (shapeIndex, shape) in shapes.enumerated() {
                for trials in trialCounts {
                    var tally = Tally()
                    let bound = InformationBound.spread(trials: trials, perTrial: information[shapeIndex])
                    for truth in thresholds {
                        for seed in 0..<seeds {
                            let parameters = SimulatedListener.Parameters(
                                threshold: truth, slope: shape.slope, lapseRate: 0.02, shape: shape.shape,
                                responseTime: 0.3)
                            let seed = UInt64(seed * 7919 + Int(truth * 100) + trials)
                            trialsDone += trials
                            progress.update(
                                StoreProgress(done: trialsDone, total: totalTrials, records: trialsDone))
                            switch estimator {
                            case "kazez mean":
                                let answers = session(
                                    trials: trials, parameters: parameters, seed: seed, psi: nil)
                                let mean =
                                    answers.map { $0.comparison.centDifference.magnitude }.reduce(0, +)
                                    / Double(answers.count)
                                tally.add(mean, truth: truth, interval: nil)
                            case "training fit":
                                let answers = session(
                                    trials: trials, parameters: parameters, seed: seed, psi: nil)
                                var posterior = ThresholdPosterior()
                                for answer in answers {
                                    posterior.update(
                                        cents: answer.comparison.centDifference.magnitude,
                                        correct: answer.isCorrect)
                                }
                                if let estimate = posterior.estimate {
                                    tally.add(estimate.cents, truth: truth, interval: estimate.interval68)
                                }
                            default:
                                let psi = PsiNoteStrategy(
                                    procedure: PsiProcedure(minimumTrials: trials, maximumTrials: trials))
                                let answers = session(
                                    trials: trials, parameters: parameters, seed: seed, psi: psi)
                                if let last = answers.last { psi.record(last) }
                                if let estimate = psi.procedure.estimate {
                                    tally.add(estimate.cents, truth: truth, interval: estimate.interval68)
                                }
                            }
                        }
                    }
                    progress.finish()
                    print(
                        estimator.padding(toLength: 15, withPad: " ", startingAt: 0)
                            + shape.name.padding(toLength: 14, withPad: " ", startingAt: 0)
                            + String(
                                format: "%4d  %5.2f ×  %6.3f  %@", trials, tally.bias, tally.spread,
                                tally.coverage.padding(toLength: 13, withPad: " ", startingAt: 0))
                            + String(
                                format: "%.2f × %.3f", tally.spread / bound,
                                bound))
                }
            }
        }
        print(String(format: "(%.0f s)", Date().timeIntervalSince(started)))
    }
}
