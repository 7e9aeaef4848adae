// FiledComparison: what the profile, the progress history and the trend file of an answered comparison.

import Foundation

/// The part of an answered comparison that the profile, the progress history, the trend and the timeline file:
/// the comparison, whether it was answered right, when, and under which procedure. Plain values, nothing
/// counted by reference: a first start reads a million of them straight from the journal's lines, without
/// making each line's whole record (its strings, its copies, its destruction were a tenth of reading a line).
public struct FiledComparison: Hashable, Sendable {
    /// The comparison that was played.
    public let comparison: Comparison
    /// Whether the answer matched the sign of the cent difference.
    public let isCorrect: Bool
    /// When the answer was given.
    public let timestamp: Date
    /// How the trial was chosen (training or a measurement).
    public let procedure: TrialProcedure

    /// The filed part of an answer.
    public init(comparison: Comparison, isCorrect: Bool, timestamp: Date, procedure: TrialProcedure) {
        self.comparison = comparison
        self.isCorrect = isCorrect
        self.timestamp = timestamp
        self.procedure = procedure
    }

    /// The ``StimulusLevel`` of the unsigned cent difference (``StimulusLevel/index(of:)``): found once by
    /// whoever files the answer in several places.
    public var stimulusLevel: Int { StimulusLevel.index(of: comparison.centDifference.magnitude) }
}

extension CompletedComparison {
    /// What the profile files of this answer.
    public var filed: FiledComparison {
        FiledComparison(
            comparison: comparison, isCorrect: isCorrect, timestamp: timestamp, procedure: context.procedure)
    }
}
