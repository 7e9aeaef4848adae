// PlayBackItemTests: item identifiers, catalogues, chord spelling and questions built on a reference.

import PeachCore
import Testing

@Suite("Play-back items and questions")
struct PlayBackItemTests {
    @Test("every catalogue item's id reads back to it; the catalogues hold each item once, of their kind")
    func identifiers() {
        for kind in PlayBackKind.allCases {
            let catalogue = PlayBackItem.catalogue(of: kind)
            #expect(Set(catalogue).count == catalogue.count, "\(kind)")
            #expect(catalogue.count >= PlayBackItem.startingCount(of: kind))
            for item in catalogue {
                #expect(item.kind == kind)
                #expect(PlayBackItem(id: item.id) == item, "\(item.id)")
            }
        }
        #expect(PlayBackItem.catalogue(of: .notes).count == 25)  // −12 … +12
        #expect(PlayBackItem.catalogue(of: .intervals).count == 25 + 12)  // melodic up/down and P1, harmonic
        #expect(PlayBackItem.catalogue(of: .chords).count == 6 + 4 + 5 + 2 + 12)  // no sus inversions
    }

    @Test(
        "ids that name no item are refused",
        arguments: [
            "", "up0", "up13", "down-1", "up04", "M9", "P1down", "M3harmonicdown", "aug/1", "dim7/2",
            "major/3",
            "major/0", "minor/01", "seventh", "m3Down", "P5 ",
        ])
    func refusedIDs(_ id: String) {
        #expect(PlayBackItem(id: id) == nil)
    }

    @Test("ids as documented: up4, down3, unison, M3down, P5harmonic, minor/1, dom7")
    func documentedIDs() {
        #expect(PlayBackItem(id: "up4") == .note(semitones: 4))
        #expect(PlayBackItem(id: "down3") == .note(semitones: -3))
        #expect(PlayBackItem(id: "unison") == .note(semitones: 0))
        #expect(
            PlayBackItem(id: "M3down")
                == .interval(DirectedInterval(.majorThird, down: true), harmonic: false))
        #expect(PlayBackItem(id: "P5harmonic") == .interval(DirectedInterval(.perfectFifth), harmonic: true))
        #expect(PlayBackItem(id: "minor/1") == .chord(.minor, inversion: 1))
        #expect(PlayBackItem(id: "dom7") == .chord(.dominantSeventh, inversion: 0))
    }

    @Test(
        "chords in every inversion: the lowest tones move up an octave; identify reads quality, root, inversion"
    )
    func chordSpelling() {
        #expect(ChordQuality.major.notes(root: 60, inversion: 0) == [60, 64, 67])
        #expect(ChordQuality.major.notes(root: 60, inversion: 1) == [64, 67, 72])
        #expect(ChordQuality.major.notes(root: 60, inversion: 2) == [67, 72, 76])
        #expect(ChordQuality.dominantSeventh.notes(root: 60, inversion: 3) == [70, 72, 76, 79])
        for quality in ChordQuality.allCases where !quality.isSymmetric {
            // An inverted sus2 is a sus4 (C D G = G C D): either reading is the same notes.
            for inversion in 0..<(quality == .sus2 || quality == .sus4 ? 1 : quality.voicings) {
                let notes = quality.notes(root: 62, inversion: inversion)
                let found = ChordQuality.identify(notes)
                #expect(
                    found?.quality == quality && found?.root == 2 && found?.inversion == inversion,
                    "\(quality)")
                // Spread over octaves and doubled: still the same chord over the same bass.
                let spread = [notes[0] - 12] + notes.dropFirst().map { $0 + 12 } + [notes[0]]
                #expect(ChordQuality.identify(spread)?.quality == quality)
            }
        }
        #expect(ChordQuality.identify([60, 61, 62]) == nil)
        #expect(ChordQuality.identify([]) == nil)
    }

    @Test("questions: the reference and the notes to play; a chord is built on its bass; out of MIDI is nil")
    func questions() throws {
        let up = try #require(
            PlayBackQuestion(.interval(DirectedInterval(.majorThird), harmonic: false), reference: 60))
        #expect(up.soundedNotes == [60, 64] && up.answerNotes == [64] && !up.isHarmonic)
        let down = try #require(
            PlayBackQuestion(
                .interval(DirectedInterval(.perfectFifth, down: true), harmonic: true), reference: 60))
        #expect(down.soundedNotes == [53, 60] && down.answerNotes == [53] && down.isHarmonic)
        let chord = try #require(PlayBackQuestion(.chord(.minor, inversion: 1), reference: 63))
        #expect(chord.reference == 63 && chord.answerNotes == [63, 67, 72])
        #expect(PlayBackQuestion(.note(semitones: 12), reference: 120) == nil)
        var generator = SeededRandomGenerator(seed: 4)
        for item in PlayBackItem.catalogue(of: .chords) + PlayBackItem.catalogue(of: .notes) {
            for _ in 0..<20 {
                let question = try #require(PlayBackQuestion.random(item, in: 48...72, using: &generator))
                #expect(question.soundedNotes.allSatisfy { (48...72).contains($0.rawValue) }, "\(item)")
            }
        }
        #expect(
            PlayBackQuestion.random(.chord(.dominantSeventh, inversion: 3), in: 60...65, using: &generator)
                == nil)
    }

    @Test(
        "a list as a player types it: commas, blanks around the ids, each item once; the first bad entry named"
    )
    func lists() {
        let items = PlayBackItem.list(parsing: " M3, P5 ,M3,, P5harmonic", kind: .intervals)
        #expect(
            items
                == .success([
                    .interval(DirectedInterval(.majorThird), harmonic: false),
                    .interval(DirectedInterval(.perfectFifth), harmonic: false),
                    .interval(DirectedInterval(.perfectFifth), harmonic: true),
                ]))
        #expect(PlayBackItem.list(parsing: "M3, major", kind: .intervals) == .failure(.init("major")))
        #expect(PlayBackItem.list(parsing: "major, minor/1", kind: .chords).map(\.count) == .success(2))
        #expect(PlayBackItem.list(parsing: " , ", kind: .notes) == .failure(.init(" , ")))
    }

    @Test(
        "chords typed as on a lead sheet: m, 7, m7, ø7, °7, + and the rest, with an inversion after a slash")
    func leadSheetChords() {
        func chords(_ text: String) -> [String]? {
            try? PlayBackItem.list(parsing: text, kind: .chords).get().map(\.id)
        }
        #expect(
            chords("m, 7, m7, ø7, °7, +, maj7, M7, Δ7, o, sus") == [
                "minor", "dom7", "min7", "m7b5", "dim7", "aug", "maj7", "dim", "sus4",
            ])
        #expect(
            chords("M, -, -7, m7♭5, o7, 7/1, m/2, ø/3") == [
                "major", "minor", "min7", "m7b5", "dim7", "dom7/1", "minor/2", "m7b5/3",
            ])
        // Case counts; an inversion the catalogue does not ask is refused as before; intervals keep their m7.
        #expect(PlayBackItem.list(parsing: "M7, mM7", kind: .chords) == .failure(.init("mM7")))
        #expect(PlayBackItem.list(parsing: "°7/1", kind: .chords) == .failure(.init("°7/1")))
        #expect(PlayBackItem.list(parsing: "+/1", kind: .chords) == .failure(.init("+/1")))
        #expect(
            PlayBackItem.list(parsing: "m7", kind: .intervals)
                == .success([.interval(DirectedInterval(.minorSeventh), harmonic: false)]))
    }
}
