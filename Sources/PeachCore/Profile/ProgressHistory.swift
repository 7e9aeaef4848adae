// ProgressHistory: per week, per mode and interval, what a progress-over-time chart needs.

import Foundation

/// The training history week by week, per mode (discrimination, matching), interval and tuning: for each week
/// the discrimination trials binned by level (a threshold with its interval is fitted per week) and the
/// pitch-matching errors (mean absolute error and its spread). Weeks start on Monday 00:00 UTC (so the history
/// does not depend on the time zone it is read in) and are written `2026-W47` (ISO 8601 week numbering).
public struct ProgressHistory: Hashable, Sendable {
    /// Which series a week belongs to: the mode and the interval (unison is ``DirectedInterval/prime`` in equal
    /// temperament).
    public struct Series: Hashable, Comparable, Sendable {
        /// Pitch discrimination (true) or pitch matching (false).
        public let isDiscrimination: Bool
        /// The interval and its tuning.
        public let interval: IntervalKey

        /// Creates a series key; a unison is always keyed in equal temperament.
        public init(isDiscrimination: Bool, interval: DirectedInterval, tuningSystem: TuningSystem) {
            self.isDiscrimination = isDiscrimination
            self.interval = IntervalKey(interval, interval == .prime ? .equalTemperament : tuningSystem)
        }

        /// The key hashed as one word (a series is looked up for every stored comparison and matching: hashing
        /// its interval and tuning field by field was a third of what filing one cost). Equal keys give equal
        /// words; the word orders nothing (outputs sort the series themselves).
        public func hash(into hasher: inout Hasher) {
            hasher.combine(
                (isDiscrimination ? 1 : 0) | (interval.interval.semitones &+ 64) << 1
                    | interval.tuningSystem.order << 8)
        }

        /// Discrimination first, then by interval and tuning.
        public static func < (left: Series, right: Series) -> Bool {
            if left.isDiscrimination != right.isDiscrimination { return left.isDiscrimination }
            return left.interval < right.interval
        }
    }

    /// One week of one series.
    public struct Week: Hashable, Sendable {
        /// Weeks since Monday 1970-01-05 (negative before).
        public let number: Int
        /// Discrimination: trials and correct answers per stimulus level (only the levels played), in level order.
        /// An array, not a dictionary: a week holds a few levels, read in order by every fit, and a profile
        /// builds and decodes tens of thousands of weeks (hashing them cost `peach profile --json` 30 million
        /// instructions at a million answers).
        public private(set) var levels: [LevelTally] = []
        /// Matching: the absolute errors, cents.
        public private(set) var absoluteErrors = WelfordAccumulator()

        init(number: Int) { self.number = number }

        /// Whether a saved week holds at most `maximumCount` answers with finite numbers (its levels and tallies
        /// are checked when decoded).
        func isConsistent(maximumCount: Int) -> Bool {
            absoluteErrors.isConsistent(maximumCount: maximumCount) && count <= maximumCount
        }

        /// The number of answers (comparisons or attempts) in the week.
        public var count: Int { levels.reduce(0) { $0 + Int($1.tally.trials) } + absoluteErrors.count }

        /// The threshold fitted to the week's comparisons alone, over the model's whole grid of slopes; nil
        /// without any. Biased high for a week of one or two sessions (see ``threshold(within:)``).
        public var threshold: ThresholdEstimate? { ThresholdPosterior.fit(trials) }

        /// The threshold fitted to the week's comparisons within `series`, the fit of every week of the series:
        /// at its slope (the slope is the listener's; the threshold is what changes from week to week), with a
        /// weak prior around its threshold (σ ``ThresholdModel/partPriorWidth`` in ln). A week of one 50-trial
        /// session fitted alone reads 1.02–1.41 × the listener's threshold (median over four listener shapes;
        /// sd(ln) 0.53–0.72): its trials start where the staircase settled the time before and cluster at one
        /// level, which ties the threshold to the slope and leaves its upper side open. Fitted this way it reads
        /// 0.96–1.05 × (sd(ln) 0.28–0.41); a listener 60 % worse than before reads 0.89–1.09 × (alone
        /// 1.12–1.65 ×), one 40 % better 1.11–1.22 × (alone 1.03–1.16 ×: the fit leans towards the rest of the
        /// series). `PeachBenchmarks validate 20 sessions`, with `PEACH_VALIDATE_CHANGE=0.6` and `1.6`. Nil
        /// without comparisons; the plain fit when the series has none to lean on.
        public func threshold(within series: ThresholdEstimate?) -> ThresholdEstimate? {
            guard let series else { return threshold }
            return ThresholdPosterior.fit(trials, partOf: series)
        }

