// PitchMatchingSessionTests: transitions, live tuning, commit and interruptions of the matching loop.

import Foundation
import PeachCore
import PeachTestSupport
import Testing

/// A pitch-matching session wired to fakes and a virtual clock.
@MainActor
final class MatchingHarness {
    /// The settings the session reads; a class so the session's closure can share it.
    final class Inputs {
        var settings: TrainingSettings
        init(settings: TrainingSettings) { self.settings = settings }
    }

    let clock = VirtualClock()
    let player = FakeNotePlayer()
    let store = InMemoryTrainingStore()
    let inputs: Inputs
    let session: PitchMatchingSession
    private let recorder = EventRecorder<PitchMatchingSessionEvent>()

    var settings: TrainingSettings {
        get { inputs.settings }
        set { inputs.settings = newValue }
    }
    var events: [PitchMatchingSessionEvent] { recorder.events }

    init(settings: TrainingSettings = .defaults, seed: UInt64 = 2) {
        let inputs = Inputs(settings: settings)
        self.inputs = inputs
        session = PitchMatchingSession(
            notePlayer: player, settings: { inputs.settings }, clock: clock, observers: [store],
            generator: SeededRandomGenerator(seed: seed))
        session.addEventHandler { [recorder] in recorder.events.append($0) }
    }

    func advance(_ seconds: Double) { clock.advance(by: .seconds(seconds)) }

    var stopReasons: [SessionStopReason] {
        events.compactMap { if case .stopped(let reason) = $0 { reason } else { nil } }
    }
}

@MainActor
@Suite("PitchMatchingSession")
struct PitchMatchingSessionTests {
    let tuning = EqualTemperament.standard

