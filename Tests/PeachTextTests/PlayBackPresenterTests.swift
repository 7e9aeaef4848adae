// PlayBackPresenterTests: play-back's events lines (schema, notes, stamps) and its words on screen, EN and DE.

import Foundation
import PeachCore
import PeachMIDI
import PeachStore
import PeachTestSupport
import PeachText
import PeachTraining
import Testing

@MainActor
@Suite("Play-back presenters")
struct PlayBackPresenterTests {
    /// A play-back run of `items` (intervals) with the stream and the screen recorded.
    static func presented(language: Language = .english, items: [PlayBackItem]) -> PresenterTests.Presented {
        PresenterTests.Presented(
            harness: RunHarness(
                mode: .playBack(.intervals), playBack: PlayBackOptions(kind: .intervals, items: items)),
            language: language)
    }

    static let majorThird = PlayBackItem.interval(DirectedInterval(.majorThird), harmonic: false)

    /// An answer of `played` (MIDI numbers, half a second apart) to `question`.
    static func completed(
        _ question: PlayBackQuestion, played: [Int], anyOctave: Bool = false, anyVoicing: Bool = false
    ) -> CompletedPlayBack {
        CompletedPlayBack(
            question: question,
            played: played.enumerated().map {
                PlayedNote(note: MIDINote(clamping: $0.element), velocity: 80, time: Double($0.offset) * 0.5)
            },
            anyOctave: anyOctave, anyVoicing: anyVoicing, timestamp: Date(), responseTime: 1,
            inputKind: .midiNote)
    }

