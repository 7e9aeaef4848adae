// TimingHistory: the timing part of the profile: offset-detection thresholds and fill-the-gap offsets.

import Foundation

/// The timing part of a listener's profile, built record by record (trained here or imported from Peach on
/// iOS): for offset detection, the answers binned by the offset's share of the pattern's step (a sixteenth for
/// sixteenths, a triplet eighth for triplets) per tempo band and direction, and per pattern family, fitted like
/// pitch thresholds (the same Bayesian Weibull model, on percent of a step instead of cents); for fill the gap,
/// the trials' mean offsets per tempo band and gap position. A record without a pattern (Peach on iOS, older
/// Peach) is straight sixteenths.
public struct TimingHistory: Hashable, Sendable {
    /// One tempo band and direction (or one pattern family) of offset detection: its binned answers and the mean
    /// step of its trials.
    struct OffsetCell: Hashable, Sendable {
        var counts = TrialCounts()
        var stepMs = WelfordAccumulator()
    }

    /// The answers of offset detection, by band and direction (`"moderate.early"`).
    private var offsetCells = CellTable(slots: Keys.offsetNames.count, empty: OffsetCell())
    /// The answers of offset detection, by pattern family (`"triplets"`), all tempos and directions.
    private var familyCells = CellTable(slots: Keys.familyNames.count, empty: OffsetCell())
    /// Fill the gap's trial means, by band and step (`"moderate.4"`), and by band alone (`"moderate"`); the
    /// silent bars' drifts (`"moderate.drift"`, ms per bar) and their means (`"moderate.silent"`).
    private var gapCells = CellTable(slots: Keys.gapNames.count, empty: WelfordAccumulator())
    /// The answers before the last ``recentWindow``, for the trend (percent level, correct).
    private var earlier = TrialCounts()
    /// The last ``recentWindow`` answers, oldest first.
    private var recent = RecentWindow<RecentAnswer>(capacity: TimingHistory.recentWindow)
    /// Week by week, per kind and band (`offsetDetection.moderate`): offset detection's answers binned by
    /// percent of a step; fill the gap's trials' absolute mean offsets (how far from on time, either way);
    /// rhythm echo's mean distance of each echo's hits from their notes.
    private var weeks = CellTable<[ProgressHistory.Week]>(slots: Keys.weekNames.count, empty: [])

    /// The two timing disciplines, as the progress chart names its series.
    public enum Discipline: String, CaseIterable, Hashable, Sendable, Codable {
        /// Offset detection (`peach timing`).
        case offsetDetection
        /// Fill the gap (`peach tap`).
        case gapFill
        /// Rhythm echo (`peach echo`): week by week, how far the hits fell from their notes.
        case echo
    }

    fileprivate struct RecentAnswer: Hashable, Sendable {
        var percent: Double
        var correct: Bool
    }

    /// Rhythm echo in one pattern family (the bar's hardest figure's): its echoes, notes, hits, extra strikes,
    /// the hits' offsets and the echoes' scores.
    public struct EchoCell: Hashable, Sendable {
        /// Echoes counted.
        public internal(set) var echoes = 0
        /// Notes asked.
        public internal(set) var notes = 0
        /// Notes hit.
        public internal(set) var hits = 0
        /// Strikes that matched no note.
        public internal(set) var extras = 0
        /// The hits' offsets, ms, with the calibration the echo was paired with taken off.
        public internal(set) var offsets = WelfordAccumulator()
        /// The echoes' scores (0 … 1).
        public internal(set) var scores = WelfordAccumulator()
        /// Each echo's own mean offset of its hits, ms (calibration taken off), one value an echo with a hit: what
        /// the hits' mean offset's likely range is counted by.
        public internal(set) var echoMeans = WelfordAccumulator()

        /// The share of notes hit.
        public var hitRate: Double { notes == 0 ? 0 : Double(hits) / Double(notes) }

        /// The likely range of the hits' mean offset, ms: ± one standard error counted by echo, the spread of the
        /// echoes' own means over √echoes. A bar's notes lean together (a player early in one bar is early on each
        /// of its notes), so counted by note the range would be too narrow. Nil below two echoes with hits.
        public var likelyRangeOfMeanOffset: ClosedRange<Double>? {
            offsets.meanIfAny.flatMap { echoMeans.likelyRange(around: $0) }
        }

