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

    /// Where `cents` sits on the scale: 0 at ``bottom`` (and below), 1 at ``top`` (and above).
    public static func position(_ cents: Double) -> Double {
        guard cents > bottom else { return 0 }
        return min(log10(cents / bottom) / log10(top / bottom), 1)
    }

    /// Whether any note is trained.
    public var isEmpty: Bool { columns.allSatisfy { $0.threshold == nil } }
}
