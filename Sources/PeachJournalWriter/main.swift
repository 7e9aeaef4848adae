// PeachJournalWriter: a test tool that appends numbered records to a store and acknowledges each durable one.
//
// Usage: PeachJournalWriter DIR COUNT [--import]
// Appends COUNT comparison records (cents = 0.01, 0.02, 0.03, …) through the real JournalStore and prints `ack N` once
// record N is on stable storage. The kill -9 test kills it at random moments and checks that every
// acknowledged record is present and complete.
//
// With `--import` the records go in as one import does (``JournalStore/merge(progress:from:)``, in 4 MiB
// pieces) and the tool prints `handed N` after every 20,000 records it hands over (a piece has been written by
// then) and `done` once the import returned; the kill test of imports kills it after one of those lines.

import Foundation
import PeachCore
import PeachStore

let arguments = CommandLine.arguments
guard arguments.count == 3 || (arguments.count == 4 && arguments[3] == "--import"),
    let count = Int(arguments[2])
else {
    FileHandle.standardError.write(Data("usage: PeachJournalWriter DIR COUNT [--import]\n".utf8))
    exit(64)
}
func record(_ index: Int) -> StoredRecord {
    let comparison = Comparison(note1: 60, note2: 60, centDifference: Cents(Double(index) / 100))
    return StoredRecord(
        .comparison(
            CompletedComparison(
                comparison: comparison, answer: .higher,
                timestamp: Date(timeIntervalSince1970: Double(index)),
                context: TrialContext(settings: .defaults), inputKind: .simulated)))
}
MainActor.assumeIsolated {
    do {
        let store = try JournalStore(directory: arguments[1])
        let start = store.contents.comparisonCount
        if arguments.count == 4 {
            _ = try store.merge { add in
                for index in (start + 1)...(start + count) {
                    try add(record(index))
                    if index % 20_000 == 0 { FileHandle.standardOutput.write(Data("handed \(index)\n".utf8)) }
                }
            }
            FileHandle.standardOutput.write(Data("done\n".utf8))
            exit(0)
        }
        for index in (start + 1)...(start + count) {
            try store.append(record(index))
            FileHandle.standardOutput.write(Data("ack \(index)\n".utf8))
        }
    } catch {
        FileHandle.standardError.write(Data("PeachJournalWriter: \(error)\n".utf8))
        exit(1)
    }
}
