// BinnedTrials: the trials one fit takes in, level by level, in order: what a fit is made from and kept by.

/// Trials binned by stimulus level, in the order a fit takes them in (weighted trials too: a note's fit over
/// the keyboard counts its neighbours' trials in part). Two equal values give the same fit to the bit, so a
/// fit can be kept by its data (``ThresholdPosterior/fit(_:slopes:thresholdPrior:)``).
public struct BinnedTrials: Hashable, Sendable {
    /// The levels, in the order they are taken in.
    public private(set) var levels: [Int] = []
    /// The (weighted) trials at each of ``levels``.
    public private(set) var trials: [Double] = []
    /// The (weighted) right answers at each of ``levels``.
    public private(set) var correct: [Double] = []

    /// No trials.
    public init() {}

    /// The trials of `counts`, lowest level first.
    public init(_ counts: TrialCounts) {
        // Room for the levels with trials first: grown append by append, the three arrays were copied eight
        // times each (made for every trained note in every report, 28 thousand instructions a note).
        reserveCapacity(counts.trials.reduce(0) { $0 + ($1 > 0 ? 1 : 0) })
        for level in 0..<StimulusLevel.count where counts.trials[level] > 0 {
            append(level: level, trials: Double(counts.trials[level]), correct: Double(counts.correct[level]))
        }
    }

    /// The (weighted) trials and right answers given per level (``StimulusLevel``), lowest level first; levels
    /// without trials are left out.
    public init(trials: [Double], correct: [Double]) {
        reserveCapacity(trials.reduce(0) { $0 + ($1 > 0 ? 1 : 0) })
        for level in trials.indices where trials[level] > 0 {
            append(level: level, trials: trials[level], correct: correct[level])
        }
    }

    /// Makes room for `count` levels (appended after, without the arrays growing on the way).
    public mutating func reserveCapacity(_ count: Int) {
        levels.reserveCapacity(count)
        trials.reserveCapacity(count)
        correct.reserveCapacity(count)
    }

    /// Takes `trials` at `level` of which `correct` were right, after the ones before (none is nothing).
    public mutating func append(level: Int, trials: Double, correct: Double) {
        guard trials > 0 else { return }
        levels.append(level)
        self.trials.append(trials)
        self.correct.append(correct)
    }

    /// The levels at `positions` (indices into ``levels``), in order.
    func slice(_ positions: Range<Int>) -> BinnedTrials {
        var part = BinnedTrials()
        part.levels = Array(levels[positions])
        part.trials = Array(trials[positions])
        part.correct = Array(correct[positions])
        return part
    }

    /// The weight of the trials, summed in order (as a posterior sums what it takes in).
    public var total: Double { trials.reduce(0, +) }

    /// Whether there are none.
    public var isEmpty: Bool { levels.isEmpty }
}
