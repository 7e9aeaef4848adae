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

    @Test(
        "timing: a listener of 6 ms answers 600 trials and the fit finds about 6 ms; saved as rhythm records")
    func timing() throws {
        let folder = NSTemporaryDirectory() + "peach-simulation-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try JournalStore(directory: folder)
        var lines: [String] = []
        let simulation = Simulation(
            mode: .timing, parameters: SimulatedListener.Parameters(threshold: 6, slope: 2.5),
            settings: .defaults,
            trials: 600, seed: 9, timing: try TimingSettings(tempo: Tempo(bpm: 100)))
        #expect(
            simulation.run(
                start: Date(timeIntervalSince1970: 1_800_000_000), store: store,
                report: SimulationReport(texts: Texts(language: .english), verbose: false) {
                    lines.append($0)
                },
                error: { _ in }))
        let threshold = try #require(store.contents.timing.threshold(band: .moderate))
        #expect(
            threshold.milliseconds > 6 / 1.3 && threshold.milliseconds < 6 * 1.3, "\(threshold.milliseconds)")
        #expect(store.contents.rhythmCount == 600)
        #expect(lines.contains { $0.hasPrefix("  Threshold        ") })
        #expect(lines.last?.contains("(600 records in all)") == true)
    }

    @Test("fill the gap: a player 4 ms early with 9 ms of spread is read as about 4 ms early, trial by trial")
    func tap() throws {
        var lines: [String] = []
        let simulation = Simulation(
            mode: .tap,
            parameters: SimulatedListener.Parameters(lapseRate: 0, matchingBias: -4, matchingSpread: 9),
            settings: .defaults, trials: 40, seed: 4)
        #expect(
            simulation.run(
                start: Date(timeIntervalSince1970: 1_800_000_000), store: nil,
                report: SimulationReport(texts: Texts(language: .english), verbose: true) {
                    lines.append($0)
                },
                error: { _ in }))
        #expect(lines.filter { $0.contains("16/16") }.count == 40)
        let mean = try #require(lines.first { $0.hasPrefix("  Mean offset") })
        let value = try #require(Double(mean.split(separator: " ").dropFirst(2).first ?? ""))
        #expect(abs(value - -4) < 1, "\(mean)")
    }
}
