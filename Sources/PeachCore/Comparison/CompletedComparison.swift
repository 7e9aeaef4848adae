// CompletedComparison: an answered comparison with everything needed to store and analyse it.

import Foundation

/// An answered comparison: the comparison, the answer, whether it was correct, when, and under which
/// conditions.
public struct CompletedComparison: Hashable, Sendable, Codable {
    /// The comparison that was played.
    public let comparison: Comparison
    /// The listener's answer.
    public let answer: ComparisonAnswer
    /// Whether the answer matched the sign of the cent difference.
    public let isCorrect: Bool
    /// When the answer was given (wall-clock time).
    public let timestamp: Date
    /// The conditions of the trial.
    public let context: TrialContext
    /// The loudness offset of note 2 against note 1 (the "vary loudness" rove); 0 when off.
    public let note2AmplitudeOffset: Double
    /// Seconds from the start of note 2 to the answer.
    public let responseTime: Double
    /// The control the answer came from.
    public let inputKind: InputKind

    /// Creates a completed comparison; `isCorrect` is derived from the comparison and the answer.
    public init(
        comparison: Comparison, answer: ComparisonAnswer, timestamp: Date, context: TrialContext,
        note2AmplitudeOffset: Double = 0, responseTime: Double = 0, inputKind: InputKind = .unknown
    ) {
        self.comparison = comparison
        self.answer = answer
        self.isCorrect = comparison.isCorrect(answer)
        self.timestamp = timestamp
        self.context = context
        self.note2AmplitudeOffset = note2AmplitudeOffset
        self.responseTime = responseTime
        self.inputKind = inputKind
    }
}

extension CompletedComparison {
    /// The ``StimulusLevel`` of the answer's unsigned cent difference (``StimulusLevel/index(of:)``): found
    /// once by whoever files the answer in several places (the profile, the progress history, the trend).
    public var stimulusLevel: Int { filed.stimulusLevel }
}
