// TrainingStore: the store port: keeps every result durably, as an observer of both sessions.

/// Keeps every result durably. It observes both sessions and is given each result before feedback is shown;
/// when its method returns, the result is on stable storage; when it throws, the result is not stored.
@MainActor
public protocol TrainingStore: ComparisonObserver, PitchMatchingObserver {}
