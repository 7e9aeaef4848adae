// MIDIClickPlayerTests: timing clicks on an external synth: wood blocks on channel 10, sent when due, dropped on cancel.

import PeachCore
import PeachMIDI
import PeachTestSupport
import Testing

@MainActor
@Suite("MIDIClickPlayer")
struct MIDIClickPlayerTests {
    @Test(
        "each click is a 30 ms wood block on channel 10 sent at its time; cancelling drops the rest and ends the notes"
    )
    func clicks() throws {
        let clock = VirtualClock()
        let destination = RecordingMIDIDestination()
        let player = MIDIClickPlayer(destination: destination, clock: clock) { clock.elapsed.seconds }
        #expect(!player.isExact)
        #expect(try player.click(at: 0.1, accent: true) == 0.1)
        _ = try player.click(at: 0.3, accent: false)
        _ = try player.click(at: 0.5, accent: false)
        clock.advance(by: .milliseconds(99))
        #expect(destination.messages.isEmpty)
        clock.advance(by: .milliseconds(1))
        #expect(destination.messages == [.noteOn(channel: 9, note: 76, velocity: 110)])
        clock.advance(by: .milliseconds(30))
        #expect(destination.messages.last == .noteOff(channel: 9, note: 76, velocity: 0))
        clock.advance(by: .milliseconds(170))
        #expect(destination.messages.last == .noteOn(channel: 9, note: 77, velocity: 90))
        destination.clear()
        player.cancelClicks()
        clock.advance(by: .seconds(1))
        #expect(
            destination.messages == [
                .noteOff(channel: 9, note: 76, velocity: 0), .noteOff(channel: 9, note: 77, velocity: 0),
            ])
    }
}
