// StimulusLevel: cent differences binned on a log scale (3 % steps), so any number of trials fits in one table.

/// The log-spaced bins trials are counted in: level k covers differences around 0.05 · 1.03^k cents, from
/// 0.05 to 400 cents. A 3 % bin moves an estimate by well under 1 % (trials spread over many bins).
public enum StimulusLevel {
    /// The smallest difference binned, cents.
    public static let minimum = 0.05
    /// The ratio between neighbouring levels.
    public static let ratio = 1.03
    /// The number of levels (0.05 … 400 cents).
    public static let count = Int((logDouble(400 / minimum) / logDouble(ratio)).rounded(.up)) + 1
    private static let logRatio = logDouble(ratio)
    private static let logMinimum = logDouble(minimum)

    /// The upper edge of each level but the last: level k holds differences below `edges[k]` (and at or above
    /// `edges[k - 1]`), the geometric middle between it and the next level.
    private static func makeEdges() -> [Double] {
        (0..<(count - 1)).map { level in expDouble(logMinimum + (Double(level) + 0.5) * logRatio) }
    }

    /// The binary exponents the buckets cover: 2⁻⁵ (0.031, below ``minimum``) up to 2⁹ (512, above 400).
    private static let exponents = -5...9
    /// Buckets per octave: 1/1024 of an octave is far narrower than a level (1/23 of one), so at most one edge
    /// falls inside a bucket.
    private static let bucketBits = 10

    /// The bucket of a positive x within ``exponents`` whose binary exponent is `exponent`: the exponent and
    /// the top ``bucketBits`` of its significand, from the bits of the double.
    @inline(__always)
    private static func bucket(_ x: Double, exponent: Int) -> Int {
        let fraction = Int(x.significandBitPattern >> UInt64(Double.significandBitCount - bucketBits))
        return (exponent - exponents.lowerBound) << bucketBits | fraction
    }

    /// The binary exponent of a positive normal x, from its bits (`exponent` is a call into the standard
    /// library, twice per answer filed).
    @inline(__always)
    private static func binaryExponent(_ x: Double) -> Int {
        Int(truncatingIfNeeded: x.exponentBitPattern) &- 1023
    }

    /// The levels' edges and the level of each bucket's lowest difference, made once and held together: a
    /// static is asked whether it is made at every use (2.4 million times at a first start of a million records,
    /// when the two were apart).
    private struct Tables {
        let edges: [Double]
        let bucketLevels: [Int16]
    }

    private static let tables: Tables = {
        let edges = makeEdges()
        return Tables(edges: edges, bucketLevels: makeBucketLevels(edges: edges))
    }()

    /// The level of each bucket's lowest difference: the number of edges at or below it, found in one sweep
    /// (the buckets' lowest differences rise with their index, so the level only moves up). A binary search per
    /// bucket cost two million instructions, once in every process that files an answer.
    private static func makeBucketLevels(edges: [Double]) -> [Int16] {
        let count = exponents.count << bucketBits
        var level = 0
        return (0..<count).map { bucket in
            let exponent = bucket >> bucketBits + exponents.lowerBound
            let fraction =
                UInt64(bucket & (1 << bucketBits - 1)) << UInt64(Double.significandBitCount - bucketBits)
            let low = Double(
                sign: .plus, exponentBitPattern: UInt(1023 + exponent), significandBitPattern: fraction)
            while level < edges.count, low >= edges[level] { level += 1 }
            return Int16(level)
        }
    }

    /// The level of an unsigned difference (clamped to the table): the nearest level on the log scale. Read from
    /// the bucket of the difference's bits, then one comparison with the edge that may fall inside the bucket:
    /// exact, and a few instructions (a logarithm per record was 7 % of reading a journal, a binary search as
    /// much).
    public static func index(of cents: Double) -> Int {
        let x = abs(cents)
        guard x > minimum else { return 0 }
        let exponent = binaryExponent(x)  // x is above the minimum: normal
        guard x.isFinite, exponents.contains(exponent) else { return searchedIndex(of: x) }
        let tables = tables
        var level = Int(tables.bucketLevels[bucket(x, exponent: exponent)])
        if level < tables.edges.count, x >= tables.edges[level] { level += 1 }
        return level
    }

    /// ``index(of:)`` by binary search over the levels' edges.
    static func searchedIndex(of x: Double) -> Int { searchedIndex(of: x, edges: tables.edges) }

    private static func searchedIndex(of x: Double, edges: [Double]) -> Int {
        guard x > minimum else { return 0 }
        return edges.withUnsafeBufferPointer { edges in
            var low = 0
            var high = edges.count  // the answer lies in low...high
            while low < high {
                let middle = (low + high) / 2
                if x < edges[middle] { high = middle } else { low = middle + 1 }
            }
            return low
        }
    }

    /// The difference a level stands for, cents.
    public static func cents(of index: Int) -> Double { minimum * powDouble(ratio, Double(index)) }
}

/// Trials and correct answers per ``StimulusLevel``.
public struct TrialCounts: Hashable, Sendable {
    /// Trials per level.
    public private(set) var trials: [Int32]
    /// Correct answers per level.
    public private(set) var correct: [Int32]

    /// No trials.
    public init() {
        trials = [Int32](repeating: 0, count: StimulusLevel.count)
        correct = trials
    }

    /// Adds one trial at `cents`.
    public mutating func add(cents: Double, correct isCorrect: Bool) {
        add(level: StimulusLevel.index(of: cents), correct: isCorrect)
    }

    /// Adds one trial at `level` (``StimulusLevel/index(of:)``, found once where one answer is filed in
    /// several places).
    public mutating func add(level: Int, correct isCorrect: Bool) {
        trials[level] += 1
        if isCorrect { correct[level] += 1 }
    }

    /// Adds every trial of `other`. Through buffer pointers, without overflow checks (which keep the loop from
    /// running eight levels at once): pooling a profile's notes level by level through the arrays' getters
    /// took 250 thousand instructions, twice in every report the dashboard makes. No sum can overflow: a
    /// store's counts are at most its answers (``isConsistent(maximumCount:)``).
    public mutating func add(_ other: TrialCounts) {
        Self.add(other.trials, to: &trials)
        Self.add(other.correct, to: &correct)
    }

    /// `other`'s counts added to `counts`, level by level.
    private static func add(_ other: [Int32], to counts: inout [Int32]) {
        other.withUnsafeBufferPointer { other in
            counts.withUnsafeMutableBufferPointer { counts in
                for level in 0..<min(counts.count, other.count) { counts[level] &+= other[level] }
            }
        }
    }

    /// The number of trials.
    public var total: Int { trials.reduce(0) { $0 + Int($1) } }

    /// Whether saved counts (a store's snapshot) hold at most `maximumCount` trials in all (the per-level
    /// counts are checked when decoded), so no later addition overflows.
    public func isConsistent(maximumCount: Int) -> Bool { total <= maximumCount }
}

extension TrialCounts: SnapshotCodable {
    /// Writes the levels played (``SnapshotWriter/writeLevels(_:)``).
    public func write(to writer: inout SnapshotWriter) {
        writer.writeLevels(trials.indices.filter { trials[$0] > 0 }.map { ($0, trials[$0], correct[$0]) })
    }

    /// Reads counts, refusing a level off the grid or more correct answers than trials.
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        self.init()
        try reader.levels { level, played, right in
            trials[level] = played
            correct[level] = right
        }
    }
}
