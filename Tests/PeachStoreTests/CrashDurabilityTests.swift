// CrashDurabilityTests: kill -9 of a writer at random moments loses no acknowledged record and leaves no partial one.

import Foundation
import PeachCore
import Testing

@testable import PeachStore

@MainActor
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
        let directory = TemporaryDirectory()
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
            #expect(
                cents == (0..<cents.count).map { Double($0 + 1) },
                "round \(round): records complete and in order")
        }
        #expect(acknowledged > 12)
    }
}
