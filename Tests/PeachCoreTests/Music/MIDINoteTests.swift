// MIDINoteTests: validation, names, parsing and coding of MIDI notes.

import Foundation
import PeachCore
import Testing

@Suite("MIDINote")
struct MIDINoteTests {
    @Test("accepts 0 and 127, rejects -1 and 128")
    func boundaries() throws {
        #expect(try MIDINote(validating: 0).rawValue == 0)
        #expect(try MIDINote(validating: 127).rawValue == 127)
        #expect(throws: DomainValueError.midiNoteOutOfRange(-1)) { try MIDINote(validating: -1) }
        #expect(throws: DomainValueError.midiNoteOutOfRange(128)) { try MIDINote(validating: 128) }
    }

    @Test("clamping keeps notes in 0…127")
    func clamping() {
        #expect(MIDINote(clamping: -5).rawValue == 0)
        #expect(MIDINote(clamping: 300).rawValue == 127)
        #expect(MIDINote(clamping: 64).rawValue == 64)
    }

    @Test(
        "names in scientific pitch notation",
        arguments: [
            (0, "C-1"), (21, "A0"), (60, "C4"), (61, "C#4"), (69, "A4"), (51, "D#3"), (108, "C8"),
            (127, "G9"),
        ])
    func names(number: Int, name: String) throws {
        #expect(try MIDINote(validating: number).name == name)
        #expect(try MIDINote(parsing: name).rawValue == number)
    }

    @Test("every note's name parses back to the note")
    func nameRoundTrip() throws {
        for number in 0...127 {
            let note = try MIDINote(validating: number)
            #expect(try MIDINote(parsing: note.name) == note)
        }
    }

    @Test("parses flats, lower case, unicode accidentals and numbers")
    func parsingVariants() throws {
        #expect(try MIDINote(parsing: "Bb3").rawValue == 58)
        #expect(try MIDINote(parsing: "b♭3").rawValue == 58)
        #expect(try MIDINote(parsing: "c♯4").rawValue == 61)
        #expect(try MIDINote(parsing: " a4 ").rawValue == 69)
        #expect(try MIDINote(parsing: "Cb4").rawValue == 59)
        #expect(try MIDINote(parsing: "72").rawValue == 72)
    }

    @Test(
        "rejects what is not a note",
        arguments: ["", "H4", "C", "C10", "A#", "4A", "C4x", "C-2", "--", "G#9"])
    func parsingErrors(text: String) {
        #expect(throws: DomainValueError.self) { try MIDINote(parsing: text) }
    }

    @Test("frequency for a reference pitch")
    func frequency() {
        #expect((69 as MIDINote).frequency().hertz == 440)
        #expect((69 as MIDINote).frequency(referencePitch: 415).hertz == 415)
        #expect(abs((60 as MIDINote).frequency(referencePitch: 442).hertz - 442 * pow(2, -9.0 / 12)) < 1e-9)
    }

    @Test("octave, pitch class and black keys")
    func properties() {
        let note: MIDINote = 61
        #expect(note.octave == 4)
        #expect(note.pitchClass == 1)
        #expect(note.isBlackKey)
        #expect(!(60 as MIDINote).isBlackKey)
    }

    @Test("decodes numbers and rejects out-of-range ones")
    func coding() throws {
        let decoded = try JSONDecoder().decode([MIDINote].self, from: Data("[0, 69, 127]".utf8))
        #expect(decoded == [0, 69, 127])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([MIDINote].self, from: Data("[128]".utf8))
        }
        #expect(String(decoding: try JSONEncoder().encode([60 as MIDINote]), as: UTF8.self) == "[60]")
    }

    @Test("random notes stay in range and cover it")
    func random() {
        var generator = SeededRandomGenerator(seed: 1)
        var seen = Set<MIDINote>()
        for _ in 0..<2000 {
            let note = MIDINote.random(in: 60...64, using: &generator)
            #expect((60...64).contains(note))
            seen.insert(note)
        }
        #expect(seen.count == 5)
    }
}
