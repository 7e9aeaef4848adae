// EqualTemperamentTests: note + cents ↔ frequency, and its precision.

import PeachCore
import Testing

@Suite("EqualTemperament")
struct EqualTemperamentTests {
    @Test("known frequencies at A4 = 440 Hz")
    func knownFrequencies() {
        let tuning = EqualTemperament.standard
        #expect(abs(tuning.frequency(of: 69).hertz - 440) < 1e-12)
        #expect(abs(tuning.frequency(of: 81).hertz - 880) < 1e-9)
        #expect(abs(tuning.frequency(of: 60).hertz - 261.625_565_300_6) < 1e-9)
        #expect(abs(tuning.frequency(of: 21).hertz - 27.5) < 1e-12)
        #expect(abs(tuning.frequency(of: 69, offsetBy: 100).hertz - tuning.frequency(of: 70).hertz) < 1e-9)
        #expect(abs(tuning.frequency(of: 69, offsetBy: 1200).hertz - 880) < 1e-9)
    }

    @Test("the reference pitch moves every note")
    func referencePitch() {
        let baroque = EqualTemperament(referencePitch: 415)
        #expect(abs(baroque.frequency(of: 69).hertz - 415) < 1e-12)
        #expect(abs(baroque.frequency(of: 57).hertz - 207.5) < 1e-12)
    }

    @Test(
        "round trip error below 0.001 cent over MIDI 0–127", arguments: [380.0, 415.0, 440.0, 442.0, 500.0])
    func roundTrip(reference: Double) throws {
        let tuning = EqualTemperament(referencePitch: Frequency(hertz: reference))
        var worst = 0.0
        for number in 0...127 {
            let note = try MIDINote(validating: number)
            for cents in [-100.0, -49.95, -12.3, -0.1, 0, 0.05, 0.1, 7.77, 50, 99.9] {
                let frequency = tuning.frequency(of: note, offsetBy: Cents(cents))
                let back = tuning.cents(of: frequency, relativeTo: note)
                worst = max(worst, abs(back.rawValue - cents))
            }
        }
        #expect(worst < 0.001)
        #expect(worst < 1e-8)  // in practice far better
    }

    @Test("cents between two frequencies")
    func centsBetween() {
        #expect(abs(EqualTemperament.cents(from: 440, to: 880).rawValue - 1200) < 1e-9)
        #expect(abs(EqualTemperament.cents(from: 440, to: 220).rawValue + 1200) < 1e-9)
        #expect(EqualTemperament.cents(from: 440, to: 440).rawValue == 0)
    }

    @Test("nearest note and offset")
    func nearestNote() throws {
        let tuning = EqualTemperament.standard
        let found = try #require(tuning.nearestNote(to: tuning.frequency(of: 61, offsetBy: -30)))
        #expect(found.note == 61)
        #expect(abs(found.offset.rawValue + 30) < 1e-9)
        #expect(tuning.nearestNote(to: 1) == nil)
        #expect(tuning.nearestNote(to: 50_000) == nil)
    }
}
