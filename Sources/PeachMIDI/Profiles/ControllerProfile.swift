// ControllerProfile: how one kind of controller drives Peach: which devices, which switches, which tune control.

/// A controller profile: the devices it fits and the rules that turn their messages into actions.
/// Stored as JSON (`Profiles/NAME.json`, user ones in `$XDG_CONFIG_HOME/peach/profiles/NAME.json`); the name
/// is the file's name. See ``ControllerProfile/init(json:name:path:)`` for the format.
public struct ControllerProfile: Hashable, Sendable {
    /// The profile's name (its file name without `.json`).
    public var name: String
    /// What it is for, in a sentence.
    public var description: String
    /// Name patterns of the devices it fits (matched against client and port names, `*` matches anything,
    /// case ignored; a pattern without `*` matches anywhere in the name). Empty: every controller.
    public var devices: [String]
    /// The switch rules; for each message the first rule that listens to it decides.
    public var switches: [SwitchMapping]
    /// The tune control, if any.
    public var tune: TuneMapping?

    /// A profile.
    public init(
        name: String, description: String = "", devices: [String] = [], switches: [SwitchMapping],
        tune: TuneMapping? = nil
    ) {
        self.name = name
        self.description = description
        self.devices = devices
        self.switches = switches
        self.tune = tune
    }

    /// The name of the profile built into Peach.
    public static let defaultName = "default"

    /// The default profile, built in so that Peach always has one: it fits any keyboard. Keys from C4
    /// (MIDI 60) up answer Higher, keys below answer Lower, the pitch-bend wheel tunes (full deflection
    /// ±200 cents), the sustain pedal (CC64) commits. `Profiles/default.json` holds the same.
    public static let builtInDefault = ControllerProfile(
        name: defaultName,
        description:
            "Any keyboard: keys from C4 up answer Higher, keys below C4 answer Lower, the pitch-bend wheel tunes, "
            + "the sustain pedal commits.",
        switches: [
            SwitchMapping(.notes(60...127), action: .higher),
            SwitchMapping(.notes(0...59), action: .lower),
            SwitchMapping(.controller(64), action: .commit),
        ],
        tune: TuneMapping(.pitchBend(cents: 200, commitOnCentre: false)))

    /// Whether the profile fits a port: no device patterns, or one matches its client or port name.
    public func fits(_ port: MIDIPortInfo) -> Bool {
        devices.isEmpty
            || devices.contains {
                NamePattern($0).matches(port.clientName) || NamePattern($0).matches(port.portName)
            }
    }
}

extension ControllerProfile {
    /// Whether, in play-back training, `note` on `channel` is a key the player plays rather than a control: a
    /// note no switch rule listens to, or one whose rule answers (`higher`, `lower`, `early`, `late`,
    /// `strike`: the keys of a keyboard). A pad or key mapped to `replay`, `commit`, `stop` or a mode, or to a
    /// footswitch gesture, stays a control.
    public func isPlayedKey(_ note: UInt8, channel: UInt8) -> Bool {
        guard
            let rule = switches.first(where: {
                ($0.channel == nil || $0.channel == channel) && $0.trigger.matches(note: note)
            })
        else { return true }
        guard case .action(let action) = rule.response else { return false }
        return [.higher, .lower, .early, .late, .strike].contains(action)
    }
}
