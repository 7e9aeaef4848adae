// PlayBackVerdictTests: judging answers (notes, both notes, octaves, voicings) and grouping them by stamps.

import PeachCore
import PeachTestSupport
import Testing

@Suite("Play-back verdicts and answer capture")
struct PlayBackVerdictTests {
    let majorThird = PlayBackQuestion.testing(
        .interval(DirectedInterval(.majorThird), harmonic: false), reference: 60)
    let options = PlayBackOptions(kind: .intervals)

    @Test("an interval: the right note, both notes, a semitone low (heard as m3), another octave")
    func intervals() {
        #expect(PlayBackVerdict.judge(majorThird, played: [64], options: options).isCorrect)
        #expect(PlayBackVerdict.judge(majorThird, played: [60, 64], options: options).isCorrect)
        let low = PlayBackVerdict.judge(majorThird, played: [63], options: options)
        #expect(!low.isCorrect && low.semitoneError == -1)
        #expect(low.answered == .interval(DirectedInterval(.minorThird), harmonic: false))
        let octave = PlayBackVerdict.judge(majorThird, played: [76], options: options)
        #expect(!octave.isCorrect && octave.semitoneError == 12)
        var anyOctave = options
        anyOctave.anyOctave = true
        #expect(PlayBackVerdict.judge(majorThird, played: [52], options: anyOctave).isCorrect)
        let two = PlayBackVerdict.judge(majorThird, played: [63, 65], options: options)
        #expect(!two.isCorrect && two.answered == nil && two.semitoneError == nil)
        let far = PlayBackVerdict.judge(majorThird, played: [80], options: options)
        #expect(!far.isCorrect && far.answered == nil)  // 20 semitones is no interval of the catalogue
    }

    @Test(
        "each answer gets one verdict as a teacher sorts it: right, the right item elsewhere (octave, voicing, root), incomplete, extra, another item, no item"
    )
    func outcomes() {
        typealias Outcome = PlayBackVerdict.Outcome
        func outcome(_ question: PlayBackQuestion, _ played: [Int], _ options: PlayBackOptions) -> Outcome {
            PlayBackVerdict.judge(question, played: played.map { MIDINote(clamping: $0) }, options: options)
                .outcome
        }
        // Intervals: C4 up a major third.
        #expect(outcome(majorThird, [64], options) == .right)
        #expect(outcome(majorThird, [76], options) == .otherOctave)
        #expect(outcome(majorThird, [52], options) == .otherOctave)
        #expect(outcome(majorThird, [63], options) == .wrongItem)
        #expect(outcome(majorThird, [63, 65], options) == .noItem)
        #expect(outcome(majorThird, [56], options) == .wrongItem, "melodic: down is another item")
        // Harmonic: the two notes are judged, whichever is below.
        let harmonic = PlayBackQuestion.testing(
            .interval(DirectedInterval(.majorThird), harmonic: true), reference: 60)
        #expect(outcome(harmonic, [60, 64], options) == .right)
        #expect(outcome(harmonic, [56, 60], options) == .otherVoicing)
        // Chords: C major, root position, C4 E4 G4.
        let major = PlayBackQuestion.testing(.chord(.major, inversion: 0), reference: 60)
        let chords = PlayBackOptions(kind: .chords)
        #expect(outcome(major, [60, 64, 67], chords) == .right)
        #expect(outcome(major, [72, 76, 79], chords) == .otherOctave)
        #expect(outcome(major, [48, 52, 55], chords) == .otherOctave)
        #expect(outcome(major, [60, 67, 76], chords) == .otherVoicing, "spread")
        #expect(outcome(major, [60, 64, 67, 72], chords) == .otherVoicing, "the root doubled")
        #expect(outcome(major, [64, 67, 72], chords) == .wrongItem, "another bass: the first inversion")
        #expect(outcome(major, [62, 66, 69], chords) == .otherRoot, "D major")
        #expect(outcome(major, [62, 69, 78], chords) == .otherRoot, "D major, spread")
        #expect(outcome(major, [60, 64], chords) == .incomplete)
        #expect(outcome(major, [60, 64, 67, 69], chords) == .extraNotes)
        #expect(outcome(major, [60, 63, 67], chords) == .wrongItem, "C minor")
        #expect(outcome(major, [60, 61, 62], chords) == .noItem)
        // A symmetric chord from another of its notes is the same notes: C E G♯ played as E G♯ C.
        let augmented = PlayBackQuestion.testing(.chord(.augmented, inversion: 0), reference: 60)
        #expect(outcome(augmented, [64, 68, 72], chords) == .otherVoicing)
        // With any voicing, a spread chord is right, and another octave too.
        var anyVoicing = chords
        anyVoicing.anyVoicing = true
        #expect(outcome(major, [48, 64, 79], anyVoicing) == .right)
        #expect(outcome(major, [72, 76, 79], anyVoicing) == .right)
        #expect(Outcome.allCases.filter(\.isRightItemElsewhere) == [.otherOctave, .otherVoicing, .otherRoot])
    }

