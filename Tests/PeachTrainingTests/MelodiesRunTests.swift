// MelodiesRunTests: melodies in virtual time: the tonic chord and the phrase, the answer note by note, judged in place.

import Foundation
import PeachCore
import PeachTestSupport
import PeachTraining
import Testing

@MainActor
@Suite("Play-back runs: melodies")
struct MelodiesRunTests {
    static let steps4 = PlayBackItem.melody(MelodyLevel(.steps, length: 4) ?? MelodyLevel.curriculum[1])

    func harness() -> RunHarness {
        let harness = RunHarness(
            mode: .playMelodies, playBack: PlayBackOptions(kind: .melodies, items: [Self.steps4]))
        harness.run.start()
        return harness
    }

    @Test("the tonic chord, then the phrase a beat a note; the window opens with its last note")
    func phraseSounds() throws {
        let harness = harness()
        let question = try #require(harness.question)
        #expect(question.answerNotes.count == 4 && question.key != nil)
        #expect(harness.sound.fake.playedNotes.count == 4)  // the tonic chord
        // The chord (0.75 s), a rest (0.5 s), then three notes of 0.5 s and the last at 2.75 s.
        harness.advance(2.7)
        #expect(harness.sound.fake.playedNotes.count == 7 && !harness.isAnswerable)
        harness.advance(0.1)
        #expect(harness.isAnswerable && harness.sound.fake.playedNotes.count == 8)
        #expect(
            harness.sound.fake.playedNotes.suffix(4).map(\.frequency)
                == question.answerNotes.map { $0.frequency() })
    }

    @Test("a phrase played in order is right; judged soon after its last note, not before")
    func rightPhrase() throws {
        let harness = harness()
        let question = try #require(harness.question)
        harness.advanceUntilAnswerable()
        for note in question.answerNotes.dropLast() {
            harness.strike([note.rawValue])
            harness.advance(0.4)
        }
        #expect(harness.store.playBacks.isEmpty)
        harness.strike([question.answerNotes[3].rawValue])
        harness.advance(0.5)
        #expect(harness.store.playBacks.isEmpty)
        harness.advance(0.4)
        let stored = try #require(harness.store.playBacks.first)
        #expect(stored.isCorrect && stored.played.count == 4)
        #expect(abs(stored.played[3].time - 1.2) < 0.001)
    }

    @Test(
        "one wrong note is judged in place; a missing one is judged after a pause; yours then the right one sound"
    )
    func wrongAndMissing() throws {
        let harness = harness()
        let question = try #require(harness.question)
        harness.advanceUntilAnswerable()
        let notes = question.answerNotes.map(\.rawValue)
        for note in [notes[0], notes[1] + 1, notes[2], notes[3]] {
            harness.strike([note])
            harness.advance(0.3)
        }
        harness.advance(0.6)
        let stored = try #require(harness.store.playBacks.first)
        #expect(stored.verdict.outcome == .wrongNotes)
        #expect(
            stored.verdict.marks == [
                .right, .wrong(played: MIDINote(clamping: notes[1] + 1)), .right, .right,
            ])
        let comparing = harness.presenter.events.contains {
            if case .playBack(.comparingAnswers(let played, let right), _) = $0 {
                return played.count == 4 && right == question.answerNotes
            }
            return false
        }
        #expect(comparing)
        // The next question: three notes of four, then silence.
        while harness.names.filter({ $0 == "answerable" }).count < 2, harness.now < 120 {
            harness.advance(0.1)
        }
        let next = try #require(harness.question)
        for note in next.answerNotes.prefix(3) {
            harness.strike([note.rawValue])
            harness.advance(0.3)
        }
        harness.advance(2.0)
        #expect(harness.store.playBacks.count == 1)
        harness.advance(0.6)
        let second = try #require(harness.store.playBacks.last)
        #expect(harness.store.playBacks.count == 2 && second.verdict.outcome == .incomplete)
        #expect(second.verdict.marks.last == .missing)
    }
}
