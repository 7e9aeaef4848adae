// PracticeSuggestionTests: what to practise next: the commonest confusion, else the weakest item, else nothing.

import Foundation
import PeachCore
import PeachText
import Testing

@Suite("What to practise next")
struct PracticeSuggestionTests {
    static let fifth = ScaleDegree(mode: .major, semitones: 7)

    /// A degrees answer: `item` asked on C4, `played` semitones above the tonic.
    static func answer(_ semitones: Int, played: Int) -> CompletedPlayBack? {
        guard
            let question = PlayBackQuestion(
                .degree(ScaleDegree(mode: .major, semitones: semitones)), reference: 60)
        else { return nil }
        return CompletedPlayBack(
            question: question,
            played: [PlayedNote(note: MIDINote(clamping: 60 + played), velocity: 80, time: 0)],
            anyOctave: true, anyVoicing: false, timestamp: Date(timeIntervalSince1970: 1_800_000_000),
            responseTime: 1, inputKind: .midiNote)
    }

    static func history(_ answers: [(Int, Int)]) -> PlayBackHistory {
        var history = PlayBackHistory()
        for (asked, played) in answers {
            if let answer = answer(asked, played: played) { history.add(answer) }
        }
        return history
    }

    @Test("the confusion heard most often, both items side by side, with the command; German too")
    func confusion() throws {
        // 5 heard as ♭6 three times, 3 heard as 4 twice, and right answers besides.
        let answers = [(7, 8), (7, 8), (7, 8), (4, 5), (4, 5), (7, 7), (4, 4), (0, 0)]
        let history = Self.history(answers)
        let english = try #require(
            PracticeSuggestion(history: history, texts: Texts(language: .english)).sentence)
        #expect(
            english
                == "Next: tell 5 in major from ♭6 in major — you heard the one as the other 3 times: "
                + "peach play --kind degrees --items 5-major,b6-major")
        let german = try #require(
            PracticeSuggestion(history: history, texts: Texts(language: .german)).sentence)
        #expect(
            german.hasPrefix("Als Nächstes: 5 in Dur oder ♭6 in Dur? — du hast das eine 3-mal"), "\(german)")
    }

    @Test("without a confusion heard twice, the weakest item not mastered, alone; nothing when none is weak")
    func weakest() throws {
        // 3: right 2 of 7 (the misses all different), 5: right 6 of 7.
        let answers = [
            (4, 4), (4, 3), (4, 5), (4, 4), (4, 2), (4, 6), (4, 1),
            (7, 7), (7, 7), (7, 7), (7, 8), (7, 7), (7, 7), (7, 7),
        ]
        let sentence = PracticeSuggestion(history: Self.history(answers), texts: Texts(language: .english))
            .sentence
        #expect(
            sentence
                == "Next: practise 3 in major on its own — 29 % of 7 answers right so far: "
                + "peach play --kind degrees --items 3-major")
        let fine = Self.history(Array(answers.suffix(7)))
        #expect(PracticeSuggestion(history: fine, texts: Texts(language: .english)).sentence == nil)
        #expect(
            PracticeSuggestion(history: PlayBackHistory(), texts: Texts(language: .english)).sentence == nil)
    }

    @Test(
        "intervals and chords are named in the sentence as a teacher says them, with their article; German too"
    )
    func phrases() {
        var history = PlayBackHistory()
        let third = PlayBackItem.interval(DirectedInterval(.majorThird), harmonic: false)
        for _ in 0..<2 {
            guard let question = PlayBackQuestion(third, reference: 60) else { continue }
            history.add(
                CompletedPlayBack(
                    question: question,
                    played: [PlayedNote(note: MIDINote(clamping: 63), velocity: 80, time: 0)],
                    anyOctave: true, anyVoicing: false, timestamp: Date(timeIntervalSince1970: 1_800_000_000),
                    responseTime: 1, inputKind: .midiNote))
        }
        #expect(
            PracticeSuggestion(history: history, texts: Texts(language: .english)).sentence
                == "Next: tell a major third up from a minor third up — you heard the one as the other 2 times: "
                + "peach play --kind intervals --items M3,m3")
        #expect(
            PracticeSuggestion(history: history, texts: Texts(language: .german)).sentence?.hasPrefix(
                "Als Nächstes: eine große Terz aufwärts oder eine kleine Terz aufwärts?") == true)
        let english = Texts(language: .english)
        let german = Texts(language: .german)
        let cases: [(PlayBackItem, String, String)] = [
            (
                .interval(DirectedInterval(.tritone, down: true), harmonic: false), "a tritone down",
                "ein Tritonus abwärts"
            ),
            (.interval(DirectedInterval(.octave), harmonic: false), "an octave up", "eine Oktave aufwärts"),
            (.note(semitones: 0), "a unison", "eine Prime"),
            (
                .interval(DirectedInterval(.minorThird), harmonic: true), "a minor third (harmonic)",
                "eine kleine Terz (harmonisch)"
            ),
            (
                .chord(.augmented, inversion: 2), "an augmented triad in 2nd inversion",
                "ein übermäßiger Dreiklang in der 2. Umkehrung"
            ),
            (
                .chord(.minor, inversion: 0), "a minor triad",
                "ein Molldreiklang"
            ),
        ]
        for (item, inEnglish, inGerman) in cases {
            #expect(english.itemPhrase(item) == inEnglish)
            #expect(german.itemPhrase(item) == inGerman)
        }
    }
}
