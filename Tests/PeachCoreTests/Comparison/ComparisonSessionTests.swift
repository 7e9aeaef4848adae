// ComparisonSessionTests: every state transition, answer rule and interruption of the comparison loop.

import Foundation
import PeachCore
import PeachTestSupport
import Testing

/// A comparison session wired to fakes and a virtual clock.
@MainActor
final class ComparisonHarness {
    /// What the session reads at the start of each comparison; a class so the session's closures can share it.
    final class Inputs {
        var settings: TrainingSettings
        var profile = PerceptualProfile()
        init(settings: TrainingSettings) { self.settings = settings }
    }

    let clock = VirtualClock()
    let player = FakeNotePlayer()
    let store = InMemoryTrainingStore()
    let inputs: Inputs
    let session: ComparisonSession
    private let recorder = EventRecorder<ComparisonSessionEvent>()

    var settings: TrainingSettings {
        get { inputs.settings }
        set { inputs.settings = newValue }
    }
    var profile: PerceptualProfile {
        get { inputs.profile }
        set { inputs.profile = newValue }
    }
    var events: [ComparisonSessionEvent] { recorder.events }

    init(settings: TrainingSettings = .defaults, seed: UInt64 = 1) {
        let inputs = Inputs(settings: settings)
        self.inputs = inputs
        session = ComparisonSession(
            notePlayer: player, profile: { inputs.profile }, settings: { inputs.settings }, clock: clock,
            observers: [store], generator: SeededRandomGenerator(seed: seed))
        session.addEventHandler { [recorder] in recorder.events.append($0) }
    }

    func advance(_ seconds: Double) { clock.advance(by: .seconds(seconds)) }

    var stopReasons: [SessionStopReason] {
        events.compactMap { if case .stopped(let reason) = $0 { reason } else { nil } }
    }

    var observerFailures: Int {
        events.count { if case .observerFailed = $0 { true } else { false } }
    }
}

@MainActor
@Suite("ComparisonSession")
struct ComparisonSessionTests {
    @Test("idle → playingNote1 → playingNote2 → awaitingAnswer → showingFeedback → playingNote1")
    func fullLoop() throws {
        let harness = ComparisonHarness()
        let session = harness.session
        #expect(session.state == .idle)
        session.start()
        #expect(session.state == .playingNote1)
        let comparison = try #require(session.currentComparison)
        #expect(harness.player.playedNotes.count == 1)
        #expect(harness.player.playedNotes[0].frequency == comparison.note1Frequency(in: .standard))
        #expect(harness.player.playedNotes[0].velocity == 63)
        #expect(harness.player.playedNotes[0].amplitude == .nominal)

        harness.advance(0.999)
        #expect(session.state == .playingNote1)
        harness.advance(0.001)
        #expect(session.state == .playingNote2)
        #expect(harness.player.handles[0].isStopped)
        #expect(harness.player.playedNotes[1].frequency == comparison.note2Frequency(in: .standard))

        harness.advance(1)
        #expect(session.state == .awaitingAnswer)
        #expect(harness.player.soundingHandles.isEmpty)

        harness.advance(5)  // waits for the answer as long as it takes
        #expect(session.state == .awaitingAnswer)
        #expect(session.answer(comparison.correctAnswer ?? .higher, input: .keyboard))
        #expect(session.state == .showingFeedback)
        #expect(harness.store.comparisons.count == 1)
        #expect(harness.store.comparisons[0].isCorrect)
        #expect(harness.store.comparisons[0].inputKind == .keyboard)
        #expect(harness.store.comparisons[0].responseTime == 6)

        harness.advance(0.399)
        #expect(session.state == .showingFeedback)
        harness.advance(0.001)
        #expect(session.state == .playingNote1)
        #expect(harness.player.playedNotes.count == 3)
    }

    @Test("answers during note 1 are ignored")
    func answerDuringNote1() {
        let harness = ComparisonHarness()
        harness.session.start()
        #expect(!harness.session.answer(.higher))
        harness.advance(0.5)
        #expect(!harness.session.answer(.lower))
        #expect(harness.session.state == .playingNote1)
        #expect(harness.store.comparisons.isEmpty)
    }

    @Test("an answer during note 2 stops it and counts")
    func answerDuringNote2() {
        let harness = ComparisonHarness()
        harness.session.start()
        harness.advance(1.25)
        #expect(harness.session.state == .playingNote2)
        let note2 = harness.player.handles[1]
        #expect(!note2.isStopped)
        #expect(harness.session.answer(.higher))
        #expect(note2.isStopped)
        #expect(harness.session.state == .showingFeedback)
        #expect(harness.store.comparisons.count == 1)
        #expect(harness.store.comparisons[0].responseTime == 0.25)
        harness.advance(2)  // the cancelled end-of-note-2 timer does not fire
        #expect(harness.store.comparisons.count == 1)
    }

