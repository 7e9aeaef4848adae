// ScaleDegreeTests: degrees named as musicians count and sing them, keys spelled from their tonic, resolutions.

import PeachCore
import Testing

@Suite("Scale degrees and keys")
struct ScaleDegreeTests {
    @Test(
        "every pitch class has one name in each mode: ♭ and ♯ as a teacher writes them, minor counted in minor"
    )
    func names() {
        #expect(
            ScaleDegree.all(.major).map(\.name) == [
                "1", "♭2", "2", "♭3", "3", "4", "♯4", "5", "♭6", "6", "♭7", "7",
            ])
        #expect(
            ScaleDegree.all(.minor).map(\.name) == [
                "1", "♭2", "2", "3", "♯3", "4", "♯4", "5", "6", "♯6", "7", "♯7",
            ])
        #expect(
            ScaleDegree.all(.major).map(\.solfege).joined(separator: " ")
                == "do ra re me mi fa fi sol le la te ti")
        #expect(
            ScaleDegree.all(.major).map { $0.solfege(in: .german) }.joined(separator: " ")
                == "do ru re mu mi fa fi so lu la tu ti")
        // Minor's degrees: its 6 is the major's ♭6, and do-based solfège sings it le.
        let sixthInMinor = ScaleDegree(mode: .minor, number: 6, alteration: 0)
        #expect(sixthInMinor?.semitones == 8 && sixthInMinor?.solfege == "le")
        #expect(ScaleDegree(mode: .minor, number: 6, alteration: -1) == nil)
        #expect(ScaleDegree(mode: .major, number: 4, alteration: -1) == nil)
        #expect(
            ScaleDegree(mode: .minor, semitones: 11).isDiatonic
                && !ScaleDegree(mode: .major, semitones: 10).isDiatonic)
    }

    @Test("a degree resolves home by step: 4 3 2 1 down, 6 7 8 up, ♭6 to 5, ♯4 to 5, minor's 7 to the octave")
    func resolutions() {
        func path(_ mode: KeyMode, _ semitones: Int) -> [Int] {
            ScaleDegree(mode: mode, semitones: semitones).resolution
        }
        #expect(path(.major, 0) == [])
        #expect(path(.major, 5) == [4, 2, 0])
        #expect(path(.major, 7) == [5, 4, 2, 0])
        #expect(path(.major, 9) == [11, 12])
        #expect(path(.major, 11) == [12])
        #expect(path(.major, 8) == [7, 5, 4, 2, 0])
        #expect(path(.major, 6) == [7, 5, 4, 2, 0])
        #expect(path(.major, 1) == [0])
        #expect(path(.minor, 3) == [2, 0])
        #expect(path(.minor, 8) == [7, 5, 3, 2, 0])
        #expect(path(.minor, 10) == [12])
        // Every path ends on the tonic or its octave and moves by step (a semitone or a whole tone).
        for mode in KeyMode.allCases {
            for degree in ScaleDegree.all(mode) where degree.semitones != 0 {
                let notes = [degree.semitones] + degree.resolution
                #expect([0, 12].contains(notes.last ?? -1), "\(degree) in \(mode)")
                #expect(
                    zip(notes, notes.dropFirst()).allSatisfy { abs($0 - $1) <= 2 },
                    "\(degree) in \(mode): \(notes)")
            }
        }
    }

    @Test(
        "a key spells its scale from the tonic's letter: E♭ major, C minor with B♮, F♯ major's E♯, ♭6 as A♭ in C"
    )
    func spelling() {
        func spelled(_ key: Key, _ notes: [Int]) -> String {
            notes.map { key.spelled(MIDINote(clamping: $0)).description }.joined(separator: " ")
        }
        let eFlat = Key(tonic: 3, mode: .major)
        #expect(spelled(eFlat, [63, 65, 67, 68, 70, 72, 74]) == "E♭4 F4 G4 A♭4 B♭4 C5 D5")
        #expect(
            spelled(Key(tonic: 0, mode: .minor), [60, 62, 63, 65, 67, 68, 70, 71])
                == "C4 D4 E♭4 F4 G4 A♭4 B♭4 B4")
        #expect(spelled(Key(tonic: 6, mode: .major, leaning: KeySignature(fifths: 1) ?? .c), [65]) == "E♯4")
        #expect(spelled(Key(tonic: 0, mode: .major), [68, 66, 70, 61]) == "A♭4 F♯4 B♭4 D♭4")
        // E♭ minor's third is G♭, not F♯.
        #expect(spelled(Key(tonic: 3, mode: .minor), [66]) == "G♭4")
    }

    @Test(
        "a key's tonic takes the plainer of two enharmonic keys; six each way goes the way the player's key leans"
    )
    func tonics() {
        #expect(Key(tonic: 1, mode: .major).description == "D♭ major")
        #expect(Key(tonic: 1, mode: .minor).description == "C♯ minor")
        #expect(Key(tonic: 11, mode: .major).description == "B major")
        #expect(Key(tonic: 8, mode: .minor).description == "G♯ minor")
        #expect(Key(tonic: 6, mode: .major).description == "G♭ major")
        #expect(Key(tonic: 6, mode: .major, leaning: KeySignature(fifths: 2) ?? .c).description == "F♯ major")
        #expect(Key(tonic: 3, mode: .minor).description == "E♭ minor")
        #expect(Key(tonic: 10, mode: .minor).description == "B♭ minor")
        #expect(Key(tonic: 9, mode: .minor).signature == .c)
    }

    @Test(
        "a major key the player names keeps their spelling, C♯ and F♯ major; a minor key takes the plainer one"
    )
    func namedTonics() {
        func key(_ name: String, _ mode: KeyMode) -> String {
            guard let signature = KeySignature(parsing: name) else { return "unparsed \(name)" }
            return Key(named: signature, mode: mode).description
        }
        #expect(key("C#", .major) == "C♯ major")
        #expect(key("C#", .minor) == "C♯ minor")
        #expect(key("F#", .major) == "F♯ major")
        #expect(key("Gb", .major) == "G♭ major")
        #expect(key("Cb", .major) == "C♭ major")
        // A minor key the player did not name takes the plainer spelling: D♭, G♭ and C♭ minor would need eight,
        // nine and ten flats, A♭ minor seven against G♯ minor's five sharps; E♭ minor's tie leans as typed.
        #expect(key("Db", .minor) == "C♯ minor")
        #expect(key("Gb", .minor) == "F♯ minor")
        #expect(key("Cb", .minor) == "B minor")
        #expect(key("Ab", .minor) == "G♯ minor")
        #expect(key("Eb", .minor) == "E♭ minor")
        #expect(key("Bb", .minor) == "B♭ minor")
        for signature in KeySignature.fifthsRange.compactMap(KeySignature.init(fifths:)) {
            #expect(signature.tonicPitchClass == signature.tonic.note.pitchClass, "\(signature)")
        }
        // The named key's notes are spelled from its tonic: C♯ major's fourth and seventh are F♯ and B♯.
        guard let cSharp = KeySignature(parsing: "C#") else { return }
        let major = Key(named: cSharp, mode: .major)
        #expect(major.tonic == 1 && major.signature.fifths == 7)
        #expect(
            [66, 72].map { major.spelled(MIDINote(clamping: $0)).description } == ["F♯4", "B♯4"])
    }
}
