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
        #expect(german.hasPrefix("Als Nächstes: unterscheide 5 in Dur von ♭6 in Dur"), "\(german)")
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
}
