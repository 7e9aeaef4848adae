// SimulationTests: `peach simulate --save` stores every answer, and says "saved" only when it did.

import Foundation
import PeachCore
import PeachText
import PeachTraining
import Testing

@testable import PeachStore

@MainActor
@Suite("Simulation")
struct SimulationTests {
    static func simulation() -> Simulation {
        Simulation(
            mode: .comparison, parameters: SimulatedListener.Parameters(threshold: 8), settings: .defaults,
            trials: 20, seed: 3)
    }

    @Test(
        "a saved run says where its answers are; a run whose store fills up says what failed and not 'saved'")
    func savedOnlyWhenStored() throws {
        let folder = NSTemporaryDirectory() + "peach-simulation-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var lines: [String] = []
        var errors: [String] = []
        let store = try JournalStore(directory: folder)
        let stored = Self.simulation().run(
            start: Date(timeIntervalSince1970: 1_800_000_000), store: store,
            report: SimulationReport(texts: Texts(language: .english), verbose: false) { lines.append($0) },
            error: { errors.append($0) })
        #expect(stored && errors.isEmpty)
        #expect(
            lines.last?.hasPrefix("  Saved to         \(folder)/records.jsonl (20 records in all)") == true)

        lines = []
        let full = open("/dev/full", O_WRONLY)
        #expect(full >= 0)
        #expect(dup2(full, store.file.descriptor) >= 0)  // from now on every write finds the disk full
        close(full)
        let failed = Self.simulation().run(
            start: Date(timeIntervalSince1970: 1_800_001_000), store: store,
            report: SimulationReport(texts: Texts(language: .english), verbose: false) { lines.append($0) },
            error: { errors.append($0) })
        #expect(!failed)
        #expect(errors.count == 1 && errors[0].contains("disk full"), "\(errors)")
        #expect(!lines.contains { $0.contains("Saved to") }, "\(lines)")
    }
}
