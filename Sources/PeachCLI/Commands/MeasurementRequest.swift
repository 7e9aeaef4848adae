// MeasurementRequest: the trial count and precision asked of `peach measure`, checked, as a PsiProcedure.

import PeachCore
import PeachTraining

/// What `peach measure --trials N --precision P` asks for: at most `trials` trials (20–500), stopping early
/// once the posterior's standard deviation of ln T75 is at most `precision` (0.05–1; 0 never stops early).
struct MeasurementRequest: Sendable {
    /// The most trials to run.
    let trials: Int
    /// The precision to stop at, or 0 for none.
    let precision: Double

    /// A request.
    init(trials: Int, precision: Double) {
        self.trials = trials
        self.precision = precision
    }

    /// The procedure for this request.
    /// - Throws: ``CommandError/option(_:)`` naming the option out of range; `number` writes the value.
    func procedure(number: (Double) -> String) throws(CommandError) -> PsiProcedure {
        guard (20...500).contains(trials) else {
            throw .option(.outOfRange(key: "--trials", value: "\(trials)", allowed: .wholeNumber(20...500)))
        }
        guard precision == 0 || (0.05...1).contains(precision) else {
            throw .option(
                .outOfRange(
                    key: "--precision", value: number(precision), allowed: .number(0.05...1, .amount))
            )
        }
        return PsiProcedure(minimumTrials: min(20, trials), maximumTrials: trials, targetPrecision: precision)
    }
}
