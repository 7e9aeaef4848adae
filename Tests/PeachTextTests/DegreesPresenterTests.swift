// DegreesPresenterTests: scale degrees' events lines (cadence, key, resolving) and their words, EN and DE.

import Foundation
import PeachCore
import PeachTestSupport
import PeachText
import PeachTraining
import Testing

@MainActor
@Suite("Play-back presenters: scale degrees")
struct DegreesPresenterTests {
    static let fifth = PlayBackItem.degree(ScaleDegree(mode: .major, semitones: 7))

    static func presented(
        language: Language = .english, context: DegreeContext = .cadence
    ) -> PresenterTests.Presented {
        var options = PlayBackOptions(kind: .degrees, items: [fifth])
        options.degreeKey = .tonic(KeySignature(fifths: -3) ?? .c)  // E♭
        options.degreeContext = context
        return PresenterTests.Presented(
            harness: RunHarness(mode: .playBack(.degrees), playBack: options), language: language)
    }

    @Test("cadence with its key, question with key and spelling, resolving with its notes spelled in the key")
    func events() throws {
        let presented = Self.presented()
        let harness = presented.harness
        harness.run.start()
        let question = try #require(harness.question)
        #expect(question.reference == MIDINote(63))
        harness.advanceUntilAnswerable()
        harness.strike([question.answerNotes[0].rawValue + 12])
        harness.advance(0.2)
        let objects = presented.objects
        let cadence = try #require(objects.first { $0["event"] as? String == "cadence" })
        #expect(cadence["key"] as? String == "E♭ major")
        let asked = try #require(objects.first { $0["event"] as? String == "question" })
        #expect(asked["kind"] as? String == "degrees" && asked["item"] as? String == "5-major")
        #expect(asked["key"] as? String == "E♭ major" && asked["spelled"] as? [String] == ["B♭4"])
        let resolving = try #require(objects.first { $0["event"] as? String == "resolving" })
        #expect(resolving["spelled"] as? [String] == ["A♭5", "G5", "F5", "E♭5"])
        let result = try #require(objects.first { $0["event"] as? String == "result" })
        #expect(result["correct"] as? Bool == true && result["verdict"] as? String == "right")
        for object in objects {
            let name = try #require(object["event"] as? String)
            let schema = try #require(EventLine.schema[name], "no schema for \(name)")
            #expect(Set(object.keys).subtracting(["event", "time"]).isSubset(of: schema), "\(object)")
        }
        let screen = presented.output.screen
        #expect(screen.contains("Home to the tonic: A♭5 G5 F5 E♭5 (4 3 2 1)"), "\(screen)")
    }

