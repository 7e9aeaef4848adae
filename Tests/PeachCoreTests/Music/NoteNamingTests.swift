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
        // The German endings: is a sharp, es a flat (s after A and E), doubled for a double sharp or flat.
        let endings: [(String, Int)] = [
            ("Fis3", 54), ("Es4", 63), ("As2", 44), ("Des5", 73), ("Ces4", 59), ("His3", 60), ("Eis4", 65),
            ("Ais4", 70), ("Gis1", 32), ("fis3", 54), ("es4", 63), ("Heses2", 45), ("Fisis3", 55),
            ("Ases4", 67),
            ("Eses4", 62),
        ]
        for (name, number) in endings {
            #expect(try german.note(name).rawValue == number, "\(name)")
        }
        #expect(try german.range("Fis2-Es5") == NoteRange(42, 75))
        #expect(
            german.name(of: 54) == "Fis3" && german.name(of: 61) == "Cis4" && german.name(of: 63) == "Dis4")
        #expect(throws: DomainValueError.invalidNoteName("Fis3")) { try NoteNaming.english.note("Fis3") }
        #expect(german.name(of: NoteRange(47, 71)) == "H2-H4")
        #expect(try NoteNaming.english.note("B4").rawValue == 71)
        #expect(NoteNaming.english.name(of: 70) == "A#4")
        for number in 0...127 {
            let note = MIDINote(clamping: number)
            #expect(try german.note(german.name(of: note)) == note, "\(note)")
            #expect(try NoteNaming.english.note(NoteNaming.english.name(of: note)) == note)
        }
    }

    @Test("German keys as German musicians write them: H is B, B is B-flat, -is sharp, -es flat, -Moll minor")
    func germanKeys() {
        let german = NoteNaming.german
        let cases: [(String, String)] = [
            ("H", "B"), ("B", "Bb"), ("Es", "Eb"), ("As", "Ab"), ("Des", "Db"), ("Ges", "Gb"), ("Ces", "Cb"),
            ("Fis", "F#"), ("Cis", "C#"), ("His", "B#"), ("C", "C"), ("es", "Eb"), ("Es-Dur", "Eb"),
            ("fis-Moll", "F#m"), ("h-moll", "Bm"), ("Hm", "Bm"), ("b-Moll", "Bbm"), ("Esm", "Ebm"),
            ("F#", "F#"), ("Eb", "Eb"), ("Bb", "Bb"), ("E♭", "Eb"), (" G ", "G"),
        ]
        for (typed, english) in cases {
            #expect(german.englishKey(typed) == english, "\(typed)")
        }
        // Not German key names: left as written, for the parser to refuse with the user's own words.
        for typed in ["B#", "Bis", "X", "", "random", "Fisis", "Cb#", "Esm5"] {
            #expect(german.englishKey(typed) == typed, "\(typed)")
        }
        #expect(KeySignature(parsing: german.englishKey("B"))?.fifths == -2)
        #expect(KeySignature(parsing: german.englishKey("H"))?.fifths == 5)
        #expect(KeySignature(parsing: german.englishKey("fis-Moll"))?.fifths == 3)
        #expect(NoteNaming.english.englishKey("B") == "B" && NoteNaming.english.englishKey("Es") == "Es")
    }

    @Test("a key's tonic in each naming, for every signature; German names read back to the same key")
    func keyNames() throws {
        let names = KeySignature.fifthsRange.compactMap(KeySignature.init(fifths:))
        #expect(
            names.map { NoteNaming.german.name(of: $0) } == [
                "Ces", "Ges", "Des", "As", "Es", "B", "F", "C", "G", "D", "A", "E", "H", "Fis", "Cis",
            ])
        #expect(names.map { NoteNaming.english.name(of: $0) } == names.map(\.description))
        for signature in names {
            let german = NoteNaming.german.name(of: signature)
            #expect(KeySignature(parsing: NoteNaming.german.englishKey(german)) == signature, "\(german)")
        }
    }

    @Test("a name that is none is refused as it was written")
    func refused() {
        #expect(throws: DomainValueError.invalidNoteName("X4")) { try NoteNaming.german.note("X4") }
        #expect(throws: DomainValueError.invalidNoteRange("H2")) { try NoteNaming.german.range("H2") }
    }
}
