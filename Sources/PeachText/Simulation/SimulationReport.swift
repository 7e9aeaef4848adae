// SimulationReport: the plain-text account of `peach simulate`: a header, one line per trial, a summary.

import Foundation
import PeachCore
import PeachStore
import PeachTraining

/// Writes what a simulation does, line by line, through `emit`: a header, one line per trial (when verbose)
/// and a summary.
@MainActor
public final class SimulationReport: SimulationReporting {
    private let texts: Texts
    private let verbose: Bool
    private let emit: (String) -> Void
    private var correctCount = 0
    /// This run's pitch-matching accuracy (the profile may also hold stored attempts).
    private var matchingStatistics = PitchMatchingStatistics()
    private var reportedFailure = false

    /// A report in `texts`' language; `verbose` lists every trial.
    public init(texts: Texts, verbose: Bool, emit: @escaping (String) -> Void) {
        self.texts = texts
        self.verbose = verbose
        self.emit = emit
    }

    /// The listener and the settings.
    public func header(
        mode: SimulationMode, parameters: SimulatedListener.Parameters, settings: TrainingSettings,
        seed: UInt64
    ) {
        let t = texts
        switch mode {
        case .comparison, .measurement:
            emit(
                t.pick(
                    "Simulated listener: threshold \(t.cents(parameters.threshold)) (75 % correct), "
                        + "lapses \(t.format(parameters.lapseRate * 100, 0)) %, seed \(seed)",
                    "Simulierter Hörer: Schwelle \(t.cents(parameters.threshold)) (75 % richtig), "
                        + "Aussetzer \(t.format(parameters.lapseRate * 100, 0)) %, Startwert \(seed)"))
        case .matching:
            emit(
                t.pick(
                    "Simulated listener: bias \(signed(parameters.matchingBias)), "
                        + "spread \(t.cents(parameters.matchingSpread)), seed \(seed)",
                    "Simulierter Hörer: Tendenz \(signed(parameters.matchingBias)), "
                        + "Streuung \(t.cents(parameters.matchingSpread)), Startwert \(seed)"))
        }
        emit(
            t.pick(
                "Range \(settings.noteRange), A4 = \(t.format(settings.referencePitch.hertz, 1)) Hz, "
                    + "notes \(t.format(settings.noteDuration, 1)) s, gap \(t.format(settings.gapBetweenNotes, 1)) s",
                "Umfang \(settings.noteRange), A4 = \(t.format(settings.referencePitch.hertz, 1)) Hz, "
                    + "Töne \(t.format(settings.noteDuration, 1)) s, Pause \(t.format(settings.gapBetweenNotes, 1)) s"
            ))
        guard verbose else { return }
        emit("")
        emit(
            mode != .matching
                ? t.pick("      #  note    cents  answer  result", "      #  Ton     Cent   Antwort Ergebnis")
                : t.pick("      #  note    start    error  band", "      #  Ton     Start   Fehler  Band"))
    }

    /// One answered comparison.
    public func comparison(_ completed: CompletedComparison, number: Int) {
        if completed.isCorrect { correctCount += 1 }
        guard verbose else { return }
        let comparison = completed.comparison
        let answer = (completed.answer == .higher ? texts(.higher) : texts(.lower)).lowercased()
        let result = completed.isCorrect ? texts.pick("correct", "richtig") : texts.pick("wrong", "falsch")
        emit(
            pad(String(number), 7) + "  " + comparison.note1.name.padded(5)
                + pad(signedNumber(comparison.centDifference.rawValue), 7) + "  " + answer.padded(6) + "  "
                + result)
    }

    /// One committed attempt.
    public func matching(_ completed: CompletedPitchMatching, number: Int) {
        matchingStatistics.add(error: completed.userError)
        guard verbose else { return }
        emit(
            pad(String(number), 7) + "  " + completed.referenceNote.name.padded(5)
                + pad(signedNumber(completed.initialOffset.rawValue), 7)
                + pad(signedNumber(completed.userError.rawValue), 9) + "  " + band(completed.feedbackBand))
    }

