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
    /// Fill the gap: each trial's own mean offset, what the mean offset's likely range is counted by.
    private var gapTrialMeans = WelfordAccumulator()
    private var reportedFailure = false
    /// Where the summary's values start (``SummaryLabel/columnWidth(in:)``).
    private let labelColumn: Int
    /// How wide a play-back row's notes played are (``playedWidth(of:)``), set by the header.
    private var playedWidth = SimulationReport.narrowestPlayed

    /// A report in `texts`' language; `verbose` lists every trial.
    public init(texts: Texts, verbose: Bool, emit: @escaping (String) -> Void) {
        self.texts = texts
        self.verbose = verbose
        self.emit = emit
        labelColumn = SummaryLabel.columnWidth(in: texts)
    }

    /// The listener and the settings.
    public func header(
        mode: SimulationMode, parameters: SimulatedListener.Parameters, settings: TrainingSettings,
        timing: TimingSettings, seed: UInt64
    ) {
        let t = texts
        if mode == .timing || mode == .tap || mode == .echo {
            timingHeader(mode: mode, parameters: parameters, timing: timing, seed: seed)
            return
        }
        if let kind = mode.playBackKind {
            emit(t.tr("Simulated player: \(t.playBackTitle(kind)), seed \(seed)"))
            guard verbose else { return }
            emit("")
            // TRANSLATORS: a column heading over fixed columns: keep each heading's last letter where the English
            // one's is (the numbers below are right-aligned to it), shortening a word if it must.
            let heading = t.tr("      #  item        played            result")
            playedWidth = Self.playedWidth(of: kind)
            emit(Self.widened(heading, by: playedWidth - Self.narrowestPlayed))
            return
        }
        switch mode {
        case .comparison, .measurement:
            emit(
                t.tr(
                    "Simulated listener: threshold \(t.cents(parameters.threshold)) (75 % correct), "
                        + "lapses \(t.format(parameters.lapseRate * 100, 0)) %, seed \(seed)"))
        case .matching, .timing, .tap, .echo, .playBack:
            emit(
                t.tr(
                    "Simulated listener: bias \(signed(parameters.matchingBias)), "
                        + "spread \(t.cents(parameters.matchingSpread)), seed \(seed)"))
        }
        emit(
            t.tr(
                "Range \(t.rangeName(settings.noteRange)), A4 = \(t.format(settings.referencePitch.hertz, 1)) Hz, "
                    + "notes \(t.format(settings.noteDuration, 1)) s, gap \(t.format(settings.gapBetweenNotes, 1)) s"
            ))
        guard verbose else { return }
        emit("")
        // TRANSLATORS: a column heading over fixed columns: keep each heading's last letter where the English
        // one's is (the numbers below are right-aligned to it), shortening a word if it must.
        let comparisonHeading = t.tr("      #  note    cents  answer  result")
        // TRANSLATORS: a column heading over fixed columns: keep each heading's last letter where the English
        // one's is (the numbers below are right-aligned to it), shortening a word if it must.
        let matchingHeading = t.tr("      #  note    start    error  band")
        emit(mode != .matching ? comparisonHeading : matchingHeading)
    }

    /// One answered comparison.
    public func comparison(_ completed: CompletedComparison, number: Int) {
        if completed.isCorrect { correctCount += 1 }
        guard verbose else { return }
        let comparison = completed.comparison
        let answer = (completed.answer == .higher ? texts(.higher) : texts(.lower)).lowercased()
        let result = completed.isCorrect ? texts.tr("correct") : texts.tr("wrong")
        emit(
            pad(String(number), 7) + "  " + texts.noteName(comparison.note1).padded(5)
                + pad(signedNumber(comparison.centDifference.rawValue), 7) + "  " + answer.padded(6) + "  "
                + result
                + (comparison.interval.map {
                    texts.intervalAsked($0, tuning: comparison.tuningSystem, from: comparison.note1)
                } ?? ""))
    }

    /// One committed attempt.
    public func matching(_ completed: CompletedPitchMatching, number: Int) {
        matchingStatistics.add(error: completed.userError)
        guard verbose else { return }
        emit(
            pad(String(number), 7) + "  " + texts.noteName(completed.referenceNote).padded(5)
                + pad(signedNumber(completed.initialOffset.rawValue), 7)
                + pad(signedNumber(completed.userError.rawValue), 9) + "  " + band(completed.feedbackBand)
                + texts.intervalAsked(
                    completed.interval, tuning: completed.tuningSystem, from: completed.referenceNote))
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
            .comparisons,
            t.tr("\(count) (\(correctCount) correct, \(share) %)"))
        row(.difficultyNow, nextDifference.map { t.cents($0) } ?? "–")
        row(.sessionBest, sessionBest.map { t.cents($0) } ?? "–")
        if let mean = profile.overallMean {
            let spread = profile.overallStandardDeviation.map { " (±\(t.format($0, 1)))" } ?? ""
            row(
                .meanDifficulty,
                t.tr("\(t.cents(mean)) over \(profile.trainedNotes.count) notes\(spread)"))
        }
        if let threshold = profile.fittedThreshold {
            row(.threshold, t.threshold(threshold))
        }
        if let measured {
            row(.measured, t.threshold(measured))
        }
        row(
            .trend,
            tracker.trend.trend.map(t.trendWord)
                ?? t.tr("needs two sessions of \(TrendAnalyzer.minimumCount) answers"))
        row(.virtualTime, duration(elapsed))
    }

    /// The summary of a pitch-matching simulation.
    public func matchingSummary(elapsed: Duration) {
        let t = texts
        let statistics = matchingStatistics
        emit("")
        emit(t(.summary))
        row(.attempts, String(statistics.count))
        // Each mean with its likely range, as the profile gives it: a planted bias or spread should fall in it.
        row(.meanAbsError, t.meanMatchingError(statistics) ?? "–")
        var bias = statistics.bias.map(signed) ?? "–"
        if let mean = statistics.bias, let range = statistics.likelyRangeOfBias {
            let (low, high) = (signedNumber(range.lowerBound), signedNumber(range.upperBound))
            bias = t.tr("\(signed(mean)) (likely range \(low) to \(high))")
        }
        row(.bias, bias)
        row(.spread, statistics.spread.map { t.cents($0) } ?? "–")
        row(.virtualTime, duration(elapsed))
    }

    /// Where the answers were saved.
    public func saved(to path: String, total: Int) {
        row(
            .savedTo,
            texts.tr(
                one: "\(path) (\(total) record in all)", other: "\(path) (\(total) records in all)",
                count: total))
    }

    /// Reports the first store failure of a run on stderr through `error` (training goes on, as in a real
    /// session).
    public func storeFailed(_ failure: any Error, error: (String) -> Void) {
        guard !reportedFailure else { return }
        reportedFailure = true
        error(texts.tr("peach: an answer was not stored: \(texts.message(for: failure))"))
    }

    private func timingHeader(
        mode: SimulationMode, parameters: SimulatedListener.Parameters, timing: TimingSettings, seed: UInt64
    ) {
        let t = texts
        let lapses = t.format(parameters.lapseRate * 100, 0)
        if mode == .timing {
            emit(
                t.tr(
                    "Simulated listener: threshold \(t.format(parameters.threshold, 1)) ms (75 % correct), "
                        + "lapses \(lapses) %, seed \(seed)"))
            emit(
                t.tr(
                    "Tempo \(timing.tempo.bpm) BPM, patterns \(TimingPattern.listText(timing.patterns)), "
                        + "step \(timing.offsetClick) early or late"))
        } else {
            emit(
                t.tr(
                    "Simulated player: bias \(t.signedMs(parameters.matchingBias)) ms, spread "
                        + "\(t.format(parameters.matchingSpread, 1)) ms, misses \(lapses) %, seed \(seed)"))
            if mode == .tap {
                emit(t.gapFillStart(tempo: timing.tempo, positions: timing.gapPositions))
            } else {
                emit(t.tr("Rhythm echo at \(timing.tempo.bpm) BPM"))
            }
        }
        guard verbose else { return }
        emit("")
        // TRANSLATORS: a column heading over fixed columns: keep each heading's last letter where the English
        // one's is (the numbers below are right-aligned to it), shortening a word if it must.
        let timingHeading = t.tr("      #  offset ms  answer  result")
        // TRANSLATORS: a column heading over fixed columns: keep each heading's last letter where the English
        // one's is (the numbers below are right-aligned to it), shortening a word if it must.
        let tapHeading = t.tr("  trial  strikes  mean ms")
        // TRANSLATORS: a column heading over fixed columns: keep each heading's last letter where the English
        // one's is (the numbers below are right-aligned to it), shortening a word if it must.
        let echoHeading = t.tr("      #  level   hits  extra  mean ms  bar")
        emit(mode == .timing ? timingHeading : mode == .tap ? tapHeading : echoHeading)
    }

    /// One answered offset-detection trial.
    public func offsetDetection(_ completed: CompletedOffsetDetection, number: Int) {
        if completed.isCorrect { correctCount += 1 }
        guard verbose else { return }
        let answer = texts.title(completed.answer == .early ? .early : .late).lowercased()
        let result = completed.isCorrect ? texts.tr("correct") : texts.tr("wrong")
        emit(
            pad(String(number), 7) + pad(signedNumber(completed.trial.offsetMs), 11) + "  " + answer.padded(6)
                + "  "
                + result)
    }

    /// The summary of an offset-detection simulation.
    public func offsetDetectionSummary(
        history: TimingHistory, answered: Int, correct: Int, nextPercent: Double?, tempo: Tempo,
        elapsed: Duration
    ) {
        let t = texts
        emit("")
        emit(t(.summary))
        let share = t.format(Double(correct) * 100 / Double(max(answered, 1)), 1)
        row(.answers, t.tr("\(answered) (\(correct) correct, \(share) %)"))
        row(
            .offsetNow,
            nextPercent.map { t.tr("\(t.format($0 / 100 * tempo.sixteenth * 1000, 1)) ms") } ?? "–")
        if let threshold = history.threshold(band: tempo.band) {
            let range = threshold.likelyRangeMs
            row(
                .threshold,
                t.tr(
                    "\(t.format(threshold.milliseconds, 1)) ms (likely range \(t.format(range.lowerBound, 1))–"
                        + "\(t.format(range.upperBound, 1)) ms)"))
        }
        row(.virtualTime, duration(elapsed))
    }

    /// Where the placement ended: `Placement done: 14 items in play; … (16 answers)`.
    public func placementEnded(inPlay: Int, answered: Int) {
        emit(texts.playBackPlacementEnded(inPlay: inPlay) + " (" + texts.answers(answered) + ")")
    }

    /// No question fits the note range: the line `peach play` shows, whether verbose or not (else a run of no
    /// answers would not say why).
    public func nothingToAsk() {
        emit(texts.playBackNothingToAsk)
    }

    /// One answered question (with `--verbose`); a melody in tempo with its timing (`timing: −8 +3 – +1 ms (mean
    /// −1 ms)`).
    public func playBack(_ completed: CompletedPlayBack, number: Int) {
        guard verbose else { return }
        let result = completed.isCorrect ? texts.tr("correct") : texts.tr("wrong")
        let played = texts.playedNames(completed.verdict, in: completed.question)
        emit(
            pad(String(number), 7) + "  " + completed.question.item.id.padded(10) + "  "
                + played.padded(playedWidth) + "  " + result)
        // In tempo, the offsets on a line of their own under the notes played: beside the row, eight of them
        // (`timing: +17 −13 … ms (mean … ms)`) went past 80 columns and wrapped under the result.
        if let timing = texts.melodyTiming(completed) {
            emit(String(repeating: " ", count: Self.playedColumn) + timing)
        }
    }

    /// Where a play-back row's notes played start (after the number and the item).
    static let playedColumn = 21

    /// The width of the notes played that the heading's spacing leaves (a chord of four in English).
    static let narrowestPlayed = 16

    /// The width of the notes played in a row of `kind`: as many notes as its answers have at most (a chord of
    /// four, three degrees in a row, a melody of eight), each as wide as the widest common name (`Fis4`, in
    /// German), so that the results stay in one column: at 16, a German chord of four and any melody of five
    /// or more pushed their result out of it.
    static func playedWidth(of kind: PlayBackKind) -> Int {
        let notes =
            switch kind {
            case .notes: 1
            case .intervals: 2
            case .chords: 4
            case .degrees: ValueDomains.degreeNotes.upperBound
            case .melodies: MelodyLevel.lengths.upperBound
            }
        return max(narrowestPlayed, notes * 4 + notes - 1)
    }

    /// `heading` with `extra` spaces more before its last heading (the result's), over a wider column before it.
    static func widened(_ heading: String, by extra: Int) -> String {
        guard extra > 0, let space = heading.lastIndex(of: " ") else { return heading }
        let last = heading.index(after: space)
        return String(heading[..<last]) + String(repeating: " ", count: extra) + heading[last...]
    }

    /// The summary of a play-back simulation: the run's answers and the profile's play-back section of the kind
    /// (every item and confusion).
    public func playBackSummary(
        history: PlayBackHistory, kind: PlayBackKind, answered: Int, correct: Int, elapsed: Duration
    ) {
        let t = texts
        emit("")
        emit(t(.summary))
        let share = t.format(Double(correct) * 100 / Double(max(answered, 1)), 1)
        row(.answers, t.tr("\(answered) (\(correct) correct, \(share) %)"))
        row(.virtualTime, duration(elapsed))
        let lines = PlayBackReport(history: history, texts: t).lines(all: true, only: kind)
        if !lines.isEmpty {
            emit("")
            for line in lines.dropFirst() { emit(line) }
        }
    }

    /// One scored echo.
    public func echo(_ completed: CompletedEcho, number: Int) {
        guard verbose else { return }
        emit(
            pad(String(number), 7) + pad(String(completed.level), 7)
                + pad("\(completed.hits)/\(completed.onsets.count)", 7) + pad(String(completed.extras), 7)
                + pad(completed.meanOffsetMs.map(signedNumber) ?? "–", 9) + "  "
                + completed.rhythm.description)
    }

    /// The summary of a rhythm-echo simulation.
    public func echoSummary(history: TimingHistory, trials: Int, level: Int, elapsed: Duration) {
        let t = texts
        var notes = 0
        var hits = 0
        var extras = 0
        var offsets = WelfordAccumulator()
        var echoMeans = WelfordAccumulator()
        for family in history.echoFamilies {
            guard let cell = history.echo(family: family) else { continue }
            notes += cell.notes
            hits += cell.hits
            extras += cell.extras
            offsets.merge(cell.offsets)
            echoMeans.merge(cell.echoMeans)
        }
        emit("")
        emit(t(.summary))
        row(.trials, String(trials))
        let likely = t.likelyPercents(AccuracyEstimate(correct: hits, of: notes))
        row(
            .hitRate,
            notes == 0
                ? "–"
                : t.tr(
                    "\(t.format(Double(hits) / Double(notes) * 100, 1)) % of \(notes) notes (likely range \(likely))"
                ))
        row(.extras, String(extras))
        // The hits' mean with its likely range counted by echo, as the profile gives it.
        row(
            .meanOffset,
            offsets.meanIfAny.map { t.meanOffset($0, likely: echoMeans.likelyRange(around: $0)) } ?? "–")
        row(.spread, offsets.sampleStandardDeviation.map { t.tr("\(t.format($0, 1)) ms") } ?? "–")
        row(.levelNow, String(level))
        row(.virtualTime, duration(elapsed))
    }

    /// One fill-the-gap trial with strikes.
    public func gapFill(_ completed: CompletedGapFill, number: Int) {
        if completed.meanOffsetMs.isFinite { gapTrialMeans.add(completed.meanOffsetMs) }
        guard verbose else { return }
        emit(
            pad(String(number), 7) + pad("\(completed.strikes.count)/\(completed.gapCount)", 9)
                + pad(signedNumber(completed.meanOffsetMs), 9))
    }

    /// The summary of a fill-the-gap simulation.
    public func gapFillSummary(
        strikes: WelfordAccumulator, trials: Int, elapsed: Duration, drift: WelfordAccumulator?
    ) {
        let t = texts
        emit("")
        emit(t(.summary))
        row(.trials, String(trials))
        row(.strikes, String(strikes.count))
        // The strikes' mean with its likely range counted by trial, as the profile counts fill the gap.
        row(
            .meanOffset,
            strikes.meanIfAny.map { t.meanOffset($0, likely: gapTrialMeans.likelyRange(around: $0)) } ?? "–")
        row(.spread, strikes.sampleStandardDeviation.map { t.tr("\(t.format($0, 1)) ms") } ?? "–")
        if let drift {
            row(.silentDrift, drift.meanIfAny.map { t.tr("\(t.signedMs($0)) ms a bar") } ?? "–")
        }
        row(.virtualTime, duration(elapsed))
    }

    private func band(_ band: PitchMatchingFeedbackBand) -> String {
        switch band {
        case .deadCenter: texts(.deadCenter).lowercased()
        case .close: texts.tr("close")
        case .moderate: texts.tr("moderate")
        case .far: texts.tr("far")
        }
    }

    private func signed(_ value: Double) -> String {
        let number = signedNumber(value)
        return texts.centsText(number)
    }

    private func signedNumber(_ value: Double) -> String {
        let text = texts.format(value, 1)
        return value > 0 && text != texts.format(0, 1) ? "+" + text : text
    }

    /// A summary row: the label, then the value in the column every label of this language fits.
    private func row(_ label: SummaryLabel, _ value: String) {
        emit("  " + texts.tr(label.english).padded(labelColumn) + value)
    }

    private func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    private func duration(_ elapsed: Duration) -> String {
        let seconds = Int(elapsed.seconds.rounded())
        return seconds >= 60 ? texts.tr("\(seconds / 60) min \(seconds % 60) s") : texts.tr("\(seconds) s")
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    fileprivate func padded(_ width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