    @Test(
        "question, answerable, referenceOnly, played, result, replayStarted, skipped: only their schema's fields"
    )
    func events() throws {
        let presented = Self.presented(items: [Self.majorThird])
        let harness = presented.harness
        harness.run.start()
        let question = try #require(harness.question)
        harness.advanceUntilAnswerable()
        harness.strike([question.reference.rawValue])
        harness.advance(0.2)
        harness.strike(
            [question.answerNotes[0].rawValue - 1, question.reference.rawValue], velocity: 77,
            offsets: [0, 0.0125])
        harness.advance(0.15)
        // 120 ms after the answer's first note: late.
        harness.strike([question.answerNotes[0].rawValue + 12], offsets: [-0.03])
        harness.advance(8)
        harness.press(.replay)
        harness.advance(0.1)
        harness.press(.commit)
        harness.run.handle(.controller(.signal(15)))
        for object in presented.objects {
            let name = try #require(object["event"] as? String)
            let schema = try #require(EventLine.schema[name], "no schema for \(name)")
            #expect(Set(object.keys).subtracting(["event", "time"]).isSubset(of: schema), "\(object)")
        }
        let seen = Set(presented.objects.compactMap { $0["event"] as? String })
        #expect(
            seen.isSuperset(of: [
                "question", "answerable", "referenceOnly", "played", "result", "replayStarted", "skipped",
                "notCounted",
            ]))
        let late = try #require(presented.objects.first { $0["event"] as? String == "notCounted" })
        let lateNotes = try #require(late["late"] as? [[String: Any]])
        #expect(lateNotes.first?["onsetMs"] as? Double == 120 && late["grazed"] == nil, "\(late)")
        let first = try #require(presented.objects.first { $0["event"] as? String == "question" })
        #expect(first["answerNotes"] as? [Int] == question.answerNotes.map(\.rawValue))
        #expect(first["item"] as? String == "M3" && first["kind"] as? String == "intervals")
        let played = try #require(presented.objects.first { $0["event"] as? String == "played" })
        let notes = try #require(played["played"] as? [[String: Any]])
        #expect(
            notes.map { $0["note"] as? Int } == [
                question.answerNotes[0].rawValue - 1, question.reference.rawValue,
            ])
        #expect(notes.map { $0["velocity"] as? Int } == [77, 77])
        #expect(notes.map { $0["onsetMs"] as? Double } == [0, 12.5])
        let result = try #require(presented.objects.first { $0["event"] as? String == "result" })
        #expect(result["correct"] as? Bool == false && result["heardAs"] as? String == "m3")
    }

    @Test("melodies in tempo: notes only along with the phrase: one line saying so, a playedDuringCall event")
    func playedDuringCall() throws {
        for (language, expected) in [
            (
                Language.english,
                "Your notes came while the phrase played; answer in the bar after it, on the clicks"
            ),
            (
                .german,
                "Deine Töne kamen, während die Phrase spielte; antworte im Takt danach, auf die Klicks"
            ),
        ] {
            var options = PlayBackOptions(
                kind: .melodies, items: [try #require(PlayBackItem(id: "steps3"))])
            options.inTempo = true
            let presented = PresenterTests.Presented(
                harness: RunHarness(mode: .playBack(.melodies), playBack: options, withClicks: true),
                language: language)
            let harness = presented.harness
            harness.run.start()
            let question = try #require(harness.question)
            let grid = try #require(
                harness.presenter.events.lazy.compactMap { event -> TempoGrid? in
                    if case .playBack(.grid(let grid), _) = event { return grid }
                    return nil
                }.first)
            for (index, note) in question.answerNotes.enumerated() {
                while harness.now < grid.callTimes[index] { harness.advance(0.01) }
                harness.strike([note.rawValue])
            }
            while harness.now < grid.responseEnd + 1 { harness.advance(0.05) }
            #expect(presented.output.screen.contains(expected), "\(presented.output.screen)")
            let told = try #require(presented.objects.first { $0["event"] as? String == "playedDuringCall" })
            #expect(Set(told.keys) == ["event", "time"])
        }
    }

    @Test("free melodies: notes played along with the phrase are told as the window opens, to play it now")
    func playedDuringCallFree() throws {
        for (language, expected) in [
            (
                Language.english,
                "Your notes came while the phrase played and do not count; play it now, from its first note"
            ),
            (
                .german,
                "Deine Töne kamen, während die Phrase spielte, und zählen nicht; spiel sie jetzt, vom ersten Ton an"
            ),
        ] {
            let output = RecordingScreenOutput()
            let screen = TerminalScreen(
                texts: Texts(language: language), output: output, isTerminal: true, color: false, width: 120)
            let level = try #require(MelodyLevel(id: "steps3"))
            let question = try #require(PlayBackQuestion(melody: level, tonic: 60, notes: [60, 62, 64]))
            screen.present(
                .playBack(.playedDuringCall(question, inTempo: false), TrainingProgress()), at: Date())
            #expect(output.screen.contains(expected), "\(output.screen)")
        }
    }

    @Test("a play-back replay's state line on a terminal says what to do, not a bare 'again'; German too")
    func replayStateLine() {
        for (language, expected) in [(Language.english, "Listen again"), (.german, "Hör noch einmal zu")] {
            let output = RecordingScreenOutput()
            let screen = TerminalScreen(
                texts: Texts(language: language), output: output, isTerminal: true, color: false, width: 80)
            let question = PlayBackQuestion.testing(Self.majorThird, reference: 60)
            screen.present(.playBack(.replayStarted(question), TrainingProgress()), at: Date())
            #expect(output.screen.hasSuffix(expected), "\(output.screen)")
        }
    }

    @Test("the screen says what was played in note names and musical words, in English and German")
    func words() throws {
        for (language, expected) in [
            (Language.english, "a semitone too low — you played a minor third up, it was a major third up"),
            (
                .german,
                "einen Halbton zu tief — das ist eine kleine Terz aufwärts, gefragt war eine große Terz aufwärts"
            ),
        ] {
            let presented = Self.presented(language: language, items: [Self.majorThird])
            let harness = presented.harness
            harness.run.start()
            let question = try #require(harness.question)
            harness.advanceUntilAnswerable()
            harness.strike([question.answerNotes[0].rawValue - 1])
            harness.advance(0.2)
            #expect(presented.output.screen.contains(expected), "\(presented.output.screen)")
            let note = Texts(language: language).noteName(question.answerNotes[0].advanced(by: -1))
            #expect(presented.output.screen.contains(note + ", "))
        }
    }

    @Test("a miss beyond an octave says the octaves first, then what is left, in English and German")
    func compoundMisses() {
        let english = Texts(language: .english)
        let german = Texts(language: .german)
        #expect(english.miss(-1) == "a semitone too low" && english.miss(7) == "a fifth too high")
        #expect(english.miss(12) == "an octave too high" && english.miss(-24) == "2 octaves too low")
        #expect(english.miss(-14) == "an octave and a whole tone too low")
        #expect(english.miss(17) == "an octave and a fourth too high")
        #expect(english.miss(-25) == "2 octaves and a semitone too low")
        #expect(german.miss(-13) == "eine Oktave und einen Halbton zu tief")
        #expect(german.miss(29) == "2 Oktaven und eine Quarte zu hoch")
    }

    @Test(
        "a miss of 3 to 11 semitones is named as the interval it sounds, as a teacher says it; German in the accusative",
        arguments: [
            (3, "a minor third too high", "eine kleine Terz zu hoch"),
            (-4, "a major third too low", "eine große Terz zu tief"),
            (5, "a fourth too high", "eine Quarte zu hoch"),
            (-6, "a tritone too low", "einen Tritonus zu tief"),
            (7, "a fifth too high", "eine Quinte zu hoch"),
            (-8, "a minor sixth too low", "eine kleine Sexte zu tief"),
            (9, "a major sixth too high", "eine große Sexte zu hoch"),
            (-10, "a minor seventh too low", "eine kleine Septime zu tief"),
            (11, "a major seventh too high", "eine große Septime zu hoch"),
            (-18, "an octave and a tritone too low", "eine Oktave und einen Tritonus zu tief"),
        ])
    func missesAsIntervals(semitones: Int, english: String, german: String) {
        #expect(Texts(language: .english).miss(semitones) == english)
        #expect(Texts(language: .german).miss(semitones) == german)
    }

    @Test("a chord's verdict names the chord played, the missing and the extra notes")
    func chordWords() {
        let texts = Texts(language: .english)
        let question = PlayBackQuestion.testing(.chord(.major, inversion: 0), reference: 60)
        let completed = CompletedPlayBack(
            question: question,
            played: [60, 63, 67].map { PlayedNote(note: MIDINote(clamping: $0), velocity: 80, time: 0) },
            anyOctave: false, anyVoicing: false, timestamp: Date(), responseTime: 1, inputKind: .midiNote)
        #expect(
            texts.playBackVerdict(completed)
                == "You played C4 E♭4 G4 (Cm: Minor triad, root position), it was C4 E4 G4 (C: Major triad, root position); "
                + "missing E4; extra E♭4")
    }

    @Test(
        "a right answer the judging options let differ names the notes played: another octave, another voicing"
    )
    func rightAsPlayed() throws {
        let english = Texts(language: .english)
        let german = Texts(language: .german)
        let third = PlayBackQuestion.testing(Self.majorThird, reference: 60)
        #expect(english.playBackVerdict(Self.completed(third, played: [64])) == "Major third up: E4")
        // The reference played with the answer is not named; the answer an octave up is, as played.
        #expect(
            english.playBackVerdict(Self.completed(third, played: [60, 76], anyOctave: true))
                == "Major third up: E5")
        let cMajor = PlayBackQuestion.testing(.chord(.major, inversion: 0), reference: 48)
        #expect(
            english.playBackVerdict(Self.completed(cMajor, played: [48, 55, 64], anyVoicing: true))
                == "Major triad, root position (C): C3 G3 E4")
        #expect(
            english.playBackVerdict(Self.completed(cMajor, played: [48, 52, 55], anyVoicing: true))
                == "Major triad, root position (C): C3 E3 G3")
        let level = try #require(MelodyLevel(id: "steps4"))
        let melody = try #require(PlayBackQuestion(melody: level, tonic: 70, notes: [70, 72, 74, 70]))
        #expect(
            german.playBackVerdict(Self.completed(melody, played: [58, 60, 62, 58], anyOctave: true))
                == "Melodie aus 4 Tönen in Schritten in B-Dur: B3 C4 D4 B3")
        #expect(
            english.playBackVerdict(Self.completed(melody, played: [70, 72, 74, 70]))
                == "Melody of 4 notes by step in B♭ major: B♭4 C5 D5 B♭4")
    }

    @Test(
        "in any octave a miss is measured to the asked note's nearest octave: E5 for a C is a major third too high"
    )
    func missInAnyOctave() throws {
        let english = Texts(language: .english)
        let german = Texts(language: .german)
        // An octave up from C5 is C6; E5 is a major third above C5 and a minor sixth below C6.
        let octave = PlayBackQuestion.testing(
            .interval(try #require(DirectedInterval(semitones: 12)), harmonic: false), reference: 72)
        let anyWay = english.playBackVerdict(Self.completed(octave, played: [76], anyOctave: true))
        #expect(anyWay.hasPrefix("E5, a major third too high — "), "\(anyWay)")
        let exact = english.playBackVerdict(Self.completed(octave, played: [76], anyOctave: false))
        #expect(exact.hasPrefix("E5, a minor sixth too low — "), "\(exact)")
        // A tritone keeps the side it was played on.
        let options = PlayBackOptions(kind: .intervals, anyOctave: true)
        #expect(PlayBackVerdict.judge(octave, played: [78], options: options).semitoneError == -6)
        #expect(PlayBackVerdict.judge(octave, played: [90], options: options).semitoneError == 6)
        // A melody's note in any octave: F5 for E4 is a semitone too high, not an octave and a semitone.
        let level = try #require(MelodyLevel(id: "steps4"))
        let melody = try #require(PlayBackQuestion(melody: level, tonic: 60, notes: [60, 62, 64, 60]))
        let line = english.playBackVerdict(Self.completed(melody, played: [60, 62, 77, 60], anyOctave: true))
        #expect(line.contains("note 3: you played F5, it was E4 (a semitone too high)"), "\(line)")
        let exactLine = english.playBackVerdict(
            Self.completed(melody, played: [60, 62, 77, 60], anyOctave: false))
        #expect(exactLine.contains("(an octave and a semitone too high)"), "\(exactLine)")
        let german3 = german.playBackVerdict(
            Self.completed(melody, played: [60, 62, 71, 60], anyOctave: true))
        #expect(german3.contains("(eine Quarte zu tief)"), "\(german3)")
    }

    @Test(
        "a melody's passing note is written as it moves: C♯ rising to D, in the phrase and in a miss; German Cis"
    )
    func passingNoteInVerdicts() throws {
        let level = try #require(MelodyLevel(id: "chromatic5"))
        let melody = try #require(PlayBackQuestion(melody: level, tonic: 60, notes: [64, 62, 61, 62, 60]))
        let english = Texts(language: .english)
        let german = Texts(language: .german)
        #expect(
            english.playBackVerdict(Self.completed(melody, played: [64, 62, 61, 62, 60])).hasSuffix(
                "E4 D4 C♯4 D4 C4"))
        let wrong = english.playBackVerdict(Self.completed(melody, played: [64, 62, 60, 62, 60]))
        #expect(wrong.contains("note 3: you played C4, it was C♯4 (a semitone too low)"), "\(wrong)")
        #expect(
            wrong.hasSuffix(
                "the melody was E4 D4 C♯4 D4 C4 (Melody of 5 notes with a chromatic note in C major)"),
            "\(wrong)")
        let missing = german.playBackVerdict(Self.completed(melody, played: [64, 62, 62, 60]))
        #expect(missing.contains("Ton 3 fehlt (Cis4)"), "\(missing)")
    }

    @Test("notes spelled as the question reads them: F minor is F A♭ C (Fm), G7/B has F, German As and H")
    func spelledWords() {
        func completed(_ item: PlayBackItem, reference: Int, played: [Int]) -> CompletedPlayBack {
            CompletedPlayBack(
                question: PlayBackQuestion.testing(item, reference: MIDINote(clamping: reference)),
                played: played.map { PlayedNote(note: MIDINote(clamping: $0), velocity: 80, time: 0) },
                anyOctave: false, anyVoicing: false, timestamp: Date(), responseTime: 1, inputKind: .midiNote)
        }
        let english = Texts(language: .english)
        let german = Texts(language: .german)
        let fMinor = completed(.chord(.minor, inversion: 0), reference: 65, played: [65, 68, 72])
        #expect(english.playBackVerdict(fMinor) == "Minor triad, root position (Fm): F4 A♭4 C5")
        #expect(
            german.playBackVerdict(fMinor).hasSuffix("(Fm): F4 As4 C5"), "\(german.playBackVerdict(fMinor))")
        let g7 = completed(.chord(.dominantSeventh, inversion: 1), reference: 59, played: [59, 62, 65, 67])
        #expect(
            english.playBackVerdict(g7).hasSuffix("(G7/B): B3 D4 F4 G4"), "\(english.playBackVerdict(g7))")
        #expect(german.playBackVerdict(g7).hasSuffix("(G7/H): H3 D4 F4 G4"), "\(german.playBackVerdict(g7))")
        let bFlatMinor = completed(.chord(.minor, inversion: 0), reference: 46, played: [46, 49, 53])
        #expect(english.playBackVerdict(bFlatMinor).hasSuffix("(B♭m): B♭2 D♭3 F3"))
        let minorThird = completed(
            .interval(DirectedInterval(.minorThird), harmonic: false), reference: 60, played: [63])
        #expect(english.playBackVerdict(minorThird) == "Minor third up: E♭4")
        let octaveUp = completed(
            .interval(DirectedInterval(.majorThird), harmonic: false), reference: 60, played: [76])
        #expect(
            english.playBackVerdict(octaveUp)
                == "E5, an octave too high: the right note in another octave — it was a major third up (E4)",
            "\(english.playBackVerdict(octaveUp))")
        #expect(
            german.playBackVerdict(octaveUp)
                == "E5, eine Oktave zu hoch: der richtige Ton in einer anderen Oktave — es war eine große Terz aufwärts (E4)",
            "\(german.playBackVerdict(octaveUp))")
        let low = completed(
            .interval(DirectedInterval(.majorThird), harmonic: false), reference: 60, played: [63])
        #expect(
            english.playBackVerdict(low)
                == "E♭4, a semitone too low — you played a minor third up, it was a major third up (E4)")
        // A wrong note is named as the interval the words name: a fifth below D♭5 is G♭4, not F♯4.
        let fifthDown = completed(
            .interval(DirectedInterval(.minorSixth, down: true), harmonic: false), reference: 73, played: [66]
        )
        #expect(
            english.playBackVerdict(fifthDown)
                == "G♭4, a semitone too high — you played a perfect fifth down, it was a minor sixth down (F4)",
            "\(english.playBackVerdict(fifthDown))")
        #expect(
            german.playBackVerdict(fifthDown).hasPrefix("Ges4, einen Halbton zu hoch"),
            "\(german.playBackVerdict(fifthDown))")
        let skipped = PlayBackQuestion.testing(.chord(.minor, inversion: 0), reference: 65)
        #expect(
            english.playBackSkipped(skipped) == "Skipped: it was F4 A♭4 C5 (Fm: Minor triad, root position)")
    }

    @Test(
        "the right chord elsewhere, notes missing or added, another item: each verdict in its own words, never 'X heard as X'"
    )
    func verdictWords() {
        func said(
            _ played: [Int], _ item: PlayBackItem = .chord(.minor, inversion: 0), reference: Int = 57
        ) -> String {
            Texts(language: .english).playBackVerdict(
                CompletedPlayBack(
                    question: PlayBackQuestion.testing(item, reference: MIDINote(clamping: reference)),
                    played: played.map { PlayedNote(note: MIDINote(clamping: $0), velocity: 80, time: 0) },
                    anyOctave: false, anyVoicing: false, timestamp: Date(), responseTime: 1,
                    inputKind: .midiNote))
        }
        let aMinor = "it was A3 C4 E4 (Am: Minor triad, root position)"
        #expect(said([69, 72, 76]) == "The right chord an octave too high: A4 C5 E5 — " + aMinor)
        #expect(said([45, 48, 52]) == "The right chord an octave too low: A2 C3 E3 — " + aMinor)
        #expect(said([57, 64, 72]) == "The right notes in another voicing: A3 E4 C5 — " + aMinor)
        #expect(
            said([59, 62, 66]).hasPrefix("You played B3 D4 F♯4 (Bm): the right chord on another root — "))
        #expect(said([57, 60]) == "You played A3 C4, missing E4 — " + aMinor)
        #expect(said([57, 60, 64, 67]) == "You played A3 C4 E4 G4, extra G4 — " + aMinor)
        #expect(said([57, 61, 64]).hasPrefix("You played A3 C♯4 E4 (A: Major triad, root position), it was"))
        // The chord played is named by its symbol as the asked one is, an inversion by its bass.
        #expect(
            said([57, 60, 65])
                == "You played A3 C4 F4 (F/A: Major triad, 1st inversion), it was A3 C4 E4 (Am: Minor triad, root position); "
                + "missing E4; extra F4")
        // A chord played for another is spelled as the chord it is: E major's G♯, not a lone A♭.
        #expect(
            said([64, 68, 71], reference: 64).hasPrefix(
                "You played E4 G♯4 B4 (E: Major triad, root position), it was"),
            "\(said([64, 68, 71], reference: 64))")
        #expect(
            said([52, 56, 59, 62], .chord(.minorSeventh, inversion: 0), reference: 52).hasPrefix(
                "You played E3 G♯3 B3 D4"))
        let harmonicThird = PlayBackItem.interval(DirectedInterval(.majorThird), harmonic: true)
        #expect(
            said([56, 60], harmonicThird, reference: 60)
                == "A♭3: the right interval, but below C4 — it was a major third up (E4)",
            "\(said([56, 60], harmonicThird, reference: 60))")
        let german = Texts(language: .german).playBackVerdict(
            CompletedPlayBack(
                question: PlayBackQuestion.testing(.chord(.minor, inversion: 0), reference: 57),
                played: [69, 72, 76].map { PlayedNote(note: MIDINote(clamping: $0), velocity: 80, time: 0) },
                anyOctave: false, anyVoicing: false, timestamp: Date(), responseTime: 1, inputKind: .midiNote)
        )
        #expect(german.hasPrefix("Der richtige Akkord eine Oktave zu hoch: A4 C5 E5 — "), "\(german)")
        // German names the chord played with its German letters: B major is `H`, B minor `Hm`.
        func gesagt(_ played: [Int]) -> String {
            Texts(language: .german).playBackVerdict(
                CompletedPlayBack(
                    question: PlayBackQuestion.testing(.chord(.major, inversion: 0), reference: 60),
                    played: played.map { PlayedNote(note: MIDINote(clamping: $0), velocity: 80, time: 0) },
                    anyOctave: false, anyVoicing: false, timestamp: Date(), responseTime: 1,
                    inputKind: .midiNote))
        }
        let itWas = "es war C4 E4 G4 (C: Durdreiklang, Grundstellung)"
        #expect(
            gesagt([59, 63, 66])
                == "Du hast H3 Dis4 Fis4 gespielt (H): der richtige Akkord auf einem anderen Grundton — "
                + itWas)
        #expect(
            gesagt([59, 62, 66]).hasPrefix(
                "Du hast H3 D4 Fis4 gespielt (Hm: Molldreiklang, Grundstellung), " + itWas),
            "\(gesagt([59, 62, 66]))")
    }

    @Test(
        "an underrun while notes play: a line on screen (the advice from the second on), a dropout line with its count, the closing line's count; in German too"
    )
    func underrunsTold() throws {
        for language in [Language.english, .german] {
            let presented = PresenterTests.Presented(
                harness: RunHarness(
                    mode: .playBack(.intervals),
                    playBack: PlayBackOptions(kind: .intervals, items: [Self.majorThird]),
                    withClicks: true),
                language: language)
            let harness = presented.harness
            let output = try #require(harness.clicks)
            harness.run.start()
            let question = try #require(harness.question)
            harness.advanceUntilAnswerable()
            output.dropoutCount += 1
            harness.strike([question.answerNotes[0].rawValue])
            harness.advance(4)
            output.dropoutCount += 1
            harness.strike([60])  // heard (play-through) at any time: told with it
            harness.run.handle(.controller(.signal(15)))
            let texts = Texts(language: language)
            let screen = presented.output.screen
            #expect(
                screen.contains(texts.playBackCrackle(total: 1))
                    && screen.contains(texts.playBackCrackle(total: 2)))
            #expect(!texts.playBackCrackle(total: 1).contains("--latency"))
            #expect(
                texts.playBackCrackle(total: 2).contains("2")
                    && texts.playBackCrackle(total: 2).contains("--latency"))
            let closing = texts.summary(harness.run.progress)
            #expect(
                closing.contains(language == .english ? "the sound broke off 2 times" : "2-mal"), "\(closing)"
            )
            let told = presented.objects.filter { $0["event"] as? String == "dropout" }
            #expect(told.map { $0["dropouts"] as? Int } == [1, 2])
            #expect(told.allSatisfy { $0["replaying"] as? Bool == false })
        }
    }
}

