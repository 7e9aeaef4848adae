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
    public let sound: FakeSoundOutput
    /// The output's clicks, when the run was made with them (melodies in tempo, timing).
    public let clicks: FakeClickPlayer?
    /// What the run stored.
    public let store = InMemoryTrainingStore()
    /// What the run presented.
    public let presenter = RecordingPresenter()
    /// The settings the run reads.
    public let box = SettingsBox()
    /// The run.
    public let run: TrainingRun
    /// The run's tap: each MIDI event sent is handed to it first, as the input thread does.
    public let tap = PlayThroughTap()
    /// The sound's play-through on the input thread, when the run was made with one.
    public let inputPlayThrough: FakeInputPlayThrough?

    /// A run of `mode`; `tick` false turns the wrong-answer tick off; `playBack` sets play-back's options (the
    /// kind follows the mode); `profile` is the controller profile; `withClicks` gives the output clicks on the
    /// virtual clock (0.1 s ahead); `withInputPlayThrough` gives its player a play-through on the input thread
    /// (``FakeInputPlayThrough``). MIDI times are the virtual clock's seconds.
    public init(
        mode: TrainingMode = .comparison, tick: Bool = true, playBack: PlayBackOptions? = nil,
        profile: ControllerProfile = .builtInDefault, history: JournalContents? = nil,
        withClicks: Bool = false, withInputPlayThrough: Bool = false
    ) {
        clicks = withClicks ? FakeClickPlayer(clock: clock, leadTime: 0.1) : nil
        sound = FakeSoundOutput(name: "fake-synth", clicks: clicks)
        inputPlayThrough = withInputPlayThrough ? FakeInputPlayThrough() : nil
        sound.fake.inputPlayThrough = inputPlayThrough
        let box = self.box
        if !tick {
            box.settings = (try? box.settings.setting(.wrongAnswerTick, toText: "off")) ?? box.settings
        }
        let clock = self.clock
        run = TrainingRun(
            mode: mode, clock: clock, sound: sound, store: store, storeLocation: "/data/records.jsonl",
            history: history, settings: { box.settings }, profile: profile, presenters: [presenter],
            seed: 7,
            playBack: { kind in PlayBackOptions.forRun(playBack, kind: kind, settings: box.settings.training)
            },
            timeline: { clock.elapsed.seconds }, tap: tap)
    }

    /// Now on the run's input timeline (the virtual clock's seconds).
    public var now: Double { clock.elapsed.seconds }

    /// A MIDI message from the controller, stamped `delay` seconds from now (negative: earlier).
    public func send(_ message: MIDIMessage, stampedIn delay: Double = 0) {
        let event = MIDIEvent(message, at: now + delay)
        tap.take(event)
        run.handle(.controller(.midi(.event(event))))
    }

    /// Keys struck (note-ons at `velocity` on channel 1), each stamped at its offset from now.
    public func strike(_ notes: [Int], velocity: UInt8 = 100, offsets: [Double]? = nil) {
        for (index, note) in notes.enumerated() {
            send(.noteOn(channel: 0, note: UInt8(note), velocity: velocity), stampedIn: offsets?[index] ?? 0)
        }
    }

    /// Keys released.
    public func release(_ notes: [Int]) {
        for note in notes { send(.noteOff(channel: 0, note: UInt8(note), velocity: 0)) }
    }

    /// The play-back question being asked.
    public var question: PlayBackQuestion? {
        for event in presenter.events.reversed() {
            if case .playBack(.questionStarted(let question, _), _) = event { return question }
        }
        return nil
    }

    /// Whether the current question's answer window is open (its `answerable` came after its start).
    public var isAnswerable: Bool {
        for event in presenter.events.reversed() {
            if case .playBack(.answerable, _) = event { return true }
            if case .playBack(.questionStarted, _) = event { return false }
            if case .playBack(.replayStarted, _) = event { return false }
        }
        return false
    }

    /// Advances the clock in steps of 10 ms until the answer window opens (at most `limit` seconds).
    public func advanceUntilAnswerable(limit: Double = 20) {
        var waited = 0.0
        while !isAnswerable && waited < limit {
            advance(0.01)
            waited += 0.01
        }
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
            case .echo(let event, _): String(describing: event).prefix { $0 != "(" }.description
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
