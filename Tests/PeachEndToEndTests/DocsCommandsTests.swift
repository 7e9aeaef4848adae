// DocsCommandsTests: every `peach …` line of the README and docs/ runs, in a scratch home, and does not fail;
// every error example prints exactly the line shown.

import Foundation
import Testing

@Suite("The docs' commands")
struct DocsCommandsTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A command line found in a page.
    struct Example: CustomStringConvertible {
        let file: String
        let line: Int
        let text: String
        /// The one line an error example shows under its command (`peach: …`), nil for a command that must work.
        let error: String?

        var description: String { "\(file):\(line): \(text)" }
    }

    /// The pages: the README and every page of docs/.
    static func pages() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(
            atPath: repository.appendingPathComponent("docs").path
        )
        .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md"] + docs
    }

    /// The `peach …` lines of `page`: in ```sh blocks each line that starts with `peach` (or `VAR=value peach`),
    /// its comment and any pipe cut off; in other blocks each `$ peach …` line, with the `peach:` line under it
    /// as the expected error.
    static func examples(in page: String) throws -> [Example] {
        let lines = try String(contentsOfFile: repository.appendingPathComponent(page).path, encoding: .utf8)
            .components(separatedBy: "\n")
        var examples: [Example] = []
        var fence: String? = nil
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("```") {
                fence = fence == nil ? String(line.dropFirst(3)) : nil
                continue
            }
            guard let fence else { continue }
            if fence == "sh" || fence == "bash" {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.range(of: #"^([A-Z_]+=\S+\s+)*peach\s"#, options: .regularExpression) != nil
                else {
                    continue
                }
                var command = trimmed.replacingOccurrences(
                    of: #"\s+#\s.*$"#, with: "", options: .regularExpression)
                if let pipe = command.range(of: " | ") { command = String(command[..<pipe.lowerBound]) }
                examples.append(Example(file: page, line: index + 1, text: command, error: nil))
            } else if line.hasPrefix("$ peach ") || line == "$ peach" {
                let next = index + 1 < lines.count ? lines[index + 1] : ""
                examples.append(
                    Example(
                        file: page, line: index + 1, text: String(line.dropFirst(2)),
                        error: next.hasPrefix("peach:") ? next : nil))
            }
        }
        return examples
    }

    /// Splits a shell command line into words (double and single quotes; no expansions).
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character? = nil
        var inWord = false
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    /// What stands in for the hardware: a command that needs a controller reads raw MIDI (`/dev/null`, which
    /// ends at once; `learn` a scripted file), a MIDI output writes into a file, and live sound plays into
    /// `null`. An error example runs as it is written.
    static func arguments(_ words: [String], example: Example) -> [String] {
        guard example.error == nil else { return words }
        let command = words.first { !$0.hasPrefix("-") } ?? ""
        var result: [String] = []
        // A calibration needs clicks someone could hear: a WAV file in the scratch folder stands in for a card.
        let silent = words.contains("calibrate") ? "wav:clicks.wav" : "null"
        var index = 0
        while index < words.count {
            let word = words[index]
            let value = index + 1 < words.count ? words[index + 1] : ""
            switch word {
            case "--midi-in":
                index += 2
                continue
            case "--output" where value.hasPrefix("midi"):
                result += ["--output", "rawmidi:out.mid"]
                index += 2
                continue
            case "--audio-out" where value.hasPrefix("alsa:"):
                result += ["--audio-out", silent]
                index += 2
                continue
            default:
                result.append(word)
                index += 1
            }
        }
        if ["train", "match", "measure", "timing", "tap", "echo", "play", "monitor"].contains(command) {
            result += ["--midi-in", "rawmidi:/dev/null"]
        } else if command == "learn" {
            result += ["--midi-in", "rawmidi:learn.mid"]
        }
        if ["train", "match", "measure", "timing", "tap", "echo", "play", "tone"].contains(command),
            !result.contains("--audio-out")
        {
            result += ["--audio-out", silent]
        }
        return result
    }

    /// A scratch home for one page, its working folder holding what the examples read: a CSV from Peach on
    /// iOS, and the controls `peach learn` is taught.
    static func home() throws -> (NewUserTests.Home, String) {
        let home = NewUserTests.Home()
        let work = home.root + "/work"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let csv = """
            # peach-export-format:3
            trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,\
            tuningSystem,centOffset,isCorrect,initialCentOffset,userCentError,tempoBPM,offsetMs,meanOffsetMs,\
            meanOffsetMsPosition0,meanOffsetMsPosition1,meanOffsetMsPosition2,meanOffsetMsPosition3
            pitchDiscrimination,2026-03-03T14:30:00Z,60,C4,64,E4,M3,justIntonation,-8.3,false,,,,,,,,,
            pitchMatching,2026-03-03T14:31:00Z,60,C4,67,G4,P5,justIntonation,,,25.0,3.2,,,,,,,

            """
        try csv.write(toFile: work + "/peach-export.csv", atomically: true, encoding: .utf8)
        let learn: [UInt8] = [
            0x90, 72, 90, 0x80, 72, 0,  // Higher: C5
            0x90, 48, 90, 0x80, 48, 0,  // Lower: C3
            0xB0, 67, 127, 0xB0, 67, 0,  // Commit: CC67
            0xE0, 0x00, 0x50,  // Tune: the wheel
        ]
        try Data(learn).write(to: URL(fileURLWithPath: work + "/learn.mid"))
        return (home, work)
    }

    @Test(
        "every peach command in the README and docs/ runs in a scratch home (error examples print what they show)"
    )
    func everyCommandRuns() throws {
        var count = 0
        for page in try Self.pages() {
            let (home, work) = try Self.home()
            for example in try Self.examples(in: page) {
                var words = Self.words(example.text)
                var environment = home.environment
                while let first = words.first, first.contains("="), !first.hasPrefix("-") {
                    let pair = first.split(separator: "=", maxSplits: 1).map(String.init)
                    environment[pair[0]] = pair.count > 1 ? pair[1] : ""
                    words.removeFirst()
                }
                #expect(words.first == "peach", "\(example)")
                let arguments = Self.arguments(Array(words.dropFirst()), example: example)
                if arguments.first == "serve", !arguments.contains("--status"), !arguments.contains("--help")
                {
                    continue  // the daemon runs until stopped; the practice box's own tests run it
                }
                if arguments.first == "web", !arguments.contains("--help") {
                    continue  // the dashboard serves until stopped; WebCommandTests run it
                }
                let result = try PeachBinary.run(
                    PeachBinary.url, arguments, environment: environment, typing: nil, directory: work)
                count += 1
                if let error = example.error {
                    #expect(result.status != 0, "\(example): an error example must fail")
                    #expect(result.standardError == error + "\n", "\(example)")
                } else {
                    #expect(
                        result.status == 0,
                        "\(example) (run as peach \(arguments.joined(separator: " "))): exit \(result.status): \(result.standardError)"
                    )
                }
            }
        }
        #expect(count > 60, "the pages' commands were found (\(count))")
    }
}

