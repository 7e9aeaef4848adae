// PresenterTests: the events stream (Encodable lines, checked against the README's schema) and the screen.

import Foundation
import PeachCore
import PeachStore
import PeachTestSupport
import PeachText
import PeachTraining
import Testing

@MainActor
@Suite("Presenters")
struct PresenterTests {
    /// A run whose presenters are the events stream and the screen, both recorded.
    @MainActor
    final class Presented {
        let harness: RunHarness
        let output = RecordingScreenOutput()
        var lines: [String] = []

        convenience init(
            mode: TrainingMode = .comparison, language: Language = .english, terminal: Bool = false
        ) {
            self.init(harness: RunHarness(mode: mode), language: language, terminal: terminal)
        }

        /// `harness`'s run presented.
        init(harness: RunHarness, language: Language = .english, terminal: Bool = false) {
            self.harness = harness
            let screen = TerminalScreen(
                texts: Texts(language: language), output: output, isTerminal: terminal, color: false)
            let stream = EventStreamPresenter { [unowned self] in self.lines.append($0) }
            harness.presenter.onPresent = { [unowned self] event in
                let time = self.harness.clock.now
                screen.present(event, at: time)
                stream.present(event, at: time)
            }
        }

        /// The stream's lines as objects.
        var objects: [[String: Any]] {
            lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
    }

    @Test("the stream: one sorted-key JSON object per event, the store's values to the last digit")
    func stream() throws {
        let presented = Presented()
        let harness = presented.harness
        harness.run.start()
        harness.advance(2)
        harness.press(.replay)
        harness.advance(1)
        harness.press(harness.right)
        harness.press(.startPitchMatching)
        harness.press(.stop)
        let names = presented.objects.compactMap { $0["event"] as? String }
        #expect(
            names == [
                "started", "trialStarted", "note2Started", "replayStarted", "note2Started", "answer",
                "result",
                "modeChanged", "trialStarted", "stopped",
            ])
        for line in presented.lines {
            let keys = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                .keys
            #expect(line.hasPrefix("{\"") && keys.contains("time") && keys.contains("event"))
            let order = line.matches(of: /"([A-Za-z0-9]+)":/).map { String($0.output.1) }
            #expect(order.count == keys.count && order == order.sorted(), "\(line)")
        }
        let stored = try #require(harness.store.comparisons.first)
        let result = try #require(presented.objects.first { $0["event"] as? String == "result" })
        #expect(result["cents"] as? Double == stored.comparison.centDifference.rawValue)
        #expect(result["correct"] as? Bool == true)
        #expect(result["time"] as? String == Timestamp.format(stored.timestamp))
        let stopped = try #require(presented.objects.last)
        #expect(stopped["reason"] as? String == "user" && stopped["detail"] as? String == "")
    }

