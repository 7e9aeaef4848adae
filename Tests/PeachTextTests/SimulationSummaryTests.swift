// SimulationSummaryTests: `peach simulate`'s summaries give each estimate with its likely range, as the profile does.

import Foundation
import PeachCore
import Testing

@testable import PeachText

@MainActor
@Suite("Simulation summaries")
struct SimulationSummaryTests {
    @Test("matching: the mean error and the bias each with its likely range; EN and DE")
    func matching() {
        for (language, error, bias) in [
            (
                Language.english, "  Mean abs error   3.5 cents (likely range 2.9–4.1)",
                "  Bias             0.0 cents (likely range -2.1 to +2.1)"
            ),
            (
                .german, "  Mittlerer Fehler     3,5 Cent (wahrscheinlicher Bereich 2,9–4,1)",
                "  Tendenz              0,0 Cent (wahrscheinlicher Bereich -2,1 bis +2,1)"
            ),
        ] {
            var lines: [String] = []
            let report = SimulationReport(texts: Texts(language: language), verbose: false) {
                lines.append($0)
            }
            // Errors 3, -5, 4, -2 cents: mean |error| 3.5 ± 0.65, bias 0 ± 2.1 (standard errors of four).
            for (number, error) in [3.0, -5, 4, -2].enumerated() {
                report.matching(
                    CompletedPitchMatching(
                        referenceNote: MIDINote(60), initialOffset: Cents(30), userError: Cents(error),
                        timestamp: Date(timeIntervalSince1970: 0), context: TrialContext(settings: .defaults),
                        timeTaken: 2, tuneControl: .pitchBend),
                    number: number + 1)
            }
            report.matchingSummary(elapsed: .seconds(10))
            #expect(lines.contains(error) && lines.contains(bias), "\(lines)")
        }
    }

    @Test(
        "rhythm echo: the share of notes hit and the mean offset, each with its likely range (counted by echo)"
    )
    func echo() throws {
        var lines: [String] = []
        let report = SimulationReport(texts: Texts(language: .english), verbose: false) { lines.append($0) }
        report.echoSummary(
            history: try TimingReportTests.gapFillAndEchoHistory(), trials: 2, level: 3, elapsed: .seconds(10)
        )
        #expect(lines.contains("  Notes hit        75.0 % of 12 notes (likely range 62–85 %)"), "\(lines)")
        // The echoes' own means 2.0 and 1.0 ms: ± 0.5 around the hits' 1.56 ms.
        #expect(lines.contains("  Mean offset      +1.6 ms (likely range +1.1 to +2.1 ms)"), "\(lines)")
    }

    @Test(
        "fill the gap: the strikes' mean offset with its likely range counted by trial, as the profile counts it"
    )
    func gapFill() {
        var lines: [String] = []
        let report = SimulationReport(texts: Texts(language: .english), verbose: false) { lines.append($0) }
        var strikes = WelfordAccumulator()
        // Three trials of two strikes each, their own means 4, 6 and 8 ms: ± 2 / √3 = 1.15 around 6 ms. Counted by
        // strike (six of spread 2.4) it would be ± 0.98.
        for (number, pair) in [[3.0, 5], [5, 7], [7, 9]].enumerated() {
            for offset in pair { strikes.add(offset) }
            report.gapFill(
                CompletedGapFill(
                    timestamp: Date(timeIntervalSince1970: 0), tempo: .standard,
                    strikes: pair.map { GapStrike(position: 4, offsetMs: $0) }, gapCount: 2),
                number: number + 1)
        }
        report.gapFillSummary(strikes: strikes, trials: 3, elapsed: .seconds(10), drift: nil)
        #expect(lines.contains("  Mean offset      +6.0 ms (likely range +4.8 to +7.2 ms)"), "\(lines)")
    }
}
