// MIDILearn: `peach learn` as a state machine: asks for each action in turn and captures the control.

/// One step of MIDI learn: a switch action, or the tune control.
public enum LearnStep: Hashable, Sendable, CustomStringConvertible {
    /// A switch action.
    case action(SwitchAction)
    /// The tune control.
    case tune

    /// The prompt shown for the step.
    public var prompt: String {
        switch self {
        case .action(let action): "Press the control for \(action.title)…"
        case .tune: "Move the control you want to tune with (wheel, fader, knob or encoder)…"
        }
    }

    /// The step's name: an action's name, or `tune`.
    public var description: String {
        switch self {
        case .action(let action): action.rawValue
        case .tune: "tune"
        }
    }

    /// Reads a step's name as ``description`` gives it.
    public init?(name: String) {
        if name == "tune" {
            self = .tune
        } else if let action = SwitchAction(rawValue: name) {
            self = .action(action)
        } else {
            return nil
        }
    }

    /// Every step `peach learn --actions` can ask for: each switch action, then the tune control.
    public static let all: [LearnStep] = SwitchAction.allCases.map { .action($0) } + [.tune]

    /// The steps `peach learn` takes by default.
    public static let defaults: [LearnStep] = [.action(.higher), .action(.lower), .action(.commit), .tune]
}

/// What MIDI learn made of a message.
public enum LearnOutcome: Hashable, Sendable {
    /// Not something to learn from (a release, clock, a message of the wrong kind for the step).
    case ignored
    /// The message's control is already used by an earlier step.
    case alreadyUsed(by: LearnStep)
    /// A tune control is being watched; more messages are needed to tell what it is.
    case listening
    /// The step was learned.
    case learned(LearnStep)
}

/// MIDI learn: asks for each step in turn, takes the first suitable message as the control for it, and
/// builds a profile.
///
/// - Actions: a note-on learns that key (on its channel); a controller learns that controller, as an
///   ordinary pedal when its first value is 64 or more, as an inverted pedal when it is below 64 (a pedal
///   that rests at 127 sends 0 when pressed); a program change learns that program. A control used by an
///   earlier step is refused, and its releases are ignored.
/// - Tune: pitch bend learns the wheel at once. A controller is watched for ``tuneMessagesNeeded`` values:
///   a pair N and N + 32 is a 14-bit fader; values only near 0/127 are a two's-complement encoder, only near
///   64 a binary-offset encoder, near 0 and 64 a sign-magnitude encoder; anything else is a fader or knob.
public struct MIDILearn: Sendable {
    /// The steps, in order.
    public let steps: [LearnStep]
    /// How many controller values the tune step watches before deciding what the control is.
    public static let tuneMessagesNeeded = 6

    private var switches: [SwitchMapping] = []
    private var learnedSteps: [(step: LearnStep, trigger: SwitchTrigger, channel: UInt8)] = []
    private var tune: TuneMapping?
    private var stepIndex = 0
    private var watched: [UInt8: [UInt8]] = [:]
    private var watchedChannel: UInt8 = 0

    /// A learn run over `steps`.
    public init(steps: [LearnStep] = LearnStep.defaults) {
        self.steps = steps
    }

    /// The step waiting for a control, or nil when all are learned.
    public var currentStep: LearnStep? { stepIndex < steps.count ? steps[stepIndex] : nil }

    /// Whether every step is learned.
    public var isComplete: Bool { currentStep == nil }

    /// Takes a message for the current step.
    public mutating func handle(_ message: MIDIMessage) -> LearnOutcome {
        guard let step = currentStep else { return .ignored }
        switch step {
        case .action(let action): return learnSwitch(action, from: message)
        case .tune: return learnTune(from: message)
        }
    }

    /// The profile learned so far.
    public func profile(name: String, description: String, devices: [String]) -> ControllerProfile {
        ControllerProfile(
            name: name, description: description, devices: devices, switches: switches, tune: tune)
    }

    private func owner(of trigger: SwitchTrigger, channel: UInt8) -> LearnStep? {
        learnedSteps.first { $0.trigger == trigger && $0.channel == channel }?.step
    }

    private mutating func learnSwitch(_ action: SwitchAction, from message: MIDIMessage) -> LearnOutcome {
        let trigger: SwitchTrigger
        let channel: UInt8
        var press: PressRule?
        switch message {
        case .noteOn(let noteChannel, let note, _):
            (trigger, channel) = (.note(note), noteChannel)
        case .controlChange(let controlChannel, let controller, let value):
            (trigger, channel) = (.controller(controller), controlChannel)
            if let owner = owner(of: trigger, channel: channel) {
                // A pressed pedal's release (or an inverted one's) comes during the next step: not a press.
                let ownRule = switches.first { $0.trigger == trigger && $0.channel == channel }?.press
                return ownRule.map { $0.level(value) >= Int($0.threshold) } == true
                    ? .alreadyUsed(by: owner) : .ignored
            }
            press = value >= 64 ? .controller : PressRule(threshold: 64, inverted: true)
        case .programChange(let programChannel, let program):
            (trigger, channel) = (.program(program), programChannel)
        default:
            return .ignored
        }
        if let owner = owner(of: trigger, channel: channel) { return .alreadyUsed(by: owner) }
        switches.append(SwitchMapping(trigger, channel: channel, action: action, press: press))
        learnedSteps.append((.action(action), trigger, channel))
        stepIndex += 1
        return .learned(.action(action))
    }

    private mutating func learnTune(from message: MIDIMessage) -> LearnOutcome {
        switch message {
        case .pitchBend(let channel, _):
            tune = TuneMapping(.pitchBend(cents: 200, commitOnCentre: false), channel: channel)
        case .controlChange(let channel, let controller, let value):
            if owner(of: .controller(controller), channel: channel) != nil { return .ignored }
            if watched.isEmpty { watchedChannel = channel }
            guard channel == watchedChannel else { return .listening }
            watched[controller, default: []].append(value)
            guard let control = Self.classify(watched) else { return .listening }
            tune = TuneMapping(control, channel: channel)
        default:
            return .ignored
        }
        stepIndex += 1
        return .learned(.tune)
    }

    /// What the watched controller values say the control is, once there are enough of them.
    static func classify(_ watched: [UInt8: [UInt8]]) -> TuneControl? {
        for (controller, values) in watched where controller < 32 {
            if let fine = watched[controller + 32], values.count + fine.count >= tuneMessagesNeeded {
                return .controller14(controller, cents: 200)
            }
        }
        guard let (controller, values) = watched.first(where: { $0.value.count >= tuneMessagesNeeded }) else {
            return nil
        }
        let nearEnds = values.allSatisfy { $0 <= 7 || $0 >= 121 }
        let nearMiddle = values.allSatisfy { (57...71).contains($0) && $0 != 64 }
        let signMagnitude = values.allSatisfy { (1...7).contains($0) || (65...71).contains($0) }
        let distinct = Set(values).count
        if nearEnds && values.contains(where: { $0 >= 121 })
            || nearEnds && distinct <= 2 && !values.contains(0)
        {
            return .encoder(controller, encoding: .twosComplement, centsPerStep: 0.5)
        }
        if nearMiddle && distinct <= 4 {
            return .encoder(controller, encoding: .binaryOffset, centsPerStep: 0.5)
        }
        if signMagnitude && values.contains(where: { $0 >= 65 }) && values.contains(where: { $0 <= 7 }) {
            return .encoder(controller, encoding: .signMagnitude, centsPerStep: 0.5)
        }
        return .controller(controller, cents: 200)
    }
}
