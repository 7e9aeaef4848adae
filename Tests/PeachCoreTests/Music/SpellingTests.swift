// SpellingTests: notes spelled as a musician writes them: chords by stacked thirds, intervals by their number.

import Testing

@testable import PeachCore

@Suite("Spelling")
struct SpellingTests {
    /// The notes of `quality` on `root` (a MIDI number), root position, spelled the English way without octaves.
    func chord(_ root: Int, _ quality: ChordQuality, inversion: Int = 0) -> String {
        let notes = quality.notes(root: root, inversion: inversion).map { MIDINote(clamping: $0) }
        return Spelling.chord(notes, root: MIDINote(clamping: root), quality: quality).map {
            $0.pitchName(.english)
        }.joined(separator: " ")
    }

    @Test("a letter and its accidentals name one key; the octave is the letter's (B♯3 is C4, C♭4 is B3)")
    func spelledNotes() throws {
        let aFlat = try #require(SpelledNote(MIDINote(68), letter: .a))
        #expect(aFlat.accidentals == -1 && aFlat.octave == 4 && aFlat.description == "A♭4")
        #expect(SpelledNote(MIDINote(60), letter: .b)?.description == "B♯3")
        #expect(SpelledNote(MIDINote(59), letter: .c)?.description == "C♭4")
        #expect(SpelledNote(MIDINote(60), letter: .d)?.description == "D𝄫4")
        #expect(SpelledNote(MIDINote(60), letter: .e) == nil, "four flats")
        for number in 0...127 {
            let note = MIDINote(clamping: number)
            for letter in SpelledNote.Letter.allCases {
                if let spelled = SpelledNote(note, letter: letter) { #expect(spelled.note == note) }
            }
        }
    }

    @Test("German names as German musicians write them: H and B, Fis, Es, As, Des, Heses")
    func german() throws {
        func name(_ number: Int, _ letter: SpelledNote.Letter) throws -> String {
            try #require(SpelledNote(MIDINote(clamping: number), letter: letter)).name(.german)
        }
        #expect(try name(71, .b) == "H4")
        #expect(try name(70, .b) == "B4")
        #expect(try name(69, .b) == "Heses4")
        #expect(try name(72, .b) == "His4")
        #expect(try name(66, .f) == "Fis4")
        #expect(try name(63, .e) == "Es4")
        #expect(try name(68, .a) == "As4")
        #expect(try name(61, .d) == "Des4")
        #expect(try name(62, .e) == "Eses4")
        #expect(try name(62, .c) == "Cisis4")
        #expect(try name(64, .f) == "Fes4")
    }

    @Test("chords by stacked thirds from the root: F A♭ C, B♭ D♭ F, F A C E♭, never a sharp for a flat")
    func chords() {
        #expect(chord(65, .minor) == "F A♭ C")
        #expect(chord(58, .minor) == "B♭ D♭ F")
        #expect(chord(65, .dominantSeventh) == "F A C E♭")
        #expect(chord(67, .dominantSeventh, inversion: 1) == "B D F G")
        #expect(chord(61, .major) == "D♭ F A♭")
        #expect(chord(66, .minor) == "F♯ A C♯")
        #expect(chord(68, .major) == "A♭ C E♭")
        #expect(chord(60, .augmented) == "C E G♯")
        #expect(chord(71, .diminishedSeventh) == "B D F A♭")
        #expect(chord(71, .halfDiminishedSeventh) == "B D F A")
        #expect(chord(62, .sus4) == "D G A")
        #expect(chord(63, .sus2) == "E♭ F B♭")
        #expect(chord(64, .majorSeventh) == "E G♯ B D♯")
        #expect(Spelling.chordRoot(MIDINote(70), quality: .minor).pitchName(.english) == "B♭")
        #expect(Spelling.chordRoot(MIDINote(70), quality: .minor).pitchName(.german) == "B")
    }

    @Test("intervals by their number: C to E♭ is the minor third asked, the tritone a diminished fifth")
    func intervals() {
        func spelled(_ reference: Int, _ semitones: Int) -> String {
            let pair = Spelling.interval(
                from: MIDINote(clamping: reference), to: MIDINote(clamping: reference + semitones),
                semitones: semitones)
            return pair.reference.description + " " + pair.target.description
        }
        #expect(spelled(60, 3) == "C4 E♭4")
        #expect(spelled(60, 6) == "C4 G♭4")
        #expect(spelled(60, 8) == "C4 A♭4")
        #expect(spelled(62, 4) == "D4 F♯4")
        #expect(spelled(61, 4) == "D♭4 F4", "fewest accidentals for both notes")
        #expect(spelled(60, -3) == "C4 A3")
        #expect(spelled(63, -4) == "D♯4 B3", "a major third: E♭ to B would be a diminished fourth")
        #expect(spelled(70, 12) == "B♭4 B♭5")
        #expect(spelled(66, 0) == "F♯4 F♯4")
    }

    @Test("a lone note: naturals, and C♯ E♭ F♯ A♭ B♭ for the black keys")
    func lone() {
        #expect(
            (60...71).map { Spelling.lone(MIDINote(clamping: $0)).pitchName(.english) }
                == ["C", "C♯", "D", "E♭", "E", "F", "F♯", "G", "A♭", "A", "B♭", "B"])
    }

