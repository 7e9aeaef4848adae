// WelfordAccumulator: running mean and variance in one pass (Welford's algorithm).

/// Running count, mean and variance of a stream of numbers (Welford's online algorithm): numerically
/// stable, constant memory, one update per value.
public struct WelfordAccumulator: Hashable, Sendable {
    /// The number of values added.
    public private(set) var count = 0
    /// The mean of the values added (0 when none).
    public private(set) var mean = 0.0
    /// The sum of squared deviations from the mean.
    public private(set) var sumOfSquaredDeviations = 0.0

    /// An empty accumulator.
    public init() {}

    /// An accumulator holding `values`.
    public init(_ values: some Sequence<Double>) {
        for value in values { add(value) }
    }

    /// Adds one value.
    public mutating func add(_ value: Double) {
        count += 1
        let delta = value - mean
        mean += delta / Double(count)
        sumOfSquaredDeviations += delta * (value - mean)
    }

    /// Adds every value `other` holds (Chan et al.'s pairwise update): as if they had been added one by one.
    public mutating func merge(_ other: WelfordAccumulator) {
        guard other.count > 0 else { return }
        guard count > 0 else {
            self = other
            return
        }
        let total = count + other.count
        let delta = other.mean - mean
        mean += delta * Double(other.count) / Double(total)
        sumOfSquaredDeviations +=
            other.sumOfSquaredDeviations
            + delta * delta * Double(count) * Double(other.count) / Double(total)
        count = total
    }

    /// The sample variance (n − 1 in the denominator), or `nil` with fewer than two values.
    public var sampleVariance: Double? {
        count >= 2 ? sumOfSquaredDeviations / Double(count - 1) : nil
    }

    /// The sample standard deviation, or `nil` with fewer than two values.
    public var sampleStandardDeviation: Double? { sampleVariance.map { $0.squareRoot() } }

    /// The likely range of the mean: ± one standard error (the sample standard deviation over √count), where the
    /// mean lies with about 68 % probability, as a threshold's likely range; nil below two values. (A snapshot's
    /// accumulator is believed only with finite sums, ``isConsistent(maximumCount:values:)``: its bounds are in
    /// order.)
    public var likelyRangeOfMean: ClosedRange<Double>? { likelyRange(around: mean) }

    /// ± one standard error of these values around `mean`, nil below two values. With these values the own means
    /// of groups (a bar's notes, a trial's strikes) and `mean` the mean over every member, it is that mean's likely
    /// range counted by group: members of a group lean together, so counted by member it would be too narrow.
    public func likelyRange(around mean: Double) -> ClosedRange<Double>? {
        guard let deviation = sampleStandardDeviation else { return nil }
        let standardError = deviation / Double(count).squareRoot()
        return (mean - standardError)...(mean + standardError)
    }

    /// The mean, or `nil` when no value was added.
    public var meanIfAny: Double? { count > 0 ? mean : nil }

    /// Whether a saved accumulator (a store's snapshot) is one that adding values from `values` could have made:
    /// at most `maximumCount` of them, finite statistics, a mean among them, no spread without values. A forged
    /// one is not believed (a negative mean of sizes or of steps drew a likely range upside down: a trap).
    public func isConsistent(
        maximumCount: Int,
        values: ClosedRange<Double> = -.greatestFiniteMagnitude ... .greatestFiniteMagnitude
    ) -> Bool {
        (0...max(0, maximumCount)).contains(count) && mean.isFinite && sumOfSquaredDeviations.isFinite
            && sumOfSquaredDeviations >= 0
            && (count > 0 ? values.contains(mean) : (mean == 0 && sumOfSquaredDeviations == 0))
    }
}

extension WelfordAccumulator: SnapshotCodable {
    /// Writes the count, mean and sum of squared deviations.
    public func write(to writer: inout SnapshotWriter) { writer.write(count, mean, sumOfSquaredDeviations) }

    /// Reads an accumulator (checked later with ``isConsistent(maximumCount:)``).
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        (count, mean, sumOfSquaredDeviations) = try reader.fields()
    }
}
