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
                Messages.pick(
                    "Simulated listener: threshold \(fixed(parameters.threshold)) cents (75 % correct), "
                        + "lapses \(fixed(parameters.lapseRate * 100, 0)) %, seed \(seed)",
                    "Simulierter Hörer: Schwelle \(fixed(parameters.threshold)) Cent (75 % richtig), "
                        + "Aussetzer \(fixed(parameters.lapseRate * 100, 0)) %, Seed \(seed)"))
        } else {
            print(
                Messages.pick(
                    "Simulated listener: bias \(Cents(parameters.matchingBias)) cents, "
                        + "spread \(fixed(parameters.matchingSpread)) cents, seed \(seed)",
                    "Simulierter Hörer: Tendenz \(Cents(parameters.matchingBias)) Cent, "
                        + "Streuung \(fixed(parameters.matchingSpread)) Cent, Seed \(seed)"))
        }
        print(
            Messages.pick(
                "Range \(settings.noteRange), A4 = \(fixed(settings.referencePitch.hertz, 1)) Hz, "
                    + "notes \(fixed(settings.noteDuration)) s, gap \(fixed(settings.gapBetweenNotes)) s",
                "Umfang \(settings.noteRange), A4 = \(fixed(settings.referencePitch.hertz, 1)) Hz, "
                    + "Töne \(fixed(settings.noteDuration)) s, Pause \(fixed(settings.gapBetweenNotes)) s"))
        guard verbose else { return }
        print("")
        print(
            mode == "comparison"
                ? Messages.pick(
                    "      #  note    cents  answer  result", "      #  Ton     Cent   Antwort Ergebnis")
                : Messages.pick(
                    "      #  note    start    error  band", "      #  Ton     Start   Fehler  Band"))
    }

    func comparison(_ completed: CompletedComparison, number: Int) {
        if completed.isCorrect { correctCount += 1 }
        guard verbose else { return }
        let comparison = completed.comparison
        print(
            pad(String(number), 7) + "  " + comparison.note1.name.padding(5)
                + pad(comparison.centDifference.description, 7)
                + "  "
                + (completed.answer == .higher ? Texts.current.higher : Texts.current.lower).lowercased()
                .padding(6) + "  "
                + (completed.isCorrect
                    ? Messages.pick("correct", "richtig") : Messages.pick("wrong", "falsch")))
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
        print(Messages.pick("Summary", "Zusammenfassung"))
        row(
            Messages.pick("Comparisons", "Vergleiche"),
            "\(count) (\(correct) " + Messages.pick("correct", "richtig")
                + ", \(fixed(Double(correct) * 100 / Double(max(count, 1)))) %)")
        row(
            Messages.pick("Difficulty now", "Schwierigkeit"),
            nextDifference.map { "\(fixed($0)) \(Texts.current.cents)" } ?? "-")
        row(
            Messages.pick("Session best", "Bestwert"),
            sessionBest.map { "\(fixed($0)) \(Texts.current.cents)" } ?? "-")
        if let mean = profile.overallMean {
            let spread = profile.overallStandardDeviation.map { " (±\(fixed($0)))" } ?? ""
            row(
                Messages.pick("Mean threshold", "Mittl. Schwelle"),
                Messages.pick(
                    "\(fixed(mean)) cents over \(profile.trainedNotes.count) notes\(spread)",
                    "\(fixed(mean)) Cent über \(profile.trainedNotes.count) Töne\(spread)"))
        }
        row(
            "Trend",
            tracker.trend.trend.map { Texts.current.trend($0).replacingOccurrences(of: "Trend: ", with: "") }
                ?? Messages.pick(
                    "needs \(TrendAnalyzer.minimumCount) answers",
                    "braucht \(TrendAnalyzer.minimumCount) Antworten"))
        row(Messages.pick("Virtual time", "Virtuelle Zeit"), duration(elapsed))
    }

    func matchingSummary(elapsed: Duration) {
        let statistics = matchingStatistics
        print("")
        print(Messages.pick("Summary", "Zusammenfassung"))
        row(Messages.pick("Attempts", "Übungen"), String(statistics.count))
        row(
            Messages.pick("Mean abs error", "Mittlerer Fehler"),
            statistics.meanAbsoluteError.map { "\(fixed($0)) \(Texts.current.cents)" } ?? "-")
        row(
            Messages.pick("Bias", "Tendenz"),
            statistics.bias.map { "\(Cents($0)) \(Texts.current.cents)" } ?? "-")
        row(
            Messages.pick("Spread", "Streuung"),
            statistics.spread.map { "\(fixed($0)) \(Texts.current.cents)" } ?? "-")
        row(Messages.pick("Virtual time", "Virtuelle Zeit"), duration(elapsed))
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
        FileHandle.standardError.write(
            Data(
                ("peach: "
                    + Messages.pick("an answer was not stored: ", "eine Antwort wurde nicht gespeichert: ")
                    + message + "\n").utf8))
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