        /// Counts an echo.
        mutating func add(_ completed: CompletedEcho) {
            echoes += 1
            notes += completed.onsets.count
            hits += completed.hits
            extras += completed.extras
            var own = WelfordAccumulator()
            for offset in completed.calibratedHitOffsets where offset.isFinite {
                offsets.add(offset)
                own.add(offset)
            }
            if let mean = own.meanIfAny { echoMeans.add(mean) }
            scores.add(completed.score)
        }
    }

    /// Rhythm echo by pattern family (`"triplets"`).
    private var echoCells = CellTable(slots: Keys.familyNames.count, empty: EchoCell())
    /// The level of the latest echo (where the next session starts), 0 without one.
    public private(set) var echoLevel = 0
    /// Rhythm echoes counted.
    public private(set) var echoCount = 0

    /// Offset-detection answers counted.
    public private(set) var offsetDetectionCount = 0
    /// Fill-the-gap trials counted.
    public private(set) var gapFillCount = 0

    /// How many of the latest answers the trend compares with those before them.
    public static let recentWindow = 60
    /// The fewest answers a fitted threshold rests on.
    public static let minimumAnswers = 10

    /// An empty history.
    public init() {}

    /// Adds an offset-detection answer: its tempo, signed offset (ms), whether it was right, its pattern and
    /// (for the progress chart) when.
    public mutating func addOffsetDetection(
        tempoBPM: Int, offsetMs: Double, isCorrect: Bool, pattern: TimingPattern = .straightSixteenths,
        at date: Date? = nil
    ) {
        addOffsetDetection(
            tempoBPM: tempoBPM, offsetMs: offsetMs, isCorrect: isCorrect, steps: pattern.steps,
            family: pattern.family, at: date)
    }

    /// Adds an offset-detection answer whose pattern has `steps` steps a beat and is of `family`: all of a pattern
    /// the history files. A load of the whole journal keeps these two numbers of a record, not its pattern (whose
    /// figure is counted by reference).
    public mutating func addOffsetDetection(
        tempoBPM: Int, offsetMs: Double, isCorrect: Bool, steps: Int, family: TimingPattern.Family,
        at date: Date? = nil
    ) {
        guard tempoBPM > 0, steps > 0, offsetMs.isFinite, offsetMs != 0 else { return }
        let stepMs = 60_000 / Double(tempoBPM) / Double(steps)
        let percent = abs(offsetMs) / stepMs * 100
        let band = TempoBand(bpm: tempoBPM)
        let level = StimulusLevel.index(of: percent)  // once for the three places the answer goes
        // One slot a table each (``CellTable``).
        func add(_ cell: inout OffsetCell) {
            cell.counts.add(level: level, correct: isCorrect)
            cell.stepMs.add(stepMs)
        }
        offsetCells.file(Keys.offset(band, TimingDirection(offsetMs: offsetMs)), add)
        familyCells.file(Keys.family(family), add)
        offsetDetectionCount += 1
        if let date {
            addWeek(.offsetDetection, band, date) { $0.addComparison(level: level, correct: isCorrect) }
        }
        if let oldest = recent.append(RecentAnswer(percent: percent, correct: isCorrect)) {
            earlier.add(cents: oldest.percent, correct: oldest.correct)
        }
    }

    /// Adds a fill-the-gap trial: its tempo, mean signed offset (ms), the mean at each step (1–4), the drift of
    /// its silent bars, the timing calibration in use (ms, taken off every offset: the drift's slope is the same
    /// with it) and (for the progress chart) when.
    public mutating func addGapFill(
        tempoBPM: Int, meanOffsetMs: Double, positions: [Double?], drift: SilentDrift? = nil,
        calibrationMs: Double? = nil, at date: Date? = nil
    ) {
        addGapFill(
            tempoBPM: tempoBPM, meanOffsetMs: meanOffsetMs, stepMeans: GapStepMeans(positions), drift: drift,
            calibrationMs: calibrationMs, at: date)
    }