        /// The week's comparisons as a fit takes them in, level by level.
        private var trials: BinnedTrials {
            var trials = BinnedTrials()
            trials.reserveCapacity(levels.count)
            for entry in levels {
                trials.append(
                    level: entry.level, trials: Double(entry.tally.trials),
                    correct: Double(entry.tally.correct))
            }
            return trials
        }

        /// The Monday the week starts on (UTC).
        public var start: LocalDay { Self.monday(ofWeek: number) }

        /// The Monday of week `number` (``ProgressHistory/weekNumber(of:)``; 1970-01-01, day 0, was a Thursday).
        public static func monday(ofWeek number: Int) -> LocalDay { LocalDay(dayNumber: number * 7 + 4) }

        /// The Thursday of week `number`: ISO 8601 gives a week the year (and a chart the month) it falls in.
        public static func thursday(ofWeek number: Int) -> LocalDay { LocalDay(dayNumber: number * 7 + 7) }

        /// The ISO 8601 week, e.g. `2026-W47`.
        public var isoWeek: String { Self.isoWeek(number: number) }

        /// The ISO 8601 week of week `number` (``ProgressHistory/weekNumber(of:)``), e.g. `2026-W47`.
        public static func isoWeek(number: Int) -> String {
            let thursday = thursday(ofWeek: number)  // the week's Thursday names its year
            let year = thursday.components.year
            let januaryFirst = LocalDay(year: year, month: 1, day: 1).dayNumber
            // 0 = Monday (1970-01-01, day 0, was a Thursday).
            let januaryFirstWeekday = (januaryFirst + 3).floorModulo(7)
            let firstWeekThursday = januaryFirst + (3 - januaryFirstWeekday + 7) % 7
            let week = (thursday.dayNumber - firstWeekThursday) / 7 + 1
            return "\(year)-W" + (week < 10 ? "0" : "") + String(week)
        }

        /// Adds a trial at stimulus level `level` (``StimulusLevel/index(of:)``).
        mutating func addComparison(level: Int, correct: Bool) {
            let index = position(of: level)
            levels[index].tally.add(correct: correct)
        }

        /// Where `level` is in ``levels``, inserted (with no trials) where it belongs when missing.
        private mutating func position(of level: Int) -> Int {
            // Searched through a buffer pointer: on the array, each step checked the bounds and the week's
            // ownership of its levels (119 instructions an answer at first start, now about half).
            let low = levels.withUnsafeBufferPointer { levels in
                var low = 0
                var high = levels.count
                while low < high {
                    let middle = (low &+ high) >> 1
                    if levels[middle].level < level { low = middle &+ 1 } else { high = middle }
                }
                return low
            }
            if low == levels.count || levels[low].level != level {
                levels.insert(LevelTally(level: level, tally: TrialTally()), at: low)
            }
            return low
        }

        mutating func addMatching(error: Double) { absoluteErrors.add(abs(error)) }

        /// This week with `other`'s answers added (its trials level by level, its errors as if added one by one):
        /// a longer period of a chart (a month, a year) is fitted as one week of all its answers. Keeps this
        /// week's number.
        public func merged(with other: Week) -> Week {
            var result = self
            for entry in other.levels {
                let index = result.position(of: entry.level)
                let old = result.levels[index].tally
                result.levels[index].tally = TrialTally(
                    trials: old.trials &+ entry.tally.trials, correct: old.correct &+ entry.tally.correct)
            }
            result.absoluteErrors.merge(other.absoluteErrors)
            return result
        }
    }

    /// One stimulus level of a week and its trials.
    public struct LevelTally: Hashable, Sendable {
        /// The stimulus level (``StimulusLevel``).
        public let level: Int
        /// Its trials and correct answers.
        public internal(set) var tally: TrialTally
    }

    /// Trials and correct answers at one level.
    public struct TrialTally: Hashable, Sendable {
        /// Trials.
        public private(set) var trials: Int32 = 0
        /// Correct answers.
        public private(set) var correct: Int32 = 0

        init(trials: Int32 = 0, correct: Int32 = 0) {
            self.trials = trials
            self.correct = correct
        }

        mutating func add(correct isCorrect: Bool) {
            trials &+= 1
            if isCorrect { correct &+= 1 }
        }
    }

