// PlayBackRunTests: play-back runs in virtual time: answers on the keys, play-through, controls and gestures.

import Foundation
import PeachCore
import PeachMIDI
import PeachTestSupport
import PeachText
import PeachTraining
import Testing

@MainActor
@Suite("Play-back runs")
struct PlayBackRunTests {
    static let majorThird = PlayBackItem.interval(DirectedInterval(.majorThird), harmonic: false)

    func harness(
        _ mode: TrainingMode = .playBack(.intervals), items: [PlayBackItem]? = [majorThird],
        options: (inout PlayBackOptions) -> Void = { _ in }, profile: ControllerProfile = .builtInDefault,
        withClicks: Bool = false, withInputPlayThrough: Bool = false
    ) -> RunHarness {
        var chosen = PlayBackOptions(kind: mode.playBackKind ?? .intervals, items: items)
        options(&chosen)
        let harness = RunHarness(
            mode: mode, playBack: chosen, profile: profile, withClicks: withClicks,
            withInputPlayThrough: withInputPlayThrough)
        harness.run.start()
        return harness
    }

    @Test(
        "a right answer on the keys is stored with its velocity and stamp, and sounds at once (velocity as loudness)"
    )
    func rightAnswer() throws {
        let harness = harness()
        let question = try #require(harness.question)
        #expect(harness.sound.fake.playedNotes.count == 1)  // the reference; the second note follows
        harness.advanceUntilAnswerable()
        let before = harness.sound.fake.playedNotes.count
        harness.advance(0.4)
        harness.strike([question.answerNotes[0].rawValue], velocity: 64)
        // Play-through: the key sounds at once, 40·log10(64/127) dB.
        let heard = try #require(harness.sound.fake.playedNotes.last)
        #expect(harness.sound.fake.playedNotes.count == before + 1)
        #expect(heard.frequency == question.answerNotes[0].frequency())
        #expect(abs(heard.amplitude.decibels - 40 * log10(64.0 / 127)) < 1e-9)
        #expect(harness.store.playBacks.isEmpty)  // judged when the chord window has closed
        harness.advance(0.2)
        let stored = try #require(harness.store.playBacks.first)
        #expect(stored.isCorrect && stored.question == question)
        #expect(stored.played.map(\.velocity) == [64] && stored.played.map(\.time) == [0])
        #expect(abs(stored.responseTime - 0.4) < 0.011)
        #expect(harness.run.progress.correct == 1 && harness.run.progress.stored == 1)
    }

