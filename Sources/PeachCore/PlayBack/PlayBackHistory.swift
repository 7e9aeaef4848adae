// PlayBackHistory: the play-back part of the profile: per item accuracy, response times, confusions, weeks.

import Foundation

/// What the answers of play-back say about the player: for each item its accuracy (all time and recent), its
/// response times, what it was heard as when wrong (the confusion table), and the answers week by week per
/// kind. Built from every stored answer; the adaptive choice of questions (``PlayBackScheduler``) reads it.
public struct PlayBackHistory: Hashable, Sendable {
    /// One item's record.
    public struct ItemRecord: Hashable, Sendable {
        /// Answers given.
        public internal(set) var answers = 0
        /// Right answers.
        public internal(set) var correct = 0
        /// The last ``recentLength`` answers' correctness, oldest first.
        public internal(set) var recent: [Bool] = []
        /// The last ``responseTimeLength`` response times, seconds, oldest first.
        public internal(set) var responseTimes: [Double] = []
        /// Wrong answers by what they were heard as (an item id of the same kind, or the kind of miss:
        /// ``PlayBackHistory/heardAsKey(_:)``); the right item played elsewhere is not among them (``elsewhere``).
        public internal(set) var heardAs: [String: Int] = [:]
        /// Answers that were the right item in another octave, voicing or on another root
        /// (``PlayBackVerdict/Outcome/isRightItemElsewhere``): not right, and no confusion either.
        public internal(set) var elsewhere = 0
        /// The history's answer number when the item was last answered (for staleness).
        public internal(set) var lastAnswer = 0

        /// The mastery estimate from the recent answers.
        public var mastery: ItemMastery { ItemMastery(recent: recent) }

        /// The median of the recent response times, seconds; nil without answers.
        public var medianResponseTime: Double? {
            guard !responseTimes.isEmpty else { return nil }
            let sorted = responseTimes.sorted()
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }
    }

    /// Melodies in tempo: the offsets of the notes played at one place in the phrase.
    public struct Offsets: Hashable, Sendable {
        /// Their signed offsets from the grid, milliseconds (positive late): how many, their mean and spread.
        public internal(set) var signed = WelfordAccumulator()
        /// The sum of their offsets' sizes, milliseconds.
        public internal(set) var absoluteSum = 0.0

        /// Adds a note played `milliseconds` from its place on the grid (positive late).
        mutating func add(_ milliseconds: Double) {
            signed.add(milliseconds)
            absoluteSum += abs(milliseconds)
        }

        /// Notes played there in tempo.
        public var count: Int { signed.count }

        /// The mean signed offset, ms; nil without notes.
        public var mean: Double? { signed.meanIfAny }

        /// The likely range of the mean signed offset: ± one standard error, as every mean's range in the
        /// profile; nil below two notes.
        public var likelyRangeOfMean: ClosedRange<Double>? { signed.likelyRangeOfMean }

        /// The mean size of the offsets, ms; nil without notes.
        public var meanAbsolute: Double? { count > 0 ? absoluteSum / Double(count) : nil }
    }

    /// One week of one kind.
    public struct Week: Hashable, Sendable {
        /// Answers given.
        public internal(set) var answers = 0
        /// Right answers.
        public internal(set) var correct = 0
    }

    /// How many recent answers an item's mastery looks at.
    public static let recentLength = 12
    /// How many response times an item keeps for its median.
    public static let responseTimeLength = 31

    /// Each item answered at least once.
    public private(set) var items: [PlayBackItem: ItemRecord] = [:]
    /// Every answer counted.
    public private(set) var answerCount = 0
    /// The answers per kind and week (``ProgressHistory/weekNumber(of:)``).
    public private(set) var weeks: [PlayBackKind: [Int: Week]] = [:]
    /// Each kind's last ``levelLength`` answers, right or not, oldest first: the player's level now
    /// (``PlayBackScheduler`` opens new items by it).
    public private(set) var recentByKind: [PlayBackKind: [Bool]] = [:]

    /// Melodies: each place in the phrase (1 for the first note), how often a note there was asked and how often it
    /// was played right (where memory gives out along a phrase).
    public private(set) var melodyPositions: [Int: Week] = [:]
    /// Melodies in tempo: each place in the phrase, how far from the grid its notes were played.
    public private(set) var melodyTiming: [Int: Offsets] = [:]

    /// How many of a kind's answers its level looks at.
    public static let levelLength = 48

    /// The share right of the last ``levelLength`` answers of `kind`, and how many there are.
    public func level(of kind: PlayBackKind) -> (share: Double, answers: Int) {
        let recent = recentByKind[kind] ?? []
        return (Double(recent.count { $0 }) / Double(max(recent.count, 1)), recent.count)
    }

    /// An empty history.
    public init() {}

