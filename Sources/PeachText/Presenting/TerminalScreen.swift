// TerminalScreen: what a run shows in a terminal: the state line, difficulty, feedback and the closing line.

import Foundation
import PeachCore
import PeachTraining

/// Where the screen writes: standard output for the screen, standard error for failures. The command line
/// supplies the live one; tests record.
@MainActor
public protocol ScreenOutput: AnyObject {
    /// Writes `text` to the screen as it is (no newline added).
    func write(_ text: String)
    /// Writes one line (a newline added) to the error stream.
    func writeError(_ line: String)
}

/// The training screen. In a terminal the state line (note 1 / note 2 / your answer, difficulty, best) is
/// rewritten in place and each result is a line of its own, in colour *and* with a symbol and a word, so
/// meaning never rests on colour alone. Elsewhere (a pipe, a file) it writes plain lines: one per result,
/// and the start and the end. A run that ends by a failure ends with one `peach:` line on the error stream.
/// On a terminal, lines are broken between words to fit its width and the state line is cut to it; in a pipe
/// each line stays whole.
@MainActor
public final class TerminalScreen: TrainingPresenter {
    private let texts: Texts
    private let output: any ScreenOutput
    private let isTerminal: Bool
    private let color: Bool
    private let wrapper: LineWrapper
    private var statusShown = false
    /// `(profile, sound)`, shown again beside the new title when the mode changes.
    private var setUp = ""
    /// The mode shown now.
    private var mode = TrainingMode.comparison

    /// A screen writing to `output`; `isTerminal` enables the state line, `color` the colours; lines are
    /// broken between words to fit `width` columns.
    public init(
        texts: Texts, output: any ScreenOutput, isTerminal: Bool, color: Bool,
        width: Int = LineWrapper.standardWidth
    ) {
        self.texts = texts
        self.output = output
        self.isTerminal = isTerminal
        self.color = isTerminal && color
        wrapper = LineWrapper(width: width)
    }

    /// Shows `event`.
    public func present(_ event: TrainingEvent, at time: Date) {
        switch event {
        case .started(let mode, let profile, let sound, let stack):
            self.mode = mode
            let through = stack.flatMap { $0 == .null || $0 == .file ? nil : texts.stackName($0) }
            setUp = "  (\(profile), " + (through.map { texts.soundThrough(sound, $0) } ?? sound) + ")"
            line(paint(texts.title(of: mode), "1") + setUp)
            line(texts.keysHelp(for: mode))
        case .modeChanged(let mode):
            self.mode = mode
            line(paint(texts.title(of: mode), "1") + setUp)
            line(texts.keysHelp(for: mode))
        case .notice(let notice):
            switch notice {
            case .actionNotApplicable: status(texts.notice(notice))
            default: line(texts.notice(notice))
            }
        case .comparison(let event, let progress):
            show(event, progress: progress)
        case .pitchMatching(let event, let progress):
            show(event, number: progress.matched)
        case .offsetDetection(let event, let progress):
            show(event, progress: progress)
        case .gapFill(let event, let progress):
            show(event, progress: progress)
        case .echo(let event, let progress):
            show(event, progress: progress)
        case .playBack(let event, let progress):
            show(event, progress: progress)
        case .tick:
            break
        case .ended(let ending, let progress, let location):
            let closing = texts.closing(ending, progress: progress, storeLocation: location, mode: mode)
            if ending.isFailure {
                line("")
                output.writeError("peach: " + closing)
            } else {
                line(closing)
            }
        }
    }

    /// `✔ Correct` in green or `✘ Wrong` in red: a symbol and a word, never colour alone.
    private func verdict(_ isCorrect: Bool) -> String {
        isCorrect ? paint("✔ " + texts.correct, "32") : paint("✘ " + texts.incorrect, "31")
    }

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// Prints a line (below the state line, which is cleared first).
    private func line(_ text: String) {
        if statusShown {
            output.write("\r\u{1B}[2K")
            statusShown = false
        }
        // On a terminal a line fits its width; in a pipe or a file each line stays whole, one per event.
        output.write((isTerminal ? wrapper.wrap(text) : [text]).map { $0 + "\n" }.joined())
    }

    /// ` · Perfect fifth up (P5, just)` for an interval trial, nothing for unison.
    private func intervalLabel(_ comparison: Comparison) -> String {
        guard let interval = comparison.interval, interval != .prime else { return "" }
        return " · " + texts.intervalName(IntervalKey(interval, comparison.tuningSystem))
    }

    private func intervalLabel(_ challenge: PitchMatchingChallenge) -> String {
        guard challenge.interval != .prime else { return "" }
        return " · " + texts.intervalName(IntervalKey(challenge.interval, challenge.tuningSystem)) + " "
            + texts.noteName(challenge.targetNote)
    }

