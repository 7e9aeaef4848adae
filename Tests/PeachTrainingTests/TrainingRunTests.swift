// TrainingRunTests: a whole run in virtual time: every controller action, every ending, every presenter event.

import Foundation
import PeachCore
import PeachMIDI
import PeachStore
import PeachTestSupport
import PeachTraining
import Testing

@MainActor
@Suite("TrainingRun: comparison training in virtual time")
struct ComparisonRunTests {
    @Test("start: the header, then note 1; note 2 after the note duration; then the answer is awaited")
    func flow() {
        let harness = RunHarness()
        harness.run.start()
        #expect(harness.names == ["started", "trialStarted"])
        guard case .started(.comparison, let profile, let output, nil) = harness.presenter.events.first else {
            Issue.record("no start")
            return
        }
        #expect(profile == "default" && output == "fake-synth")
        harness.advance(1)
        #expect(harness.names.suffix(1) == ["note2Started"])
        harness.advance(1)
        #expect(harness.names.suffix(1) == ["awaitingAnswer"])
        #expect(harness.sound.fake.playedNotes.count == 2)
        #expect(harness.sound.fake.soundingHandles.isEmpty)
    }

    @Test("higher and lower answer; the result is stored before it is shown; the next comparison follows")
    func answers() {
        let harness = RunHarness()
        var storedWhenShown: Int?
        harness.presenter.onPresent = { event in
            if case .comparison(.answered, _) = event { storedWhenShown = harness.store.comparisons.count }
        }
        harness.run.start()
        harness.press(harness.right)  // during note 1: ignored
        harness.advance(1)
        harness.press(harness.right)  // from the start of note 2: taken, once
        harness.press(harness.wrong)
        #expect(harness.store.comparisons.count == 1)
        #expect(harness.store.comparisons.first?.isCorrect == true)
        #expect(storedWhenShown == 1)
        #expect(
            harness.run.progress
                == {
                    var progress = TrainingProgress()
                    progress.answered = 1
                    progress.correct = 1
                    progress.stored = 1
                    progress.sessionBest =
                        harness.store.comparisons.first?.comparison.centDifference.magnitude
                    return progress
                }())
        harness.advance(0.4)
        #expect(harness.names.suffix(2) == ["feedbackEnded", "trialStarted"])
    }

    @Test("a wrong answer ticks (25 ms, quiet, high) unless the setting is off")
    func tick() {
        let harness = RunHarness()
        harness.run.start()
        harness.advance(1)
        harness.press(harness.wrong)
        #expect(harness.names.suffix(2) == ["answered", "tick"])
        let tick = harness.sound.fake.playedNotes.last
        #expect(tick?.frequency == TrainingRun.tick.frequency && tick?.amplitude == AmplitudeDB(-30))
        #expect(harness.sound.fake.handles.last?.isStopped == false)
        harness.advance(0.025)
        #expect(harness.sound.fake.handles.last?.isStopped == true)

        let quiet = RunHarness(tick: false)
        quiet.run.start()
        quiet.advance(1)
        quiet.press(quiet.wrong)
        #expect(!quiet.names.contains("tick"))
        #expect(quiet.sound.fake.playedNotes.count == 2)
    }

    @Test("replay plays the same comparison again from note 1; answers wait for note 2 again")
    func replay() {
        let harness = RunHarness()
        harness.run.start()
        harness.advance(2)
        let first = harness.comparison
        harness.press(.replay)
        #expect(harness.names.suffix(1) == ["replayStarted"])
        #expect(harness.sound.fake.playedNotes.count == 3)
        #expect(harness.sound.fake.playedNotes[2].frequency == harness.sound.fake.playedNotes[0].frequency)
        harness.press(harness.right)  // note 1 again: ignored
        #expect(harness.store.comparisons.isEmpty)
        harness.advance(1)
        #expect(harness.names.suffix(1) == ["note2Started"])
        harness.press(harness.right)
        #expect(harness.store.comparisons.first?.comparison == first)
    }

    @Test("tune and commit mean nothing in comparison training: a notice, nothing else")
    func notApplicable() {
        let harness = RunHarness()
        harness.run.start()
        harness.advance(1)
        harness.run.perform(.tune(Cents(5), input: .pitchBend))
        harness.press(.commit)
        let notices = harness.presenter.events.compactMap { event -> String? in
            if case .notice(.actionNotApplicable(let action, .comparison)) = event { return action }
            return nil
        }
        #expect(notices == ["tune", "commit"])
        #expect(harness.store.comparisons.isEmpty)
    }

    @Test("a MIDI key and a computer key answer through the profile and the keyboard map")
    func inputs() {
        let harness = RunHarness()
        harness.run.start()
        harness.advance(1)
        let note: UInt8 = harness.right == .higher ? 72 : 48
        harness.run.handle(
            .controller(.midi(.event(MIDIEvent(.noteOn(channel: 0, note: note, velocity: 90), at: 0)))))
        #expect(harness.store.comparisons.first?.isCorrect == true)
        #expect(harness.store.comparisons.first?.inputKind == .midiNote)
        harness.advance(0.4 + 1.5)
        var keyboard = KeyboardMapper()
        let arrow: [UInt8] = harness.right == .higher ? [0x1B, 0x5B, 0x41] : [0x1B, 0x5B, 0x42]
        harness.run.handle(.controller(.keys(keyboard.keys(for: arrow))))
        #expect(harness.store.comparisons.count == 2)
        #expect(harness.store.comparisons.last?.inputKind == .keyboard)
    }

    @Test("settings are read at the start of every trial: a change applies to the next one")
    func settingsPerTrial() throws {
        let harness = RunHarness()
        harness.run.start()
        harness.box.settings = try harness.box.settings.setting(.noteRange, toText: "C6-C7")
        #expect(harness.comparison.map { (36...84).contains($0.note1.rawValue) } == true)
        harness.advance(1)
        harness.press(harness.right)
        harness.advance(0.4)
        #expect(harness.comparison.map { (84...96).contains($0.note1.rawValue) } == true)
    }
}