    /// Adds one answer.
    public mutating func add(_ completed: CompletedPlayBack) {
        answerCount += 1
        let item = completed.question.item
        var record = items[item] ?? ItemRecord()
        record.answers += 1
        if completed.isCorrect {
            record.correct += 1
        } else if completed.verdict.outcome.isRightItemElsewhere {
            record.elsewhere += 1
        } else if !completed.missedOnlyTheLine {
            record.heardAs[Self.heardAsKey(completed.verdict), default: 0] += 1
        }
        record.recent.append(completed.isCorrect)
        if record.recent.count > Self.recentLength { record.recent.removeFirst() }
        record.responseTimes.append(completed.responseTime)
        if record.responseTimes.count > Self.responseTimeLength { record.responseTimes.removeFirst() }
        record.lastAnswer = answerCount
        items[item] = record
        for (index, mark) in completed.verdict.marks.enumerated() where item.kind == .melodies {
            melodyPositions[index + 1, default: Week()].answers += 1
            if mark.isRight { melodyPositions[index + 1, default: Week()].correct += 1 }
        }
        for (index, offset) in completed.noteOffsets.enumerated() {
            guard let offset else { continue }
            melodyTiming[index + 1, default: Offsets()].add(offset * 1000)
        }
        recentByKind[item.kind, default: []].append(completed.isCorrect)
        if recentByKind[item.kind, default: []].count > Self.levelLength {
            recentByKind[item.kind]?.removeFirst()
        }
        let week = ProgressHistory.weekNumber(of: completed.timestamp)
        weeks[item.kind, default: [:]][week, default: Week()].answers += 1
        if completed.isCorrect { weeks[item.kind, default: [:]][week, default: Week()].correct += 1 }
    }

    /// A wrong answer whose notes are no item, by the kind of miss, as the confusion table keys it.
    public enum Miss: String, CaseIterable, Sendable {
        /// A chord with notes missing.
        case incomplete = "?incomplete"
        /// A chord with notes added.
        case extra = "?extra"
        /// One note more than an octave from the reference.
        case far = "?far"
        /// Notes that are no item.
        case other = "?"
    }

    /// What a wrong answer counts as in the confusion table: the item its notes are, else its ``Miss``.
    public static func heardAsKey(_ verdict: PlayBackVerdict) -> String {
        if let answered = verdict.answered { return answered.id }
        switch verdict.outcome {
        case .incomplete: return Miss.incomplete.rawValue
        case .extraNotes: return Miss.extra.rawValue
        default: return (verdict.semitoneError != nil ? Miss.far : Miss.other).rawValue
        }
    }

    /// The items of `kind` answered so far, weakest first (lowest mastery estimate; ties: more answers first).
    public func weakest(of kind: PlayBackKind) -> [(item: PlayBackItem, record: ItemRecord)] {
        items.filter { $0.key.kind == kind }
            .map { (item: $0.key, record: $0.value) }
            .sorted {
                ($0.record.mastery.estimate, -$0.record.answers, $0.item.id)
                    < ($1.record.mastery.estimate, -$1.record.answers, $1.item.id)
            }
    }

    /// The confusions of `kind`: each asked item with what it was heard as and how often, most often first (the
    /// right item played elsewhere is no confusion: ``elsewhere(of:)``).
    public func confusions(of kind: PlayBackKind) -> [(asked: PlayBackItem, heardAs: String, count: Int)] {
        items.filter { $0.key.kind == kind }
            .flatMap { entry in
                entry.value.heardAs.map { (asked: entry.key, heardAs: $0.key, count: $0.value) }
            }
            .sorted { ($1.count, $0.asked.id, $0.heardAs) < ($0.count, $1.asked.id, $1.heardAs) }
    }

    /// The answers of `kind` that were the right item in another octave, voicing or on another root.
    public func elsewhere(of kind: PlayBackKind) -> Int {
        items.filter { $0.key.kind == kind }.values.reduce(0) { $0 + $1.elsewhere }
    }

    /// The answers of `kind`: total and right.
    public func totals(of kind: PlayBackKind) -> (answers: Int, correct: Int) {
        items.filter { $0.key.kind == kind }.values.reduce((0, 0)) { ($0.0 + $1.answers, $0.1 + $1.correct) }
    }

    /// Whether a saved history holds at most `maximumCount` answers and its numbers fit together.
    public func isConsistent(maximumCount: Int) -> Bool {
        guard answerCount >= 0, answerCount <= maximumCount else { return false }
        var sum = 0
        for record in items.values {
            guard record.answers > 0, record.correct >= 0, record.correct <= record.answers,
                record.recent.count <= min(record.answers, Self.recentLength),
                record.responseTimes.count <= min(record.answers, Self.responseTimeLength),
                record.responseTimes.allSatisfy({ $0.isFinite && $0 >= 0 }),
                record.heardAs.values.allSatisfy({ $0 > 0 }),
                record.elsewhere >= 0,
                record.heardAs.values.reduce(0, +) == record.answers - record.correct - record.elsewhere,
                (0...answerCount).contains(record.lastAnswer)
            else { return false }
            sum += record.answers
            guard sum <= answerCount else { return false }
        }
        let weekly = weeks.values.flatMap(\.values)
        guard
            melodyPositions.allSatisfy({
                (1...MelodyLevel.lengths.upperBound).contains($0.key) && $0.value.correct >= 0
                    && $0.value.correct <= $0.value.answers
                    && $0.value.answers <= answerCount
            })
        else { return false }
        guard
            melodyTiming.allSatisfy({
                // The offsets' sizes add up to at least their mean's (give or take the last digits of two sums).
                (1...MelodyLevel.lengths.upperBound).contains($0.key) && $0.value.count > 0
                    && $0.value.signed.isConsistent(maximumCount: answerCount)
                    && abs($0.value.signed.mean) * Double($0.value.count) <= $0.value.absoluteSum * (1 + 1e-9)
            })
        else { return false }
        return sum == answerCount && weekly.allSatisfy { $0.correct >= 0 && $0.correct <= $0.answers }
            && weekly.reduce(0) { $0 + $1.answers } == answerCount
    }
}

