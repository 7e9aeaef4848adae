// SharedSoundOutputTests: a session's view of the box's sound plays keys as keys and stops its notes at its end.

import PeachCore
import PeachTestSupport
import PeachTraining
import Testing

@MainActor
@Suite("The box's shared sound, a session's view")
struct SharedSoundOutputTests {
    @Test(
        "a key goes to the base as a key (an external synth plays it as one); at the end it stops, and nothing more plays"
    )
    func keysAsKeys() throws {
        let base = FakeSoundOutput()
        let shared = SharedSoundOutput(base)
        let a3 = try MIDINote(validating: 57)
        _ = try shared.playKey(a3, velocity: 90, referencePitch: Frequency(hertz: 440), gain: .nominal)
        _ = try shared.play(frequency: Frequency(hertz: 300), velocity: 63, amplitude: 0)
        #expect(base.fake.playedKeys == [a3])
        #expect(base.fake.playedNotes.count == 2 && shared.soundingCount == 2)
        shared.shutdown()
        #expect(base.fake.soundingHandles.isEmpty && base.shutdownCount == 0)  // the box keeps its sound open
        #expect(throws: DeviceError.self) {
            try shared.playKey(a3, velocity: 90, referencePitch: Frequency(hertz: 440), gain: .nominal)
        }
        #expect(base.fake.playedKeys == [a3])
    }
}
