// PressRule: when a key, button or pedal counts as pressed and released.

/// When a switch counts as pressed and released.
///
/// - Notes: a note-on with velocity ≥ `threshold` presses (default 1: any touch); its note-off releases.
/// - Controllers (pedals, buttons): pressed when the value rises to `threshold` or above (default 64),
///   released when it falls below `threshold − hysteresis` (default 10, at least 1), so a continuous pedal
///   hovering near the threshold does not chatter. `inverted` reads the value as 127 − value, for pedals that
///   send 127 at rest and 0 when pressed.
public struct PressRule: Hashable, Sendable {
    /// The value (velocity for notes) at which a press begins, 1–127.
    public var threshold: UInt8
    /// How far below the threshold a controller must fall to release, 0–126.
    public var hysteresis: UInt8
    /// Whether the controller's value is read upside down.
    public var inverted: Bool

    /// A rule.
    public init(threshold: UInt8, hysteresis: UInt8 = 10, inverted: Bool = false) {
        self.threshold = threshold
        self.hysteresis = hysteresis
        self.inverted = inverted
    }

    /// The default for notes: any velocity presses.
    public static let note = PressRule(threshold: 1)
    /// The default for controllers: half way, with 10 steps of hysteresis.
    public static let controller = PressRule(threshold: 64)

    /// The value below which a pressed controller is released.
    public var releaseLevel: Int { max(1, Int(threshold) - Int(hysteresis)) }

    /// The controller value as the rule reads it.
    public func level(_ value: UInt8) -> Int { inverted ? 127 - Int(value & 0x7F) : Int(value & 0x7F) }
}
