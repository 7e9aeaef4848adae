// SwitchAction: the discrete things a control can do in Peach: answer, commit, replay, start, stop.

/// A discrete action, taken when a key, pad, button or pedal is pressed. The raw values are the names
/// profiles use.
public enum SwitchAction: String, CaseIterable, Hashable, Sendable {
    /// Answers "the second note was higher".
    case higher
    /// Answers "the second note was lower".
    case lower
    /// Commits the tuned pitch in pitch matching.
    case commit
    /// Plays the current notes again.
    case replay
    /// Starts pitch discrimination training.
    case startComparison
    /// Starts pitch matching training.
    case startPitchMatching
    /// Stops training.
    case stop

    /// The action's name for people, e.g. `Higher`, `Start pitch matching`.
    public var title: String {
        switch self {
        case .higher: "Higher"
        case .lower: "Lower"
        case .commit: "Commit"
        case .replay: "Replay"
        case .startComparison: "Start comparison training"
        case .startPitchMatching: "Start pitch matching"
        case .stop: "Stop"
        }
    }
}