    @Test("a chord: exact voicing by default; any voicing keeps the bass; missing and extra notes are named")
    func chords() {
        let question = PlayBackQuestion.testing(.chord(.major, inversion: 0), reference: 60)
        let chords = PlayBackOptions(kind: .chords)
        #expect(PlayBackVerdict.judge(question, played: [67, 60, 64], options: chords).isCorrect)
        let minor = PlayBackVerdict.judge(question, played: [60, 63, 67], options: chords)
        #expect(!minor.isCorrect && minor.missing == [64] && minor.extra == [63])
        #expect(minor.answered == .chord(.minor, inversion: 0))
        let open = PlayBackVerdict.judge(question, played: [48, 67, 76], options: chords)
        #expect(!open.isCorrect)
        var anyVoicing = chords
        anyVoicing.anyVoicing = true
        #expect(PlayBackVerdict.judge(question, played: [48, 67, 76], options: anyVoicing).isCorrect)
        // The same notes over another bass is an inversion, not the chord asked.
        let inverted = PlayBackVerdict.judge(question, played: [52, 60, 67], options: anyVoicing)
        #expect(!inverted.isCorrect && inverted.answered == .chord(.major, inversion: 1))
    }

    @Test(
        "the answer is the notes within the chord window of the first onset, by stamp, whatever the arrival order"
    )
    func capture() {
        var capture = AnswerCapture(window: 0.1)
        let first = capture.add(PlayedNote(note: 64, velocity: 80, time: 10.05))
        let second = capture.add(PlayedNote(note: 60, velocity: 70, time: 10.0))  // read later, struck first
        #expect(first && !second)
        capture.add(PlayedNote(note: 67, velocity: 90, time: 10.1))
        capture.add(PlayedNote(note: 72, velocity: 90, time: 10.1001))  // just outside
        #expect(capture.firstOnset == 10.0)
        #expect(capture.answer.map(\.note) == [60, 64, 67])
        capture.reset()
        #expect(capture.answer.isEmpty && capture.firstOnset == nil)
    }

    @Test(
        "a completed answer keeps onsets after the first to 0.1 ms and the response time to the millisecond")
    func completed() {
        let completed = CompletedPlayBack(
            question: majorThird,
            played: [
                PlayedNote(note: 63, velocity: 50, time: 100.25),
                PlayedNote(note: 60, velocity: 40, time: 100.26234),
            ],
            anyOctave: false, anyVoicing: false, timestamp: .init(timeIntervalSince1970: 0),
            responseTime: 1.23456,
            inputKind: .midiNote)
        #expect(completed.played.map(\.time) == [0, 0.0123])
        #expect(completed.responseTime == 1.235)
        #expect(!completed.isCorrect && completed.verdict.answered?.id == "m3")
    }
}
