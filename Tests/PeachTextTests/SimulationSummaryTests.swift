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

    @Test("rhythm echo: the share of notes hit with its likely range")
    func echo() throws {
        var lines: [String] = []
        let report = SimulationReport(texts: Texts(language: .english), verbose: false) { lines.append($0) }
        report.echoSummary(
            history: try TimingReportTests.gapFillAndEchoHistory(), trials: 2, level: 3, elapsed: .seconds(10)
        )
        #expect(lines.contains("  Notes hit        75.0 % of 12 notes (likely range 62–85 %)"), "\(lines)")
    }
}
