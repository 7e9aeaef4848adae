// NewUserTests: the defects found when Peach was tried as a new user would, each with its test.

import Foundation
import PeachTestSupport
import Testing

@Suite("peach as a new user tries it")
struct NewUserTests {
    /// A fresh config and data folder.
    final class Home {
        let root = NSTemporaryDirectory() + "peach-new-" + UUID().uuidString
        var environment: [String: String] {
            ["XDG_CONFIG_HOME": root + "/config", "XDG_DATA_HOME": root + "/data"]
        }

        func run(_ arguments: [String], language: String? = nil) throws -> PeachBinary.Result {
            try PeachBinary.run(
                arguments, environment: environment.merging(language.map { ["LANG": $0] } ?? [:]) { $1 })
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test(
        "the README's first command on a machine with no sound card: what to do, and where peach is for the next lines",
        .enabled(
            if: !FileManager.default.fileExists(atPath: "/dev/snd"), "this machine has a sound card: it plays"
        ))
    func noSoundCard() throws {
        let result = try Home().run(["train", "--midi-in", "keyboard"])
        #expect(result.status != 0)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(
            lines.first?.contains("--audio-out null") == true
                && lines.first?.contains("--midi-in keyboard") == true)
        #expect(
            lines.count == 2 && lines[1].contains("export PATH=") && lines[1].contains("/.build"), "\(lines)"
        )
    }

    @Test("a path given to --midi-in without rawmidi: is read as raw MIDI bytes")
    func pathIsRaw() throws {
        let home = Home()
        try FileManager.default.createDirectory(atPath: home.root, withIntermediateDirectories: true)
        let midi = home.root + "/keys.mid"
        try Data([0x90, 72, 100]).write(to: URL(fileURLWithPath: midi))
        let result = try home.run(["monitor", "--midi-in", midi, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains(#""action":"higher""#))
    }

    @Test("peach tone plays at the referencePitch and in the timbre of the settings, unless told otherwise")
    func toneUsesSettings() throws {
        let home = Home()
        #expect(try home.run(["settings", "set", "referencePitch", "442"]).status == 0)
        #expect(try home.run(["settings", "set", "timbre", "organ"]).status == 0)
        let tone = try home.run(["tone", "A4", "--audio-out", "null"])
        #expect(tone.status == 0, "\(tone.standardError)")
        #expect(tone.standardOutput.hasPrefix("A4 0.0 cents = 442.00 Hz (organ, "), "\(tone.standardOutput)")
        let told = try home.run([
            "tone", "A4", "--reference-pitch", "440", "--timbre", "sine", "--audio-out", "null",
        ])
        #expect(told.standardOutput.hasPrefix("A4 0.0 cents = 440.00 Hz (sine, "), "\(told.standardOutput)")
    }

    @Test("the internal synth is 'synth' for --output and the setting alike; 'none' is read as it")
    func synthNamedOnce() throws {
        let home = Home()
        #expect(try home.run(["settings", "get", "midiOutput"]).standardOutput == "synth\n")
        #expect(
            try home.run(["settings", "set", "midiOutput", "none"]).standardOutput == "midiOutput = synth\n")
        #expect(try home.run(["tone", "A4", "--output", "synth", "--audio-out", "null"]).status == 0)
    }

    @Test("help shows the value an option defaults to now, from the settings")
    func helpShowsSettings() throws {
        let home = Home()
        #expect(try home.run(["settings", "set", "noteRange", "C3-C5"]).status == 0)
        #expect(try home.run(["settings", "set", "audioOutput", "wav:/tmp/x.wav"]).status == 0)
        let help = try home.run(["train", "--help"])
        let text = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("Now: C3-C5 (the setting)."), "\(text)")
        #expect(text.contains("Now: wav:/tmp/x.wav (the setting)."))
    }

    @Test("German help: the discussion, the option help and the group titles are German")
    func germanHelp() throws {
        let home = Home()
        let help = try home.run(["train", "--help"], language: "de_DE.UTF-8").standardOutput
        #expect(help.contains("Zwei Töne erklingen"))
        #expect(
            help.contains("EINSTELLUNGEN FÜR DIESEN LAUF") || help.contains("Einstellungen für diesen Lauf"))
        #expect(help.contains("Übungsbereich, etwa C3-C5"))
        #expect(!help.contains("Settings for this run") && !help.contains("Seconds each note"))
    }

