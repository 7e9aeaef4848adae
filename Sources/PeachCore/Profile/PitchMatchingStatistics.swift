// PitchMatchingStatistics: accuracy of pitch matching (mean absolute error, bias, spread, count).

/// How accurately the listener matches pitch: statistics of the signed error of every committed attempt.
public struct PitchMatchingStatistics: Hashable, Sendable {
    /// Statistics of the unsigned error |e| (the original app's one accumulator).
    public private(set) var absoluteError = WelfordAccumulator()
    /// Statistics of the signed error e (+ = sharp).
    public private(set) var signedError = WelfordAccumulator()

    /// Empty statistics.
    public init() {}

    /// Adds one attempt's signed error.
    public mutating func add(error: Cents) {
        absoluteError.add(error.magnitude)
        signedError.add(error.rawValue)
    }

    /// The number of attempts.
    public var count: Int { absoluteError.count }

    /// The mean absolute error in cents, or `nil` before the first attempt.
    public var meanAbsoluteError: Double? { absoluteError.meanIfAny }

    /// The likely range of the mean absolute error: ± one standard error, never below zero (an error's size
    /// cannot be); `nil` with fewer than two attempts.
    public var likelyRangeOfMeanAbsoluteError: ClosedRange<Double>? {
        absoluteError.likelyRangeOfMean.map { max(0, $0.lowerBound)...$0.upperBound }
    }

    /// The signed mean error (bias: + = tends sharp), or `nil` before the first attempt.
    public var bias: Double? { signedError.meanIfAny }

    /// The likely range of the bias: ± one standard error; `nil` with fewer than two attempts.
    public var likelyRangeOfBias: ClosedRange<Double>? { signedError.likelyRangeOfMean }

    /// The sample standard deviation of the signed error (spread around the bias), or `nil` with fewer than
    /// two attempts.
    public var spread: Double? { signedError.sampleStandardDeviation }

    /// Whether saved statistics (a store's snapshot) hold at most `maximumCount` attempts, the same in both
    /// accumulators, with finite numbers.
    public func isConsistent(maximumCount: Int) -> Bool {
        absoluteError.isConsistent(maximumCount: maximumCount, values: 0 ... .greatestFiniteMagnitude)
            && signedError.isConsistent(maximumCount: maximumCount)
            && absoluteError.count == signedError.count
    }
}

extension PitchMatchingStatistics: SnapshotCodable {
    /// Writes both accumulators.
    public func write(to writer: inout SnapshotWriter) { writer.write(absoluteError, signedError) }

    /// Reads statistics.
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        (absoluteError, signedError) = try reader.fields()
    }
}