    @Test(
        "the computer keyboard is a piano in play-back: letters from C4, z and x an octave; h is a note, not higher"
    )
    func keyboardPiano() throws {
        let harness = harness(.playBack(.notes), items: [.note(semitones: 4)])
        let question = try #require(harness.question)
        harness.advanceUntilAnswerable()
        // The piano's C follows the answer's octave: x moves it up, z down.
        let octaves = question.answerNotes[0].rawValue / 12 - 5
        let move = octaves > 0 ? "x" : "z"
        for _ in 0..<abs(octaves) {
            harness.run.handle(
                .controller(
                    .keys([
                        KeyboardKey(
                            name: move, actions: [], time: harness.now, piano: .octave(octaves > 0 ? 1 : -1))
                    ])))
        }
        let letters = ["a", "w", "s", "e", "d", "f", "t", "g", "y", "h", "u", "j"]
        let semitone = question.answerNotes[0].pitchClass
        let key = KeyboardKey(
            name: letters[semitone], actions: semitone == 9 ? [.press(.higher, input: .keyboard)] : [],
            time: harness.now, piano: .note(semitone))
        harness.run.handle(.controller(.keys([key])))
        harness.advance(0.2)
        let stored = try #require(harness.store.playBacks.first)
        #expect(stored.isCorrect, "\(stored.played) for \(question.answerNotes)")
        #expect(stored.inputKind == .keyboard)
        #expect(
            !harness.presenter.events.contains {
                if case .notice(.actionNotApplicable) = $0 { true } else { false }
            })
    }

    @Test(
        "a wrong answer is stored as heard (a minor third), then yours and the right one sound, then the next question"
    )
    func wrongAnswer() throws {
        let harness = harness()
        let question = try #require(harness.question)
        harness.advanceUntilAnswerable()
        harness.strike([question.answerNotes[0].rawValue - 1])
        harness.advance(0.2)
        let stored = try #require(harness.store.playBacks.first)
        #expect(
            !stored.isCorrect && stored.verdict.answered?.id == "m3" && stored.verdict.semitoneError == -1)
        let comparing = harness.presenter.events.contains {
            if case .playBack(.comparingAnswers(let played, let right), _) = $0 {
                return played == [question.reference, question.answerNotes[0].advanced(by: -1)]
                    && right == [question.reference, question.answerNotes[0]]
            }
            return false
        }
        #expect(comparing)
        let notes = harness.sound.fake.playedNotes.count
        harness.advance(8)
        // Four notes (yours: reference and note; the right: reference and note), then the next question began.
        #expect(harness.sound.fake.playedNotes.count >= notes + 4)
        #expect(harness.names.filter { $0 == "questionStarted" }.count >= 2)
    }

    @Test(
        "a chord struck with spread onsets counts when every onset lies in the window; a later key does not")
    func chordOnsets() throws {
        let harness = harness(.playBack(.chords), items: [.chord(.major, inversion: 0)])
        let question = try #require(harness.question)
        harness.advanceUntilAnswerable()
        let notes = question.answerNotes.map(\.rawValue)
        // Read in another order than struck: the stamps decide.
        harness.strike([notes[2], notes[0], notes[1]], offsets: [0.06, 0, 0.03])
        harness.strike([notes[0] + 12], offsets: [0.2])  // outside the 100 ms window: heard, not scored
        harness.advance(0.2)
        let stored = try #require(harness.store.playBacks.first)
        #expect(stored.isCorrect)
        #expect(stored.played.map(\.note.rawValue) == notes)
        #expect(stored.played.map(\.time) == [0, 0.03, 0.06])
    }

    @Test(
        "a note just after the chord window is named late with the window that takes it; a brushed key does not count; grazes alone do not answer"
    )
    func lateAndGrazed() throws {
        let harness = harness(.playBack(.chords), items: [.chord(.major, inversion: 0)])
        let question = try #require(harness.question)
        harness.advanceUntilAnswerable()
        let notes = question.answerNotes.map(\.rawValue)
        // A neighbour brushed first, at velocity 25 for 20 ms: the answer starts with the first note that counts.
        harness.strike([notes[0] - 1], velocity: 25)
        harness.advance(0.02)
        harness.release([notes[0] - 1])
        harness.advance(0.01)
        harness.strike([notes[0], notes[1]])
        harness.advance(0.115)
        harness.strike([notes[2]])  // 115 ms after the first counted note: late for a 100 ms window
        harness.advance(0.02)
        harness.strike([notes[2] + 12], offsets: [-0.005])  // during the verdict's feedback, stamped late too
        harness.advance(0.25)
        let stored = try #require(harness.store.playBacks.first)
        #expect(
            stored.played.map(\.note.rawValue) == [notes[0], notes[1]], "the graze and the late note left out"
        )
        #expect(stored.verdict.outcome == .incomplete)
        let notCounted = harness.presenter.events.compactMap { event -> ([PlayedNote], [PlayedNote])? in
            if case .playBack(.notCounted(let late, let grazed, _), _) = event { return (late, grazed) }
            return nil
        }
        #expect(notCounted.count == 2)
        #expect(notCounted.first?.0.map(\.note.rawValue) == [notes[2]])
        #expect(notCounted.last?.0.map(\.note.rawValue) == [notes[2] + 12])
        #expect(abs((notCounted.first?.0.first?.time ?? 0) - 0.115) < 1e-6)
        #expect(notCounted.first?.1.map(\.note.rawValue) == [notes[0] - 1])
        let words = Texts(language: .english).playBackNotCounted(
            late: notCounted.first?.0 ?? [], grazed: notCounted.first?.1 ?? [], window: 0.1)
        #expect(
            words.first?.contains("came 115 ms after the first note, past the 100 ms chord window") == true)
        #expect(words.first?.hasSuffix("peach settings set chordWindow 130)") == true, "\(words)")
        #expect(words.last?.contains("was a grazed key (velocity 25") == true)
    }

    @Test("a brushed key alone does not answer; a soft note held longer counts")
    func grazeAlone() throws {
        let harness = harness()
        let question = try #require(harness.question)
        harness.advanceUntilAnswerable()
        harness.strike([question.answerNotes[0].rawValue + 1], velocity: 30)
        harness.advance(0.03)
        harness.release([question.answerNotes[0].rawValue + 1])
        harness.advance(0.4)
        #expect(harness.store.playBacks.isEmpty && harness.names.contains("notCounted"))
        harness.strike([question.answerNotes[0].rawValue], velocity: 30)  // pianissimo, held
        harness.advance(0.4)
        #expect(harness.store.playBacks.first?.isCorrect == true)
    }

    @Test("playing only the reference does not answer; the window stays open for the other note")
    func referenceFirst() throws {
        let harness = harness()
        let question = try #require(harness.question)
        harness.advanceUntilAnswerable()
        harness.strike([question.reference.rawValue])
        harness.advance(0.2)
        #expect(harness.store.playBacks.isEmpty && harness.names.contains("referenceOnly"))
        harness.strike([question.answerNotes[0].rawValue])
        harness.advance(0.2)
        #expect(harness.store.playBacks.first?.isCorrect == true)
    }

    @Test("the sustain pedal holds a released key until it is lifted")
    func sustain() throws {
        let harness = harness()
        harness.advanceUntilAnswerable()
        harness.advance(3)
        harness.send(.controlChange(channel: 0, controller: 64, value: 127))
        harness.strike([40])
        let handle = try #require(harness.sound.fake.handles.last)
        harness.release([40])
        #expect(!handle.isStopped)
        harness.send(.controlChange(channel: 0, controller: 64, value: 0))
        #expect(handle.isStopped)
        #expect(harness.run.ending == nil)  // the pedal did not commit (default profile) nor stop
    }

    @Test(
        "with play-through on the input thread, keys and pedal sound there and not again; the piano still sounds; the end disarms"
    )
    func inputThreadPlayThrough() throws {
        let harness = harness(withInputPlayThrough: true)
        let through = try #require(harness.inputPlayThrough)
        #expect(through.isArmed)
        // The run rehearses a key while disarmed (silent), then the session arms.
        let calls = through.calls
        guard case .noteOn(let rehearsed, 1, let stamp) = calls.first, stamp.isNaN else {
            Issue.record("no rehearsal first: \(calls)")
            return
        }
        #expect(
            Array(calls.dropFirst().prefix(2)) == [
                .noteOff(rehearsed), .arm(harness.box.settings.training.referencePitch, .nominal),
            ])
        #expect(through.soundingNotes.isEmpty)
        let question = try #require(harness.question)
        harness.advanceUntilAnswerable()
        let note = question.answerNotes[0]
        let before = harness.sound.fake.playedNotes.count
        harness.advance(0.4)
        harness.strike([note.rawValue], velocity: 64)
        #expect(through.calls.last == .noteOn(note, 64, harness.now))
        #expect(through.soundingNotes == [note.rawValue])
        #expect(harness.sound.fake.playedNotes.count == before)  // not sounded a second time
        harness.advance(0.2)
        let stored = try #require(harness.store.playBacks.first)
        #expect(stored.isCorrect && stored.played.map(\.velocity) == [64])  // judged as ever
        // The pedal holds the key there until it is lifted.
        harness.send(.controlChange(channel: 0, controller: 64, value: 127))
        harness.release([note.rawValue])
        #expect(through.soundingNotes == [note.rawValue])
        harness.send(.controlChange(channel: 0, controller: 64, value: 0))
        #expect(through.soundingNotes.isEmpty)
        // The computer keyboard's piano is read on the main actor, and sounds there.
        let played = harness.sound.fake.playedNotes.count
        harness.run.handle(
            .controller(.keys([KeyboardKey(name: "a", actions: [], time: harness.now, piano: .note(0))])))
        #expect(harness.sound.fake.playedNotes.count == played + 1)
        harness.press(.stop)
        #expect(!through.isArmed && through.soundingNotes.isEmpty)
        let count = through.calls.count
        harness.strike([60])  // the tap is routed nowhere after the end
        #expect(through.calls.count == count)
    }

    @Test(
        "play-through on the input thread: silent in comparison, and a pad mapped to replay never reaches it")
    func inputThreadPlayThroughOnlyForKeys() throws {
        let comparison = RunHarness(mode: .comparison, withInputPlayThrough: true)
        comparison.run.start()
        let through = try #require(comparison.inputPlayThrough)
        comparison.strike([60])
        #expect(!through.isArmed && through.soundingNotes.isEmpty)
        let pads = ControllerProfile(
            name: "pads",
            switches: [SwitchMapping(.note(36), channel: 9, action: .replay)]
                + ControllerProfile.builtInDefault.switches)
        let harness = harness(profile: pads, withInputPlayThrough: true)
        let keys = try #require(harness.inputPlayThrough)
        harness.advanceUntilAnswerable()
        harness.send(.noteOn(channel: 9, note: 36, velocity: 100))
        #expect(!keys.calls.contains { if case .noteOn(_, _, let time) = $0 { !time.isNaN } else { false } })
        #expect(harness.names.last == "replayStarted")
    }

    @Test("a cluster below C4 replays, one from C4 up skips (nothing stored), two in a second stop")
    func clusters() throws {
        let harness = harness()
        harness.advanceUntilAnswerable()
        harness.strike([40, 41, 42, 43], offsets: [0, 0.01, 0.02, 0.03])
        #expect(harness.names.last == "replayStarted")
        harness.release([40, 41, 42, 43])
        harness.advance(1.5)
        harness.strike([70, 71, 72, 73])
        #expect(harness.names.contains("skipped"))
        harness.release([70, 71, 72, 73])
        harness.advance(0.5)
        harness.strike([50, 51, 52, 53])
        #expect(harness.store.playBacks.isEmpty)
        #expect(harness.run.ending?.name == "user")
        #expect(harness.sound.fake.soundingHandles.isEmpty)
    }

    @Test("a pad the profile maps to replay stays a control; keys mapped to answers are notes; Enter skips")
    func controls() throws {
        let pads = ControllerProfile(
            name: "pads",
            switches: [SwitchMapping(.note(36), channel: 9, action: .replay)]
                + ControllerProfile.builtInDefault.switches)
        let harness = harness(profile: pads)
        let question = try #require(harness.question)
        harness.advanceUntilAnswerable()
        harness.send(.noteOn(channel: 9, note: 36, velocity: 100))
        #expect(harness.names.last == "replayStarted")
        harness.advanceUntilAnswerable()
        harness.run.handle(
            .controller(.keys([KeyboardKey(name: "Enter", actions: [.press(.commit, input: .keyboard)])])))
        #expect(harness.names.last == "skipped")
        harness.advance(5)
        harness.advanceUntilAnswerable()
        harness.strike([try #require(harness.question).answerNotes[0].rawValue])
        harness.advance(0.2)
        #expect(
            harness.store.playBacks.count == 1 && question.item == harness.store.playBacks[0].question.item)
    }

    @Test("a store that fails ends the run: nothing is acknowledged")
    func storeFailure() throws {
        let harness = harness()
        harness.store.failing = true
        harness.advanceUntilAnswerable()
        harness.strike([try #require(harness.question).answerNotes[0].rawValue])
        harness.advance(0.2)
        #expect(harness.run.ending?.name == "storeFailed")
        #expect(harness.run.progress.stored == 0)
    }

    @Test("adaptive: a new player hears P5, M3 and P8 up; history with them mastered brings P4")
    func adaptiveStart() {
        let harness = harness(items: nil)
        var asked = Set<String>()
        for _ in 0..<12 {
            guard let question = harness.question else { break }
            asked.insert(question.item.id)
            harness.advanceUntilAnswerable()
            harness.strike([question.answerNotes[0].rawValue])
            harness.release([question.answerNotes[0].rawValue])
            harness.advance(1.5)
        }
        #expect(asked.isSubset(of: ["P5", "M3", "P8", "P4"]) && asked.count >= 3, "\(asked)")
    }

    @Test(
        "replay after an answer plays the question once more to listen to; nothing more is stored, then the next"
    )
    func replayAfterAnswer() throws {
        let harness = harness()
        let question = try #require(harness.question)
        harness.advanceUntilAnswerable()
        harness.strike([question.answerNotes[0].rawValue])
        harness.advance(0.2)
        let notes = harness.sound.fake.playedNotes.count
        harness.press(.replay)
        #expect(harness.names.last == "replayStarted")
        harness.advance(0.05)
        #expect(harness.sound.fake.playedNotes.count == notes + 1, "the reference again")
        // The answer window does not reopen: a key now is heard, not stored.
        harness.strike([question.answerNotes[0].rawValue])
        harness.advance(0.3)
        #expect(harness.store.playBacks.count == 1)
        harness.advance(3)
        #expect(harness.names.filter { $0 == "questionStarted" }.count == 2)
    }

    @Test(
        "an underrun while notes play is told as it is noticed (a dropout, its count, the advice once it recurs); the answer still counts"
    )
    func underrunsTold() throws {
        let harness = RunHarness(
            mode: .playBack(.intervals),
            playBack: PlayBackOptions(kind: .intervals, items: [Self.majorThird]),
            withClicks: true)
        let output = try #require(harness.clicks)
        output.dropoutCount = 5  // the output's own count from before the session is not this session's
        harness.run.start()
        let question = try #require(harness.question)
        harness.advanceUntilAnswerable()
        #expect(!harness.names.contains("dropout"))
        // The sound breaks off as the player plays: told with the note, and the answer is judged as ever.
        output.dropoutCount += 1
        harness.strike([question.answerNotes[0].rawValue])
        harness.advance(0.3)
        #expect(harness.store.playBacks.count == 1 && harness.store.playBacks[0].isCorrect)
        // Two more while the feedback plays: told when it ends, in one event.
        output.dropoutCount += 2
        harness.advance(3)
        let told = harness.presenter.events.compactMap { event -> [Int]? in
            guard case .playBack(.dropout(let new, let total, let replaying), _) = event else { return nil }
            return [new, total, replaying ? 1 : 0]
        }
        #expect(told == [[1, 1, 0], [2, 3, 0]])
        #expect(harness.run.progress.dropouts == 3)
        // The output is kept awake at each trial and each note (it never rests while the player thinks).
        #expect(output.awakeRequests >= 3)
        let asked = output.awakeRequests
        harness.strike([60])
        #expect(output.awakeRequests == asked + 1)
        // Without an output that counts dropouts, nothing is told.
        let plain = self.harness()
        plain.advanceUntilAnswerable()
        plain.strike([try #require(plain.question).answerNotes[0].rawValue])
        plain.advance(0.3)
        #expect(!plain.names.contains("dropout") && plain.run.progress.dropouts == 0)
    }
}
