// SwitchAction: the discrete things a control can do in Peach: answer, commit, replay, start, stop, strike.

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
    /// Starts timing training: fill the gap (the practice box's third mode).
    case startTiming
    /// Starts play-back training (at a desk: intervals; on the practice box: its menu of kinds, by ear).
    case startPlayBack
    /// Stops training.
    case stop
    /// Answers "the offset click was early" (timing offset detection).
    case early
    /// Answers "the offset click was late" (timing offset detection).
    case late
    /// Strikes in a gap (fill the gap).
    case strike

    /// The action's name for people, e.g. `Higher`, `Start pitch matching`.
    public var title: String {
        switch self {
        case .higher: "Higher"
        case .lower: "Lower"
        case .commit: "Commit"
        case .replay: "Replay"
        case .startComparison: "Start comparison training"
        case .startPitchMatching: "Start pitch matching"
        case .startTiming: "Start timing training"
        case .startPlayBack: "Start play-back training"
        case .stop: "Stop"
        case .early: "Early"
        case .late: "Late"
        case .strike: "Strike"
        }
    }
}
