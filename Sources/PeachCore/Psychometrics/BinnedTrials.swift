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
        self.init()
        counts.trials.withUnsafeBufferPointer { trials in
            counts.correct.withUnsafeBufferPointer { correct in
                take(trials.count, where: { trials[$0] > 0 }) { (Double(trials[$0]), Double(correct[$0])) }
            }
        }
    }

    /// The (weighted) trials and right answers given per level (``StimulusLevel``), lowest level first; levels
    /// without trials are left out.
    public init(trials: [Double], correct: [Double]) {
        self.init()
        trials.withUnsafeBufferPointer { trials in
            correct.withUnsafeBufferPointer { correct in
                take(trials.count, where: { trials[$0] > 0 }) { (trials[$0], correct[$0]) }
            }
        }
    }

    /// Takes in the levels below `count` that `isPlayed`, lowest first, with their trials and right answers
    /// (`values`), each array made once at its size: appended level by level from arrays read through their
    /// getters, a trained note's 305 levels took 10 thousand instructions, made for every trained note after
    /// every answer the dashboard stores.
    @inline(__always)
    private mutating func take(
        _ count: Int, where isPlayed: (Int) -> Bool, _ values: (Int) -> (trials: Double, correct: Double)
    ) {
        var played = 0
        for level in 0..<count { played &+= isPlayed(level) ? 1 : 0 }
        levels = [Int](unsafeUninitializedCapacity: played) { levels, initialized in
            var position = 0
            for level in 0..<count where isPlayed(level) && position < played {
                levels[position] = level
                position &+= 1
            }
            initialized = position
        }
        levels.withUnsafeBufferPointer { levels in
            self.trials = [Double](unsafeUninitializedCapacity: levels.count) { trials, initialized in
                for position in levels.indices { trials[position] = values(levels[position]).trials }
                initialized = levels.count
            }
            self.correct = [Double](unsafeUninitializedCapacity: levels.count) { correct, initialized in
                for position in levels.indices { correct[position] = values(levels[position]).correct }
                initialized = levels.count
            }
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
