// TrendAnalyzer: improving, stable or declining, from thresholds fitted per session with their uncertainty.

import Foundation

/// The trend of the discrimination threshold, and the evidence it rests on.
///
/// Answers are grouped into sessions (a gap of ``ThresholdTimeline/sessionGap`` or a change between training
/// and measurement starts a new one). Each of the last ``recentSessionCount`` sessions with at least
/// ``minimumCount`` answers gets a threshold fitted to its own trials (``ThresholdPosterior``), with its
/// uncertainty. The trend compares the earlier half of those sessions with the later half (inverse-variance
/// weighted means of ln T75): "improving" or "declining" only when the change exceeds ``criticalZ`` times its
/// standard error, "stable" otherwise. A listener who never changes is called stable in well over 95 % of
/// simulated histories (tested). Measurement sessions are kept with their estimates: they anchor the timeline.
///
/// Answers usually come in time order, but not always: an import of older answers, or sessions stored side by
/// side, hands in an answer older than the current session. Such an answer is filed where it belongs in time
/// (the kept session it falls in or within the gap after, the next one when it comes within the gap before it,
/// or a session of its own at its place), so the sessions stay ordered by their start and today's session does
/// not take in last month's answers.
public struct TrendAnalyzer: Hashable, Sendable {
    /// Answers a session needs to count.
    public static let minimumCount = 20
    /// How many recent sessions are kept with their trials.
    public static let recentSessionCount = 20
    /// How many standard errors a change must exceed to be a trend.
    public static let criticalZ = 2.5

    /// One session's trials.
    public struct Session: Hashable, Sendable {
        /// The first answer's time.
        public fileprivate(set) var start: Date
        /// The last answer's time.
        public fileprivate(set) var end: Date
        /// Training or measurement.
        public let procedure: TrialProcedure
        /// The trials, binned.
        public fileprivate(set) var counts = TrialCounts()
        /// How many answers.
        public fileprivate(set) var count = 0

        /// The threshold fitted to this session's trials.
        public var estimate: ThresholdEstimate? { ThresholdPosterior.fit(BinnedTrials(counts)) }

        /// What this session measured: a measurement session's estimate once it has
        /// ``TrendAnalyzer/minimumMeasurementAnswers``; nil for training or a measurement stopped before.
        fileprivate var measurement: Measurement? {
            guard procedure == .measurement, count >= TrendAnalyzer.minimumMeasurementAnswers,
                let estimate
            else { return nil }
            return Measurement(date: end, estimate: estimate)
        }
    }

    /// A completed measurement and its result.
    public struct Measurement: Hashable, Sendable {
        /// When it ended.
        public let date: Date
        /// The threshold it measured.
        public let estimate: ThresholdEstimate
    }

    /// The most recent sessions (at most ``recentSessionCount``), ordered by their start.
    public private(set) var sessions: [Session] = []
    /// The fewest answers a measurement session needs to count as one: the fewest a measurement may stop at
    /// (``PsiProcedure/minimumTrials``). One stopped before, with a handful of answers, measured nothing.
    public static let minimumMeasurementAnswers = PsiProcedure().minimumTrials

    /// Every measurement session's result, oldest first (the one in progress included once it has
    /// ``minimumMeasurementAnswers``); a measurement stopped before that is left out.
    public var measurements: [Measurement] { closedMeasurements + sessions.compactMap(\.measurement) }
    /// The results of measurement sessions no longer kept in ``sessions`` (older than every kept one).
    private var closedMeasurements: [Measurement] = []
    /// The number of answers taken in.
    public private(set) var count = 0

    /// No answers yet.
    public init() {}

    /// The analyzer of `comparisons`, in order.
    public init(comparisons: some Sequence<CompletedComparison>) {
        for comparison in comparisons { add(comparison) }
    }

    /// Adds one answered comparison.
    public mutating func add(_ completed: CompletedComparison) {
        add(completed.filed, level: completed.stimulusLevel)
    }

    /// Adds the filed part of one answered comparison whose unsigned difference is at stimulus level `level`
    /// (``StimulusLevel/index(of:)``, found once by a caller that files the answer in several places).
    public mutating func add(_ answer: FiledComparison, level: Int) {
        count += 1
        guard let index = session(for: answer.timestamp, answer.procedure) else { return }
        sessions[index].counts.add(level: level, correct: answer.isCorrect)
        sessions[index].count += 1
    }

    /// The session an answer at `time` goes to, made or stretched for it: the kept session it falls in or
    /// comes within ``ThresholdTimeline/sessionGap`` after (for an answer in time order, the last one), else the
    /// next one when the answer comes within the gap before its start, else a session of its own at its place
    /// (in time order, after the last). Nil when it is older than every kept session and ``recentSessionCount``
    /// are kept: it is only counted, as the answers of sessions no longer kept are.
    // Inlined into `add`: out of line it cost about 20 instructions an answer (a first start of the 100k fixture,
    // `profile --json` without a snapshot: 661.3 M against 659.7 M inlined, callgrind).
    @inline(__always)
    private mutating func session(for time: Date, _ procedure: TrialProcedure) -> Int? {
        // The first kept session starting after the answer: none for one in time order (checked first, without
        // a search).
        let next =
            sessions.isEmpty || sessions[sessions.count - 1].start <= time
            ? sessions.count : (sessions.lastIndex { $0.start <= time } ?? -1) + 1
        if next > 0, sessions[next - 1].procedure == procedure,
            time.timeIntervalSince(sessions[next - 1].end) < ThresholdTimeline.sessionGap
        {
            sessions[next - 1].end = max(sessions[next - 1].end, time)
            return next - 1
        }
        if next < sessions.count, sessions[next].procedure == procedure,
            sessions[next].start.timeIntervalSince(time) < ThresholdTimeline.sessionGap
        {
            sessions[next].start = time
            return next
        }
        if next == 0, sessions.count >= Self.recentSessionCount { return nil }
        sessions.insert(Session(start: time, end: time, procedure: procedure), at: next)
        return next - dropOldestBeyondLimit()
    }

