// ProfileChart: the perceptual profile as a chart model over a piano keyboard, drawn as text or SVG.

import Foundation
import PeachCore

/// The perceptual profile prepared for drawing: one column per key of the training range, each with the
/// threshold fitted at that pitch (75 % correct, a smooth function of pitch; see
/// `PerceptualProfile.fittedThresholds(over:)`) and its 68 % interval, or nothing where no trials are near;
/// and the note's training difficulty (the mean presented difference) for the numbers.
/// Heights are on a log scale from ``bottom`` to ``top`` cents; lower is better, so a better note's bar is
/// shorter: closer to the keyboard. ``TextChartRenderer`` and ``SVGChartRenderer`` draw the same model.
public struct ProfileChart: Sendable {
    /// One key of the chart.
    public struct Column: Sendable {
        /// The note.
        public let note: MIDINote
        /// The fitted threshold here, nil where no trials are near.
        public let threshold: ThresholdEstimate?
        /// The mean presented difference at this note (its difficulty), nil when untrained.
        public let mean: Double?
        /// Sample standard deviation of the presented differences, nil with fewer than two answers.
        public let spread: Double?
        /// How many answers at this note.
        public let count: Int
        /// The highest key this column stands for: ``note`` itself, or the end of a run of keys in a chart
        /// grouped to fit a narrow screen (see ``grouped(into:)``).
        public var lastNote: MIDINote

        /// A column of one key.
        public init(note: MIDINote, threshold: ThresholdEstimate?, mean: Double?, spread: Double?, count: Int)
        {
            self.note = note
            self.threshold = threshold
            self.mean = mean
            self.spread = spread
            self.count = count
            lastNote = note
        }

        /// Whether this column stands for more than one key.
        public var isGroup: Bool { lastNote != note }
    }

    /// The lowest value of the scale, cents.
    public static let bottom = 1.0
    /// The highest value of the scale, cents.
    public static let top = 100.0

    /// The columns, low to high.
    public let columns: [Column]

    /// The chart of `profile` over `range`.
    public init(profile: PerceptualProfile, range: NoteRange) {
        let thresholds = profile.fittedThresholds(over: range)
        columns = range.notes.enumerated().map { index, note in
            let statistics = profile.statistics(for: note)
            return Column(
                note: note, threshold: thresholds[index], mean: statistics.meanIfAny,
                spread: statistics.sampleStandardDeviation, count: statistics.count)
        }
    }

    /// The chart in at most `maxColumns` columns: itself when it fits, else runs of neighbouring keys as one
    /// column each (a piano's 88 keys in two-key columns on an 80-column terminal). A run shows the threshold
    /// fitted at its middle key (the fit is a smooth function of pitch, so it is the run's threshold, not a
    /// pick among noisy values) and all its answers.
    public func grouped(into maxColumns: Int) -> ProfileChart {
        guard maxColumns > 0, columns.count > maxColumns else { return self }
        let size = (columns.count + maxColumns - 1) / maxColumns
        let runs = stride(from: 0, to: columns.count, by: size).map {
            columns[$0..<min($0 + size, columns.count)]
        }
        return ProfileChart(
            columns: runs.map { run in
                let middle = run[run.startIndex + (run.count - 1) / 2]
                var column = Column(
                    note: run[run.startIndex].note, threshold: middle.threshold, mean: middle.mean,
                    spread: middle.spread,
                    count: run.reduce(0) { $0 + $1.count })
                column.lastNote = run[run.endIndex - 1].note
                return column
            })
    }

    private init(columns: [Column]) { self.columns = columns }

    /// Where `cents` sits on the scale: 0 at ``bottom`` (and below), 1 at ``top`` (and above).
    public static func position(_ cents: Double) -> Double {
        guard cents > bottom else { return 0 }
        return min(log10(cents / bottom) / log10(top / bottom), 1)
    }

    /// Whether any note is trained.
    public var isEmpty: Bool { columns.allSatisfy { $0.threshold == nil } }
}
