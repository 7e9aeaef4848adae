// TimingObserver: receives every timing result before its feedback is shown.

/// Receives each timing result before feedback is shown: the store (durably: a thrown error means the result
/// is not on disk) and the profile tracker.
@MainActor
public protocol TimingObserver: AnyObject {
    /// Called once per answered offset-detection trial.
    func offsetDetectionCompleted(_ completed: CompletedOffsetDetection) throws
    /// Called once per finished fill-the-gap trial with strikes.
    func gapFillCompleted(_ completed: CompletedGapFill) throws
    /// Called once per scored rhythm echo.
    func echoCompleted(_ completed: CompletedEcho) throws
}
