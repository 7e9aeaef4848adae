// NoteNamingTests: note names the English way (B, Bb) and the German (H, B), both ways.

import PeachCore
import Testing

@Suite("Note naming")
struct NoteNamingTests {
    @Test("German reads H as B and B as B-flat, and writes them so; English is unchanged")
    func german() throws {
        let german = NoteNaming.german
        #expect(try german.note("H4").rawValue == 71)
        #expect(try german.note("B4").rawValue == 70)
        #expect(try german.note("h3").rawValue == 59 && german.note("b3").rawValue == 58)
        #expect(try german.note("C#3").rawValue == 49 && german.note("Eb3").rawValue == 51)
        #expect(try german.note("60").rawValue == 60)
        #expect(german.name(of: 71) == "H4" && german.name(of: 70) == "B4" && german.name(of: 69) == "A4")
        #expect(try german.range("H2-H4") == NoteRange(47, 71))
        #expect(german.name(of: NoteRange(47, 71)) == "H2-H4")
        #expect(try NoteNaming.english.note("B4").rawValue == 71)
        #expect(NoteNaming.english.name(of: 70) == "A#4")
        for number in 0...127 {
            let note = MIDINote(clamping: number)
            #expect(try german.note(german.name(of: note)) == note, "\(note)")
            #expect(try NoteNaming.english.note(NoteNaming.english.name(of: note)) == note)
        }
    }

    @Test("a name that is none is refused as it was written")
    func refused() {
        #expect(throws: DomainValueError.invalidNoteName("X4")) { try NoteNaming.german.note("X4") }
        #expect(throws: DomainValueError.invalidNoteRange("H2")) { try NoteNaming.german.range("H2") }
    }
}