    /// ` · Perfect fifth up from C4 (P5, just)` after an interval trial's answer (a pipe or a file never sees
    /// the state line that named it), nothing for unison.
    private func asked(_ comparison: Comparison) -> String {
        guard let interval = comparison.interval else { return "" }
        return texts.intervalAsked(interval, tuning: comparison.tuningSystem, from: comparison.note1)
    }

    /// Shows the state line (terminals only), cut to the width: a line that wrapped could not be rewritten in
    /// place.
    private func status(_ text: String) {
        guard isTerminal else { return }
        output.write("\r\u{1B}[2K" + paint(String(text.prefix(wrapper.width - 1)), "2"))
        statusShown = true
    }

    private func show(_ event: ComparisonSessionEvent, progress: TrainingProgress) {
        let best = progress.sessionBest
        switch event {
        case .trialStarted(let comparison):
            status(
                "\(texts.note1)\(intervalLabel(comparison)) · "
                    + texts.difficulty(comparison.centDifference.magnitude, best: best))
        case .replayStarted(let comparison):
            status(
                "\(texts.replaying) · \(texts.difficulty(comparison.centDifference.magnitude, best: best))")
        case .note2Started(let comparison):
            status("\(texts.note2) · \(texts.difficulty(comparison.centDifference.magnitude, best: best))")
        case .awaitingAnswer(let comparison):
            status(
                "\(texts.yourAnswer) · \(texts.difficulty(comparison.centDifference.magnitude, best: best))")
        case .answered(let completed):
            let verdict = self.verdict(completed.isCorrect)
            if let measuring = progress.measuring {
                // A measurement says how long it may still take and what it has found so far.
                line(
                    "\(String(format: "%4d", measuring.trials))/\(measuring.maximum)  \(verdict)  "
                        + texts.rightAnswer(completed) + asked(completed.comparison)
                        + texts.measuredSoFar(measuring.estimate))
            } else {
                line(
                    "\(String(format: "%4d", progress.answered))  \(verdict)  \(texts.rightAnswer(completed))"
                        + asked(completed.comparison))
            }
        case .observerFailed(let error):
            line("peach: " + texts.message(for: error))
        case .feedbackEnded, .stopped:
            break
        }
    }

    private func show(_ event: PitchMatchingSessionEvent, number: Int) {
        switch event {
        case .trialStarted(let challenge):
            status("\(texts.reference) \(texts.noteName(challenge.referenceNote))\(intervalLabel(challenge))")
        case .replayStarted(let challenge):
            status(
                "\(texts.replaying): \(texts.reference) \(texts.noteName(challenge.referenceNote))\(intervalLabel(challenge))"
            )
        case .tunableStarted:
            status(texts.tuneIt)
        case .committed(let completed):
            let rounded = Int(completed.userError.rawValue.rounded(.toNearestOrAwayFromZero))
            let band = completed.feedbackBand
            let arrow: String
            switch band {
            case .deadCenter: arrow = "●"
            case .close: arrow = rounded > 0 ? "↑" : "↓"
            case .moderate: arrow = rounded > 0 ? "↑↑" : "↓↓"
            case .far: arrow = rounded > 0 ? "↑↑↑" : "↓↓↓"
            }
            let words = band == .deadCenter ? texts.deadCenter : texts.sharpOrFlat(rounded)
            let colour: String
            switch band {
            case .deadCenter: colour = "32;1"
            case .close: colour = "32"
            case .moderate: colour = "33"
            case .far: colour = "31"
            }
            line(
                "\(String(format: "%4d", number))  \(paint("\(arrow) \(texts.signedCents(rounded))", colour))  \(words)"
                    + texts.intervalAsked(
                        completed.interval, tuning: completed.tuningSystem, from: completed.referenceNote))
        case .observerFailed(let error):
            line("peach: " + texts.message(for: error))
        case .feedbackEnded, .stopped:
            break
        }
    }

    private func show(_ event: OffsetDetectionEvent, progress: TrainingProgress) {
        switch event {
        case .trialStarted(let trial, _):
            status(texts.timingTrialStatus(trial))
        case .answerable:
            status(texts.earlyOrLate)
        case .repetition(let trial, let number, _):
            status(texts.timingRepetition(trial, number: number))
        case .answered(let completed):
            let verdict = self.verdict(completed.isCorrect)
            line(
                "\(String(format: "%4d", progress.answered))  \(verdict)  \(texts.timingRightAnswer(completed))"
            )
        case .dropout:
            line(paint(texts.offsetDropout, "33"))
        case .observerFailed(let error):
            line("peach: " + texts.message(for: error))
        case .feedbackEnded, .stopped:
            break
        }
    }