@Suite("Play-back in the profile")
struct PlayBackProfileTests {
    /// A store's contents with M3 heard as m3 three times in five, P5 always right, over two weeks.
    static func contents() -> JournalContents {
        var contents = JournalContents()
        let third = PlayBackItem.interval(DirectedInterval(.majorThird), harmonic: false)
        let fifth = PlayBackItem.interval(DirectedInterval(.perfectFifth), harmonic: false)
        for index in 0..<10 {
            let item = index % 2 == 0 ? third : fifth
            let question = PlayBackQuestion.testing(item, reference: 60)
            let wrong = item == third && index % 10 < 6
            let note = question.answerNotes[0].advanced(by: wrong ? -1 : 0)
            let completed = CompletedPlayBack(
                question: question, played: [PlayedNote(note: note, velocity: 80, time: 0)], anyOctave: false,
                anyVoicing: false,
                timestamp: Date(timeIntervalSince1970: 1_767_225_600 + Double(index) * 86_400),
                responseTime: 1 + Double(index) / 10, inputKind: .midiNote)
            contents.add(StoredRecord(.playBack(completed)))
        }
        return contents
    }

    @Test(
        "melodies in tempo: each place's mean offset with its likely range, on the screen and in JSON; EN and DE"
    )
    func melodyOffsetRanges() throws {
        let level = try #require(MelodyLevel(.steps, length: 3))
        let question = try #require(
            PlayBackQuestion(
                melody: level, tonic: MIDINote(60), notes: [60, 62, 64].map { MIDINote(clamping: $0) }))
        var contents = JournalContents()
        // The first note 10, 20 and 30 ms late (20 ± 5.8), the second once on time, at 120 BPM.
        for (index, late) in [0.010, 0.020, 0.030].enumerated() {
            // Onsets count from the first note played; the grid offset places it (`late` after its beat).
            let played = [(60, 0.0)] + (index == 0 ? [(62, 0.5 - late)] : [])
            let completed = CompletedPlayBack(
                question: question,
                played: played.map { PlayedNote(note: MIDINote(clamping: $0.0), velocity: 90, time: $0.1) },
                anyOctave: false, anyVoicing: false, timestamp: Date(timeIntervalSince1970: 1_767_225_600),
                responseTime: 1, inputKind: .midiNote, tempo: try Tempo(bpm: 120), gridOffset: late)
            contents.add(StoredRecord(.playBack(completed)))
        }
        for (language, line) in [
            (Language.english, "  In tempo, mean offset by place (ms): 1 +20 (+14 to +26) · 2 0"),
            (.german, "  Im Tempo, mittlere Abweichung nach Stelle (ms): 1 +20 (+14 bis +26) · 2 0"),
        ] {
            let report = PlayBackReport(history: contents.playBack, texts: Texts(language: language))
            #expect(report.lines().contains(line), "\(report.lines())")
        }
        let json = PlayBackReport(history: contents.playBack, texts: Texts(language: .english)).model
        let first = try #require(json.first?.positions?.first)
        #expect(abs((first.offsetLower68 ?? 0) - (20 - 10 / 3.0.squareRoot())) < 1e-6)
        #expect(abs((first.offsetUpper68 ?? 0) - (20 + 10 / 3.0.squareRoot())) < 1e-6)
        let second = try #require(json.first?.positions?.dropFirst().first)
        #expect(second.meanOffsetMs == 0 && second.offsetLower68 == nil && second.offsetUpper68 == nil)
    }

    @Test(
        "the section: accuracy, the weak spot first, what it was heard as; JSON, the SVG table, weeks, start screen"
    )
    func profile() throws {
        let contents = Self.contents()
        for language in [Language.english, .german] {
            let texts = Texts(language: language)
            let report = ProfileReport(
                contents: contents, range: TrainingSettings.defaults.noteRange, texts: texts, days: 7,
                timeZone: TimeZone(identifier: "UTC") ?? .current)
            let lines = report.lines()
            let start = try #require(lines.firstIndex(of: texts.tr("Play back:")), "\(lines)")
            #expect(lines[start + 1].hasPrefix(texts.playBackKindName(.intervals) + ": 10 "))
            #expect(
                lines[start + 2].contains(
                    texts.itemName(.interval(DirectedInterval(.majorThird), harmonic: false))))
            #expect(lines.contains { $0.contains("→") && $0.contains("(3×)") }, "\(lines)")
            #expect(report.progressLines().contains(texts.tr("Play back, week by week:")))
            let screen = ProfileReport.startScreen(
                contents: contents, range: TrainingSettings.defaults.noteRange, texts: texts, version: "test")
            #expect(
                screen.contains { $0.hasPrefix(texts.tr("Play back: ")) && $0.contains("70 %") }, "\(screen)")
        }
        let report = ProfileReport(
            contents: contents, range: TrainingSettings.defaults.noteRange, texts: Texts(language: .english),
            days: 7,
            timeZone: TimeZone(identifier: "UTC") ?? .current)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        let playBack = try #require(json["playBack"] as? [[String: Any]])
        #expect(playBack.first?["kind"] as? String == "intervals" && playBack.first?["answers"] as? Int == 10)
        let items = try #require(playBack.first?["items"] as? [[String: Any]])
        #expect(items.first?["item"] as? String == "M3" && items.first?["correct"] as? Int == 2)
        let confusions = try #require(playBack.first?["confusions"] as? [[String: Any]])
        #expect(confusions.first?["heardAs"] as? String == "m3" && confusions.first?["count"] as? Int == 3)
        let svg = PlayBackReport(history: contents.playBack, texts: Texts(language: .english)).svg(
            kind: .intervals)
        #expect(svg.hasPrefix("<svg") && svg.contains("<title>Peach: what you hear as what"))
        #expect(svg.contains(">3</text>") && svg.contains("heard as (column"))
    }

    @Test(
        "the right chord an octave up is counted apart: no 'X → X' confusion, a line of its own, an 'elsewhere' column, JSON"
    )
    func elsewhereApart() throws {
        var contents = JournalContents()
        let minor = PlayBackItem.chord(.minor, inversion: 0)
        let question = PlayBackQuestion.testing(minor, reference: 57)
        for (index, notes) in [
            [69, 72, 76], [69, 72, 76], [57, 60, 64], [57, 61, 64], [57, 60, 64], [57, 60],
        ]
        .enumerated() {
            let played = notes.map { PlayedNote(note: MIDINote(clamping: $0), velocity: 80, time: 0) }
            let completed = CompletedPlayBack(
                question: question, played: played, anyOctave: false, anyVoicing: false,
                timestamp: Date(timeIntervalSince1970: 1_767_225_600 + Double(index)), responseTime: 1,
                inputKind: .midiNote)
            contents.add(StoredRecord(.playBack(completed)))
        }
        let history = contents.playBack
        #expect(history.items[minor]?.elsewhere == 2 && history.items[minor]?.correct == 2)
        #expect(
            Set(history.confusions(of: .chords).map(\.heardAs)) == ["major", "?incomplete"],
            "the major chord and the incomplete one are confusions; the octave is none")
        let texts = Texts(language: .english)
        let report = ProfileReport(
            contents: contents, range: TrainingSettings.defaults.noteRange, texts: texts, days: 7,
            timeZone: TimeZone(identifier: "UTC") ?? .current)
        let lines = report.lines()
        #expect(
            lines.contains("  The right item in another octave, voicing or on another root: 2 answers"),
            "\(lines)")
        #expect(!lines.contains { $0.contains("Minor triad, root position → Minor triad") }, "\(lines)")
        #expect(
            lines.contains { $0.contains("Minor triad, root position → an incomplete chord (1×)") },
            "\(lines)")
        let svg = PlayBackReport(history: history, texts: texts).svg(kind: .chords)
        #expect(svg.contains(">elsewhere</text>") && svg.contains("rgb(230,145,20)\" fill-opacity"))
        let cells = svg.split(separator: "\n").filter { $0.contains("text-anchor=\"middle\">") }
            .compactMap { Int($0.split(separator: ">")[1].split(separator: "<")[0]) }
        #expect(cells.reduce(0, +) == 6, "a row's cells add up to its answers: \(cells)")
        #expect(svg.contains(">incomplete</text>"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        let chords = try #require((json["playBack"] as? [[String: Any]])?.first)
        #expect(chords["elsewhere"] as? Int == 2)
    }

    @Test("what an answer was heard as, when it is no item, is said in a musician's words, EN and DE")
    func heardAsMisses() {
        let english = Texts(language: .english)
        let german = Texts(language: .german)
        #expect(english.heardAsName("?incomplete") == "an incomplete chord")
        #expect(english.heardAsName(PlayBackHistory.Miss.other.rawValue) == "other notes")
        #expect(german.heardAsName(PlayBackHistory.Miss.other.rawValue) == "andere Töne")
        #expect(english.heardAsName("major") == english.itemName(.chord(.major, inversion: 0)))
    }

    @Test("items practised with --items count among the items in play: 'N of M mastered' and inPlay say so")
    func practisedItems() throws {
        var contents = JournalContents()
        let item = PlayBackItem.chord(.dominantSeventh, inversion: 1)
        for index in 0..<8 {
            let question = PlayBackQuestion.testing(item, reference: 59)
            contents.add(
                StoredRecord(
                    .playBack(
                        CompletedPlayBack(
                            question: question,
                            played: question.answerNotes.map { PlayedNote(note: $0, velocity: 80, time: 0) },
                            anyOctave: false, anyVoicing: false,
                            timestamp: Date(timeIntervalSince1970: 1_767_225_600 + Double(index)),
                            responseTime: 1,
                            inputKind: .midiNote))))
        }
        let report = PlayBackReport(history: contents.playBack, texts: Texts(language: .english))
        #expect(report.lines().contains { $0.hasSuffix("1 of 3 items mastered") }, "\(report.lines())")
        let chords = try #require(report.model.first)
        #expect(chords.items.first { $0.item == item.id }?.inPlay == true)
    }

    @Test("each kind's and each item's accuracy has its likely range, in English and German")
    func accuracyLikelyRange() throws {
        var contents = JournalContents()
        let item = PlayBackItem.interval(DirectedInterval(.perfectFifth), harmonic: false)
        // 8 of 9 right: likely 76–96 % (the shortest 68 % of Beta(9, 2)).
        for index in 0..<9 {
            let question = PlayBackQuestion.testing(item, reference: 60)
            let notes =
                index == 0
                ? [try MIDINote(validating: question.answerNotes[0].rawValue + 1)] : question.answerNotes
            contents.add(
                StoredRecord(
                    .playBack(
                        CompletedPlayBack(
                            question: question,
                            played: notes.map { PlayedNote(note: $0, velocity: 80, time: 0) },
                            anyOctave: false, anyVoicing: false,
                            timestamp: Date(timeIntervalSince1970: 1_767_225_600 + Double(index)),
                            responseTime: 1,
                            inputKind: .midiNote))))
        }
        let english = PlayBackReport(history: contents.playBack, texts: Texts(language: .english)).lines()
        #expect(
            english.contains { $0.hasPrefix("Intervals: 9 answers, 89 % right (likely range 76–96 %) · ") })
        #expect(
            english.contains { $0.hasPrefix("  Perfect fifth up: 89 % of 9 answers (likely range 76–96 %)") })
        // The JSON has the same range, as shares.
        let json = try #require(
            PlayBackReport(history: contents.playBack, texts: Texts(language: .english)).model.first)
        #expect(abs(json.lower68 - 0.761_622) < 1e-5 && abs(json.upper68 - 0.963_731) < 1e-5)
        #expect(json.items.first.map { abs($0.lower68 - json.lower68) < 1e-12 } == true)
        let german = PlayBackReport(history: contents.playBack, texts: Texts(language: .german)).lines()
        #expect(
            german.contains {
                $0.hasPrefix("Intervalle: 9 Antworten, 89 % richtig (wahrscheinlicher Bereich 76–96 %) · ")
            }, "\(german)")
    }
}

@Suite("the profile's JSON of pitch matching")
struct MatchingJSONTests {
    @Test("the mean absolute error and the bias come with their likely ranges (± one standard error)")
    func ranges() throws {
        var statistics = PitchMatchingStatistics()
        for error in [2.0, -4, 6, -8] { statistics.add(error: Cents(error)) }
        let json = ProfileJSON.Matching(statistics)
        // Absolute errors 2, 4, 6, 8: mean 5 ± √(20/3) / 2; signed: mean −1 ± √(116/3) / 2.
        let absolute = (20.0 / 3).squareRoot() / 2
        let signed = (116.0 / 3).squareRoot() / 2
        #expect(abs(try #require(json.meanAbsoluteErrorLower68) - (5 - absolute)) < 1e-12)
        #expect(abs(try #require(json.meanAbsoluteErrorUpper68) - (5 + absolute)) < 1e-12)
        #expect(abs(try #require(json.biasLower68) - (-1 - signed)) < 1e-12)
        #expect(abs(try #require(json.biasUpper68) - (-1 + signed)) < 1e-12)
        var one = PitchMatchingStatistics()
        one.add(error: Cents(3))
        #expect(ProfileJSON.Matching(one).biasLower68 == nil)
    }
}
