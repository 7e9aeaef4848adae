// PerceptualProfile: per-note discrimination thresholds and pitch-matching accuracy.

/// The listener's perceptual profile.
///
/// Discrimination: per reference note (note 1), Welford statistics of the unsigned cent difference of every
/// answered comparison, right or wrong: the mean of what was played is the note's *difficulty* (the Kazez
/// chain's level), not a threshold. The thresholds are fitted to the trials themselves, kept binned per note
/// (``trialCounts(for:)``): ``fittedThreshold`` and ``fittedThresholds(over:)``. Overall mean = mean of the per-note means; overall
/// spread = sample standard deviation of the per-note means. Pitch matching: ``PitchMatchingStatistics``.
///
/// All of that is unison training. Interval trials (note 2 an interval from note 1, or a pitch-matching target
/// an interval from its reference) go to ``intervals``, one ``IntervalProfile`` per interval and tuning.
///
/// Incremental updates and a rebuild from records give identical values (the same additions in the same
/// order).
public struct PerceptualProfile: Hashable, Sendable {
    private var notes = [WelfordAccumulator](repeating: WelfordAccumulator(), count: 128)
    /// Every answered trial binned by level, per note (nil for an untrained note): what thresholds are fitted to.
    private var counts = [TrialCounts?](repeating: nil, count: 128)

    /// Pitch-matching accuracy (unison).
    public private(set) var matching = PitchMatchingStatistics()
    /// The profile of each interval and tuning trained.
    public private(set) var intervals: [IntervalKey: IntervalProfile] = [:]

    /// An empty profile (cold start).
    public init() {}

    /// A profile rebuilt from stored results, in their order.
    public init(
        comparisons: some Sequence<CompletedComparison>, pitchMatchings: some Sequence<CompletedPitchMatching>
    ) {
        for comparison in comparisons { add(comparison) }
        for matching in pitchMatchings { add(matching) }
    }

    /// Adds one answered comparison (an interval's to ``intervals``).
    public mutating func add(_ completed: CompletedComparison) {
        add(completed.filed, level: completed.stimulusLevel)
    }

    /// Adds the filed part of one answered comparison whose unsigned difference is at stimulus level `level`
    /// (``StimulusLevel/index(of:)``, found once by a caller that files the answer in several places: a look-up
    /// in each place was 2 % of a first start, 3.83k against 3.74k instructions a record).
    public mutating func add(_ answer: FiledComparison, level: Int) {
        let comparison = answer.comparison
        guard comparison.isUnison else {
            if let interval = comparison.interval {
                intervals[IntervalKey(interval, comparison.tuningSystem), default: IntervalProfile()].add(
                    answer, level: level)
            }
            return
        }
        addThreshold(comparison.centDifference.magnitude, for: comparison.note1)
        let note = comparison.note1.rawValue
        // Changed in place through a buffer pointer: the array's own accessor for an optional element was a
        // coroutine entered and left for every answer (0.02k instructions a record at a first start).
        counts.withUnsafeMutableBufferPointer { counts in
            if counts[note] == nil { counts[note] = TrialCounts() }
            counts[note]?.add(level: level, correct: answer.isCorrect)
        }
    }

    /// Adds one unsigned cent difference played at `note`.
    public mutating func addThreshold(_ cents: Double, for note: MIDINote) {
        notes[note.rawValue].add(cents)
    }

    /// Adds one committed pitch-matching attempt (an interval's to ``intervals``).
    public mutating func add(_ completed: CompletedPitchMatching) { add(completed.filed) }

    /// Adds the filed part of a committed pitch-matching attempt (an interval's to ``intervals``).
    public mutating func add(_ attempt: FiledPitchMatching) {
        guard attempt.isUnison else {
            intervals[IntervalKey(attempt.interval, attempt.tuningSystem), default: IntervalProfile()]
                .add(attempt)
            return
        }
        matching.add(error: attempt.userError)
    }

