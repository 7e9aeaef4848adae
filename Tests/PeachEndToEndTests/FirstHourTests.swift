// FirstHourTests: what a newcomer meets in the first hour: screens that fit, German help, streams, hints.

import Foundation
import PeachTestSupport
import Testing

@Suite("peach in a newcomer's first hour")
struct FirstHourTests {
    typealias Home = NewUserTests.Home

    /// A home with a saved comparison session over the whole keyboard and an interval session: the widest
    /// screens there are.
    static func trainedHome() throws -> Home {
        let home = Home()
        #expect(try home.run(["settings", "set", "noteRange", "A0-C8"]).status == 0)
        for arguments in [
            ["simulate", "--save", "--quiet", "--trials", "120", "--seed", "5", "--range", "A0-C8"],
            ["simulate", "--save", "--quiet", "--trials", "60", "--seed", "6", "--intervals", "P5,M3down"],
            ["simulate", "--save", "--quiet", "--mode", "matching", "--trials", "20", "--seed", "7"],
        ] {
            let result = try home.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
        }
        return home
    }

    /// What a user types or a tool reads in any language: the controller actions, the commands, the events of
    /// the `--events` stream.
    static let identifiers: Set<String> = [
        "higher", "lower", "commit", "replay", "stop", "tune", "none", "train", "match", "measure", "profile",
        "early", "late", "strike", "timing", "tap", "echo", "play", "notes", "intervals", "chords", "degrees",
        "melodies",
        "simulate", "tone", "monitor", "learn", "devices", "sounds", "settings", "data", "info", "serve",
        "web",
        "help",
        "started", "answer", "result", "stopped", "unlimited", "all", "sixteenths", "triplets", "sextuplets",
        "quintuplets", "septuplets",
    ]

