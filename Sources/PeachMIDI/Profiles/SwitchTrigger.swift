// SwitchTrigger: which messages a switch mapping listens to.

/// The messages a switch mapping reacts to.
public enum SwitchTrigger: Hashable, Sendable {
    /// One key or pad (note on = press, note off = release).
    case note(UInt8)
    /// A range of keys, inclusive.
    case notes(ClosedRange<UInt8>)
    /// A controller (pedal, button): pressed when its value crosses the threshold.
    case controller(UInt8)
    /// A program change: a press with no release (nil = any program).
    case program(UInt8?)

    /// Whether the trigger listens to this note.
    func matches(note: UInt8) -> Bool {
        switch self {
        case .note(let only): only == note
        case .notes(let range): range.contains(note)
        default: false
        }
    }
}