    /// Drops the oldest session while more than ``recentSessionCount`` are kept, its measurement kept in
    /// ``closedMeasurements``; returns how many were dropped (0 or 1).
    private mutating func dropOldestBeyondLimit() -> Int {
        guard sessions.count > Self.recentSessionCount else { return 0 }
        if let measurement = sessions.removeFirst().measurement { closedMeasurements.append(measurement) }
        return 1
    }

    /// Forgets every answer.
    public mutating func reset() { self = TrendAnalyzer() }

    /// Whether a saved analyzer (a store's snapshot) could have taken in at most `maximumCount` answers: its
    /// sessions at most ``recentSessionCount`` and ordered by their start, each session's answers binned and
    /// counted alike, finite times and measured thresholds.
    public func isConsistent(maximumCount: Int) -> Bool {
        var inSessions = 0
        for session in sessions {
            guard session.counts.isConsistent(maximumCount: maximumCount),
                session.counts.total == session.count, ValueDomains.isRecordTime(session.start),
                ValueDomains.isRecordTime(session.end)
            else { return false }
            inSessions += session.count
        }
        return (0...max(0, maximumCount)).contains(count) && inSessions <= count
            && zip(sessions, sessions.dropFirst()).allSatisfy { $0.start <= $1.start }
            && sessions.count <= Self.recentSessionCount && closedMeasurements.count <= count
            && closedMeasurements.allSatisfy {
                $0.estimate.isConsistent && ValueDomains.isRecordTime($0.date)
            }
    }

    /// The recent sessions with enough answers, with their fitted thresholds: each at the slope of those
    /// sessions together, leaning on their threshold (``ThresholdModel/partPriorWidth``), as the progress
    /// chart fits a week. Fitted alone, a session after the first reads high (its staircase starts where the
    /// last one settled; see ``ProgressHistory/Week/threshold(within:)``), and the first, starting from the
    /// top, does not: a listener who never changed would seem to decline.
    public var sessionEstimates: [(session: Session, estimate: ThresholdEstimate)] {
        let counted = sessions.filter { $0.count >= Self.minimumCount }
        var pooled = TrialCounts()
        for session in counted { pooled.add(session.counts) }
        guard let series = ThresholdPosterior.fit(BinnedTrials(pooled)) else { return [] }
        return counted.compactMap { session in
            ThresholdPosterior.fit(BinnedTrials(session.counts), partOf: series).map { (session, $0) }
        }
    }

    /// The later sessions' threshold relative to the earlier ones' minus one (−0.2: 20 % lower, better), and
    /// the change in standard errors; nil with fewer than two sessions of ``minimumCount`` answers.
    public var change: (relative: Double, z: Double)? {
        let estimates = sessionEstimates.map(\.estimate)
        guard estimates.count >= 2 else { return nil }
        let middle = estimates.count / 2
        func pooled(_ part: ArraySlice<ThresholdEstimate>) -> (mean: Double, variance: Double) {
            var weights = 0.0
            var sum = 0.0
            for estimate in part {
                let weight = 1 / max(estimate.logStandardDeviation * estimate.logStandardDeviation, 1e-6)
                weights += weight
                sum += weight * logDouble(estimate.cents)
            }
            return (sum / weights, 1 / weights)
        }
        let earlier = pooled(estimates[..<middle])
        let later = pooled(estimates[middle...])
        let difference = later.mean - earlier.mean
        return (expDouble(difference) - 1, difference / (earlier.variance + later.variance).squareRoot())
    }

    /// The relative change of the fitted threshold (later sessions against earlier ones).
    public var relativeChange: Double? { change?.relative }

    /// Improving, stable or declining; nil with fewer than two sessions of ``minimumCount`` answers.
    public var trend: Trend? {
        guard let change else { return nil }
        if change.z < -Self.criticalZ { return .improving }
        if change.z > Self.criticalZ { return .declining }
        return .stable
    }
}

extension TrendAnalyzer.Session: SnapshotCodable {
    /// Writes the session's times, procedure, trials and count.
    public func write(to writer: inout SnapshotWriter) { writer.write(start, end, procedure, counts, count) }

    /// Reads a session.
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        (start, end, procedure, counts, count) = try reader.fields()
    }
}

extension TrendAnalyzer.Measurement: SnapshotCodable {
    /// Writes when it ended and what it measured.
    public func write(to writer: inout SnapshotWriter) { writer.write(date, estimate) }

    /// Reads a measurement.
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        (date, estimate) = try reader.fields()
    }
}

extension TrendAnalyzer: SnapshotCodable {
    /// Writes the recent sessions, the closed measurements and the count.
    public func write(to writer: inout SnapshotWriter) { writer.write(sessions, closedMeasurements, count) }

    /// Reads an analyzer (checked later with ``isConsistent(maximumCount:)``).
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        (sessions, closedMeasurements, count) = try reader.fields()
    }
}
