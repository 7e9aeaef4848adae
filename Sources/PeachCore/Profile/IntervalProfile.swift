// IntervalProfile: discrimination trials and matching accuracy of one interval in one tuning.

/// Which interval a part of the profile is about: a directed interval (never prime: unison is the keyboard
/// profile) and the tuning it was played in.
public struct IntervalKey: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The interval.
    public let interval: DirectedInterval
    /// The tuning.
    public let tuningSystem: TuningSystem

    /// Creates a key.
    public init(_ interval: DirectedInterval, _ tuningSystem: TuningSystem) {
        self.interval = interval
        self.tuningSystem = tuningSystem
    }

    /// Orders by interval, then tuning.
    public static func < (left: IntervalKey, right: IntervalKey) -> Bool {
        if left.interval != right.interval { return left.interval < right.interval }
        return left.tuningSystem.order < right.tuningSystem.order
    }

    /// `P5 just`, `M3down equal`.
    public var description: String { "\(interval) \(tuningSystem.rawValue)" }
}

/// The profile of one interval: its discrimination trials binned by level (for the fitted threshold) and its
/// pitch-matching accuracy. The interval's trials are pooled over the keyboard: interval training spreads
/// over fewer trials per note than unison, so one threshold per interval is what the data can carry.
public struct IntervalProfile: Hashable, Sendable {
    /// The discrimination trials, binned by level.
    public private(set) var trials = TrialCounts()
    /// The pitch-matching accuracy.
    public private(set) var matching = PitchMatchingStatistics()

    /// An empty interval profile.
    public init() {}

    /// A profile of these trials and this accuracy.
    init(trials: TrialCounts = TrialCounts(), matching: PitchMatchingStatistics = PitchMatchingStatistics()) {
        self.trials = trials
        self.matching = matching
    }

    /// Adds one answered comparison of this interval.
    public mutating func add(_ completed: CompletedComparison) {
        add(completed.filed, level: completed.stimulusLevel)
    }

    /// Adds the filed part of one answered comparison of this interval, its unsigned difference at stimulus
    /// level `level` (``StimulusLevel/index(of:)``).
    public mutating func add(_ answer: FiledComparison, level: Int) {
        trials.add(level: level, correct: answer.isCorrect)
    }

    /// Adds one committed pitch-matching attempt of this interval.
    public mutating func add(_ completed: CompletedPitchMatching) { add(completed.filed) }

    /// Adds the filed part of one committed pitch-matching attempt of this interval.
    public mutating func add(_ attempt: FiledPitchMatching) {
        matching.add(error: attempt.userError)
    }

    /// The number of answered comparisons.
    public var comparisonCount: Int { trials.trials.reduce(0) { $0 + Int($1) } }

    /// Whether a saved interval profile (a store's snapshot) holds at most `maximumCount` answers of each kind.
    public func isConsistent(maximumCount: Int) -> Bool {
        trials.isConsistent(maximumCount: maximumCount) && matching.isConsistent(maximumCount: maximumCount)
    }

    /// The threshold (T75) fitted to this interval's comparisons, nil before any.
    public var fittedThreshold: ThresholdEstimate? {
        guard comparisonCount > 0 else { return nil }
        return ThresholdPosterior.fit(BinnedTrials(trials))
    }
}

extension IntervalKey: SnapshotCodable {
    /// Writes the interval and the tuning.
    public func write(to writer: inout SnapshotWriter) { writer.write(interval, tuningSystem) }

    /// Reads a key.
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        self.init(try reader.read(), try reader.read())
    }
}

extension IntervalProfile: SnapshotCodable {
    /// Writes the trials and the matching accuracy.
    public func write(to writer: inout SnapshotWriter) { writer.write(trials, matching) }

    /// Reads an interval's profile.
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        self.init(trials: try reader.read(), matching: try reader.read())
    }
}