@MainActor
@Suite("TrainingRun: pitch matching and switching modes in virtual time")
struct MatchingRunTests {
    @Test("tune moves the tunable note, higher/lower nudge by a cent, commit stores the signed error")
    func tuneAndCommit() throws {
        let harness = RunHarness(mode: .pitchMatching)
        harness.run.start()
        #expect(harness.names == ["started", "trialStarted"])
        harness.run.perform(.tune(Cents(3), input: .pitchBend))  // the reference: not yet tunable
        harness.advance(1)
        #expect(harness.names.suffix(1) == ["tunableStarted"])
        let challenge = try #require(harness.challenge)
        harness.run.perform(.tune(Cents(-challenge.initialOffset.rawValue + 2), input: .pitchBend))
        harness.press(.higher)
        harness.press(.lower)
        harness.press(.lower)
        harness.press(.commit)
        let stored = try #require(harness.store.pitchMatchings.first)
        #expect(abs(stored.userError.rawValue - 1) < 1e-9)
        #expect(harness.run.progress.matched == 1)
        #expect(harness.names.suffix(1) == ["committed"])
    }

    @Test("an arrow key is one meaning: one cent in pitch matching; an answer, and no notice, in comparison")
    func arrowKeys() throws {
        let harness = RunHarness(mode: .pitchMatching)
        harness.run.start()
        harness.advance(1)
        var keyboard = KeyboardMapper()
        harness.run.handle(.controller(.keys(keyboard.keys(for: [0x1B, 0x5B, 0x41]))))  // ↑
        harness.run.handle(.controller(.keys(keyboard.keys(for: [0x1B, 0x5B, 0x41]))))
        harness.run.handle(.controller(.keys(keyboard.keys(for: [0x0D]))))  // Enter commits
        let challenge = try #require(harness.challenge)
        let stored = try #require(harness.store.pitchMatchings.first)
        #expect(abs(stored.userError.rawValue - (challenge.initialOffset.rawValue + 2)) < 1e-9)

        let comparison = RunHarness()
        comparison.run.start()
        comparison.advance(1)
        comparison.run.handle(.controller(.keys(keyboard.keys(for: [0x1B, 0x5B, 0x41]))))
        #expect(comparison.store.comparisons.count == 1)
        #expect(!comparison.names.contains("notice"))
    }