    @Test("a timbre in the settings that the synth lacks cannot be set, so train never trips over it")
    func timbreChecked() throws {
        let home = Home()
        let set = try home.run(["settings", "set", "timbre", "banjo"])
        #expect(set.status == 64)
        #expect(
            set.standardError == "peach: timbre 'banjo' is not valid; expected one of sine, piano or organ.\n"
        )
        let german = try home.run(["train", "--timbre", "banjo"], language: "de_DE.UTF-8")
        #expect(german.status == 64)
        #expect(
            german.standardError
                == "peach: --timbre 'banjo' ist ungültig; erwartet: eines von sine, piano oder organ.\n")
    }
}

@Suite("peach keeps its own files safe")
struct ProtectedFilesTests {
    @Test("an output that is, or links to, the journal or the settings is refused; nothing is written")
    func outputsOntoTheStore() throws {
        let home = NewUserTests.Home()
        #expect(try home.run(["simulate", "--trials", "5", "--quiet", "--save"]).status == 0)
        #expect(try home.run(["settings", "set", "noteRange", "C3-C5"]).status == 0)
        let journal = home.root + "/data/peach/records.jsonl"
        let before = try Data(contentsOf: URL(fileURLWithPath: journal))
        let link = home.root + "/export.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: journal)
        let attempts = [
            ["data", "export", journal], ["data", "export", link], ["profile", "--svg", journal],
            ["train", "--events", link, "--midi-in", "/dev/null", "--audio-out", "null"],
            ["tone", "A4", "--audio-out", "wav:" + home.root + "/config/peach/settings.json"],
        ]
        for arguments in attempts {
            let result = try home.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(
                result.standardError.contains("would overwrite Peach's own data"), "\(result.standardError)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal)) == before)
        #expect(try home.run(["settings", "get", "noteRange"]).standardOutput == "C3-C5\n")
    }

    @Test(
        "every file of the settings folder is refused as an output, there or not yet: calibration.json, a learned profile"
    )
    func outputsOntoTheSettingsFolder() throws {
        let home = NewUserTests.Home()
        #expect(try home.run(["simulate", "--trials", "5", "--quiet", "--save"]).status == 0)
        let config = home.root + "/config/peach"
        try FileManager.default.createDirectory(
            atPath: config + "/profiles", withIntermediateDirectories: true)
        let calibration = config + "/calibration.json"
        let profile = config + "/profiles/my-pads.json"
        try "{\"calibrations\":[]}\n".write(toFile: calibration, atomically: true, encoding: .utf8)
        try "{}\n".write(toFile: profile, atomically: true, encoding: .utf8)
        let hardLink = home.root + "/timing.json"
        try FileManager.default.linkItem(atPath: calibration, toPath: hardLink)
        let attempts = [
            ["data", "export", calibration], ["data", "export", profile], ["profile", "--svg", calibration],
            ["tone", "A4", "--audio-out", "wav:" + calibration],
            ["train", "--events", calibration, "--midi-in", "/dev/null", "--audio-out", "null"],
            ["data", "export", config + "/profiles/not-yet.json"], ["data", "export", hardLink],
        ]
        for arguments in attempts {
            let result = try home.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(
                result.standardError.contains("would overwrite Peach's own data"), "\(result.standardError)")
        }
        #expect(try String(contentsOfFile: calibration, encoding: .utf8) == "{\"calibrations\":[]}\n")
        #expect(try String(contentsOfFile: profile, encoding: .utf8) == "{}\n")
        #expect(!FileManager.default.fileExists(atPath: config + "/profiles/not-yet.json"))
    }

    @Test(
        "an export from another data folder onto this store's journal is refused: Peach's files are known anywhere"
    )
    func exportOntoAnotherStore() throws {
        let home = NewUserTests.Home()
        #expect(try home.run(["simulate", "--trials", "5", "--quiet", "--save"]).status == 0)
        let journal = home.root + "/data/peach/records.jsonl"
        let before = try Data(contentsOf: URL(fileURLWithPath: journal))
        let elsewhere = home.root + "/elsewhere"
        let copy = home.root + "/saved-answers.txt"
        try FileManager.default.copyItem(atPath: journal, toPath: copy)
        for target in [journal, copy] {
            let result = try home.run(["data", "export", "--data-dir", elsewhere, target])
            #expect(result.status == 1, "\(target)")
            #expect(
                result.standardError.contains("would overwrite Peach's own data"), "\(result.standardError)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal)) == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
    }

    @Test(
        "answers are written for their owner only (0600); pictures and sound like any program's output (0644)"
    )
    func outputModes() throws {
        let home = NewUserTests.Home()
        #expect(try home.run(["simulate", "--trials", "5", "--quiet", "--save"]).status == 0)
        let folder = home.root + "/out"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let runs = [
            ["data", "export", folder + "/answers.json"],
            ["train", "--events", folder + "/events.jsonl", "--midi-in", "/dev/null", "--audio-out", "null"],
            ["profile", "--svg", folder + "/profile.svg"],
            ["tone", "A4", "--audio-out", "wav:" + folder + "/a4.wav"],
            ["tone", "A4", "--output", "rawmidi:" + folder + "/a4.mid"],
        ]
        for arguments in runs {
            let result = try home.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
        }
        // The umask, read without changing it (umask(2) would set it for every test running alongside).
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let maskLine = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
        let mask = try #require(Int(maskLine.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8))
        func mode(_ name: String) throws -> Int {
            try #require(
                FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.posixPermissions] as? Int)
        }
        #expect(try mode("answers.json") == 0o600)
        #expect(try mode("events.jsonl") == 0o600)
        for media in ["profile.svg", "a4.wav", "a4.mid"] {
            #expect(try mode(media) == 0o644 & ~mask, "\(media)")
        }
    }

    @Test("an export is written aside and renamed: 0600, and a failed one leaves the old file whole")
    func atomicExport() throws {
        let home = NewUserTests.Home()
        #expect(try home.run(["simulate", "--trials", "5", "--quiet", "--save"]).status == 0)
        let file = home.root + "/answers.json"
        #expect(try home.run(["data", "export", file]).status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let contents = try Data(contentsOf: URL(fileURLWithPath: file))
        let missing = try home.run(["data", "export", "/nonexistent-folder/answers.json"])
        #expect(missing.status == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == contents)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: home.root).filter { $0.contains(".tmp-") }
                .isEmpty)
    }

