// RecordIdentityTests: merging keeps two real answers given in one second apart, and still finds copies.

import Foundation
import PeachCore
import Testing

@testable import PeachStore

@MainActor
@Suite("Record identity")
struct RecordIdentityTests {
    nonisolated static let second = Samples.start.addingTimeInterval(1000)

    /// Two answers of each kind that a session can give within one second, with what sets them apart.
    nonisolated static func pairs() -> [(String, StoredRecord, StoredRecord)] {
        let note = MIDINote(clamping: 60)
        func comparison(_ offset: Double, correct: Bool) -> StoredRecord {
            // At the staircase's ceiling (100 cents) a wrong answer leaves the difference where it is.
            StoredRecord(
                .comparison(
                    CompletedComparison(
                        comparison: Comparison(note1: note, note2: note, centDifference: Cents(100)),
                        answer: correct ? .higher : .lower, timestamp: second.addingTimeInterval(offset),
                        context: TrialContext(settings: .defaults), responseTime: 0.05, inputKind: .midiNote))
            )
        }
        func matching(_ offset: Double, error: Double) -> StoredRecord {
            StoredRecord(
                .pitchMatching(
                    CompletedPitchMatching(
                        referenceNote: note, initialOffset: Cents(-40), userError: Cents(error),
                        timestamp: second.addingTimeInterval(offset),
                        context: TrialContext(settings: .defaults),
                        timeTaken: 0.2, tuneControl: .pitchBend)))
        }
        func offset(_ offset: Double, ms: Double) -> StoredRecord {
            StoredRecord(
                .rhythm(
                    RhythmRecord(
                        offsetDetectionAt: second.addingTimeInterval(offset), tempoBPM: 120, offsetMs: ms,
                        isCorrect: true)))
        }
        func gap(_ offset: Double, positions: [Double?]) -> StoredRecord {
            StoredRecord(
                .rhythm(
                    RhythmRecord(
                        continuousMatchingAt: second.addingTimeInterval(offset), tempoBPM: 120,
                        meanOffsetMs: 2.5,
                        positions: positions)))
        }
        return [
            (
                "comparisons, the same notes and cents, one millisecond apart",
                comparison(0.1, correct: false),
                comparison(0.8, correct: false)
            ),
            (
                "comparisons, the same time, one right and one wrong", comparison(0.4, correct: true),
                comparison(0.4, correct: false)
            ),
            (
                "pitch matching, the same start, another error", matching(0.2, error: 3),
                matching(0.9, error: -3)
            ),
            ("offset detection, early then late at one tempo", offset(0.1, ms: -5.3), offset(0.7, ms: 5.3)),
            ("offset detection, the same offset, on the second", offset(0, ms: 5.3), offset(0, ms: 5.2)),
            (
                "fill the gap, the same mean, other steps", gap(0.3, positions: [nil, 1, nil, 4]),
                gap(0.3, positions: [nil, 4, nil, 1])
            ),
        ]
    }

    @Test("two answers of one kind given in one second are both merged", arguments: pairs())
    func twoAnswersInOneSecond(_ name: String, _ first: StoredRecord, _ second: StoredRecord) throws {
        let directory = TemporaryDirectory()
        let store = try JournalStore(directory: directory.path)
        let result = try store.merge([first, second])
        #expect(result.added == 2, "\(name)")
        #expect(try store.merge([second, first]).duplicates == 2, "\(name)")
    }

    @Test("a copy of an answer cut or rounded to the whole second is still the same answer; another is not")
    func wholeSecondCopies() throws {
        let time = Self.second.addingTimeInterval(0.7)
        func record(at date: Date, offset: Double = -5.3) -> StoredRecord {
            StoredRecord(
                .rhythm(
                    RhythmRecord(offsetDetectionAt: date, tempoBPM: 120, offsetMs: offset, isCorrect: true)))
        }
        // Each against a store holding only the answer at .7 s.
        func merged(_ copy: StoredRecord) throws -> (added: Int, duplicates: Int) {
            let directory = TemporaryDirectory()
            let store = try JournalStore(directory: directory.path)
            try store.append(record(at: time))
            return try store.merge([copy])
        }
        #expect(try merged(record(at: Self.second)).duplicates == 1)  // cut
        #expect(try merged(record(at: Self.second.addingTimeInterval(1))).duplicates == 1)  // rounded up
        #expect(try merged(record(at: Self.second.addingTimeInterval(0.7), offset: 5.3)).added == 1)
        // In the next second with its own milliseconds, or two seconds on, it is another answer.
        #expect(try merged(record(at: Self.second.addingTimeInterval(1.2))).added == 1)
        #expect(try merged(record(at: Self.second.addingTimeInterval(2))).added == 1)
        #expect(try merged(record(at: Self.second.addingTimeInterval(-1))).added == 1)
        // A whole-second answer and one with milliseconds in the second before it: the first may be the second's
        // rounded copy.
        let other = TemporaryDirectory()
        let second = try JournalStore(directory: other.path)
        try second.append(record(at: Self.second.addingTimeInterval(5), offset: 7))
        #expect(
            try second.merge([record(at: Self.second.addingTimeInterval(4.6), offset: 7)]).duplicates == 1)
    }

    @Test(
        "a session's timing answers, several a second, survive every export format into an empty store",
        arguments: ExportFormat.allCases)
    func timingAnswersSurviveExport(_ format: ExportFormat) throws {
        // 218 answers 0.4 s apart, the offset stepping as the staircase does and alternating early and late.
        var magnitude = 20.0
        let records = (0..<218).map { index -> StoredRecord in
            magnitude = index % 3 == 2 ? min(magnitude * 1.2, 30) : max(magnitude * 0.9, 1)
            let offset = (magnitude * 8).rounded() / 8 * (index % 2 == 0 ? -1 : 1)
            return StoredRecord(
                .rhythm(
                    RhythmRecord(
                        offsetDetectionAt: Self.second.addingTimeInterval(Double(index) * 0.4), tempoBPM: 100,
                        offsetMs: offset, isCorrect: index % 4 != 0)))
        }
        let source = TemporaryDirectory()
        try JournalStore(directory: source.path).append(records)
        var bytes: [UInt8] = []
        _ = try RecordTransfer.exportBytes(from: source.path, format: format) { bytes += $0 }
        source.write(bytes, "export")
        let target = TemporaryDirectory()
        let store = try JournalStore(directory: target.path)
        let result = try store.mergeImport(path: source.path + "/export")
        #expect(result.added == 218)
        #expect(result.duplicates == 0)
        #expect(try store.mergeImport(path: source.path + "/export").duplicates == 218)
    }
}
