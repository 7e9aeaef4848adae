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
    private static let edges: [Double] = (0..<(count - 1)).map { level in
        expDouble(logMinimum + (Double(level) + 0.5) * logRatio)
    }

    /// The level of an unsigned difference (clamped to the table): the nearest level on the log scale, found by
    /// binary search over the levels' edges (nine comparisons; a logarithm per record was 7 % of reading a
    /// journal).
    public static func index(of cents: Double) -> Int {
        let x = abs(cents)
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
public struct TrialCounts: Hashable, Sendable, Codable {
    /// Trials per level.
    public private(set) var trials: [Int32]
    /// Correct answers per level.
    public private(set) var correct: [Int32]

    /// No trials.
    public init() {
        trials = [Int32](repeating: 0, count: StimulusLevel.count)
        correct = trials
    }

    private enum CodingKeys: String, CodingKey { case trials, correct }

    /// Decodes saved counts (a store's snapshot), refusing tables without a slot per level or with more correct
    /// answers than trials.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        trials = try container.decode([Int32].self, forKey: .trials)
        correct = try container.decode([Int32].self, forKey: .correct)
        guard trials.count == StimulusLevel.count, correct.count == StimulusLevel.count,
            zip(trials, correct).allSatisfy({ $0 >= $1 && $1 >= 0 })
        else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "trial counts per level do not fit"))
        }
    }

    /// Adds one trial at `cents`.
    public mutating func add(cents: Double, correct isCorrect: Bool) {
        let level = StimulusLevel.index(of: cents)
        trials[level] += 1
        if isCorrect { correct[level] += 1 }
    }

    /// Adds every trial of `other`.
    public mutating func add(_ other: TrialCounts) {
        for level in 0..<StimulusLevel.count where other.trials[level] > 0 {
            trials[level] += other.trials[level]
            correct[level] += other.correct[level]
        }
    }

    /// The number of trials.
    public var total: Int { trials.reduce(0) { $0 + Int($1) } }
}
