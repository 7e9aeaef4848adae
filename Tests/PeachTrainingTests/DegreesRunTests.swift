// DegreesRunTests: scale degrees in virtual time: the cadence before the note, any octave, the resolution home.

import Foundation
import PeachCore
import PeachTestSupport
import PeachTraining
import Testing

@MainActor
@Suite("Play-back runs: scale degrees")
struct DegreesRunTests {
    static let fifth = PlayBackItem.degree(ScaleDegree(mode: .major, semitones: 7))

    func harness(
        every: Int = 1, items: [PlayBackItem]? = [fifth], context: DegreeContext = .cadence, notes: Int = 1,
        key: DegreeKey = .random
    ) -> RunHarness {
        var options = PlayBackOptions(kind: .degrees, items: items)
        options.degreeKey = key
        options.cadenceEvery = every
        options.degreeContext = context
        options.degreeNotes = notes
        let harness = RunHarness(mode: .playBack(.degrees), playBack: options)
        harness.run.start()
        return harness
    }

    @Test("the cadence's four chords sound first, then the note; the window opens with the note, not before")
    func cadenceThenNote() throws {
        let harness = harness()
        let question = try #require(harness.question)
        #expect(harness.names.prefix(3) == ["started", "cadence", "questionStarted"])
        // The first chord at once: its four notes.
        #expect(harness.sound.fake.playedNotes.count == 4)
        harness.advance(2.9)
        #expect(harness.sound.fake.playedNotes.count == 16 && !harness.isAnswerable)
        // Four chords of 0.75 s and a rest of 0.5 s: the note at 3.5 s.
        harness.advance(0.65)
        #expect(harness.isAnswerable)
        #expect(harness.sound.fake.playedNotes.count == 17)
        #expect(harness.sound.fake.playedNotes.last?.frequency == question.answerNotes[0].frequency())
    }

    @Test("the right degree two octaves down is right, stored with the tonic, and resolves home: 5 4 3 2 1")
    func anyOctaveAndResolution() throws {
        let harness = harness()
        let question = try #require(harness.question)
        harness.advanceUntilAnswerable()
        let low = question.answerNotes[0].rawValue - 24
        harness.strike([low])
        harness.advance(0.2)
        let stored = try #require(harness.store.playBacks.first)
        #expect(stored.isCorrect && stored.question.reference == question.reference)
        let resolving = harness.presenter.events.compactMap { event -> [Int]? in
            if case .playBack(.resolving(_, let notes), _) = event { return notes.map(\.rawValue) }
            return nil
        }
        #expect(resolving == [[low - 2, low - 3, low - 5, low - 7]])
        let before = harness.sound.fake.playedNotes.count
        harness.advance(4)
        // The four notes home sounded, then the next question's cadence began.
        #expect(harness.sound.fake.playedNotes.count >= before + 4)
        #expect(harness.names.filter { $0 == "questionStarted" }.count == 2)
    }

    @Test("a key fixed as F♯ is asked in F♯ major (not G♭), and stored with its tonic so named")
    func namedKey() throws {
        let fSharp = try #require(KeySignature(parsing: "F#"))
        let harness = harness(key: .tonic(fSharp))
        let question = try #require(harness.question)
        #expect(question.key?.description == "F♯ major")
        #expect(question.key?.spelled(question.answerNotes[0]).pitchName(.english) == "C♯")
        harness.advanceUntilAnswerable()
        harness.strike([question.answerNotes[0].rawValue])
        harness.advance(0.2)
        let stored = try #require(harness.store.playBacks.first)
        #expect(stored.question.tonicName == fSharp && stored.question.key?.description == "F♯ major")
    }

    @Test("a wrong degree is stored as heard (♭6), plays yours then the right note, and resolves nothing")
    func wrongDegree() throws {
        let harness = harness()
        let question = try #require(harness.question)
        harness.advanceUntilAnswerable()
        harness.strike([question.answerNotes[0].rawValue + 1])
        harness.advance(0.2)
        let stored = try #require(harness.store.playBacks.first)
        #expect(!stored.isCorrect && stored.verdict.answered?.id == "b6-major")
        #expect(!harness.names.contains("resolving"))
        let comparing = harness.presenter.events.contains {
            if case .playBack(.comparingAnswers(let played, let right), _) = $0 {
                return played == [question.answerNotes[0].advanced(by: 1)] && right == question.answerNotes
            }
            return false
        }
        #expect(comparing)
    }

    @Test("with the cadence every 3rd question only the 1st and 4th of a block hear it; a replay always does")
    func cadenceEvery() throws {
        let harness = harness(every: 3)
        var cadences: [Bool] = []
        var tonics: Set<MIDINote> = []
        for number in 1...5 {
            let question = try #require(harness.question)
            tonics.insert(question.reference)
            harness.advanceUntilAnswerable()
            cadences.append(harness.names.last { $0 == "cadence" || $0 == "feedbackEnded" } == "cadence")
            harness.strike([question.answerNotes[0].rawValue])
            harness.advance(0.2)
            while harness.names.filter({ $0 == "questionStarted" }).count == number, harness.now < 600 {
                harness.advance(0.1)
            }
        }
        #expect(cadences == [true, false, false, true, false])
        #expect(tonics.count == 1)
        // A replay sounds the cadence again (four chords before the note).
        let played = harness.sound.fake.playedNotes.count
        harness.run.perform(.press(.replay, input: .midiNote))
        #expect(harness.sound.fake.playedNotes.count == played + 4)
    }