    /// Adds a fill-the-gap trial with its means at steps 1–4 as four numbers, not an array: what a load of the
    /// whole journal keeps of a record (an array was made and freed for every trial).
    public mutating func addGapFill(
        tempoBPM: Int, meanOffsetMs: Double, stepMeans: GapStepMeans, drift: SilentDrift? = nil,
        calibrationMs: Double? = nil, at date: Date? = nil
    ) {
        let lag = calibrationMs ?? 0
        let meanOffsetMs = meanOffsetMs - lag
        guard tempoBPM > 0, meanOffsetMs.isFinite else { return }
        let band = TempoBand(bpm: tempoBPM)
        if let drift, drift.msPerBar.isFinite, drift.meanOffsetMs.isFinite {
            gapCells.file(Keys.gap(band, .drift)) { $0.add(drift.msPerBar) }
            gapCells.file(Keys.gap(band, .silent)) { $0.add(drift.meanOffsetMs - lag) }
        }
        gapCells.file(Keys.gap(band, .all)) { $0.add(meanOffsetMs) }
        func add(step: Int, _ value: Double) {
            guard value.isFinite, let slot = Keys.gapStep(band, step) else { return }
            gapCells.file(slot) { $0.add(value - lag) }
        }
        add(step: 1, stepMeans.values.0)  // NaN where the step has no mean: not finite
        add(step: 2, stepMeans.values.1)
        add(step: 3, stepMeans.values.2)
        add(step: 4, stepMeans.values.3)
        gapFillCount += 1
        if let date { addWeek(.gapFill, band, date) { $0.addMatching(error: meanOffsetMs) } }
    }

    /// Adds a scored rhythm echo: counted under its bar's family; its level is where the next session starts.
    public mutating func addEcho(_ completed: CompletedEcho) {
        let family = Keys.family(completed.rhythm.family)
        echoCells.file(family) { $0.add(completed) }
        echoLevel = completed.level
        echoCount += 1
        let hits = completed.calibratedHitOffsets.filter(\.isFinite)
        if !hits.isEmpty {
            addWeek(.echo, TempoBand(completed.tempo), completed.timestamp) {
                $0.addMatching(error: hits.reduce(0) { $0 + abs($1) } / Double(hits.count))
            }
        }
    }

    /// Changes the week of `date` in the weeks of `discipline` at `band`, adding it when missing.
    // Inlined with its closure, as `CellTable.file` is (0.006k a record at a first start, the 100k fixture).
    @inline(__always)
    private mutating func addWeek(
        _ discipline: Discipline, _ band: TempoBand, _ date: Date,
        _ change: (inout ProgressHistory.Week) -> Void
    ) {
        weeks.file(Keys.week(discipline, band)) {
            ProgressHistory.update(&$0, week: ProgressHistory.weekNumber(of: date), change)
        }
    }

    /// Rhythm echo in `family`, nil without an echo there.
    public func echo(family: TimingPattern.Family) -> EchoCell? { echoCells[Keys.family(family)] }

    /// The families with rhythm echoes, plainest first.
    public var echoFamilies: [TimingPattern.Family] {
        ([.simple] + TimingPattern.Family.catalogued).filter { echoCells[Keys.family($0)] != nil }
    }

    /// The weeks of `discipline` at `band`, oldest first: for offset detection its answers binned by percent of
    /// a step (fit them with ``ProgressHistory/Week/threshold(within:)``), for fill the gap the absolute
    /// mean offsets of its trials, for rhythm echo each echo's mean distance of its hits from their notes
    /// (``ProgressHistory/Week/absoluteErrors``, ms).
    public func weeks(of discipline: Discipline, band: TempoBand) -> [ProgressHistory.Week] {
        weeks[Keys.week(discipline, band)] ?? []
    }

    /// The fitted offset-detection threshold of `band`, for `direction` or (nil) both; nil with fewer than
    /// ``minimumAnswers`` answers.
    public func threshold(band: TempoBand, direction: TimingDirection? = nil) -> TimingThreshold? {
        let directions = direction.map { [$0] } ?? TimingDirection.allCases
        return Self.threshold(of: directions.compactMap { offsetCells[Keys.offset(band, $0)] })
    }

    /// The fitted offset-detection threshold of the patterns of `family`, all tempos and directions; nil with
    /// fewer than ``minimumAnswers`` answers.
    public func threshold(family: TimingPattern.Family) -> TimingThreshold? {
        Self.threshold(of: familyCells[Keys.family(family)].map { [$0] } ?? [])
    }

    /// The pattern families with offset-detection answers, in the catalogue's order.
    public var offsetDetectionFamilies: [TimingPattern.Family] {
        TimingPattern.Family.allCases.filter { familyCells[Keys.family($0)] != nil }
    }

