// LiveSessionClockTests: the real-time clock fires in order and honours cancellation.

import Foundation
import PeachCore
import PeachLive
import PeachTestSupport
import PeachTraining
import Testing

@MainActor
@Suite("LiveSessionClock")
struct LiveSessionClockTests {
    // No time limit: the timers take 20 ms, but the main actor is shared with every other main-actor suite, and
    // on the arm64 check's emulated processor they kept it busy for more than 5 minutes (2026-11-29; a minute
    // was not enough before that). A hang is caught by the check's own bound on the whole run instead.
    @Test("timers fire in time order on the main actor; a cancelled one never fires")
    func firesAndCancels() async {
        let clock = LiveSessionClock()
        var fired: [String] = []
        let before = clock.now
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let cancelled = clock.schedule(after: .milliseconds(2)) { fired.append("cancelled") }
            clock.schedule(after: .milliseconds(20)) {
                fired.append("late")
                done.resume()
            }
            clock.schedule(after: .milliseconds(1)) { fired.append("early") }
            cancelled.cancel()
        }
        #expect(fired == ["early", "late"])
        #expect(clock.now.timeIntervalSince(before) >= 0.02)
    }

    // What the arm64 check met: a later timer's task started, slept and woke while the main actor was busy, before
    // an earlier timer's task had started. Here a main-actor job between the two keeps it busy past both deadlines
    // (a busy wait: the test is about the real clock); the earlier timer still fires first.
    @Test("a timer whose task starts after a later timer has woken still fires first")
    func earlierFiresFirstBehindABusyMainActor() async {
        let clock = LiveSessionClock()
        let fired: [String] = await Self.recorded(2) { record in
            clock.schedule(after: .milliseconds(5)) { record("late") }
            Task { @MainActor in
                let until = ContinuousClock.now + .milliseconds(30)
                while ContinuousClock.now < until {}
            }
            clock.schedule(after: .milliseconds(1)) { record("early") }
        }
        #expect(fired == ["early", "late"])
    }

    // A timer fired by its own wake-up runs its action in that task, which is not cancelled: an action that waits
    // for something (a task it starts, a sleep) would otherwise find itself cancelled at once.
    @Test("an action runs in a task that is not cancelled, whichever wake-up fires it")
    func actionsRunUncancelled() async {
        let clock = LiveSessionClock()
        let cancelled: [Bool] = await Self.recorded(2) { record in
            clock.schedule(after: .milliseconds(1)) { record(Task.isCancelled) }
            clock.schedule(after: .milliseconds(2)) { record(Task.isCancelled) }
        }
        #expect(cancelled == [false, false])
    }

    /// What the timers `schedule` sets up record through the closure it is handed, once `count` are recorded.
    private static func recorded<Value>(
        _ count: Int, _ schedule: (@escaping @MainActor (Value) -> Void) -> Void
    ) async -> [Value] {
        var values: [Value] = []
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            schedule { value in
                values.append(value)
                if values.count == count { done.resume() }
            }
        }
        return values
    }
}

@MainActor
@Suite("NotePlayer fixed-duration playback")
struct FixedDurationPlaybackTests {
    @Test("the note stops after its duration, even when nobody keeps the timer")
    func stopsAfterDuration() throws {
        let clock = VirtualClock()
        let player = FakeNotePlayer()
        _ = try player.play(
            frequency: 440, duration: .seconds(0.5), velocity: 63, amplitude: -6, clock: clock)
        clock.advance(by: .seconds(0.499))
        #expect(player.soundingHandles.count == 1)
        clock.advance(by: .seconds(0.001))
        #expect(player.soundingHandles.isEmpty)
        #expect(player.playedNotes.count == 1)
        let played = try #require(player.playedNotes.first)
        #expect(played.frequency == 440 && played.velocity == 63 && played.amplitude == -6)
    }
}
