// ControllerAction: what a controller message means to Peach, after the profile has been applied.

import PeachCore

/// What the active profile makes of an incoming message.
public enum ControllerAction: Hashable, Sendable {
    /// A switch action, with the kind of control that made it.
    case press(SwitchAction, input: InputKind)
    /// Move the tunable note by this many cents (every tune control reports moves, so the note starts at the
    /// challenge's offset whatever the control's position).
    case tune(Cents, input: InputKind)

    /// The kind of control that made it.
    public var input: InputKind {
        switch self {
        case .press(_, let input), .tune(_, let input): input
        }
    }
}
