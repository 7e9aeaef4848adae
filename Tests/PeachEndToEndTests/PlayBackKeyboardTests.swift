// PlayBackKeyboardTests: `peach play --midi-in keyboard` in a terminal: the letters are a piano that answers.

import Foundation
import Testing

@Suite("peach play on the computer keyboard, end to end")
struct PlayBackKeyboardTests {
    @Test(
        "a question answered on the computer keyboard's piano: the letter of the note, stored as keyboard input",
        arguments: [
            ("qwerty", "awsedftgyhujk", "a w s e d f t g y h u j k o l p ;", "q"),
            ("qwertz", "awsedftgzhujk", "a w s e d f t g z h u j k o l p ö", "q"),
            // On AZERTY q is the piano's C: Esc stops.
            ("azerty", "qzsedftgyhujk", "q z s e d f t g y h u j k o l p m", "\u{1B}"),
        ]
    )
    func answersFromLetters(layout: String, piano: String, help: String, stop: String) throws {
        let folder = NSTemporaryDirectory() + "peach-piano-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let events = folder + "/events.jsonl"
        // The terminal: script(1) gives peach a pseudo-terminal whose input this test types into.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = [
            "-qec",
            "\(PeachBinary.url.path) play --kind notes --items up4 --range C4-C5 --midi-in keyboard --audio-out null"
                + " --events \(events) --data-dir \(folder)/data",
            "/dev/null",
        ]
        process.environment = PeachBinary.baseEnvironment.merging(
            ["XDG_CONFIG_HOME": folder + "/config", "PEACH_KEYBOARD_LAYOUT": layout]
        ) { $1 }
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let watchdog = Watchdog(process)
        // The screen is drained as it comes, so peach never waits on a full pipe.
        let screen = Screen(output.fileHandleForReading)
        let answerable = try #require(
            Self.await("\"answerable\"", in: events), "no question became answerable: \(screen.text)")
        let note = try #require(answerable["answerNotes"] as? [Int]).first ?? 0
        // The piano's C is C4 (60): a w s e d f t g y h u j k for 60…72 (QWERTZ and AZERTY: other letters in the
        // same places).
        let letters = Array(piano)
        #expect((60...72).contains(note))
        input.fileHandleForWriting.write(Data(String(letters[note - 60]).utf8))
        let result = try #require(Self.await("\"result\"", in: events), "no result: \(screen.text)")
        input.fileHandleForWriting.write(Data(stop.utf8))
        process.waitUntilExit()
        watchdog.disarm("peach play")
        #expect(result["correct"] as? Bool == true, "\(result)")
        let journal = try String(contentsOfFile: folder + "/data/records.jsonl", encoding: .utf8)
        #expect(
            journal.contains("\"type\":\"playBack\"") && journal.contains("\"input\":\"keyboard\""),
            "\(journal)")
        #expect(screen.text.contains(help), "the help says the piano's keys as the layout has them")
    }

    /// The first line of the events file at `path` containing `marker`, as JSON; waits up to 30 s for it.
    static func await(_ marker: String, in path: String) -> [String: Any]? {
        for _ in 0..<1500 {
            if let text = try? String(contentsOfFile: path, encoding: .utf8),
                let line = text.split(separator: "\n").first(where: { $0.contains(marker) })
            {
                return try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            }
            usleep(20_000)
        }
        return nil
    }

    /// What the terminal showed, read on a thread of its own.
    final class Screen: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                while case let chunk = handle.availableData, !chunk.isEmpty {
                    lock.withLock { data.append(chunk) }
                }
            }
        }

        var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
    }
}
