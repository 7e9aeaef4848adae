// InputKind: what kind of control produced an answer or a tuning move.

/// What kind of control gave an answer or tuned a note, kept with each record so later analysis can tell
/// a footswitch from a keyboard. Open-ended: new kinds need no schema change.
public struct InputKind: Hashable, Sendable, Codable, RawRepresentable, CustomStringConvertible {
    /// The kind's name, e.g. `keyboard` or `midi-note`.
    public let rawValue: String

    /// Creates a kind with the given name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Not known (older records, scripted tests).
    public static let unknown = InputKind(rawValue: "unknown")
    /// The computer keyboard in a terminal.
    public static let keyboard = InputKind(rawValue: "keyboard")
    /// A MIDI controller key or pad (note messages).
    public static let midiNote = InputKind(rawValue: "midi-note")
    /// A MIDI controller switch or pedal (control change messages).
    public static let midiSwitch = InputKind(rawValue: "midi-switch")
    /// A pitch-bend wheel.
    public static let pitchBend = InputKind(rawValue: "pitch-bend")
    /// A fader or knob (absolute controller).
    public static let fader = InputKind(rawValue: "fader")
    /// A relative encoder.
    public static let encoder = InputKind(rawValue: "encoder")
    /// The ``SimulatedListener``.
    public static let simulated = InputKind(rawValue: "simulated")

    /// The kind's name.
    public var description: String { rawValue }

    /// Decodes the kind's name.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the kind's name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
