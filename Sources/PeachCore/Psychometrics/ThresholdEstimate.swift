// ThresholdEstimate: a fitted 75 %-correct threshold with its credible intervals.

/// A threshold estimated from answered trials: the 75 %-correct point of a fitted psychometric function
/// (posterior median) with its 68 % and 95 % credible intervals, the fitted slope, and how many trials
/// (effective, for kernel-weighted fits) it rests on.
public struct ThresholdEstimate: Hashable, Sendable, Codable {
    /// The percent correct the threshold stands for.
    public static let percentCorrect = 75
    /// The threshold (T75), cents: the posterior median.
    public let cents: Double
    /// The 68 % credible interval, cents.
    public let interval68: ClosedRange<Double>
    /// The 95 % credible interval, cents.
    public let interval95: ClosedRange<Double>
    /// The posterior median of the slope β.
    public let slope: Double
    /// The trials (or their weighted sum) the estimate rests on.
    public let trials: Double
    /// The posterior standard deviation of ln T75: the estimate's precision.
    public let logStandardDeviation: Double

    /// An estimate.
    public init(
        cents: Double, interval68: ClosedRange<Double>, interval95: ClosedRange<Double>, slope: Double,
        trials: Double, logStandardDeviation: Double
    ) {
        self.cents = cents
        self.interval68 = interval68
        self.interval95 = interval95
        self.slope = slope
        self.trials = trials
        self.logStandardDeviation = logStandardDeviation
    }

    /// Whether a saved estimate (a store's snapshot) has finite, positive numbers in order.
    public var isConsistent: Bool {
        [
            cents, interval68.lowerBound, interval68.upperBound, interval95.lowerBound, interval95.upperBound,
            slope,
        ]
        .allSatisfy { $0.isFinite && $0 > 0 } && trials.isFinite && trials >= 0
            && logStandardDeviation.isFinite && logStandardDeviation >= 0
    }

    /// The difference where a Kazez staircase on this listener settles (about 64 % correct): where a training
    /// session should start.
    public var kazezLevel: Double {
        PsychometricFunction(threshold: cents, slope: slope, lapseRate: ThresholdModel.lapseRate)
            .difference(forProbability: PsychometricFunction.kazezEquilibrium)
    }
}

extension ThresholdEstimate: SnapshotCodable {
    /// Writes every number.
    public func write(to writer: inout SnapshotWriter) {
        for value in [
            cents, interval68.lowerBound, interval68.upperBound, interval95.lowerBound, interval95.upperBound,
            slope,
            trials, logStandardDeviation,
        ] {
            writer.write(value)
        }
    }

    /// Reads an estimate, refusing intervals whose ends are out of order or not numbers (checked further with
    /// ``isConsistent``).
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        let cents = try reader.double()
        let low68 = try reader.double()
        let high68 = try reader.double()
        let low95 = try reader.double()
        let high95 = try reader.double()
        guard low68 <= high68, low95 <= high95 else { throw SnapshotReader.Malformed() }
        self.init(
            cents: cents, interval68: low68...high68, interval95: low95...high95, slope: try reader.double(),
            trials: try reader.double(), logStandardDeviation: try reader.double())
    }
}
