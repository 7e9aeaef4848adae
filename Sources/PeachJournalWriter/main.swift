// PeachJournalWriter: a test tool that appends numbered records to a store and acknowledges each durable one.
//
// Usage: PeachJournalWriter DIR COUNT
// Appends COUNT comparison records (cents = 1, 2, 3, …) through the real JournalStore and prints `ack N` once
// record N is on stable storage. The kill -9 test kills it at random moments and checks that every
// acknowledged record is present and complete.

import Foundation
import PeachCore
import PeachStore

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: PeachJournalWriter DIR COUNT\n".utf8))
    exit(64)
}
MainActor.assumeIsolated {
    do {
        let store = try JournalStore(directory: arguments[1])
        let start = store.contents.comparisonCount
        for index in (start + 1)...(start + count) {
            let comparison = Comparison(note1: 60, note2: 60, centDifference: Cents(Double(index)))
            try store.append(
                StoredRecord(
                    .comparison(
                        CompletedComparison(
                            comparison: comparison, answer: .higher, timestamp: Date(),
                            context: TrialContext(settings: .defaults), inputKind: .simulated))))
            FileHandle.standardOutput.write(Data("ack \(index)\n".utf8))
        }
    } catch {
        FileHandle.standardError.write(Data("PeachJournalWriter: \(error)\n".utf8))
        exit(1)
    }
}
