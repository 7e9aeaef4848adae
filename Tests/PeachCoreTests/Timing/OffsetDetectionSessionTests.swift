// OffsetDetectionSessionTests: the offset-detection loop in virtual time: clicks, answers, staircase, stops.

import Foundation
import PeachCore
import PeachTestSupport
import Testing

@MainActor
final class OffsetDetectionHarness {
    let clock = VirtualClock()
    let clicks: FakeClickPlayer
    let store = InMemoryTrainingStore()
    let session: OffsetDetectionSession
    let recorder = EventRecorder<OffsetDetectionEvent>()
    var settings = TimingSettings.defaults

    init(seed: UInt64 = 3) {
        clicks = FakeClickPlayer(clock: clock, leadTime: 0.1, frameRate: 48_000)
        let box = Box()
        session = OffsetDetectionSession(
            clicks: clicks, settings: { box.settings }, clock: clock, observers: [store],
            generator: SeededRandomGenerator(seed: seed))
        self.box = box
        session.addEventHandler { [recorder] in recorder.events.append($0) }
    }

    final class Box { var settings = TimingSettings.defaults }
    let box: Box

    func advance(_ seconds: Double) { clock.advance(by: .seconds(seconds)) }

    var answered: [CompletedOffsetDetection] {
        recorder.events.compactMap { if case .answered(let completed) = $0 { completed } else { nil } }
    }

    /// Runs until the session awaits an answer.
    func untilAnswerable() {
        clock.run(until: { session.state == .awaitingAnswer }, limit: .seconds(10))
    }
}

@MainActor
@Suite("OffsetDetectionSession")
struct OffsetDetectionSessionTests {
    @Test(
        "played once, a trial places four clicks a sixteenth apart, the third offset; answers count once it has sounded"
    )
    func trialAndAnswer() throws {
        let harness = OffsetDetectionHarness()
        harness.box.settings = try TimingSettings(maxRepetitions: 1)
        harness.session.start()
        #expect(harness.session.state == .playingClicks)
        let trial = try #require(harness.session.currentTrial)
        #expect(trial.offsetPercent == TimingStaircase.maximumPercent)
        let times = harness.clicks.clicks.map(\.time)
        #expect(times.count == 4)
        #expect(abs(times[0] - 0.1) < 1 / 48_000)
        for (index, expected) in trial.clickTimes.enumerated() {
            #expect(abs(times[index] - (times[0] + expected)) <= 1 / 48_000)
        }
        // Too early: the offset click has not sounded.
        harness.advance(0.1 + 0.1875)
        #expect(!harness.session.answer(trial.direction))
        harness.untilAnswerable()
        #expect(abs(harness.clicks.now - times[2]) < 1e-9)
        harness.advance(0.3)
        #expect(harness.session.answer(trial.direction, input: .midiNote))
        #expect(!harness.session.answer(trial.direction))  // once per trial
        let stored = try #require(harness.store.offsetDetections.first)
        #expect(stored.isCorrect)
        #expect(abs(stored.responseTime - 0.3) < 1e-6)
        #expect(stored.inputKind == .midiNote)
        #expect(harness.session.state == .showingFeedback)
        // The next trial starts after the feedback and the last click, one step narrower.
        harness.clock.run(until: { harness.session.state == .playingClicks }, limit: .seconds(5))
        let next = try #require(harness.session.currentTrial)
        #expect(abs(next.offsetPercent - TimingStaircase.nextPercent(after: 20, wasCorrect: true)) < 1e-12)
        #expect(harness.clicks.clicks.count == 8)
        #expect(harness.clicks.clicks[4].time > times[3])
    }

    @Test("a listener who is always right drives the offset down; wrong answers drive it back up")
    func staircaseFollowsAnswers() throws {
        let harness = OffsetDetectionHarness()
        harness.session.start()
        for _ in 0..<30 {
            harness.untilAnswerable()
            let trial = try #require(harness.session.currentTrial)
            harness.session.answer(trial.direction)
        }
        let narrow = try #require(harness.answered.last).trial.offsetPercent
        #expect(narrow < 3)
        for _ in 0..<10 {
            harness.untilAnswerable()
            let trial = try #require(harness.session.currentTrial)
            harness.session.answer(trial.direction == .early ? .late : .early)
        }
        #expect(try #require(harness.answered.last).trial.offsetPercent > narrow)
        #expect(harness.session.correctCount == 30)
        #expect(harness.session.answeredCount == 40)
        let early = harness.answered.count { $0.trial.direction == .early }
        #expect(abs(early - 20) <= 1)
    }

