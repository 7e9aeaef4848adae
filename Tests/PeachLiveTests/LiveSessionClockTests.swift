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