    @Test("replay plays the reference again, then the tunable note where it was left")
    func replay() throws {
        let harness = RunHarness(mode: .pitchMatching)
        harness.run.start()
        harness.advance(1)
        harness.run.perform(.tune(Cents(10), input: .pitchBend))
        let tuned = harness.sound.fake.handles.last?.currentFrequency
        harness.press(.replay)
        #expect(harness.names.suffix(1) == ["replayStarted"])
        #expect(
            harness.sound.fake.playedNotes.last?.frequency == harness.sound.fake.playedNotes.first?.frequency)
        harness.press(.commit)  // the reference: nothing to commit yet
        #expect(harness.store.pitchMatchings.isEmpty)
        harness.advance(1)
        #expect(harness.names.suffix(1) == ["tunableStarted"])
        #expect(harness.sound.fake.playedNotes.last?.frequency == tuned)
    }

    @Test("startPitchMatching switches mode, discarding the open comparison; startComparison switches back")
    func switchModes() {
        let harness = RunHarness()
        harness.run.start()
        harness.advance(1.5)
        harness.press(.startComparison)  // already: nothing
        #expect(!harness.names.contains { $0.hasPrefix("modeChanged") })
        harness.press(.startPitchMatching)
        #expect(harness.run.mode == .pitchMatching)
        #expect(harness.names.suffix(2) == ["modeChanged(pitchMatching)", "trialStarted"])
        #expect(harness.sound.fake.soundingHandles.count == 1)  // only the new reference sounds
        #expect(harness.store.comparisons.isEmpty)
        #expect(!harness.names.contains("stopped"))  // a switch is not an ending
        harness.press(.startComparison)
        #expect(harness.run.mode == .comparison)
        #expect(harness.names.suffix(2) == ["modeChanged(comparison)", "trialStarted"])
        #expect(harness.store.pitchMatchings.isEmpty)
    }
}

@MainActor
@Suite("TrainingRun: every ending")
struct RunEndingTests {
    nonisolated static let port = MIDIPortInfo(
        address: MIDIAddress(client: 20, port: 0), clientName: "Keys", portName: "Keys MIDI 1",
        isReadable: true,
        isWritable: false, isHardware: true)

    @Test(
        "each way out: the reason, the exit status, the trial discarded, the sound shut down once, ended last",
        arguments: [
            (TrainingInput.controller(.signal(15)), "signal", Int32(143)),
            (.controller(.signal(2)), "signal", 130),
            (.controller(.midi(.disconnected(port))), "controllerDisconnected", 1),
            (
                .controller(.midi(.failed(.readFailed(.init(path: "/dev/x", operation: .read, code: 19))))),
                "controllerDisconnected", 1
            ),
            (.controller(.midi(.ended)), "inputEnded", 0),
            (.soundLost(FakeNotePlayer.Failure("gone")), "audioFailure", 1),
        ])
    func endings(input: TrainingInput, name: String, status: Int32) {
        let harness = RunHarness()
        harness.run.start()
        harness.advance(1.5)
        harness.run.handle(input)
        #expect(harness.ended?.ending.name == name)
        #expect(harness.run.ending?.exitStatus == status)
        #expect(harness.sound.shutdownCount == 1)
        #expect(harness.sound.fake.soundingHandles.isEmpty)
        #expect(harness.store.comparisons.isEmpty)
        #expect(harness.ended?.location == "/data/records.jsonl")
        harness.run.handle(.controller(.signal(2)))  // after the end: ignored
        harness.press(.stop)
        #expect(harness.sound.shutdownCount == 1)
        #expect(harness.run.ending?.exitStatus == status)
    }