    @Test("stop drops the clicks not yet heard and records nothing; a failing store stops it unacknowledged")
    func stopsAndFailures() throws {
        let harness = OffsetDetectionHarness()
        harness.session.start()
        harness.advance(0.2)
        harness.session.stop()
        #expect(harness.session.state == .idle)
        #expect(harness.clicks.droppedCount == 7)  // two repetitions were placed; the first click was heard
        #expect(harness.store.offsetDetections.isEmpty)
        harness.advance(5)
        #expect(harness.clicks.clicks.count == 1)  // nothing more was placed

        let failing = OffsetDetectionHarness()
        failing.store.failing = true
        failing.session.start()
        failing.untilAnswerable()
        failing.session.answer(.early)
        #expect(failing.answered.isEmpty)
        #expect(failing.session.state == .idle)
        #expect(failing.recorder.events.contains { if case .observerFailed = $0 { true } else { false } })
        #expect(
            failing.recorder.events.contains { if case .stopped(.storeFailure) = $0 { true } else { false } })

        let broken = OffsetDetectionHarness()
        broken.clicks.failing = true
        broken.session.start()
        #expect(broken.session.state == .idle)
        #expect(
            broken.recorder.events.contains { if case .stopped(.audioFailure) = $0 { true } else { false } })
    }

    @Test(
        "a dropout before the offset click discards the trial unanswered; one before the answer refuses it; the next trial starts after a rest"
    )
    func dropouts() throws {
        let harness = OffsetDetectionHarness()
        harness.session.start()
        let first = try #require(harness.session.currentTrial)
        // The sound breaks off before the offset click: no answer is awaited, its clicks not yet heard are dropped.
        harness.advance(0.15)
        harness.clicks.dropoutCount = 1
        harness.clock.run(until: { harness.session.state != .playingClicks }, limit: .seconds(2))
        #expect(harness.session.state == .resting)
        #expect(harness.session.currentTrial == nil)
        #expect(harness.clicks.droppedCount > 0)
        #expect(!harness.session.answer(first.direction))
        #expect(harness.recorder.events.contains { if case .dropout = $0 { true } else { false } })
        // A second's rest, then a new trial at the same offset (nothing was answered).
        let restStart = harness.clicks.now
        harness.clock.run(until: { harness.session.state == .playingClicks }, limit: .seconds(5))
        #expect(abs(harness.clicks.now - restStart - OffsetDetectionSession.dropoutRest) < 1e-9)
        let second = try #require(harness.session.currentTrial)
        #expect(second.offsetPercent == first.offsetPercent)
        // The sound breaks off while an answer is awaited: the answer is refused and nothing is stored.
        harness.untilAnswerable()
        harness.clicks.dropoutCount = 2
        #expect(!harness.session.answer(second.direction))
        #expect(harness.session.state == .resting)
        #expect(harness.store.offsetDetections.isEmpty)
        // A trial without a dropout is answered and stored as ever.
        harness.clock.run(until: { harness.session.state == .playingClicks }, limit: .seconds(5))
        let third = try #require(harness.session.currentTrial)
        harness.untilAnswerable()
        #expect(harness.session.answer(third.direction))
        #expect(harness.store.offsetDetections.count == 1)
        #expect(harness.answered.count == 1)
    }

    @Test(
        "no trial's clicks are placed while the output's timeline settles: at the start, and after a dropout")
    func waitsForTheTimeline() throws {
        let harness = OffsetDetectionHarness()
        harness.clicks.settledAt = 1.2
        harness.session.start()
        #expect(harness.session.state == .settling)
        #expect(harness.clicks.clicks.isEmpty)
        harness.clock.run(until: { harness.session.state == .playingClicks }, limit: .seconds(5))
        #expect(abs(harness.clicks.now - 1.2) < 1e-9)
        #expect(abs((harness.clicks.clicks.first?.time ?? 0) - 1.3) < 1 / 48_000)
        // A dropout measures the timeline anew: after the rest, the next trial waits for it too.
        harness.advance(0.05)
        harness.clicks.dropoutCount = 1
        harness.clicks.settledAt = harness.clicks.now + 1.5
        harness.clock.run(until: { harness.session.state != .playingClicks }, limit: .seconds(2))
        let placed = harness.clicks.clicks.count
        harness.advance(OffsetDetectionSession.dropoutRest + 0.01)
        #expect(harness.session.state == .settling)
        #expect(harness.clicks.clicks.count == placed)
        harness.clock.run(until: { harness.session.state == .playingClicks }, limit: .seconds(5))
        #expect(abs(harness.clicks.now - harness.clicks.settledAt) < 1e-9)
        // Stopping while it waits stops it.
        harness.session.stop()
        #expect(harness.session.state == .idle)
    }

    @Test(
        "the pattern loops until answered, the offset note off the grid in every repetition; an answer stops the loop"
    )
    func loopsUntilAnswered() throws {
        let harness = OffsetDetectionHarness()
        harness.session.start()
        let trial = try #require(harness.session.currentTrial)
        let beat = Tempo.standard.beat
        // Two repetitions are placed ahead, a beat apart, the offset note offset in both.
        var times = harness.clicks.clicks.map(\.time)
        #expect(times.count == 8)
        for index in 0..<4 { #expect(abs(times[index + 4] - times[index] - beat) <= 1 / 48_000) }
        #expect(abs(times[2] - times[0] - (2 * trial.step + trial.offsetMs / 1000)) <= 1 / 48_000)
        harness.untilAnswerable()
        let firstOffsetNote = harness.clicks.now
        // Unanswered, the loop goes on: the second repetition begins and a third is placed.
        harness.clock.run(
            until: { harness.recorder.events.contains { if case .repetition = $0 { true } else { false } } },
            limit: .seconds(2))
        #expect(abs(harness.clicks.now - (times[0] + beat)) < 1e-9)
        times = harness.clicks.clicks.map(\.time)
        #expect(times.count == 12)
        #expect(abs(times[10] - times[8] - (times[2] - times[0])) <= 1 / 48_000)
        let numbers = harness.recorder.events.compactMap {
            if case .repetition(_, let number, _) = $0 { number } else { nil }
        }
        #expect(numbers == [2])
        // The answer in the third repetition counts from the first offset note, and drops the notes not heard.
        harness.advance(beat + 0.1)
        #expect(harness.session.answer(trial.direction))
        let stored = try #require(harness.store.offsetDetections.first)
        #expect(abs(stored.responseTime - (harness.clicks.now - firstOffsetNote)) < 1e-6)
        #expect(harness.clicks.clicks.allSatisfy { $0.time <= harness.clicks.now })
        #expect(harness.clicks.droppedCount > 0)
        harness.clock.run(until: { harness.session.state == .playingClicks }, limit: .seconds(5))
        #expect(harness.session.currentTrial != trial)
    }

    @Test("with a maximum, the loop stops after that many repetitions and the answer is still awaited")
    func maximumRepetitions() throws {
        let harness = OffsetDetectionHarness()
        harness.box.settings = try TimingSettings(maxRepetitions: 3)
        harness.session.start()
        let trial = try #require(harness.session.currentTrial)
        harness.advance(10)
        #expect(harness.clicks.clicks.count == 12)
        #expect(harness.session.state == .awaitingAnswer)
        let numbers = harness.recorder.events.compactMap {
            if case .repetition(_, let number, _) = $0 { number } else { nil }
        }
        #expect(numbers == [2, 3])
        #expect(harness.session.answer(trial.direction))
        #expect(harness.store.offsetDetections.count == 1)
    }

    @Test(
        "patterns take turns; the offset falls on the nearest step that may be offset and is a share of the pattern's step"
    )
    func patternsInTurn() throws {
        let harness = OffsetDetectionHarness()
        let triplet = try #require(TimingPattern.named("3:x-x"))
        let gapped = try #require(TimingPattern.named("4:x--x"))
        harness.box.settings = try TimingSettings(
            offsetClick: 2, patterns: [triplet, gapped], maxRepetitions: 1)
        harness.session.start()
        var trials: [OffsetDetectionTrial] = []
        for _ in 0..<3 {
            harness.untilAnswerable()
            let trial = try #require(harness.session.currentTrial)
            trials.append(trial)
            harness.session.answer(trial.direction)
        }
        #expect(trials.map(\.pattern) == [triplet, gapped, triplet])
        // Step 2 is a rest in both: the triplet's nearest note that may be offset is step 3, the gapped one's 4.
        #expect(trials.map(\.offsetPosition) == [3, 4, 3])
        // 20 % of a triplet eighth at 80 BPM: 50 ms (not of a sixteenth: 37.5 ms).
        #expect(abs(abs(trials[0].offsetMs) - 50) < 1e-9)
        #expect(abs(trials[0].step - 0.25) < 1e-12)
        let stored = harness.store.offsetDetections.map(\.trial.pattern)
        #expect(stored == [triplet, gapped, triplet])
        // The triplet's two notes: the beat, and step 3 off by the offset.
        let first = harness.clicks.clicks.prefix(2).map(\.time)
        #expect(abs(first[1] - first[0] - (0.5 + trials[0].offsetMs / 1000)) <= 1 / 48_000)
    }
}