    private static func threshold(of cells: [OffsetCell]) -> TimingThreshold? {
        var counts = TrialCounts()
        var stepSum = 0.0
        for cell in cells {
            counts.add(cell.counts)
            stepSum += cell.stepMs.mean * Double(cell.stepMs.count)
        }
        guard counts.total >= minimumAnswers, let estimate = fit(counts) else { return nil }
        return TimingThreshold(
            percent: estimate, stepMs: stepSum / Double(counts.total), answers: counts.total)
    }

    /// The steps an offset-detection answer can have, milliseconds: a beat of 1 BPM or faster, cut into one step
    /// or more (``addOffsetDetection(tempoBPM:offsetMs:isCorrect:pattern:at:)``).
    static let stepsMs = Double.leastNonzeroMagnitude...60_000

    /// Whether a saved history (a store's snapshot) could have been built from at most `maximumCount` answers:
    /// each count within it, the cells' answers adding up to the counts, every number finite, every mean step
    /// one a tempo gives.
    public func isConsistent(maximumCount: Int) -> Bool {
        let limit = 0...max(0, maximumCount)
        guard limit.contains(offsetDetectionCount), limit.contains(gapFillCount), limit.contains(echoCount),
            offsetDetectionCount + gapFillCount + echoCount <= maximumCount,
            (0...EchoRhythm.maxLevel).contains(echoLevel), (echoLevel == 0) == (echoCount == 0),
            echoCells.values.reduce(0, { $0 + $1.echoes }) == echoCount,
            echoCells.values.allSatisfy({
                $0.hits <= $0.notes && $0.echoes > 0 && $0.offsets.isConsistent(maximumCount: $0.hits)
                    && $0.scores.isConsistent(maximumCount: $0.echoes) && $0.notes <= 64 * $0.echoes
                    && $0.echoMeans.isConsistent(maximumCount: min($0.echoes, $0.hits))
                    && $0.extras >= 0
            }),
            recent.count <= Self.recentWindow, recent.allSatisfy({ $0.percent.isFinite }),
            earlier.isConsistent(maximumCount: maximumCount),
            earlier.total + recent.count <= offsetDetectionCount,
            gapCells.values.allSatisfy({ $0.isConsistent(maximumCount: gapFillCount) }),
            ProgressHistory.isConsistent(weeks.values, maximumCount: maximumCount)
        else { return false }
        for cells in [offsetCells, familyCells] {
            var answers = 0
            for cell in cells.values {
                guard cell.counts.isConsistent(maximumCount: maximumCount),
                    cell.stepMs.isConsistent(maximumCount: maximumCount, values: Self.stepsMs)
                else { return false }
                answers += cell.counts.total
                guard answers <= offsetDetectionCount else { return false }
            }
        }
        return true
    }

    /// The tempo bands with offset-detection answers, slow to fast.
    public var offsetDetectionBands: [TempoBand] {
        TempoBand.allCases.filter { band in
            TimingDirection.allCases.contains { offsetCells[Keys.offset(band, $0)] != nil }
        }
    }

    /// The tempo bands with fill-the-gap trials, slow to fast.
    public var gapFillBands: [TempoBand] {
        TempoBand.allCases.filter { gapCells[Keys.gap($0, .all)] != nil }
    }

    /// The drifts of fill the gap's silent bars in `band`: ms per bar (positive: dragging further) and the silent
    /// strikes' mean offsets, a value per trial; nil without a trial that had a drift.
    public func silentDrift(
        band: TempoBand
    ) -> (msPerBar: WelfordAccumulator, meanOffset: WelfordAccumulator)? {
        guard let drift = gapCells[Keys.gap(band, .drift)], let silent = gapCells[Keys.gap(band, .silent)]
        else { return nil }
        return (drift, silent)
    }

    /// Fill the gap's trial means in `band`, at step `position` (1–4) or (nil) over the whole trial.
    public func gapFill(band: TempoBand, position: Int? = nil) -> WelfordAccumulator? {
        guard let position else { return gapCells[Keys.gap(band, .all)] }
        return Keys.gapStep(band, position).flatMap { gapCells[$0] }
    }