    @Test("key signatures: parsed as musicians write them (F#, B♭, Am), named, and out of range refused")
    func keySignatures() {
        #expect(KeySignature(parsing: "C") == .c)
        #expect(KeySignature(parsing: "G")?.fifths == 1 && KeySignature(parsing: "F#")?.fifths == 6)
        #expect(KeySignature(parsing: "F♯")?.fifths == 6 && KeySignature(parsing: "c#")?.fifths == 7)
        #expect(KeySignature(parsing: "Bb")?.fifths == -2 && KeySignature(parsing: "E♭")?.fifths == -3)
        #expect(KeySignature(parsing: "Cb")?.fifths == -7)
        #expect(KeySignature(parsing: "Am") == .c && KeySignature(parsing: "F#m")?.fifths == 3)
        #expect(KeySignature(parsing: "Ebm")?.fifths == -6)
        for bad in ["H", "X", "Fb", "B#", "Cbb", "", "Dbm"] {
            #expect(KeySignature(parsing: bad) == nil, "\(bad)")
        }
        #expect(
            KeySignature.fifthsRange.compactMap { KeySignature(fifths: $0)?.description }
                == ["C♭", "G♭", "D♭", "A♭", "E♭", "B♭", "F", "C", "G", "D", "A", "E", "B", "F♯", "C♯"])
    }

    @Test(
        "a lone note in a key: its scale as the key writes it, others with the fewest accidentals, then the key's side"
    )
    func loneNotesInKeys() throws {
        func lone(_ key: String) throws -> [String] {
            let signature = try #require(KeySignature(parsing: key))
            return (60..<72).map { Spelling.lone(MIDINote(clamping: $0), in: signature).description }
        }
        #expect(
            try lone("C") == ["C4", "C♯4", "D4", "E♭4", "E4", "F4", "F♯4", "G4", "A♭4", "A4", "B♭4", "B4"])
        #expect(
            try lone("E") == ["C4", "C♯4", "D4", "D♯4", "E4", "F4", "F♯4", "G4", "G♯4", "A4", "A♯4", "B4"])
        #expect(
            try lone("Eb") == ["C4", "D♭4", "D4", "E♭4", "E4", "F4", "G♭4", "G4", "A♭4", "A4", "B♭4", "B4"])
        #expect(try lone("F#")[5] == "E♯4", "F♯ major writes its seventh E♯")
        #expect(try lone("Gb")[11] == "C♭5", "G♭ major writes its fourth C♭")
        // A chord's root between two equally plain spellings follows the key: F♯ major (F♯ A♯ C♯) and G♭ major
        // (G♭ B♭ D♭) have three accidentals each; in C it is F♯, in E♭ G♭.
        let fsharp = MIDINote(clamping: 66)
        #expect(Spelling.chordRoot(fsharp, quality: .major).description == "F♯4")
        let eFlat = try #require(KeySignature(parsing: "Eb"))
        #expect(Spelling.chordRoot(fsharp, quality: .major, in: eFlat).description == "G♭4")
    }

    @Test(
        "a melody's passing note as a musician writes it: C C♯ D rising, G G♭ F falling, E♭ E F in E♭; its degree where that is plainer"
    )
    func passingNotes() throws {
        func written(_ notes: [Int], tonic: String, _ mode: KeyMode = .major) throws -> String {
            let key = Key(named: try #require(KeySignature(parsing: tonic)), mode: mode)
            return PlayBackQuestion.spelledPhrase(notes.map { MIDINote(clamping: $0) }, in: key).map(
                \.description
            )
            .joined(separator: " ")
        }
        #expect(try written([60, 61, 62], tonic: "C") == "C4 C♯4 D4")
        #expect(try written([64, 63, 62], tonic: "C") == "E4 E♭4 D4")
        #expect(try written([67, 68, 69], tonic: "C") == "G4 G♯4 A4")
        #expect(try written([67, 66, 65], tonic: "C") == "G4 G♭4 F4")
        #expect(try written([66, 67], tonic: "C") == "F♯4 G4")
        #expect(try written([63, 64, 65], tonic: "Eb") == "E♭4 E4 F4", "not F♭, the ♭2 of E♭")
        // A♮ falling to A♭ in C minor: lowered from B♭ it would be B𝄫, so it stays the degree (♯6).
        #expect(try written([70, 69, 68], tonic: "Eb", .minor) == "B♭4 A4 A♭4")
        // Where no note of the scale follows a semitone away, the degree's own name: D♭ going to C is ♭2 anyway,
        // and a chromatic note leaping on keeps the degree's spelling.
        #expect(try written([61, 60], tonic: "C") == "D♭4 C4")
        #expect(try written([61, 65], tonic: "C") == "D♭4 F4")
    }

    @Test(
        "a plain interval is perfect, major or minor, or a chromatic semitone; augmented and diminished are not"
    )
    func plainIntervals() throws {
        func note(_ name: String) throws -> SpelledNote {
            let letter = try #require(
                SpelledNote.Letter.allCases.first { $0.english == String(name.prefix(1)) })
            let accidentals = name.contains("♯") ? 1 : name.contains("♭") ? -1 : 0
            let octave = try #require(Int(String(name.last ?? "4")))
            let midi = (octave + 1) * 12 + letter.pitchClass + accidentals
            return try #require(SpelledNote(MIDINote(clamping: midi), letter: letter))
        }
        func plain(_ a: String, _ b: String) throws -> Bool { try note(a).isPlainInterval(to: note(b)) }
        #expect(try plain("F4", "G4") && plain("E4", "F4") && plain("F4", "A♭4") && plain("G4", "G♯4"))
        #expect(try plain("C4", "C5") && plain("C4", "G4") && plain("B3", "C4") && plain("E♭4", "B♭3"))
        #expect(try plain("C5", "E♭4") && plain("C4", "B4") && plain("D4", "F4"))
        #expect(try !plain("F4", "G♯4"), "an augmented second")
        #expect(try !plain("E♭4", "B3"), "a diminished fourth")
        #expect(try !plain("F4", "B4") && !plain("B3", "F4"), "the tritone, either way")
        #expect(try !plain("C4", "C♯5"), "an augmented octave")
        #expect(try !plain("C♯4", "E♭4"), "a diminished third")
    }
}
