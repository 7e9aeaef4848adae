// TrendAnalyzer: improving, stable or declining, from the earlier and later halves of all answers.

/// Works out the ``Trend`` of the discrimination thresholds: with at least ``minimumCount`` answers, the mean
/// unsigned cent difference of the later half is compared with that of the earlier half (the later half
/// takes the middle answer of an odd count); a change below −5 % is improving, above +5 % declining,
/// else stable. Keeps a running prefix sum, so adding an answer and reading the trend are O(1).
public struct TrendAnalyzer: Hashable, Sendable {
    /// The fewest answers that give a trend.
    public static let minimumCount = 20
    /// The relative change that counts as a trend (5 %).
    public static let changeThreshold = 0.05

    /// prefixSums[i] = sum of the first i values.
    private var prefixSums: [Double] = [0]

    /// An analyzer with no answers.
    public init() {}

    /// An analyzer holding the unsigned differences of `comparisons`, in order.
    public init(comparisons: some Sequence<CompletedComparison>) {
        for comparison in comparisons { add(comparison) }
    }

    /// The number of answers held.
    public var count: Int { prefixSums.count - 1 }

    /// Adds one answered comparison.
    public mutating func add(_ completed: CompletedComparison) {
        add(threshold: completed.comparison.centDifference.magnitude)
    }

    /// Adds one unsigned cent difference.
    public mutating func add(threshold: Double) {
        prefixSums.append(prefixSums[prefixSums.count - 1] + threshold)
    }

    /// Forgets every answer.
    public mutating func reset() { prefixSums = [0] }

    /// The relative change of the later half's mean against the earlier half's, or `nil` with fewer than
    /// ``minimumCount`` answers or an earlier mean of zero.
    public var relativeChange: Double? {
        guard count >= Self.minimumCount else { return nil }
        let middle = count / 2
        let earlierMean = prefixSums[middle] / Double(middle)
        let laterMean = (prefixSums[count] - prefixSums[middle]) / Double(count - middle)
        guard earlierMean > 0 else { return nil }
        return (laterMean - earlierMean) / earlierMean
    }

    /// The trend, or `nil` with fewer than ``minimumCount`` answers.
    public var trend: Trend? {
        guard count >= Self.minimumCount else { return nil }
        guard let change = relativeChange else { return .stable }
        if change < -Self.changeThreshold { return .improving }
        if change > Self.changeThreshold { return .declining }
        return .stable
    }
}