    @Test("idle → playingReference → playingTunable → showingFeedback → playingReference")
    func fullLoop() throws {
        let harness = MatchingHarness()
        let session = harness.session
        session.start()
        #expect(session.state == .playingReference)
        let challenge = try #require(session.currentChallenge)
        #expect(harness.player.playedNotes[0].frequency == tuning.frequency(of: challenge.referenceNote))
        harness.advance(1)
        #expect(session.state == .playingTunable)
        #expect(harness.player.handles[0].isStopped)
        #expect(
            harness.player.playedNotes[1].frequency
                == tuning.frequency(of: challenge.referenceNote, offsetBy: challenge.initialOffset))
        #expect(session.currentOffset == challenge.initialOffset)
        harness.advance(60)  // the tunable note sounds until commit
        #expect(session.state == .playingTunable)
        #expect(!harness.player.handles[1].isStopped)
        session.adjustPitch(to: 3.5, input: .pitchBend)
        #expect(session.commit(input: .midiSwitch))
        #expect(harness.player.handles[1].isStopped)
        #expect(session.state == .showingFeedback)
        let stored = try #require(harness.store.pitchMatchings.first)
        #expect(stored.referenceNote == challenge.referenceNote)
        #expect(stored.initialOffset == challenge.initialOffset)
        #expect(abs(stored.userError.rawValue - 3.5) < 1e-9)
        #expect(stored.timeTaken == 60)
        #expect(stored.tuneControl == .pitchBend)
        harness.advance(0.4)
        #expect(session.state == .playingReference)
        #expect(harness.player.playedNotes.count == 3)
    }

    @Test("the control moves the tunable note live and only while it sounds")
    func liveTuning() throws {
        let harness = MatchingHarness()
        let session = harness.session
        session.start()
        #expect(!session.adjustPitch(to: 10))  // during the reference: ignored
        #expect(!session.commit())
        harness.advance(1)
        let challenge = try #require(session.currentChallenge)
        #expect(session.adjustPitch(to: -20))
        #expect(session.nudge(by: 2.5))
        let handle = harness.player.handles[1]
        #expect(
            handle.adjustments == [
                tuning.frequency(of: challenge.referenceNote, offsetBy: -20),
                tuning.frequency(of: challenge.referenceNote, offsetBy: -17.5),
            ])
        session.adjustPitch(to: 5000)
        #expect(session.currentOffset.rawValue == PitchMatchingSession.maximumTuningOffset)
        session.adjustPitch(to: -5000)
        #expect(session.currentOffset.rawValue == -PitchMatchingSession.maximumTuningOffset)
    }

    @Test("the error is 1200·log2(f_user / f_reference)")
    func errorFromFrequencies() throws {
        let harness = MatchingHarness(settings: try TrainingSettings(referencePitch: 432))
        harness.session.start()
        harness.advance(1)
        let challenge = try #require(harness.session.currentChallenge)
        harness.session.adjustPitch(to: -27.25)
        harness.session.commit()
        let handle = harness.player.handles[1]
        let reference = EqualTemperament(referencePitch: 432).frequency(of: challenge.referenceNote)
        let expected = 1200 * log2(handle.currentFrequency.hertz / reference.hertz)
        #expect(abs(harness.store.pitchMatchings[0].userError.rawValue - expected) < 1e-9)
        #expect(harness.store.pitchMatchings[0].feedbackBand == .moderate)
    }

    @Test("an untouched commit records the initial offset, never a perfect score")
    func untouchedCommit() throws {
        let harness = MatchingHarness()
        harness.session.start()
        harness.advance(1)
        let challenge = try #require(harness.session.currentChallenge)
        harness.session.commit()
        #expect(
            abs(harness.store.pitchMatchings[0].userError.rawValue - challenge.initialOffset.rawValue) < 1e-9)
        #expect(harness.store.pitchMatchings[0].tuneControl == .unknown)
        #expect(!harness.session.commit())  // once per challenge
        #expect(harness.store.pitchMatchings.count == 1)
    }

    @Test("challenges: notes in range, offsets within ±100 cents")
    func challenges() throws {
        let settings = try TrainingSettings(
            noteRange: NoteRange(48, 60), noteDuration: 0.3, feedbackDuration: 0.1)
        let harness = MatchingHarness(settings: settings, seed: 11)
        harness.session.start()
        var notes = Set<MIDINote>()
        var offsets: [Double] = []
        for _ in 0..<500 {
            let challenge = try #require(harness.session.currentChallenge)
            notes.insert(challenge.referenceNote)
            offsets.append(challenge.initialOffset.rawValue)
            harness.advance(0.3)
            harness.session.commit()
            harness.advance(0.1)
        }
        #expect(notes == Set(settings.noteRange.notes))
        #expect(offsets.allSatisfy { abs($0) <= 100 })
        #expect((offsets.max() ?? 0) > 90 && (offsets.min() ?? 0) < -90)
    }

    @Test("the gap applies between reference and tunable note")
    func gap() throws {
        let harness = MatchingHarness(settings: try TrainingSettings(gapBetweenNotes: 1))
        harness.session.start()
        harness.advance(1.5)
        #expect(harness.session.state == .playingReference)
        #expect(harness.player.soundingHandles.isEmpty)
        harness.advance(0.5)
        #expect(harness.session.state == .playingTunable)
    }

    @Test(
        "stop() from every state discards the attempt",
        arguments: ["idle", "playingReference", "gap", "playingTunable", "showingFeedback"])
    func stopFromEveryState(step: String) throws {
        let harness = MatchingHarness(settings: try TrainingSettings(gapBetweenNotes: 0.5))
        switch step {
        case "playingReference": harness.session.start()
        case "gap":
            harness.session.start()
            harness.advance(1.2)
        case "playingTunable":
            harness.session.start()
            harness.advance(2)
            harness.session.adjustPitch(to: 1)
        case "showingFeedback":
            harness.session.start()
            harness.advance(2)
            harness.session.commit()
        default: break
        }
        let stored = harness.store.pitchMatchings.count
        let played = harness.player.playedNotes.count
        harness.session.stop(reason: .controllerDisconnected("Keystation"))
        #expect(harness.session.state == .idle)
        #expect(harness.player.soundingHandles.isEmpty)
        #expect(!harness.session.commit())
        #expect(!harness.session.adjustPitch(to: 0))
        harness.advance(30)
        #expect(harness.player.playedNotes.count == played)
        #expect(harness.store.pitchMatchings.count == stored)
        #expect(harness.stopReasons == (step == "idle" ? [] : [.controllerDisconnected("Keystation")]))
        #expect(harness.clock.pendingCount == 0)
    }

    @Test("audio failures stop the session; store failures do not")
    func failures() {
        let harness = MatchingHarness()
        harness.session.start()
        harness.player.playError = FakeNotePlayer.Failure("gone")
        harness.advance(1)
        #expect(harness.session.state == .idle)
        #expect(harness.stopReasons == [.audioFailure(FakeNotePlayer.Failure("gone"))])

        let second = MatchingHarness()
        second.store.failing = true
        second.session.start()
        second.advance(1)
        second.session.commit()
        second.advance(0.4)
        #expect(second.session.state == .idle)
        #expect(second.session.committedCount == 0)
        #expect(second.events.contains { if case .observerFailed = $0 { true } else { false } })
        #expect(!second.events.contains { if case .committed = $0 { true } else { false } })
    }

    @Test("settings are read at the start of every challenge")
    func settingsPerTrial() throws {
        let harness = MatchingHarness()
        harness.session.start()
        harness.settings = try TrainingSettings(noteDuration: 2)
        harness.advance(1)
        #expect(harness.session.state == .playingTunable)
        harness.session.commit()
        harness.advance(0.4)
        harness.advance(1)
        #expect(harness.session.state == .playingReference)
        harness.advance(1)
        #expect(harness.session.state == .playingTunable)
    }
}

@Suite("PitchMatchingFeedbackBand")
struct PitchMatchingFeedbackBandTests {
    @Test(
        "bands on the rounded error",
        arguments: [
            (0.0, PitchMatchingFeedbackBand.deadCenter), (0.49, .deadCenter), (-0.49, .deadCenter),
            (0.5, .close),
            (-4.0, .close), (9.49, .close), (9.5, .moderate), (-10.0, .moderate), (30.0, .moderate),
            (30.49, .moderate),
            (30.5, .far), (-99.0, .far),
        ])
    func bands(error: Double, band: PitchMatchingFeedbackBand) {
        #expect(PitchMatchingFeedbackBand(error: Cents(error)) == band)
    }
}