extension DocsCommandsTests {
    /// `text` with what changes from run to run (dates, ISO weeks) put in words, and trailing spaces gone.
    static func normalized(_ text: String) -> [String] {
        text.components(separatedBy: "\n").map { line in
            line.replacingOccurrences(of: #"\d{4}-\d{2}-\d{2}"#, with: "DATE", options: .regularExpression)
                .replacingOccurrences(of: #"\d{4}-W\d{2}"#, with: "WEEK", options: .regularExpression)
                // A progress row's week (`30 Nov`) and the line of its year.
                .replacingOccurrences(
                    of: #"^  \d{1,2} [A-Z][a-z]{2} +"#, with: "  DAY  ", options: .regularExpression
                )
                .replacingOccurrences(of: #"^  \d{4}$"#, with: "  YEAR", options: .regularExpression)
                .replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression)
        }.filter { !$0.isEmpty }
    }

    /// A fixed-offset zone (`Etc/GMT…`, whose sign is POSIX's: `Etc/GMT-5` is five hours east of UTC) where
    /// `now` falls between 11:00 and 12:00, whatever the hour the tests run at.
    static func zoneAtNoon(_ now: Date) -> String {
        let hour = Int(now.timeIntervalSince1970 / 3600) % 24
        let east = 11 - hour  // −12 … +11
        return east == 0 ? "Etc/GMT" : east > 0 ? "Etc/GMT-\(east)" : "Etc/GMT+\(-east)"
    }

    /// The ```text blocks of `page`, each as its lines.
    static func textBlocks(in page: String) throws -> [String] {
        let text = try String(contentsOfFile: repository.appendingPathComponent(page).path, encoding: .utf8)
        return text.components(separatedBy: "```text\n").dropFirst().compactMap {
            $0.components(separatedBy: "\n```").first
        }
    }

    @Test(
        "the profile screens in docs/profile.md and the README are what Peach prints for the sessions named there"
    )
    func documentedFigures() throws {
        let (home, work) = try Self.home()
        let page = try String(
            contentsOfFile: Self.repository.appendingPathComponent("docs/profile.md").path, encoding: .utf8)
        let marker = try #require(page.range(of: "The figures above come from these simulated sessions"))
        let block = try #require(
            page[marker.upperBound...].components(separatedBy: "```sh\n").dropFirst().first)
        let sessions =
            block.components(separatedBy: "\n```").first?.components(separatedBy: "\n")
            .filter { $0.hasPrefix("peach simulate") } ?? []
        #expect(sessions.count == 5)
        var environment = home.environment
        environment["COLUMNS"] = "80"
        // Each simulated session runs minutes of virtual time from the moment it starts: near midnight they
        // would part into two days, and the progress by day would show two rows where the page shows one.
        environment["TZ"] = Self.zoneAtNoon(Date())
        for session in sessions {
            let result = try PeachBinary.run(
                PeachBinary.url, Array(Self.words(session).dropFirst()), environment: environment,
                typing: nil,
                directory: work)
            #expect(result.status == 0, "\(session): \(result.standardError)")
        }
        let screens = try [["profile"], ["profile", "--progress"], []].map { arguments in
            let result = try PeachBinary.run(
                PeachBinary.url, arguments, environment: environment, typing: nil, directory: work)
            #expect(result.status == 0, "peach \(arguments): \(result.standardError)")
            return Self.normalized(result.standardOutput)
        }
        var checked = 0
        for block in try Self.textBlocks(in: "docs/profile.md") {
            let shown = Self.normalized(block)
            guard let first = shown.first, let screen = screens.first(where: { $0.first == first }) else {
                continue
            }
            // The start screen's block shows its head only.
            let printed = screen.prefix(shown.count)
            #expect(
                Array(printed) == shown, "docs/profile.md shows «\(shown)», Peach prints «\(Array(printed))»")
            checked += 1
        }
        #expect(checked == 3, "the profile, the start screen and the progress")
        // The README's is shortened: each of its lines is Peach's, in order.
        let readme = try #require(
            try Self.textBlocks(in: "README.md").first { $0.hasPrefix("$ peach profile") })
        var lines = screens[0][...]
        for line in Self.normalized(readme).dropFirst() {
            guard let found = lines.firstIndex(of: line) else {
                Issue.record("README.md shows «\(line)», which `peach profile` does not print")
                continue
            }
            lines = lines[(found + 1)...]
        }
    }

    @Test("every relative link in the README and docs/ leads to a file that is there")
    func relativeLinks() throws {
        for page in try Self.pages() + ["CONTRIBUTING.md", "Profiles/README.md"] {
            let url = Self.repository.appendingPathComponent(page)
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in text.matches(of: /\]\(([^)\s]+)\)/) {
                let target = String(match.1)
                guard !target.hasPrefix("http"), !target.hasPrefix("#"), !target.hasPrefix("mailto:") else {
                    continue
                }
                let path = String(target.prefix { $0 != "#" })
                let resolved = url.deletingLastPathComponent().appendingPathComponent(path)
                    .standardizedFileURL.path
                #expect(
                    FileManager.default.fileExists(atPath: resolved),
                    "\(page): the link \(target) leads nowhere")
            }
        }
    }
}
