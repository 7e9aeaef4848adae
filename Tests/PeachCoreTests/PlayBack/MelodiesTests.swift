// MelodiesTests: phrases a musician would sing, each note judged in place, and the verdict's outcomes.

import Foundation
import Testing

@testable import PeachCore

@Suite("Play back: melodies")
struct MelodiesTests {
    static func notes(_ values: [Int]) -> [MIDINote] { values.map { MIDINote(clamping: $0) } }

    @Test("levels are named steps3 … chromatic8, open short and stepwise first, and read back from their ids")
    func levels() {
        let catalogue = PlayBackItem.catalogue(of: .melodies)
        #expect(catalogue.prefix(2).map(\.id) == ["steps3", "steps4"])
        #expect(catalogue.count == 15 && Set(catalogue).count == 15)
        for item in catalogue { #expect(PlayBackItem(id: item.id) == item, "\(item.id)") }
        #expect(
            PlayBackItem(id: "steps9") == nil && PlayBackItem(id: "steps2") == nil
                && PlayBackItem(id: "leaps05") == nil)
        // A phrase grows no shorter along the curriculum within a shape.
        for shape in MelodyLevel.Shape.allCases {
            let lengths = MelodyLevel.curriculum.filter { $0.shape == shape }.map(\.length)
            #expect(lengths == lengths.sorted(), "\(shape)")
        }
    }

