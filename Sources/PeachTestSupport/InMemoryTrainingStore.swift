// InMemoryTrainingStore: results kept in memory (the journal's fake), failing on demand.

import PeachCore

/// The in-memory ``TrainingStore`` fake: keeps every result it observes, like the journal would,
/// and can be told to fail (like a full disk).
@MainActor
public final class InMemoryTrainingStore: TrainingStore {
    /// The error the observer throws when ``failing`` is set.
    public struct Failure: Error, Equatable {
        /// Creates the failure.
        public init() {}
    }

    /// Every comparison received, in order (also those it failed on).
    public private(set) var comparisons: [CompletedComparison] = []
    /// Every pitch-matching attempt received, in order (also those it failed on).
    public private(set) var pitchMatchings: [CompletedPitchMatching] = []
    /// Every offset-detection answer received, in order (also those it failed on).
    public private(set) var offsetDetections: [CompletedOffsetDetection] = []
    /// Every fill-the-gap trial received, in order (also those it failed on).
    public private(set) var gapFills: [CompletedGapFill] = []
    /// Every rhythm echo received, in order (also those it failed on).
    public private(set) var echoes: [CompletedEcho] = []
    /// Every play-back answer received, in order (also those it failed on).
    public private(set) var playBacks: [CompletedPlayBack] = []
    /// When `true`, every call throws ``Failure`` after recording.
    public var failing = false
    /// Called with each result as it arrives, to check what else had happened by then.
    public var onReceive: (@MainActor () -> Void)?

    /// Creates the observer.
    public init() {}

    /// Records the comparison.
    public func comparisonCompleted(_ completed: CompletedComparison) throws {
        comparisons.append(completed)
        onReceive?()
        if failing { throw Failure() }
    }

    /// Records the attempt.
    public func pitchMatchingCompleted(_ completed: CompletedPitchMatching) throws {
        pitchMatchings.append(completed)
        onReceive?()
        if failing { throw Failure() }
    }

    /// Records the answer.
    public func offsetDetectionCompleted(_ completed: CompletedOffsetDetection) throws {
        offsetDetections.append(completed)
        onReceive?()
        if failing { throw Failure() }
    }

    /// Records the trial.
    public func gapFillCompleted(_ completed: CompletedGapFill) throws {
        gapFills.append(completed)
        onReceive?()
        if failing { throw Failure() }
    }

    /// Records the echo.
    public func echoCompleted(_ completed: CompletedEcho) throws {
        echoes.append(completed)
        onReceive?()
        if failing { throw Failure() }
    }

    /// Records the answer.
    public func playBackCompleted(_ completed: CompletedPlayBack) throws {
        playBacks.append(completed)
        onReceive?()
        if failing { throw Failure() }
    }
}