    /// A series and its weeks, oldest first.
    struct SeriesWeeks: Hashable, Sendable {
        let key: Series
        var weeks: [Week]
    }

    /// Each series with its weeks, in the series' order (``Series/<``): a sorted list, not a dictionary. A history
    /// holds a series per mode, interval and tuning practised, usually a handful, and every comparison and
    /// matching filed looks one up: comparing a few keys costs a fraction of hashing one.
    private var filed: [SeriesWeeks] = []

    /// The weeks of each series, oldest first.
    public var series: [Series: [Week]] {
        Dictionary(uniqueKeysWithValues: filed.map { ($0.key, $0.weeks) })
    }

    /// The series with weeks, in order: discrimination first, then by interval and tuning.
    public var seriesKeys: [Series] { filed.map(\.key) }

    /// The weeks of `key`, oldest first; none when it has none.
    public func weeks(of key: Series) -> [Week] { filed.first { $0.key == key }?.weeks ?? [] }

    /// A week's 68 % interval spanning more than this factor (its upper end over its lower) is too uncertain
    /// to show as a number.
    public static let uncertainSpan = 2.5

    /// Whether `estimate` is too uncertain to show as a number (its 68 % interval spans more than
    /// ``uncertainSpan``).
    public static func isUncertain(_ estimate: ThresholdEstimate) -> Bool {
        estimate.interval68.upperBound > uncertainSpan * estimate.interval68.lowerBound
    }

    /// The threshold fitted to every comparison of a discrimination `key`'s weeks (the whole grid of slopes),
    /// what each week's fit leans on; nil without comparisons.
    public func fit(of key: Series) -> ThresholdEstimate? {
        var trials = [Double](repeating: 0, count: StimulusLevel.count)
        var correct = trials
        var any = false
        // Through buffer pointers: each level's sums asked whether their arrays were shared, a quarter of
        // the dashboard's fit of a series over years of weeks after every answer.
        trials.withUnsafeMutableBufferPointer { trials in
            correct.withUnsafeMutableBufferPointer { correct in
                for week in weeks(of: key) {
                    for entry in week.levels {
                        trials[entry.level] += Double(entry.tally.trials)
                        correct[entry.level] += Double(entry.tally.correct)
                        any = true
                    }
                }
            }
        }
        guard any else { return nil }
        return ThresholdPosterior.fit(BinnedTrials(trials: trials, correct: correct))
    }

    /// An empty history.
    public init() {}

    /// The week number of `date` (weeks since Monday 1970-01-05, UTC).
    public static func weekNumber(of date: Date) -> Int {
        let day = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
        return (day - 4).floorDivided(by: 7)
    }

    /// Adds one answered comparison.
    public mutating func add(_ completed: CompletedComparison) {
        add(completed.filed, level: completed.stimulusLevel)
    }

    /// Adds the filed part of one answered comparison whose unsigned difference is at stimulus level `level`
    /// (``StimulusLevel/index(of:)``, found once by a caller that files the answer in several places).
    public mutating func add(_ answer: FiledComparison, level: Int) {
        let comparison = answer.comparison
        guard let interval = comparison.interval else { return }
        let key = Series(isDiscrimination: true, interval: interval, tuningSystem: comparison.tuningSystem)
        // The closure takes the two numbers, not the answer (capturing it copied the whole answer three times).
        let correct = answer.isCorrect
        update(key, at: answer.timestamp) { $0.addComparison(level: level, correct: correct) }
    }

    /// Adds one committed pitch-matching attempt.
    public mutating func add(_ completed: CompletedPitchMatching) { add(completed.filed) }

    /// Adds the filed part of one committed pitch-matching attempt.
    public mutating func add(_ attempt: FiledPitchMatching) {
        let key = Series(
            isDiscrimination: false, interval: attempt.interval, tuningSystem: attempt.tuningSystem)
        let error = attempt.userError.rawValue
        update(key, at: attempt.timestamp) { $0.addMatching(error: error) }
    }

