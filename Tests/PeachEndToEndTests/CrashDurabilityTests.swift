// CrashDurabilityTests: kill -9 of a writer at random moments loses no acknowledged record and leaves no partial one.

import Foundation
import PeachCore
import PeachTestSupport
import Testing

@testable import PeachStore

// Not on the main actor: these tests wait for processes for many seconds, and tests of the main actor's timers
// (LiveSessionClock) would starve behind them (60 s under AddressSanitizer).
@Suite("Crash durability")
struct CrashDurabilityTests {
    /// The writer tool built beside the test bundle.
    var writerURL: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "PeachJournalWriter")
    }

    @Test("kill -9 at random moments: every acknowledged record is there, complete, in order")
    func killNine() throws {
        #expect(
            FileManager.default.isExecutableFile(atPath: writerURL.path), "build the PeachJournalWriter tool")
        let directory = TemporaryFolder(prefix: "peach-crash")
        var generator = SeededRandomGenerator(seed: 2026)
        var acknowledged = 0
        for round in 0..<12 {
            let process = Process()
            process.executableURL = writerURL
            process.arguments = [directory.path, "100000"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let watchdog = Watchdog(process)  // a writer stuck before acknowledging must not hold the test
            // Wait for a random number of acknowledgements (reading the pipe, not sleeping), then kill.
            let target = Int.random(in: 1...40, using: &generator)
            var seen = 0
            var pending = Data()
            let reader = output.fileHandleForReading
            while seen < target {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 0x0A) {
                    let line = String(decoding: pending[..<newline], as: UTF8.self)
                    pending.removeSubrange(...newline)
                    if line.hasPrefix("ack "), let number = Int(line.dropFirst(4)) {
                        acknowledged = max(acknowledged, number)
                        seen += 1
                    }
                }
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            watchdog.disarm("PeachJournalWriter, round \(round)")
            // Acknowledgements already in the pipe also count: they were printed after their fsync.
            pending.append(reader.readDataToEndOfFile())
            for line in String(decoding: pending, as: UTF8.self).split(separator: "\n")
            where line.hasPrefix("ack ") {
                acknowledged = max(acknowledged, Int(line.dropFirst(4)) ?? 0)
            }
            #expect(process.terminationReason == .uncaughtSignal, "round \(round)")

            var cents: [Double] = []
            let summary = try JournalStore.forEachRecord(in: directory.path) { record in
                if case .comparison(let completed) = record.payload {
                    cents.append(completed.comparison.centDifference.rawValue)
                }
            }
            #expect(summary.damagedLines.isEmpty, "round \(round)")
            #expect(
                cents.count >= acknowledged,
                "round \(round): \(cents.count) stored, \(acknowledged) acknowledged")
            let numbered: [Double] = (0..<cents.count).map { index in Double(index + 1) / 100 }
            #expect(cents == numbered, "round \(round): records complete and in order")
        }
        #expect(acknowledged > 12)
    }

    @Test(
        "kill -9 during an import: readers see the store as before it, and the next writer undoes it and says so"
    )
    func killImport() async throws {
        #expect(
            FileManager.default.isExecutableFile(atPath: writerURL.path), "build the PeachJournalWriter tool")
        let directory = TemporaryFolder(prefix: "peach-crash")
        var generator = SeededRandomGenerator(seed: 32)
        var expected = 0  // records the store holds: those of imports that finished
        var killed = 0
        for round in 0..<8 {
            let process = Process()
            process.executableURL = writerURL
            process.arguments = [directory.path, "100000", "--import"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let watchdog = Watchdog(process)  // an import that never says `done` must not hold the test
            // Kill after a random number of `handed` lines (read from the pipe, no sleeping), or let it finish.
            let target = round == 3 ? 99 : Int.random(in: 1...4, using: &generator)
            var seen = 0
            var text = ""
            let reader = output.fileHandleForReading
            while seen < target, !text.contains("done") {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
                seen = text.components(separatedBy: "handed").count - 1
            }
            if target < 99 { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            watchdog.disarm("PeachJournalWriter --import, round \(round)")
            text += String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
            let finished = text.contains("done")
            if finished { expected += 100_000 } else { killed += 1 }

            // An unlocked reader: the store as before the import (or with all of it).
            let read = try JournalStore.read(directory: directory.path, usingSnapshot: false)
            #expect(read.comparisonCount == expected, "round \(round): a reader sees \(read.comparisonCount)")
            #expect(read.damagedLines.isEmpty && read.tornTailLength == 0, "round \(round)")
            #expect(
                FileManager.default.fileExists(atPath: directory.path + "/records.pending") == !finished,
                "round \(round): the marker stays exactly when the import did not finish")
            // The next writer cuts the journal back and reports what it took out.
            let path = directory.path
            let contents = try await MainActor.run { try JournalStore(directory: path).contents }
            #expect(contents.comparisonCount == expected, "round \(round)")
            if finished {
                #expect(contents.interruptedImport == nil)
            } else {
                let removed = contents.interruptedImport?.linesRemoved ?? 0
                #expect(removed > 0 && removed < 100_000, "round \(round): \(removed) lines taken out")
                // Nothing taken out is deleted: it is kept beside the journal, line for line.
                let kept = try #require(contents.interruptedImport?.undonePath, "round \(round)")
                let keptLines = try String(contentsOfFile: kept, encoding: .utf8).split(separator: "\n")
                #expect(keptLines.count == removed, "round \(round)")
            }
            #expect(!FileManager.default.fileExists(atPath: directory.path + "/records.pending"))
            var cents: [Double] = []
            _ = try JournalStore.forEachRecord(in: directory.path) { record in
                if case .comparison(let completed) = record.payload {
                    cents.append(completed.comparison.centDifference.rawValue)
                }
            }
            let inOrder = cents.enumerated().allSatisfy { (offset: Int, cents: Double) in
                cents == Double(offset + 1) / 100
            }
            #expect(
                cents.count == expected && inOrder,
                "round \(round): \(cents.count) records, complete and in order")
        }
        #expect(killed >= 6)
    }
}
