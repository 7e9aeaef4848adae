// ProfileJSON: `peach profile --json`: the profile's numbers as one JSON object.

import PeachCore

/// `peach profile --json`: the profile's numbers.
public struct ProfileJSON: Encodable, Sendable {
    /// The chart's range, MIDI numbers.
    public struct Range: Encodable, Sendable {
        /// The lowest note.
        public let from: Int
        /// The highest note.
        public let to: Int
    }

    /// A threshold: the 75 %-correct point and its intervals.
    public struct Threshold: Encodable, Sendable {
        /// T75, cents.
        public let cents: Double
        /// The percent correct it stands for (75).
        public let percentCorrect: Int
        /// The 68 % interval.
        public let lower68, upper68: Double
        /// The 95 % interval.
        public let lower95, upper95: Double
        /// The fitted slope.
        public let slope: Double
        /// The trials (weighted, across the keyboard) it rests on.
        public let trials: Double

        /// The JSON of `estimate`.
        public init(_ estimate: ThresholdEstimate) {
            cents = estimate.cents
            percentCorrect = ThresholdEstimate.percentCorrect
            lower68 = estimate.interval68.lowerBound
            upper68 = estimate.interval68.upperBound
            lower95 = estimate.interval95.lowerBound
            upper95 = estimate.interval95.upperBound
            slope = estimate.slope
            trials = (estimate.trials * 10).rounded() / 10
        }
    }

    /// One note of the chart.
    public struct Note: Encodable, Sendable {
        /// The MIDI number.
        public let note: Int
        /// The name, e.g. `C4`.
        public let name: String
        /// How many answers at this note.
        public let count: Int
        /// The threshold fitted here (a smooth function of pitch), absent where no trials are near.
        public let threshold: Threshold?
        /// The mean presented difference at this note (its difficulty), absent when untrained.
        public let mean: Double?
        /// The sample standard deviation of the presented differences (absent with one answer).
        public let stdDev: Double?
    }

    /// The comparisons over all notes.
    public struct Summary: Encodable, Sendable {
        /// How many comparisons.
        public let comparisons: Int
        /// The threshold fitted to every comparison.
        public let threshold: Threshold?
        /// The mean of the per-note mean presented differences: the difficulty trained at, not a threshold.
        public let mean: Double?
        /// Their standard deviation.
        public let stdDev: Double?
        /// `improving`, `stable` or `declining` (absent without two sessions of enough answers).
        public let trend: String?
        /// The later sessions' threshold relative to the earlier ones', minus one.
        public let relativeChange: Double?
    }

    /// A recent session with its fitted threshold.
    public struct Session: Encodable, Sendable {
        /// The first answer's time.
        public let start: String
        /// The last answer's time.
        public let end: String
        /// `training` or `measurement`.
        public let procedure: String
        /// How many answers.
        public let answers: Int
        /// The threshold fitted to its trials.
        public let threshold: Threshold
    }

    /// A measurement (`peach measure`).
    public struct Measurement: Encodable, Sendable {
        /// When it ended.
        public let date: String
        /// What it measured.
        public let threshold: Threshold
    }

    /// Pitch-matching accuracy.
    public struct Matching: Encodable, Sendable {
        /// How many attempts.
        public let count: Int
        /// The mean absolute error, cents.
        public let meanAbsoluteError: Double?
        /// The likely range of the mean absolute error, cents: ± one standard error (from two attempts).
        public let meanAbsoluteErrorLower68, meanAbsoluteErrorUpper68: Double?
        /// The mean signed error, cents.
        public let bias: Double?
        /// The likely range of the bias, cents: ± one standard error (from two attempts).
        public let biasLower68, biasUpper68: Double?
        /// The standard deviation of the absolute error.
        public let stdDev: Double?

        /// The JSON of `statistics`.
        public init(_ statistics: PitchMatchingStatistics) {
            count = statistics.count
            meanAbsoluteError = statistics.meanAbsoluteError
            let error = statistics.likelyRangeOfMeanAbsoluteError
            (meanAbsoluteErrorLower68, meanAbsoluteErrorUpper68) = (error?.lowerBound, error?.upperBound)
            bias = statistics.bias
            let signed = statistics.likelyRangeOfBias
            (biasLower68, biasUpper68) = (signed?.lowerBound, signed?.upperBound)
            stdDev = statistics.spread
        }
    }

    /// One day of practice.
    public struct Day: Encodable, Sendable {
        /// `2026-11-21`.
        public let day: String
        /// Answers that day.
        public let count: Int
        /// Their mean cent difference.
        public let mean: Double
        /// The rolling mean over the last days.
        public let rollingMean: Double
    }

    /// The range.
    public let range: Range
    /// The notes with a threshold or answers.
    public let notes: [Note]
    /// The summary.
    public let summary: Summary
    /// The measurements, oldest first.
    public let measurements: [Measurement]
    /// The recent sessions of at least 20 answers, oldest first: what the trend compares.
    public let sessions: [Session]
    /// Pitch matching.
    public let matching: Matching
    /// Progress by day.
    public let days: [Day]

    /// One interval and tuning trained (unison is the rest of the document).
    public struct IntervalEntry: Encodable, Sendable {
        /// `P5`, `M3down`.
        public let interval: String
        /// `equal`, `just` or `pythagorean`.
        public let tuning: String
        /// How many comparisons.
        public let comparisons: Int
        /// The threshold fitted to its comparisons (pooled over the keyboard).
        public let threshold: Threshold?
        /// Its pitch-matching accuracy.
        public let matching: Matching
    }

    /// One week of a progress series.
    public struct Week: Encodable, Sendable {
        /// `2026-W47`.
        public let week: String
        /// The Monday it starts on, `2026-11-16`.
        public let start: String
        /// Threshold (discrimination) or mean absolute error (matching), cents.
        public let cents: Double
        /// The 68 % band.
        public let lower68, upper68: Double
        /// The answers it rests on.
        public let count: Int
        /// Whether the band is too wide to show `cents` as a number (the terminal says "too uncertain to say").
        public let uncertain: Bool
    }

    /// One progress series: a mode and an interval, week by week.
    public struct Progress: Encodable, Sendable {
        /// `discrimination` or `matching`.
        public let mode: String
        /// `P1` for unison, `P5`, `M3down`.
        public let interval: String
        /// `equal`, `just` or `pythagorean`.
        public let tuning: String
        /// The weeks with answers, oldest first (at most 26).
        public let weeks: [Week]
    }

    /// The intervals trained, by interval then tuning.
    public let intervals: [IntervalEntry]
    /// The progress chart's series.
    public let progress: [Progress]
    /// Timing: offset detection's thresholds and fill the gap's offsets.
    public let timing: TimingJSON
    /// Play-back: per kind, the items, confusions and weeks.
    public let playBack: [PlayBackJSON]
}
