// SoundingKeysTests: play-through's bookkeeping — a key struck again, let go, held by the pedal, all released.

import PeachCore
import Testing

@Suite("Sounding keys")
struct SoundingKeysTests {
    @Test(
        "a key let go gives its voice back; struck again it gives the old one; the pedal holds until lifted")
    func bookkeeping() {
        var keys = SoundingKeys<String>()
        keys.sound(60, on: "c")
        keys.sound(64, on: "e")
        #expect(keys.letGo(60) == "c" && keys.letGo(60) == nil && keys.keys == [64])
        #expect(keys.restrike(64) == "e" && keys.restrike(64) == nil)
        keys.sound(64, on: "e2")
        #expect(keys.pedal(down: true).isEmpty && keys.pedalDown)
        keys.sound(67, on: "g")
        #expect(keys.letGo(64) == nil && keys.letGo(67) == nil && keys.keys == [64, 67])
        // Struck again while held: no longer held, so lifting the pedal leaves it sounding.
        #expect(keys.restrike(67) == "g")
        keys.sound(67, on: "g2")
        #expect(keys.pedal(down: false) == ["e2"] && keys.keys == [67])
        #expect(keys.letGo(67) == "g2")
        keys.sound(72, on: "c2")
        _ = keys.pedal(down: true)
        #expect(keys.releaseAll() == ["c2"] && keys.keys.isEmpty && !keys.pedalDown)
    }
}
