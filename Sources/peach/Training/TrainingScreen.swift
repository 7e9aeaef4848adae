// TrainingScreen: what a training session shows in the terminal: state, difficulty, feedback.

import Foundation
import PeachCore

/// The training screen. In a terminal the state line (note 1 / note 2 / your answer, difficulty, best) is
/// rewritten in place and each result is a line of its own, in colour *and* with a symbol and a word, so
/// meaning never rests on colour alone (`NO_COLOR` turns colour off). When stdout is not a terminal it
/// writes plain lines: one per result, and the start and the end.
@MainActor
final class TrainingScreen {
    private let texts: Texts
    private let isTerminal: Bool
    private let color: Bool
    private var statusShown = false

    /// A screen on stdout.
    init(texts: Texts = .current, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.texts = texts
        isTerminal = isatty(STDOUT_FILENO) == 1
        color = isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// Prints a line (below the state line, which is cleared first).
    func line(_ text: String) {
        if statusShown {
            Terminal.write("\r\u{1B}[2K")
            statusShown = false
        }
        Terminal.emit(text)
    }

    /// Shows the state line (terminals only).
    func status(_ text: String) {
        guard isTerminal else { return }
        Terminal.write("\r\u{1B}[2K" + paint(text, "2"))
        statusShown = true
    }

    /// The title and how to answer.
    func header(matching: Bool, profile: String, sound: String) {
        line(paint(matching ? texts.matchingTitle : texts.comparisonTitle, "1") + "  (\(profile), \(sound))")
        line(texts.keysHelp(matching: matching))
    }

    /// Shows a comparison event.
    func show(_ event: ComparisonSessionEvent, best: Double?, number: Int) {
        switch event {
        case .trialStarted(let comparison):
            status("\(texts.note1) · \(texts.difficulty(comparison.centDifference.magnitude, best: best))")
        case .note2Started(let comparison):
            status("\(texts.note2) · \(texts.difficulty(comparison.centDifference.magnitude, best: best))")
        case .awaitingAnswer(let comparison):
            status(
                "\(texts.yourAnswer) · \(texts.difficulty(comparison.centDifference.magnitude, best: best))")
        case .answered(let completed):
            let answer = completed.answer == .higher ? texts.higher : texts.lower
            let cents = texts.format(completed.comparison.centDifference.magnitude, 1)
            let verdict =
                completed.isCorrect ? paint("✔ " + texts.correct, "32") : paint("✘ " + texts.incorrect, "31")
            line("\(String(format: "%4d", number))  \(verdict)  \(answer), \(cents) \(texts.cents)")
        case .observerFailed(let error):
            line("peach: \(error)")
        case .feedbackEnded, .stopped:
            break
        }
    }

    /// Shows a pitch-matching event.
    func show(_ event: PitchMatchingSessionEvent, number: Int) {
        switch event {
        case .trialStarted(let challenge):
            status("\(texts.reference) \(challenge.referenceNote.name)")
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
            let colour =
                ["deadCenter": "32;1", "close": "32", "moderate": "33", "far": "31"][band.rawValue] ?? "0"
            line(
                "\(String(format: "%4d", number))  \(paint("\(arrow) \(texts.signedCents(rounded))", colour))  \(words)"
            )
        case .observerFailed(let error):
            line("peach: \(error)")
        case .feedbackEnded, .stopped:
            break
        }
    }
}