    @Test("a data folder that is not a folder, or anybody may write into, is an error, never an empty store")
    func unsafeOrUnreadable() throws {
        let home = NewUserTests.Home()
        try FileManager.default.createDirectory(atPath: home.root, withIntermediateDirectories: true)
        let notAFolder = home.root + "/file"
        try Data("x".utf8).write(to: URL(fileURLWithPath: notAFolder))
        let check = try home.run(["data", "check", "--data-dir", notAFolder])
        #expect(check.status == 1)
        #expect(check.standardError.contains("\(notAFolder)/records.jsonl: cannot read (not a folder)"))
        let open = home.root + "/open"
        try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: true)
        #expect(chmod(open, 0o777) == 0)
        let export = try home.run(["data", "export", "--data-dir", open])
        #expect(export.status == 1)
        #expect(export.standardError.contains("is writable by anybody; Peach will not use it"))
        #expect(!export.standardOutput.contains("[]"))
    }
}

@Suite("peach and odd files where its own should be")
struct OddFilesTests {
    @Test("a FIFO where settings.json or a profile should be is refused at once, not waited on")
    func fifos() throws {
        let home = NewUserTests.Home()
        try FileManager.default.createDirectory(
            atPath: home.root + "/config/peach/profiles", withIntermediateDirectories: true)
        #expect(mkfifo(home.root + "/config/peach/settings.json", 0o600) == 0)
        let settings = try home.run(["settings", "get", "velocity"])
        #expect(settings.status == 1)
        #expect(
            settings.standardError.contains("settings.json: cannot open (not a regular file)"),
            "\(settings.standardError)")
        unlink(home.root + "/config/peach/settings.json")
        #expect(mkfifo(home.root + "/config/peach/profiles/pipe.json", 0o600) == 0)
        let profile = try home.run(["monitor", "--midi-in", "/dev/null", "--profile", "pipe"])
        #expect(profile.status == 1)
        #expect(
            profile.standardError.contains("pipe.json: cannot open (not a regular file)"),
            "\(profile.standardError)")
    }

    @Test("a settings file with a byte-order mark (as some editors write it) reads")
    func byteOrderMark() throws {
        let home = NewUserTests.Home()
        try FileManager.default.createDirectory(
            atPath: home.root + "/config/peach", withIntermediateDirectories: true)
        try Data([0xEF, 0xBB, 0xBF] + Array(#"{"velocity": 90}"#.utf8)).write(
            to: URL(fileURLWithPath: home.root + "/config/peach/settings.json"))
        #expect(try home.run(["settings", "get", "velocity"]).standardOutput == "90\n")
    }
}
