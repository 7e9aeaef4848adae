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
    // The limit guards against a hang only: the timers take 20 ms, but on the arm64 check's emulated processor
    // the main actor and the thread pool are shared with the whole suite, and a minute was once not enough.
    @Test("timers fire in time order on the main actor; a cancelled one never fires", .timeLimit(.minutes(5)))
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
        #expect(player.playedNotes == [.init(frequency: 440, velocity: 63, amplitude: -6)])
    }
}