    /// The intervals trained, in order (by interval, then tuning), with their profiles.
    public var trainedIntervals: [(key: IntervalKey, profile: IntervalProfile)] {
        intervals.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Forgets all discrimination statistics (unison and intervals); pitch matching is kept.
    public mutating func resetDiscrimination() {
        notes = [WelfordAccumulator](repeating: WelfordAccumulator(), count: 128)
        counts = [TrialCounts?](repeating: nil, count: 128)
        intervals = intervals.mapValues { IntervalProfile(matching: $0.matching) }
    }

    /// Forgets all pitch-matching statistics (unison and intervals); discrimination is kept.
    public mutating func resetMatching() {
        matching = PitchMatchingStatistics()
        intervals = intervals.mapValues { IntervalProfile(trials: $0.trials) }
    }

    /// The binned trials of `note`, nil when none was answered there.
    public func trialCounts(for note: MIDINote) -> TrialCounts? { counts[note.rawValue] }

    /// Every binned trial, all notes together.
    public var trialCounts: TrialCounts {
        var all = TrialCounts()
        for note in counts { if let note { all.add(note) } }
        return all
    }

    /// The statistics of `note`.
    public func statistics(for note: MIDINote) -> WelfordAccumulator { notes[note.rawValue] }

    /// Whether any comparison was answered at `note`.
    public func isTrained(_ note: MIDINote) -> Bool { notes[note.rawValue].count > 0 }

    /// The notes with at least one answer, low to high.
    public var trainedNotes: [MIDINote] {
        notes.indices.filter { notes[$0].count > 0 }.map { MIDINote(checked: $0) }
    }

    /// The number of answered comparisons.
    public var comparisonCount: Int { notes.reduce(0) { $0 + $1.count } }

    /// The mean of the per-note mean thresholds, or `nil` when no note is trained.
    public var overallMean: Double? { mean(in: nil) }

    /// The sample standard deviation of the per-note means, or `nil` with fewer than two trained notes.
    public var overallStandardDeviation: Double? {
        WelfordAccumulator(notes.filter { $0.count > 0 }.map(\.mean)).sampleStandardDeviation
    }

    /// The mean of the per-note means of the trained notes in `range`, or `nil` when none is trained.
    public func mean(over range: NoteRange) -> Double? { mean(in: range) }

    private func mean(in range: NoteRange?) -> Double? {
        let indices = range.map { $0.lowerBound.rawValue...$0.upperBound.rawValue } ?? 0...127
        let means = indices.lazy.filter { notes[$0].count > 0 }.map { notes[$0].mean }
        return WelfordAccumulator(means).meanIfAny
    }

    /// Whether a saved profile (a store's snapshot) could have been built from at most `maximumCount` answers:
    /// every count within it (and all of them together), every number finite. A forged or damaged one is not
    /// believed, so no later addition overflows and no chart meets a NaN.
    public func isConsistent(maximumCount: Int) -> Bool {
        var total = 0
        for (accumulator, binned) in zip(notes, counts) {
            guard accumulator.isConsistent(maximumCount: maximumCount),
                binned?.isConsistent(maximumCount: maximumCount) ?? true
            else { return false }
            total += accumulator.count
            guard total <= maximumCount else { return false }
        }
        return matching.isConsistent(maximumCount: maximumCount) && intervals.count <= 4 * 128
            && intervals.values.allSatisfy { $0.isConsistent(maximumCount: maximumCount) }
    }

    /// The weakest notes of `range`, at most `count`: untrained notes first (low to high), then trained notes
    /// from the highest mean threshold down.
    public func weakSpots(in range: NoteRange, count: Int = 10) -> [MIDINote] {
        let untrained = range.notes.filter { !isTrained($0) }
        let trained = range.notes.filter { isTrained($0) }.sorted {
            (notes[$0.rawValue].mean, $1.rawValue) > (notes[$1.rawValue].mean, $0.rawValue)
        }
        return Array((untrained + trained).prefix(max(count, 0)))
    }
}

extension PerceptualProfile: SnapshotCodable {
    /// Writes the notes' statistics and trials, the matching accuracy and the intervals.
    public func write(to writer: inout SnapshotWriter) {
        for note in notes { writer.write(note) }
        for note in counts { writer.write(note) }
        writer.write(matching)
        writer.write(intervals)
    }

    /// Reads a profile.
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        self.init()
        for note in 0..<128 { notes[note] = try reader.read() }
        for note in 0..<128 { counts[note] = try reader.read() }
        matching = try reader.read()
        intervals = try reader.dictionary()
    }
}