    @Test("the stop action ends with the user's reason, keeping the answers given")
    func stop() {
        let harness = RunHarness()
        harness.run.start()
        harness.advance(1)
        harness.press(harness.right)
        harness.advance(0.4 + 1.5)
        harness.press(.stop)
        #expect(harness.ended?.ending.name == "user")
        #expect(harness.ended?.progress.answered == 1)
        #expect(harness.run.ending?.exitStatus == 0)
        #expect(harness.store.comparisons.count == 1)
        #expect(harness.clock.pendingCount == 0)
    }

    @Test("an answer the store cannot keep (a full disk) is not shown; the run ends, exit 1, counts true")
    func storeFailure() {
        let harness = RunHarness()
        harness.run.start()
        harness.advance(1)
        harness.press(harness.right)
        harness.advance(0.4 + 1.5)
        harness.store.failing = true
        harness.press(harness.right)
        #expect(harness.ended?.ending.name == "storeFailed")
        #expect(harness.run.ending?.exitStatus == 1)
        #expect(harness.ended?.progress.answered == 1)  // only the one that was stored
        #expect(harness.names.filter { $0 == "answered" }.count == 1)
        #expect(harness.sound.shutdownCount == 1)
    }

    @Test("a note that cannot be played ends the run by itself as an audio failure")
    func audioFailure() {
        let harness = RunHarness()
        harness.run.start()
        harness.advance(1)
        harness.press(harness.right)
        harness.sound.fake.playError = FakeNotePlayer.Failure("device gone")
        harness.advance(0.4)
        #expect(harness.ended?.ending.name == "audioFailure")
        #expect(harness.run.ending?.isFailure == true)
        #expect(harness.sound.shutdownCount == 1)
    }

    @Test("notices: a controller connecting, none yet, a settings problem")
    func notices() {
        let harness = RunHarness()
        harness.run.start()
        harness.run.notify(.noControllerYet)
        harness.run.handle(.controller(.midi(.connected(Self.port))))
        #expect(harness.names == ["started", "trialStarted", "notice", "notice"])
        guard case .notice(.controllerConnected(let name)) = harness.presenter.events.last else {
            Issue.record("no connection notice")
            return
        }
        #expect(name == Self.port.label)
    }

    @Test("run(_:continuation:) ends with the stream's input and finishes the stream")
    func runOverStream() async {
        let harness = RunHarness()
        let (inputs, continuation) = AsyncStream<TrainingInput>.makeStream()
        continuation.yield(.controller(.signal(15)))
        let ending = await harness.run.run(inputs, continuation: continuation)
        #expect(ending.exitStatus == 143)
        #expect(harness.names.first == "started")
        #expect(harness.names.last == "ended(signal)")
    }

    @Test("the run gives its input gate back the room of every controller input it takes")
    func runTakesFromGate() async {
        let harness = RunHarness()
        let gate = InputGate(capacity: 2)
        let clock = ControllerInputItem.midi(.event(MIDIEvent(.realTime(.timingClock), at: 0)))
        let (inputs, continuation) = AsyncStream<TrainingInput>.makeStream()
        for item in [ControllerInputItem.keys([]), .signal(15)] {
            #expect(gate.admit(item))
            continuation.yield(.controller(item))
        }
        #expect(!gate.admit(clock))  // full: dropped
        _ = await harness.run.run(inputs, continuation: continuation, gate: gate)
        #expect(gate.admit(clock) && gate.admit(clock))  // both taken: room for two
        #expect(!gate.admit(clock))
        #expect(gate.droppedCount == 2)
    }
}