    /// The summary of a comparison simulation.
    public func comparisonSummary(
        tracker: ProfileTracker, answered count: Int, sessionBest: Double?, nextDifference: Double?,
        elapsed: Duration, measured: ThresholdEstimate? = nil
    ) {
        let t = texts
        let profile = tracker.profile
        emit("")
        emit(t(.summary))
        let share = t.format(Double(correctCount) * 100 / Double(max(count, 1)), 1)
        row(
            t.pick("Comparisons", "Vergleiche"),
            "\(count) (\(correctCount) " + t.pick("correct", "richtig") + ", \(share) %)")
        row(t.pick("Difficulty now", "Schwierigkeit"), nextDifference.map { t.cents($0) } ?? "–")
        row(t.pick("Session best", "Bestwert"), sessionBest.map { t.cents($0) } ?? "–")
        if let mean = profile.overallMean {
            let spread = profile.overallStandardDeviation.map { " (±\(t.format($0, 1)))" } ?? ""
            row(
                t.pick("Mean difficulty", "Mittl. Schwier."),
                t.pick(
                    "\(t.cents(mean)) over \(profile.trainedNotes.count) notes\(spread)",
                    "\(t.cents(mean)) über \(profile.trainedNotes.count) Töne\(spread)"))
        }
        if let threshold = profile.fittedThreshold {
            row(t.pick("Threshold", "Schwelle"), t.threshold(threshold))
        }
        if let measured {
            row(t.pick("Measured", "Gemessen"), t.threshold(measured))
        }
        row(
            "Trend",
            tracker.trend.trend.map(t.trendWord)
                ?? t.pick(
                    "needs two sessions of \(TrendAnalyzer.minimumCount) answers",
                    "braucht zwei Sitzungen mit \(TrendAnalyzer.minimumCount) Antworten"))
        row(t.pick("Virtual time", "Virtuelle Zeit"), duration(elapsed))
    }

    /// The summary of a pitch-matching simulation.
    public func matchingSummary(elapsed: Duration) {
        let t = texts
        let statistics = matchingStatistics
        emit("")
        emit(t(.summary))
        row(t.pick("Attempts", "Versuche"), String(statistics.count))
        row(
            t.pick("Mean abs error", "Mittlerer Fehler"),
            statistics.meanAbsoluteError.map { t.cents($0) } ?? "–")
        row(t.pick("Bias", "Tendenz"), statistics.bias.map(signed) ?? "–")
        row(t.pick("Spread", "Streuung"), statistics.spread.map { t.cents($0) } ?? "–")
        row(t.pick("Virtual time", "Virtuelle Zeit"), duration(elapsed))
    }

    /// Where the answers were saved.
    public func saved(to path: String, total: Int) {
        emit(
            t2(
                "  Saved to         \(path) (\(total) records in all)",
                "  Gespeichert in   \(path) (\(total) Datensätze insgesamt)"))
    }

    /// Reports the first store failure of a run on stderr through `error` (training goes on, as in a real
    /// session).
    public func storeFailed(_ failure: any Error, error: (String) -> Void) {
        guard !reportedFailure else { return }
        reportedFailure = true
        error(
            "peach: " + texts.pick("an answer was not stored: ", "eine Antwort wurde nicht gespeichert: ")
                + texts.message(for: failure))
    }

    private func t2(_ english: String, _ german: String) -> String { texts.pick(english, german) }

    private func band(_ band: PitchMatchingFeedbackBand) -> String {
        switch band {
        case .deadCenter: texts(.deadCenter).lowercased()
        case .close: texts.pick("close", "nah")
        case .moderate: texts.pick("moderate", "mittel")
        case .far: texts.pick("far", "weit")
        }
    }

    private func signed(_ value: Double) -> String {
        let number = signedNumber(value)
        return number + " " + texts.centWord(for: number)
    }

    private func signedNumber(_ value: Double) -> String {
        let text = texts.format(value, 1)
        return value > 0 && text != texts.format(0, 1) ? "+" + text : text
    }

    private func row(_ label: String, _ value: String) {
        emit("  " + label.padded(17) + value)
    }

    private func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    private func duration(_ elapsed: Duration) -> String {
        let seconds = Int(elapsed.seconds.rounded())
        return seconds >= 60 ? "\(seconds / 60) min \(seconds % 60) s" : "\(seconds) s"
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    fileprivate func padded(_ width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
