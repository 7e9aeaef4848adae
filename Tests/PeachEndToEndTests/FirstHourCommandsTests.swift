// FirstHourCommandsTests: commands a newcomer runs in the first hour, each saying what is true (issue 60).

import Foundation
import PeachTestSupport
import Testing

@Suite("peach's commands in a newcomer's first hour, round 3")
struct FirstHourCommandsTests {
    typealias Home = NewUserTests.Home

    @Test(
        "a --data-dir that names no folder is refused by the commands that read (exit 66), not shown as empty"
    )
    func mistypedDataDirectory() throws {
        let home = Home()
        let missing = home.root + "/no-such-store"
        for arguments in [
            ["profile"], ["data", "check"], ["data", "export", home.root + "/x.json"],
            ["data", "reset", "--yes"],
        ] {
            let result = try home.run(arguments + ["--data-dir", missing])
            #expect(result.status == 66, "\(arguments): \(result.standardError)")
            #expect(
                result.standardError
                    == "peach: --data-dir \(missing): no such folder, so no training data to read "
                    + "there; check the name (training creates the folder with its first answer).\n",
                "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: missing), "nothing made it")
        // Without the option, a store not made yet is a newcomer's empty profile.
        #expect(try home.run(["profile"]).status == 0)
    }

    @Test("an export that cannot be written names the file asked for, never the hidden temporary beside it")
    func exportErrorNamesTheFile() throws {
        let home = Home()
        #expect(try home.run(["simulate", "--save", "--quiet", "--trials", "3", "--seed", "1"]).status == 0)
        let target = home.root + "/missing-folder/answers.json"
        let result = try home.run(["data", "export", target])
        #expect(result.status != 0)
        #expect(result.standardError.hasPrefix("peach: \(target): "), "\(result.standardError)")
        #expect(!result.standardError.contains(".tmp-"), "\(result.standardError)")
    }

    @Test("timing calibrate refuses --audio-out null: clicks nobody hears calibrate nothing")
    func calibrateNeedsSound() throws {
        let result = try Home().run([
            "timing", "calibrate", "--midi-in", "rawmidi:/dev/null", "--audio-out", "null",
        ])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--audio-out null plays none"), "\(result.standardError)")
    }

    @Test(
        "simulate names each interval trial's interval and first note; a saved run's summary is of that run")
    func simulateSaysWhatItDid() throws {
        let home = Home()
        let first = try home.run([
            "simulate", "--save", "--trials", "30", "--seed", "3", "--intervals", "P5,M3down",
        ])
        #expect(first.status == 0, "\(first.standardError)")
        let rows = first.standardOutput.split(separator: "\n").filter {
            $0.firstMatch(of: /^ +\d+ {2}\S/) != nil
        }
        #expect(rows.count == 30)
        #expect(
            rows.allSatisfy { $0.contains("Perfect fifth up from") || $0.contains("Major third down from") },
            "\(rows.prefix(3))")
        let second = try home.run(["simulate", "--save", "--trials", "5", "--seed", "4", "--intervals", "P5"])
        // Its figures are its own five answers, not the 35 now stored.
        let notes = second.standardOutput.split(separator: "\n").first { $0.contains("Mean difficulty") }
        let counted = notes.flatMap { $0.firstMatch(of: /over (\d+) notes/).map { Int($0.1) } } ?? nil
        #expect(counted.map { $0 <= 5 } ?? true, "\(second.standardOutput)")
        #expect(second.standardOutput.contains("(35 records in all)"), "\(second.standardOutput)")
    }

    @Test("completion offers this machine's outputs and inputs, and --items only the kind named before it")
    func completions() throws {
        let outputs = try PeachBinary.run([
            "---completion", "play", "--", "--audio-out", "2", "0", "peach", "play", "--audio-out", "",
        ])
        #expect(outputs.standardOutput.split(separator: "\n").contains("null"), "\(outputs.standardOutput)")
        #expect(outputs.standardOutput.split(separator: "\n").contains("wav:"))
        let inputs = try PeachBinary.run([
            "---completion", "play", "--", "--midi-in", "2", "0", "peach", "play", "--midi-in", "",
        ])
        #expect(
            inputs.standardOutput.split(separator: "\n").starts(with: ["keyboard", "seq"]),
            "\(inputs.standardOutput)")
        let chords = try PeachBinary.run([
            "---completion", "play", "--", "--items", "4", "0", "peach", "play", "--kind", "chords",
            "--items", "",
        ])
        let items = chords.standardOutput.split(separator: "\n").map(String.init)
        #expect(items.contains("minor/1") && items.contains("dom7"), "\(items)")
        #expect(!items.contains("P5") && !items.contains("up4"), "\(items)")
        // Keys as the user writes them: English Eb, F#; German Es, Fis, B (B-flat) and H.
        let keys = try PeachBinary.run([
            "---completion", "play", "--", "--key", "2", "0", "peach", "play", "--key", "",
        ]).standardOutput.split(separator: "\n")
        #expect(
            keys.first == "random" && keys.contains("Eb") && keys.contains("F#") && keys.count == 16,
            "\(keys)")
        let german = try PeachBinary.run(
            [
                "---completion", "settings", "set", "--", "value", "4", "0", "peach", "settings", "set",
                "degreeKey", "",
            ],
            environment: ["LANG": "de_DE.UTF-8"]
        ).standardOutput.split(separator: "\n")
        #expect(["Es", "Fis", "B", "H"].allSatisfy(german.contains) && !german.contains("Bb"), "\(german)")
    }

    @Test(
        "peach sounds groups a SoundFont's presets by family, far fewer lines than presets",
        .enabled(
            if: FileManager.default.fileExists(atPath: "/usr/share/sounds/sf2/TimGM6mb.sf2"),
            "Debian's timgm6mb-soundfont is not installed here (CI installs it)"))
    func soundsGrouped() throws {
        let result = try PeachBinary.run(["sounds", "/usr/share/sounds/sf2/TimGM6mb.sf2"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(
            lines.contains { $0.hasPrefix("  Piano ") } && lines.contains { $0.hasPrefix("  Drum kits ") })
        #expect(lines.count < 80, "\(lines.count) lines for 136 presets")
    }
}
