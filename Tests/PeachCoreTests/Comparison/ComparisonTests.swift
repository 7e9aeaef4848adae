// ComparisonTests: the signed cent difference decides the correct answer.

import PeachCore
import Testing

@Suite("Comparison")
struct ComparisonTests {
    @Test("positive difference: higher is correct")
    func positive() {
        let comparison = Comparison(note1: 60, note2: 60, centDifference: 12)
        #expect(comparison.isSecondNoteHigher)
        #expect(comparison.correctAnswer == .higher)
        #expect(comparison.isCorrect(.higher))
        #expect(!comparison.isCorrect(.lower))
    }

    @Test("negative difference: lower is correct")
    func negative() {
        let comparison = Comparison(note1: 60, note2: 60, centDifference: -0.1)
        #expect(!comparison.isSecondNoteHigher)
        #expect(comparison.isCorrect(.lower))
        #expect(!comparison.isCorrect(.higher))
    }

    @Test("zero difference: no answer is correct")
    func zero() {
        let comparison = Comparison(note1: 60, note2: 60, centDifference: 0)
        #expect(comparison.correctAnswer == nil)
        #expect(!comparison.isCorrect(.higher) && !comparison.isCorrect(.lower))
    }

    @Test("frequencies follow the tuning")
    func frequencies() {
        let comparison = Comparison(note1: 69, note2: 69, centDifference: 1200)
        #expect(comparison.note1Frequency(in: .standard).hertz == 440)
        #expect(abs(comparison.note2Frequency(in: .standard).hertz - 880) < 1e-9)
    }

    @Test("a completed comparison derives correctness")
    func completed() {
        #expect(Fixtures.comparison(cents: 5, correct: true).isCorrect)
        #expect(!Fixtures.comparison(cents: -5, correct: false).isCorrect)
        #expect(Fixtures.comparison(cents: -5, correct: false).answer == .higher)
    }
}