    @Test("a second answer to the same comparison is ignored")
    func doubleAnswer() {
        let harness = ComparisonHarness()
        harness.session.start()
        harness.advance(1.1)
        #expect(harness.session.answer(.higher))
        #expect(!harness.session.answer(.lower))
        #expect(!harness.session.answer(.higher))
        #expect(harness.store.comparisons.count == 1)
    }

    @Test("the result reaches observers before feedback is shown")
    func resultBeforeFeedback() {
        let harness = ComparisonHarness()
        var stateWhenStored: ComparisonSessionState?
        var eventsWhenStored = 0
        harness.store.onReceive = {
            stateWhenStored = harness.session.state
            eventsWhenStored = harness.events.count
        }
        harness.session.start()
        harness.advance(1.5)
        harness.session.answer(.lower)
        #expect(stateWhenStored == .playingNote2)
        // trialStarted and note2Started only: the answered event comes after storing.
        #expect(eventsWhenStored == 2)
        guard case .answered = harness.events.last else {
            Issue.record("expected the answered event last")
            return
        }
    }

    @Test("a gap of silence separates the notes; answers still wait for note 2")
    func gap() throws {
        let harness = ComparisonHarness(settings: try TrainingSettings(gapBetweenNotes: 0.5))
        harness.session.start()
        harness.advance(1.0)
        #expect(harness.session.state == .playingNote1)
        #expect(harness.player.soundingHandles.isEmpty)
        #expect(!harness.session.answer(.higher))
        harness.advance(0.5)
        #expect(harness.session.state == .playingNote2)
        #expect(harness.player.playedNotes.count == 2)
    }

    /// Brings a fresh session to `state` (the gap is "playingNote1 with no sound").
    func harness(in step: String) throws -> ComparisonHarness {
        let harness = ComparisonHarness(settings: try TrainingSettings(gapBetweenNotes: 0.5))
        switch step {
        case "idle": break
        case "playingNote1": harness.session.start()
        case "gap":
            harness.session.start()
            harness.advance(1.2)
        case "playingNote2":
            harness.session.start()
            harness.advance(1.7)
        case "awaitingAnswer":
            harness.session.start()
            harness.advance(2.6)
        case "showingFeedback":
            harness.session.start()
            harness.advance(2.6)
            harness.session.answer(.higher)
        default: Issue.record("unknown step \(step)")
        }
        return harness
    }

    @Test(
        "stop() from every state silences, discards and records nothing more",
        arguments: ["idle", "playingNote1", "gap", "playingNote2", "awaitingAnswer", "showingFeedback"])
    func stopFromEveryState(step: String) throws {
        let harness = try harness(in: step)
        let storedBefore = harness.store.comparisons.count
        let playedBefore = harness.player.playedNotes.count
        harness.session.stop(reason: .signal("SIGTERM"))
        #expect(harness.session.state == .idle)
        #expect(harness.session.currentComparison == nil)
        #expect(harness.player.soundingHandles.isEmpty)
        #expect(harness.session.answer(.higher) == false)
        harness.advance(30)
        #expect(harness.player.playedNotes.count == playedBefore)
        #expect(harness.store.comparisons.count == storedBefore)
        #expect(harness.stopReasons == (step == "idle" ? [] : [.signal("SIGTERM")]))
        harness.session.stop()  // idempotent
        #expect(harness.stopReasons.count == (step == "idle" ? 0 : 1))
        #expect(harness.clock.pendingCount == 0)
    }

    @Test("a playback failure stops the session quietly")
    func playFailure() {
        let harness = ComparisonHarness()
        harness.player.playError = FakeNotePlayer.Failure("device gone")
        harness.session.start()
        #expect(harness.session.state == .idle)
        #expect(harness.stopReasons == [.audioFailure(FakeNotePlayer.Failure("device gone"))])

        let second = ComparisonHarness()
        second.session.start()
        second.player.playError = FakeNotePlayer.Failure("unplugged")
        second.advance(1)  // note 2 cannot start
        #expect(second.session.state == .idle)
        #expect(second.player.soundingHandles.isEmpty)
        #expect(second.stopReasons == [.audioFailure(FakeNotePlayer.Failure("unplugged"))])
    }

    @Test("a failure to stop a note stops the session")
    func stopFailure() {
        let harness = ComparisonHarness()
        harness.player.stopError = FakeNotePlayer.Failure("write error")
        harness.session.start()
        harness.advance(1)
        #expect(harness.session.state == .idle)
        #expect(harness.player.playedNotes.count == 1)
        #expect(harness.stopReasons.count == 1)
    }