    @Test(
        "a drone: tonic and fifth an octave down, softly, 2 s alone, then the note; held until a wrong answer"
    )
    func drone() throws {
        let harness = harness(context: .drone)
        let question = try #require(harness.question)
        #expect(harness.names.prefix(3) == ["started", "cadence", "questionStarted"])
        let tonic = question.reference.rawValue
        let played = harness.sound.fake.playedNotes
        let drone = [tonic - 12, tonic - 5].map { MIDINote(clamping: $0).frequency() }
        #expect(played.map(\.frequency) == drone)
        #expect(played.allSatisfy { $0.velocity == PlayBackSession.droneVelocity })
        harness.advance(1.9)
        #expect(!harness.isAnswerable && harness.sound.fake.playedNotes.count == 2)
        harness.advance(0.15)
        #expect(harness.isAnswerable)
        #expect(harness.sound.fake.playedNotes.count == 3)
        #expect(harness.sound.fake.playedNotes.last?.frequency == question.answerNotes[0].frequency())
        // The note ends; the drone holds on under the answer.
        harness.advance(3)
        #expect(harness.sound.fake.soundingHandles.count == 2)
        harness.strike([question.answerNotes[0].rawValue + 1])
        harness.advance(0.2)
        #expect(harness.sound.fake.handles.prefix(2).allSatisfy { $0.isStopped }, "a wrong answer stops it")
        let drones = harness.presenter.events.compactMap { event -> DegreeContext? in
            if case .playBack(.cadence(_, let context, _), _) = event { return context }
            return nil
        }
        #expect(drones == [.drone])
        // A replay during the feedback plays the drone, then the note.
        let before = harness.sound.fake.playedNotes.count
        harness.run.perform(.press(.replay, input: .midiNote))
        #expect(harness.sound.fake.playedNotes.count == before + 2)
    }

    @Test("a drone with nothing played stops by itself 8 s after the note")
    func droneEnds() throws {
        let harness = harness(context: .drone)
        harness.advanceUntilAnswerable()
        harness.advance(PlayBackSession.droneHold - 0.1)
        #expect(harness.sound.fake.handles.prefix(2).allSatisfy { !$0.isStopped })
        harness.advance(0.2)
        #expect(harness.sound.fake.handles.prefix(2).allSatisfy { $0.isStopped })
    }

    @Test("three degrees in a row: the asked one last, the others in play or the tonic, none twice in a row")
    func rowOfThree() throws {
        let third = PlayBackItem.degree(ScaleDegree(mode: .major, semitones: 4))
        let harness = harness(items: [Self.fifth, third], notes: 3)
        for number in 1...6 {
            let question = try #require(harness.question)
            let tonic = question.reference.rawValue
            let row = question.answerNotes.map { $0.rawValue - tonic }
            #expect(row.count == 3 && Set([0, 4, 7]).isSuperset(of: row), "\(row)")
            #expect(zip(row, row.dropFirst()).allSatisfy { $0 != $1 }, "\(row)")
            guard case .degree(let asked) = question.item else { throw Failure() }
            #expect(row.last == asked.semitones)
            harness.advanceUntilAnswerable()
            // Each note in another octave, one after another.
            for (index, note) in question.answerNotes.enumerated() {
                harness.strike([note.rawValue + (index == 1 ? -12 : 12)])
                harness.advance(0.6)
            }
            harness.advance(1)
            let stored = try #require(harness.store.playBacks.last)
            #expect(harness.store.playBacks.count == number)
            #expect(stored.isCorrect && stored.question.answerNotes == question.answerNotes)
            while harness.names.filter({ $0 == "questionStarted" }).count == number, harness.now < 900 {
                harness.advance(0.1)
            }
        }
        #expect(harness.names.contains("resolving"))
    }

    @Test(
        "a row with only its first note wrong is a miss, but no confusion of the asked degree; the last wrong is"
    )
    func rowMisses() throws {
        let harness = harness(notes: 2)
        for wrongFirst in [true, false] {
            let question = try #require(harness.question)
            harness.advanceUntilAnswerable()
            let notes = question.answerNotes.map(\.rawValue)
            harness.strike([notes[0] + (wrongFirst ? 1 : 0)])
            harness.advance(0.5)
            harness.strike([notes[1] + (wrongFirst ? 0 : 1)])
            harness.advance(1)
            let stored = try #require(harness.store.playBacks.last)
            #expect(!stored.isCorrect)
            #expect(stored.missedOnlyTheLine == wrongFirst)
            #expect(stored.verdict.answered?.id == (wrongFirst ? "5-major" : "b6-major"))
            while harness.names.filter({ $0 == "questionStarted" }).count < 2 + (wrongFirst ? 0 : 1),
                harness.now < 900
            {
                harness.advance(0.1)
            }
        }
        var history = PlayBackHistory()
        for answer in harness.store.playBacks { history.add(answer) }
        #expect(history.items[Self.fifth]?.heardAs == ["b6-major": 1])
    }

    struct Failure: Error {}
}