    /// Every line of `text` wider than 80 columns.
    static func tooWide(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.count > 80 }
    }

    @Test(
        "every screen fits 80 columns when the width is unknown (not a terminal, no COLUMNS), in both languages"
    )
    func screensFit() throws {
        let home = try Self.trainedHome()
        let commands: [[String]] = [
            [], ["settings"], ["profile"], ["profile", "--progress"], ["devices"], ["sounds"], ["info"],
            ["data", "check"], ["serve", "--status"], ["simulate", "--trials", "30", "--seed", "1"],
            ["tone", "A4", "--sweep", "50", "--audio-out", "null"], ["--help"],
        ]
        let helps = [
            "train", "match", "measure", "timing", "tap", "echo", "play", "profile", "simulate", "tone",
            "monitor",
            "learn",
            "devices",
            "sounds",
            "settings", "data", "info", "serve",
        ].map { [$0, "--help"] }
        for language in ["C", "de_DE.UTF-8"] {
            for arguments in commands + helps {
                let result = try PeachBinary.run(
                    arguments,
                    environment: home.environment.merging(["LANG": language, "COLUMNS": ""]) { $1 })
                #expect(
                    Self.tooWide(result.standardOutput).isEmpty,
                    "peach \(arguments) (\(language)): \(Self.tooWide(result.standardOutput))")
                // German with no English (`devices` shows ALSA's own descriptions of its devices).
                if language != "C", arguments != ["devices"] {
                    let stray = GermanProse.strayEnglish(
                        in: result.standardOutput + result.standardError, identifiers: Self.identifiers)
                    #expect(stray.isEmpty, "peach \(arguments) in German says \(stray)")
                }
            }
        }
        // The chart of the whole keyboard is drawn in two-key columns, its names under their keys.
        let profile = try home.run(["profile"]).standardOutput
        #expect(profile.contains("C1") && profile.contains("C8"), "\(profile)")
    }

    @Test(
        "in a pseudo-language whose every text is marked, no screen, help or error of peach has unmarked prose"
    )
    func pseudoLanguage() throws {
        let home = try Self.trainedHome()
        let folder = NSTemporaryDirectory() + "peach-pseudo-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try PseudoLanguage.poText().write(toFile: folder + "/xx.po", atomically: true, encoding: .utf8)
        // Not `sounds` (a SoundFont's preset names) nor `devices` (ALSA's own descriptions): data, not text.
        let commands: [[String]] = [
            [], ["settings"], ["profile"], ["profile", "--progress"], ["info"], ["data", "check"],
            ["serve", "--status"], ["simulate", "--trials", "30", "--seed", "1"],
            ["simulate", "--mode", "matching", "--trials", "5", "--seed", "1"],
            ["tone", "A4", "--sweep", "50", "--audio-out", "null"], ["--help"], ["settings", "get", "tempo"],
            ["train", "--range", "C9-C1"], ["profile", "--profile", "nothing-here"], ["nonsense"],
        ]
        let helps = [
            "train", "match", "measure", "timing", "tap", "echo", "play", "profile", "simulate", "tone",
            "monitor",
            "learn",
            "devices",
            "sounds",
            "settings", "data", "info", "serve",
        ].map { [$0, "--help"] }
        // Words that are no text of Peach's: commands, subcommands and actions, setting keys and values, option
        // values (`keySignature C`), and what a help example pipes into.
        let allowed = Self.identifiers.union([
            "peach", "check", "export", "import", "reset", "get", "set", "list", "velocity", "timbre",
            "preset",
            "soundfont", "intervals", "default", "equal", "just", "pythagorean", "on", "off", "sine", "piano",
            "organ", "synth", "bend", "mts", "weibull", "comparison", "matching", "measurement", "standard",
            "low",
            "learned", "jq", "stdin", "keyboard", "tempo", "calibrate", "c", "random", "numbers", "solfege",
            "cadence",
            "drone",
        ])
        for arguments in commands + helps {
            let result = try PeachBinary.run(
                arguments,
                environment: home.environment.merging(["LANG": "xx_XX.UTF-8", "PEACH_LOCALEDIR": folder]) {
                    $1
                })
            let output = result.standardOutput + result.standardError
            let unmarked = PseudoLanguage.unmarked(output).split(
                separator: "\n", omittingEmptySubsequences: false)
            for (line, outside) in zip(
                output.split(separator: "\n", omittingEmptySubsequences: false), unmarked)
            {
                let escaped = GermanProse.words(String(outside)).filter { !allowed.contains($0) }
                #expect(escaped.isEmpty, "peach \(arguments): \(escaped) escaped the catalogue in «\(line)»")
            }
        }
    }

    @Test("COLUMNS is the width when stdout is no terminal; a line is broken between words, never inside one")
    func columnsIsTheWidth() throws {
        let home = try Self.trainedHome()
        let wide = try PeachBinary.run(
            ["profile"], environment: home.environment.merging(["COLUMNS": "120"]) { $1 })
        let narrow = try PeachBinary.run(
            ["profile"], environment: home.environment.merging(["COLUMNS": "50"]) { $1 })
        #expect(wide.standardOutput.split(separator: "\n").contains { $0.count > 80 })
        #expect(narrow.standardOutput.split(separator: "\n").allSatisfy { $0.count <= 50 })
        // The same words in the same order, whatever the width (the chart aside: it is redrawn, not wrapped).
        let prose = { (text: String) in
            text.components(separatedBy: "\n\n").dropFirst(2).joined(separator: "\n")
                .split(whereSeparator: \.isWhitespace)
        }
        #expect(prose(wide.standardOutput).count > 30)
        #expect(prose(wide.standardOutput) == prose(narrow.standardOutput))
    }

    @Test("German help and parse errors have no English of argument-parser's left in them")
    func germanArgumentParser() throws {
        let home = Home()
        let commands = [
            "train", "match", "measure", "timing", "tap", "echo", "play", "profile", "simulate", "tone",
            "monitor",
            "learn",
            "devices",
            "sounds",
            "settings", "data", "info", "serve",
        ]
        let nested = [["settings", "set"], ["settings", "reset"], ["data", "export"], ["data", "import"]]
        let helps = [["--help"]] + commands.map { [$0, "--help"] } + nested.map { $0 + ["--help"] }
        for arguments in helps {
            let help = try home.run(arguments, language: "de_DE.UTF-8").standardOutput
            for english in [
                "OVERVIEW", "USAGE", "OPTIONS", "SUBCOMMANDS", "ARGUMENTS", "Show the version",
                "Show help information",
                "(default:", "(values:", "for detailed help", "<subcommand>", "<options>",
            ] {
                #expect(!help.contains(english), "peach \(arguments): «\(english)» in German help")
            }
        }
        let tone = try home.run(["tone", "--help"], language: "de_DE.UTF-8").standardOutput
        #expect(tone.contains("AUFRUF: peach tone [<Optionen>] <note>") && tone.contains("(Standard: 1.0)"))
        let unknown = try home.run(["train", "--bogus"], language: "de_DE.UTF-8")
        #expect(unknown.status == 64)
        #expect(unknown.standardError == "peach: Unbekannte Option '--bogus'\n")
        let missing = try home.run(["tone"], language: "de_DE.UTF-8")
        #expect(missing.standardError == "peach: Es fehlt das Argument '<note>'\n")
    }

    @Test("a whole-number option says so: --trials 2.5 and --seed x ask for a whole number")
    func wholeNumbers() throws {
        let home = Home()
        let trials = try home.run(["simulate", "--trials", "2.5"])
        #expect(trials.status == 64)
        #expect(
            trials.standardError == "peach: --trials '2.5' is not valid; use a whole number such as 100.\n")
        let seed = try home.run(["simulate", "--seed", "x"])
        #expect(seed.standardError.contains("--seed 'x' is not valid; use a whole number"))
        #expect(try home.run(["measure", "--trials", "many"]).standardError.contains("a whole number"))
    }

    @Test("data export - writes to standard output, and no file named -")
    func exportDash() throws {
        let home = try Self.trainedHome()
        let folder = NSTemporaryDirectory() + "peach-dash-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try PeachBinary.run(
            PeachBinary.url, ["data", "export", "--format", "csv", "-"], environment: home.environment,
            typing: nil,
            directory: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("type,"), "a CSV on stdout")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "no file named -")
    }

    @Test("peach with a broken settings file still shows the commands, then says what is wrong")
    func brokenSettingsStartScreen() throws {
        let home = Home()
        try FileManager.default.createDirectory(
            atPath: home.root + "/config/peach", withIntermediateDirectories: true)
        try "{\"noteRange\": ".write(
            toFile: home.root + "/config/peach/settings.json", atomically: true, encoding: .utf8)
        let result = try home.run([])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("peach train"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("peach settings"))
        #expect(result.standardError.hasPrefix("peach: \(home.root)/config/peach/settings.json: "))
    }

    @Test("a 5 MB value in the settings file, or on the command line, gets one short line naming it")
    func hugeValues() throws {
        let home = Home()
        try FileManager.default.createDirectory(
            atPath: home.root + "/config/peach", withIntermediateDirectories: true)
        let huge = String(repeating: "x", count: 5_000_000)
        try "{\"timbre\": \"\(huge)\"}".write(
            toFile: home.root + "/config/peach/settings.json", atomically: true, encoding: .utf8)
        let train = try home.run(["train", "--midi-in", "/dev/null", "--audio-out", "null"])
        #expect(train.status == 1)
        #expect(train.standardError.utf8.count < 500, "\(train.standardError.prefix(200))")
        #expect(
            train.standardError.contains("timbre 'xxxx") && train.standardError.contains("(5000000 bytes)"))
        let option = try Home().run(["simulate", "--range", String(repeating: "C", count: 120_000)])
        #expect(option.status == 64)
        #expect(option.standardError.utf8.count < 300, "\(option.standardError.prefix(200))")
    }

    @Test("settings set writes only the key that was set, so the other defaults can change with Peach")
    func settingsSetOnlyItsKey() throws {
        let home = Home()
        #expect(try home.run(["settings", "set", "timbre", "piano"]).status == 0)
        let text = try String(contentsOfFile: home.root + "/config/peach/settings.json", encoding: .utf8)
        #expect(text == "{\n  \"timbre\": \"piano\"\n}\n")
        let listing = try home.run(["settings"]).standardOutput
        #expect(listing.contains("* timbre            piano (default sine)"), "\(listing)")
        #expect(
            listing.contains("  noteRange         C2-C6\n"), "an unchanged setting shows no default beside it"
        )
    }

    @Test("the tone's summary tells the sweep: by how much, to which frequency, when and how long")
    func sweepSummary() throws {
        let result = try Home().run([
            "tone", "A4", "--sweep", "-50", "--sweep-time", "0.5", "--audio-out", "null",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains(
                "gliding -50.0 cents to 427.47 Hz from 0.25 s over 0.50 s"),
            "\(result.standardOutput)")
        let german = try Home().run(
            ["tone", "A4", "--cents", "-12.5", "--sweep", "30", "--audio-out", "null"],
            language: "de_DE.UTF-8")
        let words = german.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            words.hasPrefix("A4 -12,5 Cent = 436,83 Hz (sine, 0,0 dB), gleitet +30,0 Cent nach 442,55 Hz"),
            "\(words)")
    }

    @Test(
        "shell completions offer values: timbres, tunings, intervals, settings keys, profiles, a key's values"
    )
    func completions() throws {
        let home = Home()
        let bash = try home.run(["--generate-completion-script", "bash"])
        #expect(bash.status == 0)
        #expect(
            bash.standardOutput.contains("'sine'$'\\n''piano'$'\\n''organ'"), "timbres listed, on one line")
        #expect(bash.standardOutput.contains("'equal'$'\\n''just'$'\\n''pythagorean'"))
        #expect(bash.standardOutput.contains("'noteRange'$'\\n''noteDuration'"))
        #expect(bash.standardOutput.contains("'P5'$'\\n''P5down'"))
        let check = try PeachBinary.run(
            URL(fileURLWithPath: "/bin/bash"), ["-n", "-c", bash.standardOutput], environment: [:],
            typing: nil)
        #expect(check.status == 0, "the script is valid bash: \(check.standardError)")
        for shell in ["zsh", "fish"] {
            #expect(try home.run(["--generate-completion-script", shell]).standardOutput.contains("piano"))
        }
        let profiles = try home.run([
            "---completion", "train", "--", "--profile", "3", "0", "peach", "train", "--profile", "",
        ])
        #expect(
            profiles.standardOutput.split(separator: "\n").contains("two-footswitches"),
            "\(profiles.standardOutput)")
        let values = try home.run([
            "---completion", "settings", "set", "--", "positional@1", "4", "0", "peach", "settings", "set",
            "tuningSystem", "",
        ])
        #expect(values.standardOutput == "equal\njust\npythagorean\n", "\(values.standardOutput)")
        let onOff = try home.run([
            "---completion", "settings", "set", "--", "positional@1", "4", "0", "peach", "settings", "set",
            "wrongAnswerTick", "",
        ])
        #expect(onOff.standardOutput == "on\noff\n")
    }
}