    /// Whether the latest ``recentWindow`` answers' threshold (as a share of a step, all tempos and patterns) is lower,
    /// about the same or higher than the answers' before them: a change counts when the two fits differ by
    /// more than twice their combined uncertainty and by more than 5 %. Nil without ``recentWindow`` answers
    /// before the latest.
    public var trend: Trend? {
        guard earlier.total >= Self.recentWindow else { return nil }
        var latest = TrialCounts()
        for answer in recent { latest.add(cents: answer.percent, correct: answer.correct) }
        guard let before = Self.fit(earlier), let now = Self.fit(latest) else { return nil }
        let change = logDouble(now.cents / before.cents)
        let uncertainty =
            (before.logStandardDeviation * before.logStandardDeviation
            + now.logStandardDeviation * now.logStandardDeviation).squareRoot()
        guard abs(change) > 2 * uncertainty, abs(change) > logDouble(1.05) else { return .stable }
        return change < 0 ? .improving : .declining
    }

    private static func fit(_ counts: TrialCounts) -> ThresholdEstimate? {
        ThresholdPosterior.fit(BinnedTrials(counts))
    }
}

/// A fitted offset-detection threshold: the offset answered right 75 % of the time, as a share of the pattern's
/// step (a sixteenth for sixteenths) and in milliseconds at the mean step of its answers, with its likely range.
public struct TimingThreshold: Hashable, Sendable {
    /// The fit, in percent of a step (its `cents` fields hold percent).
    public let percent: ThresholdEstimate
    /// The mean step of the answers, milliseconds.
    public let stepMs: Double
    /// The answers it rests on.
    public let answers: Int

    /// The threshold, milliseconds.
    public var milliseconds: Double { percent.cents / 100 * stepMs }
    /// The likely range (68 % credible), milliseconds (the mean step is positive: a snapshot's cells are checked,
    /// ``TimingHistory/isConsistent(maximumCount:)``).
    public var likelyRangeMs: ClosedRange<Double> {
        percent.interval68.lowerBound / 100 * stepMs...percent.interval68.upperBound / 100 * stepMs
    }
}

extension TimingHistory.OffsetCell: SnapshotCodable {
    func write(to writer: inout SnapshotWriter) { writer.write(counts, stepMs) }

    init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        (counts, stepMs) = try reader.fields()
    }
}

extension TimingHistory.EchoCell: SnapshotCodable {
    /// Writes the counts and the accumulators.
    public func write(to writer: inout SnapshotWriter) {
        writer.write(echoes, notes, hits, extras, offsets, scores)
        writer.write(echoMeans)
    }

    /// Reads a cell (checked later with ``TimingHistory/isConsistent(maximumCount:)``).
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        (echoes, notes, hits, extras, offsets, scores) = try reader.fields()
        echoMeans = try reader.read(WelfordAccumulator.self)
    }
}

extension TimingHistory.RecentAnswer: SnapshotCodable {
    func write(to writer: inout SnapshotWriter) { writer.write(percent, correct) }

    init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        (percent, correct) = try reader.fields()
    }
}

extension TimingHistory: SnapshotCodable {
    /// Writes the cells, the trend's answers, the weeks and the counts.
    public func write(to writer: inout SnapshotWriter) {
        offsetCells.write(to: &writer, names: Keys.offsetNames)
        familyCells.write(to: &writer, names: Keys.familyNames)
        gapCells.write(to: &writer, names: Keys.gapNames)
        writer.write(earlier, recent.elements)
        weeks.write(to: &writer, names: Keys.weekNames)
        writer.write(offsetDetectionCount, gapFillCount)
        echoCells.write(to: &writer, names: Keys.familyNames)
        writer.write(echoLevel, echoCount)
    }

    /// Reads a history (checked later with ``isConsistent(maximumCount:)``).
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        offsetCells = try CellTable(from: &reader, names: Keys.offsetNames, empty: OffsetCell())
        familyCells = try CellTable(from: &reader, names: Keys.familyNames, empty: OffsetCell())
        gapCells = try CellTable(from: &reader, names: Keys.gapNames, empty: WelfordAccumulator())
        let answers: [RecentAnswer]
        (earlier, answers) = try reader.fields()
        // More than a window's answers: not a snapshot this type wrote.
        guard let window = RecentWindow(capacity: Self.recentWindow, elements: answers) else {
            throw SnapshotReader.Malformed()
        }
        recent = window
        weeks = try CellTable(from: &reader, names: Keys.weekNames, empty: [])
        (offsetDetectionCount, gapFillCount) = try reader.fields()
        echoCells = try CellTable(from: &reader, names: Keys.familyNames, empty: EchoCell())
        (echoLevel, echoCount) = try reader.fields()
    }
}
