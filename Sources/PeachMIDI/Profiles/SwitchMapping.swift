// SwitchMapping: one message-to-action rule of a controller profile.

/// What a switch does when pressed: one action, or (for a single footswitch) a gesture.
public enum SwitchResponse: Hashable, Sendable {
    /// The action is taken at the press.
    case action(SwitchAction)
    /// A press shorter than the long-press threshold takes `short`, a longer one `long`; both are taken when
    /// the switch is released (the footswitch gesture).
    case gesture(short: SwitchAction, long: SwitchAction)
}

/// One switch rule of a profile: which messages, on which channel, what they do and when they count as a press.
public struct SwitchMapping: Hashable, Sendable {
    /// The messages.
    public var trigger: SwitchTrigger
    /// The channel 0–15, or nil for any.
    public var channel: UInt8?
    /// What a press does.
    public var response: SwitchResponse
    /// When it counts as pressed.
    public var press: PressRule

    /// A mapping; the press rule defaults to the trigger's usual one.
    public init(
        _ trigger: SwitchTrigger, channel: UInt8? = nil, response: SwitchResponse, press: PressRule? = nil
    ) {
        self.trigger = trigger
        self.channel = channel
        self.response = response
        if let press {
            self.press = press
        } else if case .controller = trigger {
            self.press = .controller
        } else {
            self.press = .note
        }
    }

    /// A mapping to one action.
    public init(
        _ trigger: SwitchTrigger, channel: UInt8? = nil, action: SwitchAction, press: PressRule? = nil
    ) {
        self.init(trigger, channel: channel, response: .action(action), press: press)
    }
}
