// CompletedOffsetDetection: an answered offset-detection trial, as it is stored.

import Foundation

/// An answered offset-detection trial: the trial, the answer, when, and how long the answer took.
public struct CompletedOffsetDetection: Hashable, Sendable {
    /// The trial.
    public let trial: OffsetDetectionTrial
    /// The answer given.
    public let answer: TimingDirection
    /// When it was answered.
    public let timestamp: Date
    /// Seconds from the offset click being heard to the answer (0 when unknown).
    public let responseTime: Double
    /// The control that answered.
    public let inputKind: InputKind

    /// A result.
    public init(
        trial: OffsetDetectionTrial, answer: TimingDirection, timestamp: Date, responseTime: Double = 0,
        inputKind: InputKind = .unknown
    ) {
        self.trial = trial
        self.answer = answer
        self.timestamp = timestamp
        self.responseTime = responseTime
        self.inputKind = inputKind
    }

    /// Whether the answer names the offset's direction.
    public var isCorrect: Bool { answer == trial.direction }
}