    // Inlined, as `update(_:week:_:)` is, with the closure each caller hands it: out of line they cost two calls and
    // a closure context an answer, 0.047k a record at a first start (callgrind, the 100k fixture: 0.3924 G against
    // 0.3876 G).
    @inline(__always)
    private mutating func update(_ key: Series, at date: Date, _ change: (inout Week) -> Void) {
        // The keys compared where they stand: `firstIndex(where:)` handed each series to its closure as a copy,
        // retaining and releasing its weeks for every series passed on every answer.
        var slot = filed.withUnsafeBufferPointer { series in
            var index = 0
            while index < series.count, series[index].key != key { index &+= 1 }
            return index
        }
        if slot == filed.count {
            slot = filed.firstIndex { key < $0.key } ?? filed.endIndex
            filed.insert(SeriesWeeks(key: key, weeks: []), at: slot)
        }
        // In place: a copy of the weeks taken out would copy every week on each record.
        Self.update(&filed[slot].weeks, week: Self.weekNumber(of: date), change)
    }

    /// Changes week `number` of `weeks` (kept in order), adding it when missing.
    @inline(__always)
    static func update(_ weeks: inout [Week], week number: Int, _ change: (inout Week) -> Void) {
        // Records arrive in time order, so the week is almost always the last one.
        if let last = weeks.indices.last, weeks[last].number == number {
            change(&weeks[last])
        } else if let index = weeks.firstIndex(where: { $0.number == number }) {
            change(&weeks[index])
        } else {
            var week = Week(number: number)
            change(&week)
            weeks.insert(week, at: weeks.firstIndex { $0.number > number } ?? weeks.endIndex)
        }
    }

    /// Whether a saved history (a store's snapshot) holds at most `maximumCount` answers in all, each series'
    /// weeks in order.
    public func isConsistent(maximumCount: Int) -> Bool {
        Self.isConsistent(filed.map(\.weeks), maximumCount: maximumCount)
    }

    /// Whether series of weeks hold at most `maximumCount` answers in all, each in order of its weeks.
    static func isConsistent(_ allWeeks: some Collection<[Week]>, maximumCount: Int) -> Bool {
        var total = 0
        for weeks in allWeeks {
            guard zip(weeks, weeks.dropFirst()).allSatisfy({ $0.number < $1.number }) else { return false }
            for week in weeks {
                guard week.isConsistent(maximumCount: maximumCount) else { return false }
                total += week.count
                guard total <= maximumCount else { return false }
            }
        }
        return true
    }

    /// Forgets the discrimination series.
    public mutating func resetDiscrimination() { filed.removeAll { $0.key.isDiscrimination } }

    /// Forgets the matching series.
    public mutating func resetMatching() { filed.removeAll { !$0.key.isDiscrimination } }
}

extension Int {
    fileprivate func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return self % divisor < 0 ? quotient - 1 : quotient
    }

    fileprivate func floorModulo(_ divisor: Int) -> Int {
        let remainder = self % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }
}

extension ProgressHistory.Series: SnapshotCodable {
    /// Writes the mode and the interval.
    public func write(to writer: inout SnapshotWriter) { writer.write(isDiscrimination, interval) }

    /// Reads a series key.
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        (isDiscrimination, interval) = try reader.fields()
    }
}

extension ProgressHistory.Week: SnapshotCodable {
    /// Writes the week's number, its levels (each as the step from the one before, with its trials and
    /// correct answers) and its matching errors.
    public func write(to writer: inout SnapshotWriter) {
        writer.write(number)
        writer.writeLevels(levels.map { ($0.level, $0.tally.trials, $0.tally.correct) })
        writer.write(absoluteErrors)
    }

    /// Reads a week, refusing levels outside the grid and more correct answers than trials, so a forged
    /// snapshot cannot feed the fit nonsense.
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        number = try reader.int(in: -999_999...999_999)
        var levels: [ProgressHistory.LevelTally] = []
        // In increasing order, each level once (the reader refuses a step of 0).
        try reader.levels { level, trials, correct in
            levels.append(
                .init(level: level, tally: ProgressHistory.TrialTally(trials: trials, correct: correct)))
        }
        self.levels = levels
        absoluteErrors = try reader.read()
    }
}

extension ProgressHistory: SnapshotCodable {
    /// Writes every series' weeks: their count, then each series and its weeks in the series' order (as a
    /// dictionary of them is written).
    public func write(to writer: inout SnapshotWriter) {
        writer.write(filed.count)
        for series in filed { writer.write(series.key, series.weeks) }
    }

    /// Reads a history, refusing series out of order or twice (checked further with
    /// ``isConsistent(maximumCount:)``).
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        for _ in 0..<(try reader.count()) {
            let (key, weeks): (Series, [Week]) = try reader.fields()
            guard filed.last.map({ $0.key < key }) ?? true else { throw SnapshotReader.Malformed() }
            filed.append(SeriesWeeks(key: key, weeks: weeks))
        }
    }
}