    private func show(_ event: GapFillEvent, progress: TrainingProgress) {
        switch event {
        case .started(let tempo, let positions, _, let pattern):
            if mode != .calibration {
                line(
                    pattern.map { texts.gapFillStart(tempo: tempo, pattern: $0) }
                        ?? texts.gapFillStart(tempo: tempo, positions: positions))
            }
        case .struck(let strike, _):
            // Early leans left, late right, and the words say it too; with a calibration (fill the gap only)
            // the arrow and colour are of the calibrated offset, and the raw one follows.
            let calibration = mode == .gapFill ? progress.calibration : nil
            let offset = calibration?.calibrated(strike.offsetMs) ?? strike.offsetMs
            let arrow = abs(offset) < 0.5 ? "●" : offset < 0 ? "◀" : "▶"
            let colour = abs(offset) < 10 ? "32" : abs(offset) < 25 ? "33" : "31"
            var words =
                calibration.map { texts.calibratedStrike(strike.offsetMs, calibration: $0) }
                ?? texts.strikeOffset(strike.offsetMs)
            if strike.silentBar != nil { words = texts.inTheSilence(words) }
            line("\(String(format: "%4d", progress.strikes))  " + paint("\(arrow) \(words)", colour))
        case .strikeOutside:
            status(texts.strikeOutside)
        case .trialCompleted(let completed):
            // A calibration stores no trials: its loop's sixteen cycles are no result to tell.
            guard mode != .calibration else { break }
            // With a calibration the mean has the trial's taken off, as each strike had.
            line(paint(texts.gapFillTrial(completed), "1"))
            if completed.silentBars > 0 { line(texts.silentDrift(completed)) }
        case .silence(let bars, _):
            line(paint(texts.silenceBegins(bars: bars), "36"))
        case .tempoChanged(let tempo, _):
            status(texts.tempoNow(tempo))
        case .trialEmpty:
            if mode != .calibration { line(texts.gapFillEmpty) }
        case .dropout:
            line(paint(texts.gapFillDropout, "33"))
        case .observerFailed(let error):
            line("peach: " + texts.message(for: error))
        case .stopped:
            break
        }
    }

    private func show(_ event: EchoEvent, progress: TrainingProgress) {
        switch event {
        case .countIn(let tempo, _): status(texts.echoCountIn(tempo))
        case .call(let rhythm, let level, _): status(texts.echoCall(rhythm, level: level))
        case .respond(let rhythm, _): status(texts.echoRespond(rhythm))
        case .struck: break
        case .strikeOutside: status(texts.echoListenFirst)
        case .trialCompleted(let completed):
            let verdict = self.verdict(completed.score >= EchoLevel.promotion)
            let result = texts.echoResult(completed)
            line("\(String(format: "%4d", progress.answered))  \(verdict)  \(result)")
            // Where in the bar it went early, late or missing, as a drum teacher points at a beat.
            line("      " + texts.echoTiming(completed))
        case .trialEmpty: line(texts.echoEmpty)
        case .levelChanged(let level): line(paint(texts.echoLevel(level), "36"))
        case .dropout: line(paint(texts.echoDropout, "33"))
        case .observerFailed(let error): line("peach: " + texts.message(for: error))
        case .stopped: break
        }
    }

    private func show(_ event: PlayBackSessionEvent, progress: TrainingProgress) {
        switch event {
        case .cadence(let key, let context, let names):
            status(texts.playBackCadence(key, context: context, namesReference: names))
        case .resolving(let question, let notes):
            line("      " + texts.playBackResolving(question, notes: notes))
        case .grid(let grid):
            status(texts.playBackCountIn(grid))
        case .dropout(_, let total, let replaying):
            line(paint(replaying ? texts.playBackDropout : texts.playBackCrackle(total: total), "33"))
        case .questionStarted(let question, let names):
            status(texts.playBackListening(question, namesReference: names))
        case .replayStarted:
            status(texts.playBackReplaying)
        case .answerable(let question, let names):
            status(texts.playBackYourTurn(question, namesReference: names))
        case .referenceOnly:
            status(texts.playBackReferenceOnly)
        case .playedDuringCall(_, let inTempo):
            line(paint(texts.playBackDuringCall(inTempo: inTempo), "33"))
        case .answered(let completed):
            let verdict =
                completed.verdict.outcome.isRightItemElsewhere
                ? paint("≈ " + texts.nearly, "33") : self.verdict(completed.isCorrect)
            line(
                "\(String(format: "%4d", progress.answered))  \(verdict)  \(texts.playBackVerdict(completed))"
            )
        case .notCounted(let late, let grazed, let window):
            for text in texts.playBackNotCounted(late: late, grazed: grazed, window: window) {
                line("      " + text)
            }
        case .placementEnded(let inPlay):
            line(paint(texts.playBackPlacementEnded(inPlay: inPlay), "36"))
        case .comparingAnswers:
            status(texts.playBackComparing)
        case .skipped(let question):
            line("      ↷ " + texts.playBackSkipped(question))
        case .nothingToAsk:
            line(texts.playBackNothingToAsk)
        case .observerFailed(let error):
            line("peach: " + texts.message(for: error))
        case .feedbackEnded, .stopped:
            break
        }
    }
}
