// RunHarness: a whole training run over fakes in virtual time, for the application's and the words' tests.

import Foundation
import PeachCore
import PeachMIDI
import PeachStore
import PeachTraining

/// A run over fakes: a virtual clock, a fake sound, a recording store and presenter, the default profile.
@MainActor
public final class RunHarness {
    /// The settings the run reads before each trial; a test changes them between trials.
    public final class SettingsBox {
        /// The settings now.
        public var settings = PeachSettings.defaults
    }

    /// The run's virtual clock.
    public let clock = VirtualClock()
    /// The run's sound.
    public let sound = FakeSoundOutput(name: "fake-synth")
    /// What the run stored.
    public let store = InMemoryTrainingStore()
    /// What the run presented.
    public let presenter = RecordingPresenter()
    /// The settings the run reads.
    public let box = SettingsBox()
    /// The run.
    public let run: TrainingRun

    /// A run of `mode`; `tick` false turns the wrong-answer tick off.
    public init(mode: TrainingMode = .comparison, tick: Bool = true) {
        let box = self.box
        if !tick {
            box.settings = (try? box.settings.setting(.wrongAnswerTick, toText: "off")) ?? box.settings
        }
        run = TrainingRun(
            mode: mode, clock: clock, sound: sound, store: store, storeLocation: "/data/records.jsonl",
            history: nil, settings: { box.settings }, profile: .builtInDefault, presenters: [presenter],
            seed: 7)
    }

    /// Moves the virtual clock on by `seconds`.
    public func advance(_ seconds: Double) { clock.advance(by: .seconds(seconds)) }

    /// A controller action.
    public func press(_ action: SwitchAction) { run.perform(.press(action, input: .midiNote)) }

    /// The comparison being played.
    public var comparison: Comparison? {
        for event in presenter.events.reversed() {
            if case .comparison(.trialStarted(let comparison), _) = event { return comparison }
        }
        return nil
    }

    /// The pitch-matching challenge being played.
    public var challenge: PitchMatchingChallenge? {
        for event in presenter.events.reversed() {
            if case .pitchMatching(.trialStarted(let challenge), _) = event { return challenge }
        }
        return nil
    }

    /// The right answer to the current comparison.
    public var right: SwitchAction { (comparison?.centDifference.rawValue ?? 0) > 0 ? .higher : .lower }
    /// The wrong answer to the current comparison.
    public var wrong: SwitchAction { right == .higher ? .lower : .higher }

    /// The names of the events presented, in order (session events by their case).
    public var names: [String] {
        presenter.events.map { event in
            switch event {
            case .started: "started"
            case .modeChanged(let mode): "modeChanged(\(mode.rawValue))"
            case .notice: "notice"
            case .comparison(let event, _): String(describing: event).prefix { $0 != "(" }.description
            case .pitchMatching(let event, _): String(describing: event).prefix { $0 != "(" }.description
            case .offsetDetection(let event, _): String(describing: event).prefix { $0 != "(" }.description
            case .gapFill(let event, _): String(describing: event).prefix { $0 != "(" }.description
            case .playBack(let event, _): String(describing: event).prefix { $0 != "(" }.description
            case .tick: "tick"
            case .ended(let ending, _, _): "ended(\(ending.name))"
            }
        }
    }

    /// The last ending presented.
    public var ended: (ending: TrainingEnding, progress: TrainingProgress, location: String)? {
        guard case .ended(let ending, let progress, let location) = presenter.events.last else { return nil }
        return (ending, progress, location)
    }
}
