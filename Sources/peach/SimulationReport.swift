// SimulationReport: the plain-text output of `peach simulate`.

import Foundation
import PeachCore
import PeachStore

/// Prints what a simulation does: a header, one line per trial (unless quiet) and a summary.
@MainActor
final class SimulationReport {
    private let verbose: Bool
    private var correctCount = 0
    /// This run's pitch-matching accuracy (the profile may also hold stored attempts).
    private var matchingStatistics = PitchMatchingStatistics()

    init(verbose: Bool) { self.verbose = verbose }

    func header(
        mode: String, parameters: SimulatedListener.Parameters, settings: TrainingSettings, seed: UInt64
    ) {
        if mode == "comparison" {
            print(
                "Simulated listener: threshold \(fixed(parameters.threshold)) cents (75 % correct), "
                    + "lapses \(fixed(parameters.lapseRate * 100, 0)) %, seed \(seed)")
        } else {
            print(
                "Simulated listener: bias \(Cents(parameters.matchingBias)) cents, "
                    + "spread \(fixed(parameters.matchingSpread)) cents, seed \(seed)")
        }
        print(
            "Range \(settings.noteRange), A4 = \(fixed(settings.referencePitch.hertz, 1)) Hz, "
                + "notes \(fixed(settings.noteDuration)) s, gap \(fixed(settings.gapBetweenNotes)) s")
        guard verbose else { return }
        print("")
        print(
            mode == "comparison"
                ? "      #  note    cents  answer  result" : "      #  note    start    error  band")
    }

    func comparison(_ completed: CompletedComparison, number: Int) {
        if completed.isCorrect { correctCount += 1 }
        guard verbose else { return }
        let comparison = completed.comparison
        print(
            pad(String(number), 7) + "  " + comparison.note1.name.padding(5)
                + pad(comparison.centDifference.description, 7)
                + "  " + completed.answer.rawValue.padding(6) + "  "
                + (completed.isCorrect ? "correct" : "wrong"))
    }

    func matching(_ completed: CompletedPitchMatching, number: Int) {
        matchingStatistics.add(error: completed.userError)
        guard verbose else { return }
        print(
            pad(String(number), 7) + "  " + completed.referenceNote.name.padding(5)
                + pad(completed.initialOffset.description, 7) + pad(completed.userError.description, 9) + "  "
                + completed.feedbackBand.rawValue)
    }

    func comparisonSummary(
        tracker: ProfileTracker, answered count: Int, sessionBest: Double?, nextDifference: Double?,
        elapsed: Duration
    ) {
        let profile = tracker.profile
        let correct = correctCount
        print("")
        print("Summary")
        row(
            "Comparisons",
            "\(count) (\(correct) correct, \(fixed(Double(correct) * 100 / Double(max(count, 1)))) %)")
        row("Difficulty now", nextDifference.map { "\(fixed($0)) cents" } ?? "-")
        row("Session best", sessionBest.map { "\(fixed($0)) cents" } ?? "-")
        if let mean = profile.overallMean {
            let spread = profile.overallStandardDeviation.map { " (±\(fixed($0)))" } ?? ""
            row("Mean threshold", "\(fixed(mean)) cents over \(profile.trainedNotes.count) notes\(spread)")
        }
        row("Trend", tracker.trend.trend?.rawValue ?? "needs \(TrendAnalyzer.minimumCount) answers")
        row("Virtual time", duration(elapsed))
    }

    func matchingSummary(elapsed: Duration) {
        let statistics = matchingStatistics
        print("")
        print("Summary")
        row("Attempts", String(statistics.count))
        row("Mean abs error", statistics.meanAbsoluteError.map { "\(fixed($0)) cents" } ?? "-")
        row("Bias", statistics.bias.map { "\(Cents($0)) cents" } ?? "-")
        row("Spread", statistics.spread.map { "\(fixed($0)) cents" } ?? "-")
        row("Virtual time", duration(elapsed))
    }

    /// Reports the first store failure of a session on stderr (training goes on, as in a real session).
    func watchFailures(of session: ComparisonSession) {
        session.addEventHandler { [weak self] event in
            if case .observerFailed(let error) = event { self?.storeFailed(error) }
        }
    }

    /// Reports the first store failure of a session on stderr.
    func watchFailures(of session: PitchMatchingSession) {
        session.addEventHandler { [weak self] event in
            if case .observerFailed(let error) = event { self?.storeFailed(error) }
        }
    }

    private var reportedFailure = false

    private func storeFailed(_ error: any Error) {
        guard !reportedFailure else { return }
        reportedFailure = true
        let message = (error as? StoreError).map(Messages.describe) ?? "\(error)"
        FileHandle.standardError.write(Data("peach: an answer was not stored: \(message)\n".utf8))
    }

    private func row(_ label: String, _ value: String) {
        print("  " + label.padding(16) + value)
    }

    private func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    private func fixed(_ value: Double, _ decimals: Int = 1) -> String {
        let cents = Cents(value).formatted(decimals: decimals)
        return cents.hasPrefix("+") ? String(cents.dropFirst()) : cents
    }

    private func duration(_ elapsed: Duration) -> String {
        let seconds = Int(elapsed.seconds.rounded())
        return seconds >= 60 ? "\(seconds / 60) min \(seconds % 60) s" : "\(seconds) s"
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    fileprivate func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