    @Test("degrees in a row: named as the row in the key, each miss in place, EN and DE")
    func rowWords() throws {
        // E♭ major: G4 (3), E♭4 (1), B♭4 (5, asked).
        let question = try #require(
            PlayBackQuestion(degree: ScaleDegree(mode: .major, semitones: 7), tonic: 63, row: [67, 63, 70]))
        func completed(_ notes: [Int]) -> CompletedPlayBack {
            CompletedPlayBack(
                question: question,
                played: notes.enumerated().map {
                    PlayedNote(
                        note: MIDINote(clamping: $0.element), velocity: 90, time: Double($0.offset) * 0.6)
                },
                anyOctave: true, anyVoicing: false, timestamp: Date(timeIntervalSince1970: 0),
                responseTime: 1,
                inputKind: .midiNote)
        }
        let english = Texts(language: .english)
        let german = Texts(language: .german)
        // Right in other octaves: the row as played, each note in its octave.
        #expect(english.playBackVerdict(completed([55, 75, 70])) == "3 1 5 in E♭ major: G3 E♭5 B♭4")
        #expect(german.playBackVerdict(completed([67, 63, 70])) == "3 1 5 in Es-Dur: G4 Es4 B4")
        #expect(
            english.playBackVerdict(completed([66, 63, 70]))
                == "2 of 3 notes right; note 1: G♭4 is ♭3, it was 3 (G4) — the notes were G4 E♭4 B♭4 (3 1 5 in E♭ major)"
        )
        #expect(
            german.playBackVerdict(completed([67, 63]))
                == "2 von 3 Tönen richtig; Ton 3 fehlt (B4) — die Töne waren G4 Es4 B4 (3 1 5 in Es-Dur)",
            "\(german.playBackVerdict(completed([67, 63])))")
        #expect(
            english.playBackYourTurn(question, namesReference: true)
                == "Play the 3 notes in order, each in any octave · E♭ major")
    }

    @Test("a drone: its own events line with the key, and its words (Bordun in German)")
    func drone() throws {
        let presented = Self.presented(context: .drone)
        presented.harness.run.start()
        let drone = try #require(presented.objects.first { $0["event"] as? String == "drone" })
        #expect(drone["key"] as? String == "E♭ major")
        #expect(!presented.objects.contains { $0["event"] as? String == "cadence" })
        let key = Key(tonic: 3, mode: .major)
        #expect(
            Texts(language: .english).playBackCadence(key, context: .drone, namesReference: true)
                == "Drone: E♭ major")
        #expect(
            Texts(language: .german).playBackCadence(key, context: .drone, namesReference: true)
                == "Bordun: Es-Dur")
        #expect(
            Texts(language: .german).playBackCadence(key, context: .cadence, namesReference: false)
                == "Kadenz")
    }

    @Test(
        "the verdict names the degree played and the one asked, in the key; German keys as Germans write them"
    )
    func words() throws {
        let question = try #require(PlayBackQuestion(Self.fifth, reference: MIDINote(63)))
        func completed(_ notes: [Int]) -> CompletedPlayBack {
            CompletedPlayBack(
                question: question,
                played: notes.map { PlayedNote(note: MIDINote(clamping: $0), velocity: 90, time: 0) },
                anyOctave: false, anyVoicing: false, timestamp: Date(timeIntervalSince1970: 0),
                responseTime: 1,
                inputKind: .midiNote)
        }
        let english = Texts(language: .english)
        let german = Texts(language: .german)
        #expect(english.playBackVerdict(completed([70])) == "5 in E♭ major: B♭4")
        // Right an octave down: the note played, where its walk home starts.
        #expect(english.playBackVerdict(completed([58])) == "5 in E♭ major: B♭3")
        #expect(german.playBackVerdict(completed([82])) == "5 in Es-Dur: B5")
        #expect(english.playBackVerdict(completed([71])) == "C♭5 is ♭6 — it was 5 (B♭4) in E♭ major")
        #expect(
            german.playBackVerdict(completed([71])) == "Ces5 ist ♭6 — es war 5 (B4) in Es-Dur",
            "\(german.playBackVerdict(completed([71])))")
        #expect(english.playBackVerdict(completed([70, 74])).hasPrefix("You played B♭4 D5: one note"))
        var solfege = english
        solfege.solfege = true
        #expect(
            solfege.playBackVerdict(completed([71])) == "C♭5 is le (♭6) — it was sol (5) (B♭4) in E♭ major")
        // German relative solmization: so, and a lowered degree's vowel u.
        var solmisation = german
        solmisation.solfege = true
        #expect(
            solmisation.playBackVerdict(completed([71])) == "Ces5 ist lu (♭6) — es war so (5) (B4) in Es-Dur")
        let minor = try #require(
            PlayBackQuestion(.degree(ScaleDegree(mode: .minor, semitones: 3)), reference: MIDINote(66)))
        #expect(german.keyName(try #require(minor.key)) == "fis-Moll")
        #expect(german.itemName(minor.item) == "3 in Moll")
        #expect(
            english.playBackYourTurn(minor, namesReference: true) == "Play the note, in any octave · F♯ minor"
        )
        #expect(english.playBackYourTurn(minor, namesReference: false) == "Play the note, in any octave")
    }

    @Test("a melody's misses in place, then the melody once (not a second 'it was'), EN and DE")
    func melodyWords() throws {
        let level = try #require(MelodyLevel(id: "steps4"))
        // C major: C4 D4 E4 C4.
        let question = try #require(PlayBackQuestion(melody: level, tonic: 60, notes: [60, 62, 64, 60]))
        let played = [60, 62, 65, 60].enumerated().map {
            PlayedNote(note: MIDINote(clamping: $0.element), velocity: 90, time: Double($0.offset) * 0.5)
        }
        let completed = CompletedPlayBack(
            question: question, played: played, anyOctave: false, anyVoicing: false,
            timestamp: Date(timeIntervalSince1970: 0), responseTime: 1, inputKind: .midiNote)
        #expect(
            Texts(language: .english).playBackVerdict(completed)
                == "3 of 4 notes right; note 3: you played F4, it was E4 (a semitone too high) — the melody was "
                + "C4 D4 E4 C4 (Melody of 4 notes by step in C major)")
        #expect(
            Texts(language: .german).playBackVerdict(completed)
                == "3 von 4 Tönen richtig; Ton 3: du hast F4 gespielt, es war E4 (einen Halbton zu hoch) — die "
                + "Melodie war C4 D4 E4 C4 (Melodie aus 4 Tönen in Schritten in C-Dur)")
    }

    @Test(
        "in tempo: each note's offset in ms, then a note half a beat or more from its place in beats, EN and DE"
    )
    func melodyInTempoWords() throws {
        let level = try #require(MelodyLevel(id: "steps4"))
        let question = try #require(PlayBackQuestion(melody: level, tonic: 60, notes: [60, 62, 64, 60]))
        // At 60 BPM the places are 0, 1, 2 and 3 s after the response's first beat, the first note 10 ms late.
        let played = zip([60, 62, 64, 60], [0, 0.32, 3.0, 5.5]).map {
            PlayedNote(note: MIDINote(clamping: $0), velocity: 90, time: $1)
        }
        let completed = CompletedPlayBack(
            question: question, played: played, anyOctave: false, anyVoicing: false,
            timestamp: Date(timeIntervalSince1970: 0), responseTime: 1, inputKind: .midiNote,
            tempo: try Tempo(bpm: 60), gridOffset: 0.01)
        #expect(
            Texts(language: .english).playBackVerdict(completed)
                == "Melody of 4 notes by step in C major: C4 D4 E4 C4; timing: +10 −670 +1010 +2510 ms (mean +715 ms); "
                + "note 2 half a beat early, note 3 a beat late, note 4 2½ beats late")
        #expect(
            Texts(language: .german).playBackVerdict(completed).hasSuffix(
                "; Ton 2 einen halben Schlag zu früh, Ton 3 einen Schlag zu spät, Ton 4 2½ Schläge zu spät"))
        // Within half a beat of every place, the offsets alone.
        let steady = CompletedPlayBack(
            question: question,
            played: zip([60, 62, 64, 60], [0, 1.2, 1.8, 3.0]).map {
                PlayedNote(note: MIDINote(clamping: $0), velocity: 90, time: $1)
            }, anyOctave: false, anyVoicing: false, timestamp: Date(timeIntervalSince1970: 0),
            responseTime: 1,
            inputKind: .midiNote, tempo: try Tempo(bpm: 60), gridOffset: 0)
        #expect(Texts(language: .english).melodyTiming(steady) == "timing: 0 +200 −200 0 ms (mean 0 ms)")
    }

    @Test("a melody's wrong note is named against the note it should have been: B for B-flat, G-sharp for G")
    func melodyWrongNoteSpelling() throws {
        let level = try #require(MelodyLevel(id: "steps4"))
        func verdict(
            _ tonic: Int, _ asked: [Int], _ played: [Int], _ language: Language = .english
        ) throws
            -> String
        {
            let question = try #require(
                PlayBackQuestion(
                    melody: level, tonic: MIDINote(clamping: tonic),
                    notes: asked.map { MIDINote(clamping: $0) }))
            let notes = played.enumerated().map {
                PlayedNote(note: MIDINote(clamping: $0.element), velocity: 90, time: Double($0.offset) * 0.5)
            }
            return Texts(language: language).playBackVerdict(
                CompletedPlayBack(
                    question: question, played: notes, anyOctave: false, anyVoicing: false,
                    timestamp: Date(timeIntervalSince1970: 0), responseTime: 1, inputKind: .midiNote))
        }
        // B-flat major: B♮ for the tonic, not C♭ (♭2 of the key); German H, not Ces.
        let bFlat = try verdict(58, [58, 60, 58, 62], [59, 60, 58, 62])
        #expect(
            bFlat.hasPrefix("3 of 4 notes right; note 1: you played B3, it was B♭3 (a semitone too high)"),
            "\(bFlat)")
        let german = try verdict(58, [58, 60, 58, 62], [59, 60, 58, 62], .german)
        #expect(german.hasPrefix("3 von 4 Tönen richtig; Ton 1: du hast H3 gespielt, es war B3"), "\(german)")
        // C major: G♯ for G raised (not A♭); a note of the scale as the key writes it (F for E).
        let cMajor = try verdict(60, [60, 62, 64, 67], [60, 62, 65, 68])
        #expect(
            cMajor.contains("note 3: you played F4, it was E4")
                && cMajor.contains("note 4: you played G♯4, it was G4"), "\(cMajor)")
        // E major: F natural for E raised, not E♯ (a white key is written plain).
        let eMajor = try verdict(64, [64, 66, 68, 64], [65, 66, 68, 64])
        #expect(eMajor.contains("note 1: you played F4, it was E4"), "\(eMajor)")
        // B major: F for B, not the degree's E♯ (♯4): a white key played wrong is written plain; German F, not Eis.
        let bMajor = try verdict(71, [71, 73, 75, 71], [65, 73, 75, 71])
        #expect(bMajor.contains("note 1: you played F4, it was B4 (a tritone too low)"), "\(bMajor)")
        let bGerman = try verdict(71, [71, 73, 75, 71], [65, 73, 75, 71], .german)
        #expect(bGerman.contains("Ton 1: du hast F4 gespielt, es war H4"), "\(bGerman)")
        // G-flat major: E natural played in place of a note and added after the phrase reads E both times, not
        // the ♭7 F♭ the second time; German E, not Fes.
        let gFlat = try verdict(66, [73, 71, 73, 70], [64, 71, 73, 70, 64])
        #expect(
            gFlat.contains("note 1: you played E4, it was D♭5") && gFlat.contains("; extra E4 — "), "\(gFlat)"
        )
        let gFlatGerman = try verdict(66, [73, 71, 73, 70], [64, 71, 73, 70, 64], .german)
        #expect(
            gFlatGerman.contains("Ton 1: du hast E4 gespielt, es war Des5")
                && gFlatGerman.contains("; zu viel: E4 — "), "\(gFlatGerman)")
    }
}