    @Test("a wrong note, a missed one and an added one are each judged in place; the rest stays right")
    func alignment() {
        let phrase = Self.notes([60, 62, 64, 65, 67])
        func marks(_ played: [Int]) -> ([MelodyMark], [MIDINote]) {
            MelodyMark.align(expected: phrase, played: Self.notes(played))
        }
        #expect(marks([60, 62, 64, 65, 67]).0.allSatisfy { $0.isRight })
        let wrong = marks([60, 62, 63, 65, 67])
        #expect(wrong.0 == [.right, .right, .wrong(played: MIDINote(63)), .right, .right] && wrong.1.isEmpty)
        let missed = marks([60, 62, 65, 67])
        #expect(missed.0 == [.right, .right, .missing, .right, .right] && missed.1.isEmpty)
        let added = marks([60, 62, 64, 64, 65, 67])
        #expect(added.0.allSatisfy { $0.isRight } && added.1 == [MIDINote(64)])
        let nothing = marks([])
        #expect(nothing.0 == Array(repeating: .missing, count: 5))
        // A player who stops early has missed the end: one wrong note is the first note's, two are the first two.
        let stopped = MelodyMark.align(expected: Self.notes([71, 73, 71]), played: Self.notes([65]))
        #expect(stopped.0 == [.wrong(played: MIDINote(65)), .missing, .missing] && stopped.1.isEmpty)
        #expect(
            marks([61, 63]).0
                == [.wrong(played: MIDINote(61)), .wrong(played: MIDINote(63)), .missing, .missing, .missing])
        // Of the places a wrong note could stand for, it stands for the nearest: G♯ after C is G's, not D's;
        // C♯ between C and F is D's, not E's.
        #expect(marks([60, 68]).0 == [.right, .missing, .missing, .missing, .wrong(played: MIDINote(68))])
        #expect(
            marks([60, 61, 65, 67]).0 == [.right, .wrong(played: MIDINote(61)), .missing, .right, .right])
        // In any octave, an octave's note is right.
        #expect(
            MelodyMark.align(expected: phrase, played: Self.notes([48, 62, 76, 65, 67]), anyOctave: true).0
                .allSatisfy { $0.isRight })
    }

    @Test(
        "in tempo a note stands for the note at whose place it came; played freely, for the nearest in pitch")
    func alignmentInTempo() throws {
        let level = try #require(MelodyLevel(.steps, length: 4))
        let question = try #require(
            PlayBackQuestion(melody: level, tonic: MIDINote(64), notes: Self.notes([71, 73, 71, 68])))
        // 120 BPM: the places are 0, 0.5, 1 and 1.5 s after the response's first beat.
        let tempo = try Tempo(bpm: 120)
        func answer(_ played: [(Int, Double)], inTempo: Bool, firstAt: Double = 0) -> CompletedPlayBack {
            CompletedPlayBack(
                question: question,
                played: played.map { PlayedNote(note: MIDINote(clamping: $0.0), velocity: 90, time: $0.1) },
                anyOctave: false, anyVoicing: false, timestamp: Date(timeIntervalSince1970: 0),
                responseTime: 0,
                inputKind: .midiNote, tempo: inTempo ? tempo : nil,
                gridOffset: inTempo ? firstAt : nil)
        }
        // F4 on note 1's place and G4 on note 2's: in tempo those two notes were wrong and the end is missing.
        let twoWrong = [(65, 0.0), (67, 0.5)]
        let timed = answer(twoWrong, inTempo: true)
        #expect(
            timed.verdict.marks == [
                .wrong(played: MIDINote(65)), .wrong(played: MIDINote(67)), .missing, .missing,
            ])
        #expect(timed.noteOffsets == [0, 0, nil, nil])
        // Played freely, G4 is nearest to the last note, G♯4.
        #expect(
            answer(twoWrong, inTempo: false).verdict.marks
                == [.wrong(played: MIDINote(65)), .missing, .missing, .wrong(played: MIDINote(67))])
        // B4 once, on the third place: in tempo it is note 3 (the first note is the same B4); freely, note 1.
        let late = answer([(71, 0)], inTempo: true, firstAt: 1.0)
        #expect(
            late.verdict.marks == [.missing, .missing, .right, .missing]
                && late.noteOffsets == [nil, nil, 0, nil])
        #expect(answer([(71, 0)], inTempo: false).verdict.marks == [.right, .missing, .missing, .missing])
    }

    /// Three answers in tempo at 120 BPM to a four-note phrase, its first note 10, 20 and 30 ms late, its second
    /// on time once.
    static func inTempoHistory() throws -> PlayBackHistory {
        let level = try #require(MelodyLevel(.steps, length: 4))
        let question = try #require(
            PlayBackQuestion(melody: level, tonic: MIDINote(64), notes: Self.notes([71, 73, 71, 68])))
        var history = PlayBackHistory()
        for (index, late) in [0.010, 0.020, 0.030].enumerated() {
            // Onsets count from the first note played; the grid offset places it (`late` after its beat).
            let played = [(71, 0.0)] + (index == 0 ? [(73, 0.5 - late)] : [])
            history.add(
                CompletedPlayBack(
                    question: question,
                    played: played.map {
                        PlayedNote(note: MIDINote(clamping: $0.0), velocity: 90, time: $0.1)
                    },
                    anyOctave: false, anyVoicing: false, timestamp: Date(timeIntervalSince1970: 0),
                    responseTime: 0, inputKind: .midiNote, tempo: try Tempo(bpm: 120), gridOffset: late))
        }
        return history
    }

    @Test("in tempo each place's mean offset has its likely range (± one standard error), kept in a snapshot")
    func offsetRangeByPlace() throws {
        let history = try Self.inTempoHistory()
        let first = try #require(history.melodyTiming[1])
        // 10, 20, 30 ms: mean 20, sample standard deviation 10, standard error 10 / √3 = 5.77.
        #expect(first.count == 3 && abs((first.mean ?? 0) - 20) < 1e-9)
        let range = try #require(first.likelyRangeOfMean)
        #expect(abs(range.lowerBound - (20 - 10 / 3.0.squareRoot())) < 1e-9)
        #expect(abs(range.upperBound - (20 + 10 / 3.0.squareRoot())) < 1e-9)
        // One note is a mean without a range.
        #expect(history.melodyTiming[2]?.count == 1 && history.melodyTiming[2]?.likelyRangeOfMean == nil)
        #expect(try snapshotRoundTrip(history) == history)
        #expect(history.isConsistent(maximumCount: 3))
    }

    @Test(
        "an answer is spelled as judged: a right note as the phrase writes it, a wrong or added one plainly")
    func answerSpelling() throws {
        let level = try #require(MelodyLevel(.steps, length: 3))
        // A♭ major: A♭4 B♭4 A♭4.
        let question = try #require(
            PlayBackQuestion(melody: level, tonic: MIDINote(68), notes: Self.notes([68, 70, 68])))
        func spelled(_ played: [Int]) -> [String] {
            let verdict = PlayBackVerdict.judge(
                question, played: Self.notes(played), options: PlayBackOptions(kind: .melodies))
            return question.spelled(answer: verdict).map(\.description)
        }
        #expect(spelled([68, 70, 68]) == ["A♭4", "B♭4", "A♭4"])
        // A for B♭ is A, not the ♭2 B𝄫 the key's degrees would write; so is an A added.
        #expect(spelled([68, 69, 68]) == ["A♭4", "A4", "A♭4"])
        #expect(spelled([68, 69, 70, 68]) == ["A♭4", "A4", "B♭4", "A♭4"])
        // A note of the key an octave off is written as the key writes it.
        #expect(spelled([56, 70]) == ["A♭3", "B♭4"])
    }

    @Test("the verdict: right, the phrase an octave up, incomplete, extra notes, wrong notes each in place")
    func verdicts() throws {
        let level = try #require(MelodyLevel(.steps, length: 4))
        let question = try #require(
            PlayBackQuestion(melody: level, tonic: MIDINote(60), notes: Self.notes([60, 62, 64, 60])))
        func outcome(_ played: [Int]) -> PlayBackVerdict {
            PlayBackVerdict.judge(
                question, played: Self.notes(played), options: PlayBackOptions(kind: .melodies))
        }
        #expect(
            outcome([60, 62, 64, 60]).outcome == .right
                && outcome([60, 62, 64, 60]).answered == question.item)
        #expect(outcome([72, 74, 76, 72]).outcome == .otherOctave)
        #expect(
            outcome([60, 62, 60]).outcome == .incomplete && outcome([60, 62, 60]).missing == [MIDINote(64)])
        #expect(outcome([60, 62, 64, 65, 60]).outcome == .extraNotes)
        let wrong = outcome([60, 62, 65, 60])
        #expect(
            wrong.outcome == .wrongNotes && wrong.answered == nil
                && wrong.marks[2] == .wrong(played: MIDINote(65)))
        // Order matters: the same notes in another order are wrong.
        #expect(outcome([60, 64, 62, 60]).outcome != .right)
        #expect(question.key == Key(tonic: 0, mode: .major) && question.cadence.count == 1)
    }

    @Test(
        "phrases sing: start on 1, 3 or 5, end on a stable degree by a second or third, leaps turned back, every move a plain interval, in range"
    )
    func phrases() throws {
        var generator = SeededRandomGenerator(seed: 11)
        for level in MelodyLevel.curriculum {
            for mode in KeyMode.allCases where level.shape != .steps || mode == .major {
                for _ in 0..<40 {
                    let tonic = MIDINote(clamping: Int.random(in: 55...71, using: &generator))
                    let phrase = try #require(
                        MelodyMaker.phrase(level, tonic: tonic, mode: mode, in: 36...96, using: &generator),
                        "\(level)")
                    let values = phrase.map(\.rawValue)
                    let degrees = values.map { (($0 - tonic.rawValue) % 12 + 12) % 12 }
                    #expect(values.count == level.length)
                    let third = mode == .major ? 4 : 3
                    #expect([0, third, 7].contains(degrees[0]), "\(level) \(mode): \(values)")
                    #expect(
                        [0, third, 7].contains(degrees[degrees.count - 1]), "\(level) \(mode): \(values)")
                    #expect(MelodyMaker.mode(of: phrase, tonic: tonic) == mode, "\(level) \(mode): \(values)")
                    #expect(zip(values, values.dropFirst()).allSatisfy { $0 != $1 }, "\(values)")
                    let moves = zip(values, values.dropFirst()).map { $1 - $0 }
                    let widest = level.shape == .steps ? 4 : level.shape == .wide ? 12 : 7
                    #expect(moves.allSatisfy { abs($0) <= widest }, "\(level): \(values)")
                    // No tritone leap (7 down to 4 in major, 2 up to 6 in minor).
                    #expect(moves.allSatisfy { abs($0) != 6 }, "\(level) \(mode): \(values)")
                    // Written as the question writes it, every move is a plain interval: no augmented second
                    // into a chromatic note, no diminished fourth to the minor's raised seventh.
                    let written = try #require(PlayBackQuestion(melody: level, tonic: tonic, notes: phrase))
                        .spelled(phrase)
                    #expect(
                        zip(written, written.dropFirst()).allSatisfy { $0.isPlainInterval(to: $1) },
                        "\(level) \(mode): \(written)")
                    let outside = degrees.filter { !mode.scale.contains($0) }
                    #expect(
                        outside.count == (level.shape == .chromatic ? 1 : 0), "\(level) \(mode): \(values)")
                    if level.shape != .chromatic {
                        // After a leap (more than a whole tone) the next move turns back by step, the last move aside.
                        for (first, second) in zip(moves, moves.dropFirst()).dropLast() where abs(first) > 2 {
                            #expect(second * first < 0 && abs(second) <= 2, "\(level): \(values)")
                        }
                    }
                }
            }
        }
    }

    @Test(
        "the rhythm grows with the level: steps in quarters; leaps hold a half on beat 1 or 3; wide splits beats into eighths; chromatic dots a quarter; the last note a half"
    )
    func rhythms() throws {
        var generator = SeededRandomGenerator(seed: 23)
        for level in MelodyLevel.curriculum {
            var figures: Set<[Double]> = []
            for _ in 0..<200 {
                let lengths = MelodyMaker.rhythm(level, using: &generator)
                #expect(lengths.count == level.length && lengths.last == 2, "\(level): \(lengths)")
                // Read figure by figure before the last note: each starts on a beat and fills one or two.
                var beat = 0.0
                var index = 0
                while index < lengths.count - 1 {
                    let figure =
                        lengths[index] == 0.5 || lengths[index] == 1.5
                        ? Array(lengths[index...(index + 1)]) : [lengths[index]]
                    #expect(
                        [[1], [2], [0.5, 0.5], [1.5, 0.5]].contains(figure)
                            && index + figure.count < lengths.count,
                        "\(level): \(lengths)")
                    if figure.reduce(0, +) == 2 {
                        #expect(beat.truncatingRemainder(dividingBy: 2) == 0, "\(level): \(lengths)")
                    }
                    figures.insert(figure)
                    beat += figure.reduce(0, +)
                    index += figure.count
                }
            }
            let expected: Set<[Double]> =
                switch level.shape {
                case .steps: [[1]]
                case .leaps: [[1], [2]]
                case .wide: [[1], [2], [0.5, 0.5]]
                case .chromatic: [[1], [2], [0.5, 0.5], [1.5, 0.5]]
                }
            #expect(figures == expected, "\(level)")
        }
        // Steps draw nothing: a phrase of steps3 leaves the generator where it was.
        var before = SeededRandomGenerator(seed: 7)
        var after = before
        #expect(MelodyMaker.rhythm(MelodyLevel.curriculum[0], using: &after) == [1, 1, 2])
        #expect(before.next() == after.next())
    }

    @Test(
        "a melody's rhythm: one length a note, each an eighth, quarter, dotted quarter or half; the plain one by default"
    )
    func melodyLengths() throws {
        let level = try #require(MelodyLevel(.wide, length: 4))
        let notes = Self.notes([60, 62, 64, 60])
        let plain = try #require(PlayBackQuestion(melody: level, tonic: 60, notes: notes))
        #expect(plain.lengths == [1, 1, 1, 2] && plain.hasPlainRhythm)
        let swung = try #require(
            PlayBackQuestion(melody: level, tonic: 60, notes: notes, lengths: [0.5, 0.5, 1, 2]))
        #expect(!swung.hasPlainRhythm && swung != plain)
        #expect(PlayBackQuestion(melody: level, tonic: 60, notes: notes, lengths: [1, 1, 2]) == nil)
        #expect(PlayBackQuestion(melody: level, tonic: 60, notes: notes, lengths: [0.25, 0.75, 1, 2]) == nil)
        #expect(PlayBackQuestion.testing(.chord(.major, inversion: 0), reference: 60).lengths.isEmpty)
        // The grid places each note where the rhythm puts it; the phrase of 4.5 beats takes two bars.
        let grid = TempoGrid(tempo: try Tempo(bpm: 120), start: 10, lengths: [0.5, 0.5, 1.5, 0.5, 2])
        #expect(grid.noteBeats == [0, 0.5, 1, 2.5, 3] && grid.phraseBeats == 5 && grid.phraseBars == 2)
        #expect(grid.places.first == grid.responseStart && grid.places[3] == grid.responseStart + 1.25)
    }

    @Test(
        "in a 25-key controller's two octaves (C3–C5) melodies come in all twelve keys, every note in the range"
    )
    func narrowRange() throws {
        var generator = SeededRandomGenerator(seed: 5)
        var keys: Set<Int> = []
        for _ in 0..<400 {
            let question = try #require(
                PlayBackQuestion.melody(MelodyLevel.curriculum[1], in: 48...72, using: &generator))
            #expect(question.answerNotes.allSatisfy { (48...72).contains($0.rawValue) })
            keys.insert(question.reference.pitchClass)
        }
        // Before, only C to F: a tonic with its chord's bass in the range lies in C4–F4.
        #expect(keys.count == 12)
    }

    @Test("a fixed key (--key F#) puts every phrase on its tonic, spelled as named; in one octave too")
    func fixedKey() throws {
        var generator = SeededRandomGenerator(seed: 7)
        let fSharp = try #require(KeySignature(parsing: "F#"))
        var modes: Set<KeyMode> = []
        for (range, level) in [
            (36...96, MelodyLevel.curriculum[5]), (48...72, .curriculum[1]), (60...72, .curriculum[0]),
        ] {
            for _ in 0..<60 {
                let question = try #require(
                    PlayBackQuestion.random(
                        .melody(level), in: range, key: .tonic(fSharp), using: &generator), "\(range)")
                let key = try #require(question.key)
                #expect(question.reference.pitchClass == 6 && key.tonic == 6)
                #expect(key.mode == .minor || key.description == "F♯ major", "\(key)")
                #expect(question.answerNotes.allSatisfy { range.contains($0.rawValue) })
                modes.insert(key.mode)
            }
        }
        // Minor phrases come from `leaps` on, F♯ minor either way.
        #expect(modes == [.major, .minor])
    }
}
