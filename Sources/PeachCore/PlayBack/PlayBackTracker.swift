// PlayBackTracker: keeps the play-back history current as answers arrive (the adaptive choice reads it).

/// Keeps a ``PlayBackHistory`` current: restored from the store at the start of a run, then updated as a
/// session observer.
@MainActor
public final class PlayBackTracker: PlayBackObserver {
    /// The history so far.
    public private(set) var history: PlayBackHistory

    /// A tracker starting from `history`.
    public init(history: PlayBackHistory = PlayBackHistory()) {
        self.history = history
    }

    /// Adds an answer.
    public func playBackCompleted(_ completed: CompletedPlayBack) {
        history.add(completed)
    }
}
