// TrainingStore: the store port: keeps every result durably, as an observer of every session.

/// Keeps every result durably. It observes every session (pitch, timing and play-back) and is given each result before
/// feedback is shown; when its method returns, the result is on stable storage; when it throws, the result is
/// not stored.
@MainActor
public protocol TrainingStore: ComparisonObserver, PitchMatchingObserver, TimingObserver, PlayBackObserver {}
