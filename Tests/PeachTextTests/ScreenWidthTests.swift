// ScreenWidthTests: the screens a newcomer met broken at 80 columns: coloured trial lines, groups, prompts.

import Foundation
import PeachCore
import PeachTestSupport
import PeachText
import Testing

@testable import PeachTraining

@MainActor
@Suite("Screens at 80 columns")
struct ScreenWidthTests {
    /// `text` without the terminal's colour sequences.
    static func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    @Test("a coloured line breaks where the same line without colour does: its sequences take no column")
    func colour() {
        let wrapper = LineWrapper(width: 80)
        let plain =
            "  12/80  ✔ Correct  higher, 23.4 cents · so far 12.3 cents (likely 10.1–14.5) and more words"
        let coloured = plain.replacingOccurrences(of: "✔ Correct", with: "\u{1B}[32m✔ Correct\u{1B}[0m")
        #expect(wrapper.wrap(coloured).map(Self.plain) == wrapper.wrap(plain))
        #expect(
            wrapper.wrap(coloured).joined().contains("\u{1B}[32m✔ Correct\u{1B}[0m"), "every sequence kept")
    }

    @Test("a measurement's trial line on a colour terminal: every line fits, continuations under the text")
    func measuringLine() {
        let output = RecordingScreenOutput()
        let screen = TerminalScreen(
            texts: Texts(language: .english), output: output, isTerminal: true, color: true, width: 80)
        var progress = TrainingProgress()
        progress.answered = 12
        progress.measuring = TrainingProgress.Measuring(
            trials: 12, maximum: 100,
            estimate: ThresholdEstimate(
                cents: 12.3, interval68: 10.1...14.5, interval95: 8...18, slope: 2, trials: 12,
                logStandardDeviation: 0.2))
        let comparison = Comparison(note1: 60, note2: 60, centDifference: Cents(-23.4))
        let completed = CompletedComparison(
            comparison: comparison, answer: .lower, timestamp: Date(),
            context: TrialContext(settings: .defaults, procedure: .measurement))
        screen.present(.comparison(.answered(completed), progress), at: Date())
        let lines = Self.plain(output.screen).split(separator: "\n").map {
            String($0.split(separator: "\r").last ?? "").replacingOccurrences(of: "\u{1B}[2K", with: "")
        }.filter { !$0.isEmpty }
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines)")
        for continuation in lines.dropFirst() {
            #expect(continuation.prefix { $0 == " " }.count <= 20, "«\(continuation)»")
        }
    }

    @Test("a short group in parentheses stays whole: (9 answers) is never split")
    func groups() {
        let line = "  2026-W48  " + String(repeating: "·", count: 50) + "  10.9 cents  (9 answers)"
        for width in 60...90 {
            for wrapped in LineWrapper(width: width).wrap(line) {
                #expect(!wrapped.hasSuffix("(9"), "width \(width): \(wrapped)")
            }
        }
    }

    @Test("data reset's question ends on its last words, the colon with them; learn's closing lines fit")
    func promptAndLearn() {
        let texts = Texts(language: .english)
        let question = texts.confirmDelete(
            1234, in: "/home/somebody-with-a-long-name/.local/share/peach-practice-data")
        let lines = LineWrapper(width: 80).wrap(question)
        #expect(lines.count > 1 && lines.allSatisfy { $0.count <= 80 })
        #expect(lines.last?.hasSuffix("Type 'yes': ") == true && lines.last != ": ", "\(lines)")
        let learned = LineWrapper(width: 80).wrap(
            texts.learned(
                path: "/home/somebody/.config/peach/profiles/my-drum-pads.json", name: "my-drum-pads"))
        #expect(learned.allSatisfy { $0.count <= 80 }, "\(learned)")
    }
}
