// PitchMatchingObserver: receives every committed pitch-matching attempt before feedback is shown.

/// Receives every committed pitch-matching attempt, in the order given to the session and before feedback.
@MainActor
public protocol PitchMatchingObserver: AnyObject {
    /// Called once per committed attempt. A thrown error is reported through the session's events;
    /// training goes on.
    func pitchMatchingCompleted(_ completed: CompletedPitchMatching) throws
}
