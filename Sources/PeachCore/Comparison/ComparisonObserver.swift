// ComparisonObserver: receives every answered comparison before feedback is shown.

/// Receives every answered comparison, in the order given to the session and before feedback is shown.
/// The store is one (it writes durably, so a thrown error means the answer is not on disk); the profile
/// tracker is another.
@MainActor
public protocol ComparisonObserver: AnyObject {
    /// Called once per answered comparison. A thrown error is reported through the session's events;
    /// training goes on.
    func comparisonCompleted(_ completed: CompletedComparison) throws
}