    @Test("an answer the store cannot keep is not acknowledged: no feedback, not counted, the session stops")
    func observerFailure() {
        let harness = ComparisonHarness()
        harness.store.failing = true
        harness.session.start()
        harness.advance(2)
        harness.session.answer(.higher)
        #expect(harness.observerFailures == 1)
        #expect(harness.session.state == .idle)
        #expect(harness.session.answeredCount == 0 && harness.session.lastCompleted == nil)
        #expect(!harness.events.contains { if case .answered = $0 { true } else { false } })
        #expect(harness.stopReasons == [.storeFailure(InMemoryTrainingStore.Failure())])
        harness.advance(5)
        #expect(harness.player.soundingHandles.isEmpty)
    }

    @Test("vary loudness roves note 2 only, within ±5 dB × setting")
    func varyLoudness() throws {
        let harness = ComparisonHarness(settings: try TrainingSettings(feedbackDuration: 0.1), seed: 5)
        harness.settings = try TrainingSettings(varyLoudness: 0.6)
        harness.session.start()
        var offsets = Set<Double>()
        for _ in 0..<200 {
            harness.advance(1.1)
            harness.session.answer(.higher)
            harness.advance(0.4)
        }
        let notes = harness.player.playedNotes
        for (index, note) in notes.enumerated() {
            if index % 2 == 0 {
                #expect(note.amplitude == .nominal)
            } else {
                #expect(abs(note.amplitude.decibels) <= 3.0)
                offsets.insert(note.amplitude.decibels)
            }
        }
        #expect(offsets.count > 150)
        for (index, stored) in harness.store.comparisons.enumerated() {
            #expect(stored.note2AmplitudeOffset == notes[index * 2 + 1].amplitude.decibels)
        }
        #expect((offsets.max() ?? 0) > 2.5 && (offsets.min() ?? 0) < -2.5)
    }

    @Test("settings are read at the start of every comparison")
    func settingsPerTrial() throws {
        let harness = ComparisonHarness()
        harness.session.start()
        harness.settings = try TrainingSettings(noteDuration: 0.5, referencePitch: 415)
        harness.advance(0.5)
        #expect(harness.session.state == .playingNote1)  // this comparison keeps its 1 s notes
        harness.advance(0.5)
        #expect(harness.session.state == .playingNote2)
        harness.session.answer(.higher)
        #expect(harness.store.comparisons[0].context.noteDuration == 1)
        #expect(harness.store.comparisons[0].context.referencePitch == 440)
        harness.advance(0.4)
        let next = try #require(harness.session.currentComparison)
        #expect(
            harness.player.playedNotes.last?.frequency
                == next.note1Frequency(in: EqualTemperament(referencePitch: 415)))
        harness.advance(0.5)
        #expect(harness.session.state == .playingNote2)  // the new 0.5 s duration applies
    }

    @Test("the Kazez chain runs across comparisons and restarts cold")
    func chainAndColdStart() throws {
        let harness = ComparisonHarness()
        harness.session.start()
        let first = try #require(harness.session.currentComparison)
        #expect(first.centDifference.magnitude == 100)  // no answers yet: the widest
        harness.advance(1.5)
        harness.session.answer(first.correctAnswer ?? .higher)
        harness.advance(0.4)
        let second = try #require(harness.session.currentComparison)
        #expect(
            abs(
                second.centDifference.magnitude
                    - KazezNoteStrategy().nextDifference(after: 100, wasCorrect: true)) < 1e-12)
        #expect(harness.session.sessionBest == 100)
        harness.advance(1.5)
        harness.session.answer(second.correctAnswer == .higher ? .lower : .higher)
        #expect(harness.session.sessionBest == 100)  // a wrong answer is no best
        harness.session.stop()
        harness.session.start()  // the profile of the harness has no answers: cold again
        #expect(harness.session.currentComparison?.centDifference.magnitude == 100)
        #expect(harness.session.sessionBest == nil)
        #expect(harness.session.answeredCount == 0)
    }

    @Test("events arrive in order")
    func eventOrder() {
        let harness = ComparisonHarness()
        harness.session.start()
        harness.advance(2)
        harness.session.answer(.higher)
        harness.advance(0.4)
        harness.session.stop()
        let names = harness.events.map { event -> String in
            switch event {
            case .trialStarted: "trialStarted"
            case .replayStarted: "replayStarted"
            case .note2Started: "note2Started"
            case .awaitingAnswer: "awaitingAnswer"
            case .answered: "answered"
            case .observerFailed: "observerFailed"
            case .feedbackEnded: "feedbackEnded"
            case .stopped: "stopped"
            }
        }
        #expect(
            names == [
                "trialStarted", "note2Started", "awaitingAnswer", "answered", "feedbackEnded", "trialStarted",
                "stopped",
            ])
    }

    @Test("start() while running does nothing")
    func startTwice() {
        let harness = ComparisonHarness()
        harness.session.start()
        harness.session.start()
        #expect(harness.player.playedNotes.count == 1)
    }
}
