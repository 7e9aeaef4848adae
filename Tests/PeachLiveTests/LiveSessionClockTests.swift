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
        let before = clock.now
        let (fired, deadlines) = await Self.recorded(2) { record in
            let cancelled = clock.schedule(after: .milliseconds(2)) { record("cancelled") }
            let late = Self.schedule(clock, after: .milliseconds(20)) { record("late") }
            let early = Self.schedule(clock, after: .milliseconds(1)) { record("early") }
            cancelled.cancel()
            return [("early", early), ("late", late)]
        }
        Self.expectDeadlineOrder(fired, deadlines)
        #expect(clock.now.timeIntervalSince(before) >= 0.02)
    }

    // What the arm64 check met: a later timer's task started, slept and woke while the main actor was busy, before
    // an earlier timer's task had started. Here a main-actor job between the two keeps it busy past both deadlines
    // (a busy wait: the test is about the real clock); the earlier timer still fires first.
    @Test("a timer whose task starts after a later timer has woken still fires first")
    func earlierFiresFirstBehindABusyMainActor() async {
        let clock = LiveSessionClock()
        let (fired, deadlines) = await Self.recorded(2) { record in
            let late = Self.schedule(clock, after: .milliseconds(5)) { record("late") }
            Task { @MainActor in
                let until = ContinuousClock.now + .milliseconds(30)
                while ContinuousClock.now < until {}
            }
            let early = Self.schedule(clock, after: .milliseconds(1)) { record("early") }
            return [("early", early), ("late", late)]
        }
        Self.expectDeadlineOrder(fired, deadlines)
    }

    // A timer fired by its own wake-up runs its action in that task, which is not cancelled: code in an action that
    // asks whether its task was cancelled would otherwise be told so, though its timer fired.
    @Test("an action runs in a task that is not cancelled, whichever wake-up fires it")
    func actionsRunUncancelled() async {
        let clock = LiveSessionClock()
        let (cancelled, _) = await Self.recorded(2) { record in
            clock.schedule(after: .milliseconds(1)) { record(Task.isCancelled) }
            clock.schedule(after: .milliseconds(2)) { record(Task.isCancelled) }
        }
        #expect(cancelled == [false, false])
    }

    /// What the timers `schedule` sets up record through the closure it is handed, once `count` are recorded, and
    /// what `schedule` returned.
    private static func recorded<Value, Result>(
        _ count: Int, _ schedule: (@escaping @MainActor (Value) -> Void) -> Result
    ) async -> (values: [Value], result: Result) {
        var values: [Value] = []
        var done: CheckedContinuation<Void, Never>?
        // The timers fire on the main actor, which this holds until it waits: none can record before `done` is set.
        let result = schedule { value in
            values.append(value)
            if values.count == count { done?.resume() }
        }
        await withCheckedContinuation { done = $0 }
        return (values, result)
    }

    /// Schedules `action` on `clock` after `delay`; returns the bounds of the deadline the clock fixed (`delay` after
    /// the moments just before and just after the call).
    private static func schedule(
        _ clock: LiveSessionClock, after delay: Duration, _ action: @escaping @MainActor () -> Void
    ) -> ClosedRange<ContinuousClock.Instant> {
        let start = ContinuousClock.now
        clock.schedule(after: delay, action)
        return (start + delay)...(ContinuousClock.now + delay)
    }

    /// Expects the timers `fired` in the order of their deadlines. Where the main thread stalled between two
    /// scheduling calls for about the difference of their delays (the arm64 check's emulated processor on a busy
    /// machine can), their deadlines' bounds overlap and either order keeps the clock's promise: then only that
    /// each fired once is expected.
    private static func expectDeadlineOrder(
        _ fired: [String], _ timers: [(name: String, deadline: ClosedRange<ContinuousClock.Instant>)],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let byDeadline = timers.sorted { $0.deadline.lowerBound < $1.deadline.lowerBound }
        let distinct = zip(byDeadline, byDeadline.dropFirst()).allSatisfy {
            $0.deadline.upperBound < $1.deadline.lowerBound
        }
        if distinct {
            #expect(fired == byDeadline.map(\.name), sourceLocation: sourceLocation)
        } else {
            #expect(fired.sorted() == timers.map(\.name).sorted(), sourceLocation: sourceLocation)
        }
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