/// The mastery of one item: a Beta(1 + right, 1 + wrong) posterior of its accuracy over its recent answers.
public struct ItemMastery: Hashable, Sendable {
    /// Recent answers needed before an item can count as mastered.
    public static let answersNeeded = 6
    /// The posterior mean accuracy an item needs to count as mastered.
    public static let accuracyNeeded = 0.8

    /// Recent answers counted.
    public let answers: Int
    /// Right ones among them.
    public let correct: Int

    /// The mastery of `recent` answers.
    public init(recent: [Bool]) {
        answers = recent.count
        correct = recent.count { $0 }
    }

    /// The posterior mean of the accuracy, (1 + right) / (2 + answers): 0.5 for an item never answered.
    public var estimate: Double { Double(1 + correct) / Double(2 + answers) }

    /// Mastered: at least ``answersNeeded`` recent answers and an estimate of at least ``accuracyNeeded``
    /// (6 of 6, 8 of 9, 11 of 12 right).
    public var isMastered: Bool { answers >= Self.answersNeeded && estimate >= Self.accuracyNeeded }
}

extension PlayBackHistory.ItemRecord: SnapshotCodable {
    /// Writes the record: counts, recent answers, response times, what it was heard as, the answers elsewhere,
    /// its last answer number.
    public func write(to writer: inout SnapshotWriter) {
        writer.write(answers, correct, recent, responseTimes, heardAs, elsewhere, lastAnswer)
    }

    /// Reads a record; its numbers are checked by ``PlayBackHistory/isConsistent(maximumCount:)``.
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        (answers, correct, recent) = try reader.fields()
        // Written as any array of numbers, read refusing one that is not finite.
        for _ in 0..<(try reader.count()) { responseTimes.append(try reader.finiteDouble()) }
        (heardAs, elsewhere, lastAnswer) = try reader.fields()
    }
}

extension PlayBackHistory.Offsets: SnapshotCodable {
    /// Writes the signed offsets' statistics and the sizes' sum.
    public func write(to writer: inout SnapshotWriter) { writer.write(signed, absoluteSum) }

    /// Reads the offsets; checked by ``PlayBackHistory/isConsistent(maximumCount:)``.
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        signed = try reader.read(WelfordAccumulator.self)
        absoluteSum = try reader.finiteDouble()
    }
}

extension PlayBackHistory.Week: SnapshotCodable {
    /// Writes the week's answers and right answers.
    public func write(to writer: inout SnapshotWriter) { writer.write(answers, correct) }

    /// Reads a week.
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        (answers, correct) = try reader.fields()
    }
}

extension PlayBackHistory: SnapshotCodable {
    /// Writes the history: its answer count, each item's record by id, each kind's weeks, the melodies' places.
    public func write(to writer: inout SnapshotWriter) {
        writer.write(answerCount)
        writer.write(Dictionary(uniqueKeysWithValues: items.map { ($0.key.id, $0.value) }))
        let kinds = PlayBackKind.allCases.filter { weeks[$0] != nil }
        writer.write(kinds.count)
        for kind in kinds {
            writer.write(kind.rawValue, weeks[kind] ?? [:], recentByKind[kind] ?? [])
        }
        writer.write(melodyPositions, melodyTiming)
    }

    /// Reads a history; its numbers are checked by the snapshot's consistency check.
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        self.init()
        answerCount = try reader.int()
        let records: [String: ItemRecord] = try reader.dictionary()
        for (id, record) in records {
            guard let item = PlayBackItem(id: id), items.updateValue(record, forKey: item) == nil else {
                throw SnapshotReader.Malformed()
            }
        }
        for _ in 0..<(try reader.count()) {
            guard let kind = PlayBackKind(rawValue: try reader.string()), weeks[kind] == nil else {
                throw SnapshotReader.Malformed()
            }
            weeks[kind] = try reader.read([Int: Week].self)
            let recent = try reader.array(of: Bool.self)
            guard recent.count <= Self.levelLength else { throw SnapshotReader.Malformed() }
            recentByKind[kind] = recent
        }
        (melodyPositions, melodyTiming) = try reader.fields()
    }
}
