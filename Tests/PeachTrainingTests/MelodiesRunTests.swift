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
            mode: .playBack(.melodies), playBack: PlayBackOptions(kind: .melodies, items: [Self.steps4]))
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

    @Test("free: a phrase in a rhythm of its own sounds in it: the window opens as its last note begins")
    func freeRhythm() throws {
        let level = try #require(MelodyLevel(.chromatic, length: 8))
        let harness = RunHarness(
            mode: .playBack(.melodies), playBack: PlayBackOptions(kind: .melodies, items: [.melody(level)]))
        harness.run.start()
        let question = try #require(harness.question)
        #expect(
            !question.hasPlainRhythm && question.lengths.dropLast().reduce(0, +) != 7, "\(question.lengths)")
        // The chord and its rest (1.25 s), then each note its length in beats of 0.5 s.
        let lastStart = 1.25 + question.lengths.dropLast().reduce(0, +) * 0.5
        let start = harness.now
        harness.advanceUntilAnswerable()
        #expect(
            abs(harness.now - start - lastStart) < 0.015, "\(harness.now - start) for \(question.lengths)")
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

    @Test("free: notes played along with the phrase do not answer; the window's opening says so, once")
    func freePlayedDuringCall() throws {
        let harness = harness()
        let question = try #require(harness.question)
        // The chord (0.75 s) and a rest: the phrase's first note starts at 1.25 s; the player joins in at once.
        harness.advance(1.3)
        harness.strike([question.answerNotes[0].rawValue])
        harness.advance(0.5)
        harness.strike([question.answerNotes[1].rawValue])
        harness.advanceUntilAnswerable()
        let names = harness.names
        // Told just before the window's state line, which then says what to play.
        let told = try #require(names.firstIndex(of: "playedDuringCall"))
        #expect(names.dropFirst(told + 1).first == "answerable", "\(names)")
        let inTempo = harness.presenter.events.compactMap { event -> Bool? in
            guard case .playBack(.playedDuringCall(_, let inTempo), _) = event else { return nil }
            return inTempo
        }
        #expect(inTempo == [false])
        // The notes played along are not the answer: nothing is judged until the phrase is played now.
        harness.advance(5)
        #expect(harness.store.playBacks.isEmpty)
        for note in question.answerNotes {
            harness.strike([note.rawValue])
            harness.advance(0.3)
        }
        harness.advance(1)
        let stored = try #require(harness.store.playBacks.first)
        #expect(stored.isCorrect && stored.played.count == 4)
        // A phrase listened to in silence opens its window without the words.
        let quiet = self.harness()
        quiet.advanceUntilAnswerable()
        #expect(quiet.names.contains("answerable") && !quiet.names.contains("playedDuringCall"))
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

    func tempoHarness(_ item: PlayBackItem = steps4, bpm: Int = 120) -> RunHarness {
        var options = PlayBackOptions(kind: .melodies, items: [item])
        options.inTempo = true
        options.tempo = (try? Tempo(bpm: bpm)) ?? .standard
        let harness = RunHarness(mode: .playBack(.melodies), playBack: options, withClicks: true)
        harness.run.start()
        return harness
    }

    /// Plays `notes` on the response of `grid`, each `truth[i]` seconds from its place, stamped there; then waits
    /// until the answer is stored (or the response is long over).
    func respond(_ notes: [Int], offsets truth: [Double], on grid: TempoGrid, in harness: RunHarness) {
        while harness.now < grid.responseStart - 0.1 { harness.advance(0.01) }
        for (index, note) in notes.enumerated() {
            let place = grid.places[index] + truth[index]
            while harness.now < place - 0.005 { harness.advance(0.005) }
            harness.strike([note], offsets: [place - harness.now])
        }
        while harness.store.playBacks.isEmpty, harness.now < grid.responseEnd + 2 { harness.advance(0.005) }
    }

    /// The grid the run placed for its latest question.
    func placedGrid(_ harness: RunHarness) -> TempoGrid? {
        harness.presenter.events.compactMap { event -> TempoGrid? in
            if case .playBack(.grid(let grid), _) = event { return grid }
            return nil
        }.last
    }

    @Test("in tempo: count-in, call and response on the clicks; each note's offset from its place is stored")
    func inTempo() throws {
        let harness = tempoHarness()
        let question = try #require(harness.question)
        let grid = try #require(placedGrid(harness))
        let clicks = try #require(harness.clicks)
        // 4 count-in clicks, then a bar of call and a bar of response (four notes: 5 beats → 2 bars each).
        #expect(grid.phraseBars == 2 && clicks.clicks.count == 4 + 8 + 8)
        #expect(clicks.clicks.first?.time == grid.start && clicks.clicks.first?.accent == true)
        // The phrase sounds on the call's beats.
        while harness.now < grid.responseStart - 0.3 { harness.advance(0.01) }
        #expect(!harness.isAnswerable)
        harness.advance(0.1)
        #expect(harness.isAnswerable)
        // Each note played at a known offset from its place: −20, +10, +35, −5 ms.
        let truth = [-0.020, 0.010, 0.035, -0.005]
        while harness.now < grid.responseStart - 0.1 { harness.advance(0.01) }
        for (index, note) in question.answerNotes.enumerated() {
            let place = grid.places[index] + truth[index]
            while harness.now < place - 0.005 { harness.advance(0.005) }
            harness.strike([note.rawValue], offsets: [place - harness.now])
        }
        #expect(harness.store.playBacks.isEmpty)  // judged after the response, not at the fourth note
        while harness.store.playBacks.isEmpty, harness.now < grid.responseEnd + 2 { harness.advance(0.05) }
        let stored = try #require(harness.store.playBacks.first)
        #expect(stored.isCorrect && stored.tempo?.bpm == 120)
        let offsets = stored.noteOffsets.map { $0 ?? .nan }
        #expect(zip(offsets, truth).allSatisfy { abs($0 - $1) < 0.0002 }, "\(offsets)")
    }

    @Test(
        "in tempo: a phrase in a rhythm of its own is placed and judged on that rhythm's beats, and stored with it"
    )
    func inTempoRhythm() throws {
        let harness = tempoHarness(.melody(try #require(MelodyLevel(.chromatic, length: 8))), bpm: 100)
        let question = try #require(harness.question)
        let grid = try #require(placedGrid(harness))
        #expect(
            !question.hasPlainRhythm,
            "the run's seed draws a rhythm with eighths, a half or a dotted quarter: \(question.lengths)")
        var onsets: [Double] = [0]
        for length in question.lengths.dropLast() { onsets.append((onsets.last ?? 0) + length) }
        #expect(grid.noteBeats == onsets)
        let truth = [0.012, -0.008, 0.020, 0.004, -0.015, 0.009, -0.003, 0.017]
        respond(question.answerNotes.map { Int($0.rawValue) }, offsets: truth, on: grid, in: harness)
        let stored = try #require(harness.store.playBacks.first)
        #expect(stored.isCorrect && stored.question.lengths == question.lengths)
        let offsets = stored.noteOffsets.map { $0 ?? .nan }
        #expect(zip(offsets, truth).allSatisfy { abs($0 - $1) < 0.0002 }, "\(offsets)")
    }

    @Test(
        "in tempo: after a wrong answer yours sounds as you played it, then the right one at the grid's tempo"
    )
    func inTempoYoursAsPlayed() throws {
        let harness = tempoHarness(bpm: 100)
        let question = try #require(harness.question)
        let grid = try #require(placedGrid(harness))
        // The second note a semitone off; the third rushed by 150 ms, the fourth dragged by 100 ms.
        var notes = question.answerNotes.map { Int($0.rawValue) }
        notes[1] += 1
        respond(notes, offsets: [0.0, 0.02, -0.15, 0.1], on: grid, in: harness)
        let stored = try #require(harness.store.playBacks.first)
        #expect(!stored.isCorrect && stored.played.count == 4)
        // The feedback's notes, each with when it began.
        var onsets: [(note: Int, time: Double)] = []
        while onsets.count < 8, harness.now < grid.responseEnd + 12 {
            let count = harness.sound.fake.playedKeys.count
            harness.advance(0.001)
            onsets += harness.sound.fake.playedKeys[count...].map { (Int($0.rawValue), harness.now) }
        }
        try #require(onsets.count == 8, "\(onsets)")
        #expect(
            onsets.prefix(4).map(\.note) == notes
                && onsets.suffix(4).map(\.note) == question.answerNotes.map(\.rawValue))
        // Yours in your own time (a beat is 0.6 s): the third 0.43 s after the second, the fourth 0.85 s after it.
        for (onset, played) in zip(onsets.prefix(4), stored.played) {
            #expect(abs(onset.time - onsets[0].time - played.time) < 0.002, "\(onsets)")
        }
        #expect(abs(stored.played[2].time - stored.played[1].time - 0.43) < 1e-3)
        // The right one on the grid's beats.
        var place = 0.0
        for (onset, length) in zip(onsets.suffix(4), question.lengths) {
            #expect(abs(onset.time - onsets[4].time - place) < 0.002, "\(onsets)")
            place += length * 0.6
        }
    }

    @Test("in tempo: a dropout while the phrase plays is not judged; the phrase plays again")
    func inTempoDropout() throws {
        let harness = tempoHarness()
        let question = try #require(harness.question)
        let grid = try #require(placedGrid(harness))
        let clicks = try #require(harness.clicks)
        while harness.now < grid.responseStart { harness.advance(0.01) }
        clicks.dropoutCount += 1
        for (index, note) in question.answerNotes.enumerated() {
            while harness.now < grid.places[index] { harness.advance(0.01) }
            harness.strike([note.rawValue])
        }
        while harness.now < grid.responseEnd + 1 { harness.advance(0.05) }
        #expect(harness.store.playBacks.isEmpty)
        #expect(harness.names.contains("dropout") && harness.names.contains("replayStarted"))
        let replaying = harness.presenter.events.compactMap { event -> Bool? in
            guard case .playBack(.dropout(_, _, let replaying), _) = event else { return nil }
            return replaying
        }
        #expect(replaying == [true], "told once, as the phrase plays again")
        let grids = harness.presenter.events.filter {
            if case .playBack(.grid, _) = $0 { true } else { false }
        }
        #expect(grids.count == 2)
    }

    @Test(
        "in tempo: notes played along with the phrase do not answer; an empty response says so, then replays")
    func inTempoPlayedDuringCall() throws {
        let harness = tempoHarness()
        let question = try #require(harness.question)
        let grid = try #require(placedGrid(harness))
        // The phrase played along with the call, each note on its call's place: before the window opens.
        for (index, note) in question.answerNotes.enumerated() {
            while harness.now < grid.callTimes[index] { harness.advance(0.01) }
            harness.strike([note.rawValue])
        }
        while harness.now < grid.responseEnd + 1 { harness.advance(0.05) }
        #expect(harness.store.playBacks.isEmpty)
        let names = harness.names
        let told = try #require(names.firstIndex(of: "playedDuringCall"))
        #expect(names.dropFirst(told).contains("replayStarted"), "\(names)")
        #expect(names.filter { $0 == "playedDuringCall" }.count == 1)
        // A response left empty with nothing played before it replays without the words.
        let quiet = tempoHarness()
        let quietGrid = try #require(placedGrid(quiet))
        while quiet.now < quietGrid.responseEnd + 1 { quiet.advance(0.05) }
        #expect(quiet.names.contains("replayStarted") && !quiet.names.contains("playedDuringCall"))
    }

    @Test("in tempo: a skip drops the grid's clicks not yet heard, and the next question places its own")
    func inTempoSkip() throws {
        let harness = tempoHarness()
        let clicks = try #require(harness.clicks)
        let grid = try #require(placedGrid(harness))
        while harness.now < grid.callStart { harness.advance(0.01) }
        let skippedAt = harness.now
        harness.run.perform(.press(.commit, input: .midiNote))
        #expect(harness.names.contains("skipped") && clicks.droppedCount > 0)
        while harness.presenter.events.filter({ if case .playBack(.grid, _) = $0 { true } else { false } })
            .count < 2,
            harness.now < 30
        {
            harness.advance(0.05)
        }
        let next = try #require(placedGrid(harness))
        #expect(next != grid && next.start > skippedAt)
    }
}