    @Test("every event encodes only the fields its schema lists")
    func schemaOfEveryEvent() throws {
        let presented = Presented(mode: .pitchMatching)
        let harness = presented.harness
        harness.run.start()
        harness.advance(1)
        harness.press(.replay)
        harness.advance(1)
        harness.press(.commit)
        harness.press(.startComparison)
        harness.advance(1)
        harness.press(harness.wrong)
        harness.run.handle(.controller(.signal(15)))
        for object in presented.objects {
            let name = try #require(object["event"] as? String)
            let schema = try #require(EventLine.schema[name], "no schema for \(name)")
            #expect(Set(object.keys).subtracting(["event", "time"]).isSubset(of: schema), "\(object)")
        }
        let seen = Set(presented.objects.compactMap { $0["event"] as? String })
        // The timing events (fill the gap's loop and strikes, a dropout) are checked by TimingRunTests, the
        // play-back ones by PlayBackRunTests.
        #expect(
            seen
                == Set(EventLine.schema.keys).subtracting([
                    "repetition", "loopStarted", "silence", "tempoChanged", "countIn", "call", "respond",
                    "echoOnset",
                    "levelChanged", "strike", "dropout", "question",
                    "answerable",
                    "referenceOnly", "playedDuringCall", "played", "notCounted", "placementEnded",
                    "skipped", "cadence", "drone", "resolving",
                ]))
        #expect(presented.objects.last?["detail"] as? String == "SIGTERM")
    }

    @Test(
        "the guide's events table (docs/training.md) lists exactly the events and fields of EventLine.schema")
    func readmeSchema() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/training.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "| event | fields |"))
        var documented: [String: Set<String>] = [:]
        for line in text[start.upperBound...].split(separator: "\n").dropFirst() {
            guard line.hasPrefix("| `") else { break }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let name = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            // Field names are the backticked words outside parentheses (inside them are example values).
            var fields = Set<String>()
            var depth = 0
            for (index, part) in cells[1].split(separator: "`", omittingEmptySubsequences: false).enumerated()
            {
                if index % 2 == 0 {
                    depth += part.filter { $0 == "(" }.count - part.filter { $0 == ")" }.count
                } else if depth == 0 {
                    fields.insert(String(part))
                }
            }
            documented[name] = fields
        }
        #expect(documented == EventLine.schema)
    }

    @Test("the screen: a wrong answer shows the right one; replay shows on the state line; results are lines")
    func screen() throws {
        let presented = Presented(terminal: true)
        let harness = presented.harness
        harness.run.start()
        harness.advance(2)
        #expect(presented.output.screen.hasSuffix("higher or lower? · difficulty 100.0 cents"))
        harness.press(.replay)
        #expect(presented.output.screen.hasSuffix("again · difficulty 100.0 cents"))
        harness.advance(1)
        let right = harness.right == .higher ? "higher" : "lower"
        harness.press(harness.wrong)
        let line = try #require(presented.output.lines.last { $0.contains("Incorrect") })
        #expect(line.hasSuffix("✘ Incorrect  it was \(right), 100.0 cents"), "\(line)")
        harness.press(.stop)
        #expect(
            presented.output.lines.last { !$0.isEmpty }?.hasSuffix(
                "Stopped. 1 answered, 0 correct. Your answers are saved: /data/records.jsonl") == true)
        #expect(presented.output.errors.isEmpty)
    }

    @Test("a measurement says trial n of at most N after each answer, and the estimate so far with its range")
    func measuringProgress() throws {
        let presented = Presented(mode: .measurement)
        let harness = presented.harness
        harness.run.start()
        for _ in 0..<3 {
            harness.advance(2.5)
            harness.press(harness.right)
            harness.advance(1)
        }
        let results = presented.output.lines.filter { $0.contains("✔") || $0.contains("✘") }
        #expect(results.count == 3, "\(presented.output.lines)")
        #expect(results.first?.hasPrefix("   1/100  ✔ Correct") == true, "\(results)")
        let last = try #require(results.last)
        #expect(last.hasPrefix("   3/100  "), "\(last)")
        #expect(
            last.range(
                of: #" · so far [0-9.]+ cents \(likely [0-9.]+–[0-9.]+\)$"#, options: .regularExpression)
                != nil, "\(last)")
        #expect(results.allSatisfy { $0.count <= 80 }, "\(results)")
    }

    @Test("after a mode switch the heading keeps the profile and the sound: (default, fake-synth)")
    func headingAfterModeSwitch() {
        let presented = Presented(mode: .comparison)
        let harness = presented.harness
        harness.run.start()
        harness.advance(0.5)
        harness.press(.startPitchMatching)
        #expect(presented.output.lines.first == "Pitch discrimination  (default, fake-synth)")
        #expect(
            presented.output.lines.contains("Pitch matching  (default, fake-synth)"),
            "\(presented.output.lines)")
    }

    @Test("the screen in German; a failure's closing line goes to stderr")
    func germanAndFailure() {
        let presented = Presented(mode: .pitchMatching, language: .german)
        let harness = presented.harness
        harness.run.start()
        harness.advance(1)
        harness.run.handle(.soundLost(FakeNotePlayer.Failure("gone")))
        #expect(presented.output.lines.first == "Tonhöhe treffen  (default, fake-synth)")
        #expect(presented.output.errors.count == 1)
        #expect(presented.output.errors.first?.hasPrefix("peach: Der Klang ist ausgefallen: ") == true)
        #expect(
            presented.output.errors.first?.hasSuffix("Nichts wurde gespeichert.") == true,
            "nothing answered, nothing stored")
    }

    @Test("pitch matching results: arrow by band, signed cents, singular for one cent")
    func matchingResult() throws {
        let presented = Presented(mode: .pitchMatching)
        let harness = presented.harness
        harness.run.start()
        harness.advance(1)
        let challenge = try #require(harness.challenge)
        harness.run.perform(.tune(Cents(-challenge.initialOffset.rawValue + 1), input: .pitchBend))
        harness.press(.commit)
        let line = try #require(presented.output.lines.last { $0.contains("sharp") })
        #expect(line == "   1  ↑ +1 cent  1 cent sharp")
    }
}
