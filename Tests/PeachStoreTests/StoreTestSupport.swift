// StoreTestSupport: temporary folders and sample records for the store tests.

import Foundation
import PeachCore

@testable import PeachStore

/// A fresh temporary folder, removed when the value goes away.
final class TemporaryDirectory {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "peach-store-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    var journal: String { path + "/" + JournalStore.journalName }

    func bytes(_ name: String = JournalStore.journalName) -> [UInt8] {
        (FileManager.default.contents(atPath: path + "/" + name)).map(Array.init) ?? []
    }

    func write(_ bytes: [UInt8], _ name: String = JournalStore.journalName) {
        _ = FileManager.default.createFile(atPath: path + "/" + name, contents: Data(bytes))
    }

    func files(prefix: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasPrefix(prefix) }
            .sorted()
    }
}

enum Samples {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    static func comparison(_ index: Int, cents: Double? = nil) -> StoredRecord {
        let note = MIDINote(clamping: 36 + index % 49)
        let comparison = Comparison(
            note1: note, note2: note,
            centDifference: Cents(cents ?? (Double(index % 90) + 0.125) * (index % 2 == 0 ? 1 : -1)))
        return StoredRecord(
            .comparison(
                CompletedComparison(
                    comparison: comparison, answer: index % 3 == 0 ? .lower : .higher,
                    timestamp: start.addingTimeInterval(Double(index) * 2.5),
                    context: TrialContext(settings: .defaults),
                    note2AmplitudeOffset: index % 5 == 0 ? -2.125 : 0, responseTime: 0.375,
                    inputKind: .keyboard)))
    }

    static func matching(_ index: Int) -> StoredRecord {
        StoredRecord(
            .pitchMatching(
                CompletedPitchMatching(
                    referenceNote: MIDINote(clamping: 40 + index % 30),
                    initialOffset: Cents(Double(index % 200) - 99.5),
                    userError: Cents(Double(index % 17) - 8.25),
                    timestamp: start.addingTimeInterval(Double(index) * 7),
                    context: TrialContext(
                        referencePitch: 442, timbre: "organ", noteDuration: 0.75, gap: 0.25, velocity: 90),
                    timeTaken: 3.5, tuneControl: .pitchBend)))
    }
}
