// ThresholdTimeline: progress over time, by day and by practice session.

import Foundation

/// The discrimination thresholds over time: points per day, a rolling mean ± standard deviation over the
/// last ``rollingWindow`` days with practice, and practice sessions (answers split at gaps of
/// ``sessionGap`` or more). Samples are kept in the order answers were stored, which is not always time order
/// (an import of older answers, sessions simulated side by side): days and sessions are read in time order.
public struct ThresholdTimeline: Hashable, Sendable {
    /// One answer: when, and the unsigned cent difference.
    public struct Sample: Hashable, Sendable {
        /// When the answer was given.
        public let timestamp: Date
        /// The unsigned cent difference of the comparison.
        public let threshold: Double

        /// An answer at `timestamp` with cent difference `threshold`.
        public init(timestamp: Date, threshold: Double) {
            self.timestamp = timestamp
            self.threshold = threshold
        }
    }

    /// One day with practice.
    public struct DayPoint: Hashable, Sendable {
        /// The day (local time).
        public let day: LocalDay
        /// The answers that day.
        public let statistics: WelfordAccumulator
        /// The mean of the daily means of this day and up to ``rollingWindow`` − 1 practice days before it.
        public let rollingMean: Double
        /// The sample standard deviation of those daily means, or `nil` over a single day.
        public let rollingStandardDeviation: Double?
    }

    /// One practice session: answers with less than ``sessionGap`` between neighbours.
    public struct Session: Hashable, Sendable {
        /// The first answer's time.
        public let start: Date
        /// The last answer's time.
        public let end: Date
        /// The answers of the session.
        public let statistics: WelfordAccumulator
    }

    /// The number of practice days the rolling mean spans.
    public static let rollingWindow = 20
    /// The pause that starts a new practice session: 30 minutes.
    public static let sessionGap: Double = 30 * 60

    /// Every answer, in the order it was stored.
    public private(set) var samples: [Sample] = []

    /// An empty timeline.
    public init() {}

    /// A timeline of `comparisons`, in order.
    public init(comparisons: some Sequence<CompletedComparison>) {
        for comparison in comparisons { add(comparison) }
    }

    /// A timeline of `samples`, in time order (a store's snapshot holds a million: handed over whole, not
    /// appended one by one across the module boundary).
    public init(samples: [Sample]) { self.samples = samples }

    /// Adds one answered comparison.
    public mutating func add(_ completed: CompletedComparison) {
        add(threshold: completed.comparison.centDifference.magnitude, at: completed.timestamp)
    }

    /// Adds one unsigned cent difference answered at `timestamp`.
    public mutating func add(threshold: Double, at timestamp: Date) {
        samples.append(Sample(timestamp: timestamp, threshold: threshold))
    }

    /// Forgets every answer.
    public mutating func reset() { samples = [] }

    /// Makes room for `count` answers in all (a store's snapshot knows how many it holds).
    public mutating func reserveCapacity(_ count: Int) { samples.reserveCapacity(count) }

    /// One point per day with practice, in `timeZone`, oldest first.
    public func days(in timeZone: TimeZone) -> [DayPoint] {
        var perDay: [(day: LocalDay, statistics: WelfordAccumulator)] = []
        var reader = LocalDayReader(timeZone: timeZone)
        // The day being summed is kept aside and appended when the next begins: summing into the array's last
        // element checked its index and its storage's uniqueness for every answer.
        var day = LocalDay(dayNumber: .min)
        var statistics = WelfordAccumulator()
        for sample in samplesInTimeOrder {
            let sampleDay = reader.day(of: sample.timestamp)
            if sampleDay != day {
                if statistics.count > 0 { perDay.append((day, statistics)) }
                day = sampleDay
                statistics = WelfordAccumulator()
            }
            statistics.add(sample.threshold)
        }
        if statistics.count > 0 { perDay.append((day, statistics)) }
        return perDay.indices.map { index in
            let window = perDay[max(0, index - Self.rollingWindow + 1)...index].map(\.statistics.mean)
            let rolling = WelfordAccumulator(window)
            return DayPoint(
                day: perDay[index].day, statistics: perDay[index].statistics, rollingMean: rolling.mean,
                rollingStandardDeviation: rolling.sampleStandardDeviation)
        }
    }

    /// The samples in time order (``TimeOrder``): grouped in the order stored, an import of older answers
    /// listed their days after today's, and a day twice.
    private var samplesInTimeOrder: [Sample] { TimeOrder.ordered(samples, by: \.timestamp) }

    /// The practice sessions, oldest first.
    public var sessions: [Session] {
        var result: [Session] = []
        var current: (start: Date, end: Date, statistics: WelfordAccumulator)?
        for sample in samplesInTimeOrder {
            if var session = current, sample.timestamp.timeIntervalSince(session.end) < Self.sessionGap {
                session.end = sample.timestamp
                session.statistics.add(sample.threshold)
                current = session
            } else {
                if let session = current {
                    result.append(
                        Session(start: session.start, end: session.end, statistics: session.statistics))
                }
                current = (sample.timestamp, sample.timestamp, WelfordAccumulator([sample.threshold]))
            }
        }
        if let session = current {
            result.append(Session(start: session.start, end: session.end, statistics: session.statistics))
        }
        return result
    }
}
