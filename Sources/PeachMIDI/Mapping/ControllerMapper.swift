// ControllerMapper: applies a controller profile to incoming events: presses, gestures and tune moves.

import PeachCore

/// Turns ``MIDIEvent``s into ``ControllerAction``s by a ``ControllerProfile``. It keeps the state the rules
/// need: which switches are down (for hysteresis and gestures) and where the tune control is.
///
/// For each message the tune control is asked first, then the switch rules in order; the first rule that
/// listens to the message decides. Time comes from the events, so gestures are tested with made-up times.
public struct ControllerMapper: Sendable {
    /// The profile.
    public let profile: ControllerProfile
    /// A footswitch gesture press held this long or longer (seconds) is a long press.
    public var longPressThreshold: Double

    private var downSince: [SwitchKey: Double] = [:]
    private var tuneTracker: TuneTracker?

    /// The default long-press threshold, seconds.
    public static let defaultLongPressThreshold = 0.4

    /// A mapper with nothing pressed.
    public init(profile: ControllerProfile, longPressThreshold: Double = defaultLongPressThreshold) {
        self.profile = profile
        self.longPressThreshold = longPressThreshold
        tuneTracker = profile.tune.map(TuneTracker.init)
    }

    /// The actions `event` makes, in order (usually none or one).
    public mutating func actions(for event: MIDIEvent) -> [ControllerAction] {
        if let tune = profile.tune,
            event.message.channel.map({ tune.channel == nil || tune.channel == $0 }) == true,
            var tracker = tuneTracker
        {
            let result = tracker.handle(event)
            tuneTracker = tracker
            if let result { return result }
        }
        for (index, mapping) in profile.switches.enumerated() {
            if let result = apply(mapping, index: index, to: event) { return result }
        }
        return []
    }

    /// The actions of one switch rule, or nil when the rule does not listen to the message.
    private mutating func apply(
        _ mapping: SwitchMapping, index: Int, to event: MIDIEvent
    ) -> [ControllerAction]? {
        guard let channel = event.message.channel,
            mapping.channel == nil || mapping.channel == channel
        else { return nil }
        switch (mapping.trigger, event.message) {
        case (_, .noteOn(_, let note, let velocity)) where mapping.trigger.matches(note: note):
            guard velocity >= mapping.press.threshold else { return [] }
            return press(mapping, key: SwitchKey(rule: index, number: note), at: event.time, input: .midiNote)
        case (_, .noteOff(_, let note, _)) where mapping.trigger.matches(note: note):
            return release(
                mapping, key: SwitchKey(rule: index, number: note), at: event.time, input: .midiNote)
        case (.controller(let wanted), .controlChange(_, let controller, let value))
        where wanted == controller:
            let key = SwitchKey(rule: index, number: controller)
            let level = mapping.press.level(value)
            if downSince[key] == nil {
                return level >= Int(mapping.press.threshold)
                    ? press(mapping, key: key, at: event.time, input: .midiSwitch) : []
            }
            return level < mapping.press.releaseLevel
                ? release(mapping, key: key, at: event.time, input: .midiSwitch) : []
        case (.program(let wanted), .programChange(_, let program)) where wanted == nil || wanted == program:
            guard case .action(let action) = mapping.response else { return [] }
            return [.press(action, input: .midiSwitch)]
        default:
            return nil
        }
    }

    private mutating func press(
        _ mapping: SwitchMapping, key: SwitchKey, at time: Double, input: InputKind
    ) -> [ControllerAction] {
        guard downSince[key] == nil else { return [] }  // a repeated press without release is not a new press
        downSince[key] = time
        guard case .action(let action) = mapping.response else { return [] }
        return [.press(action, input: input)]
    }

    private mutating func release(
        _ mapping: SwitchMapping, key: SwitchKey, at time: Double, input: InputKind
    ) -> [ControllerAction] {
        guard let since = downSince.removeValue(forKey: key) else { return [] }
        guard case .gesture(let short, let long) = mapping.response else { return [] }
        return [.press(time - since >= longPressThreshold ? long : short, input: input)]
    }
}

/// One switch of one rule (a rule over a note range has a switch per note).
private struct SwitchKey: Hashable, Sendable {
    var rule: Int
    var number: UInt8
}
