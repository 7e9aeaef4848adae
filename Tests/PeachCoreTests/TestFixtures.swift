// TestFixtures: small builders for results used across the core tests.

import Foundation
import PeachCore

/// Builders for completed results.
enum Fixtures {
    static let context = TrialContext(settings: .defaults)
    static let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    static func comparison(
        note: MIDINote = 60, cents: Double, correct: Bool = true, at seconds: Double = 0
    ) -> CompletedComparison {
        let comparison = Comparison(note1: note, note2: note, centDifference: Cents(cents))
        let right = comparison.correctAnswer ?? .higher
        return CompletedComparison(
            comparison: comparison, answer: correct ? right : (right == .higher ? .lower : .higher),
            timestamp: start.addingTimeInterval(seconds), context: context)
    }

    static func matching(note: MIDINote = 60, error: Double, at seconds: Double = 0) -> CompletedPitchMatching
    {
        CompletedPitchMatching(
            referenceNote: note, initialOffset: 50, userError: Cents(error),
            timestamp: start.addingTimeInterval(seconds),
            context: context)
    }
}
