// DataAndSettingsCommandTests: end-to-end runs of `peach settings`, `peach data` and `peach simulate --save`.

import Foundation
import PeachTestSupport
import Testing

@Suite("peach settings and peach data")
struct DataAndSettingsCommandTests {
    /// Private config and data folders for one test, removed afterwards.
    final class Home {
        let root = NSTemporaryDirectory() + "peach-cli-" + UUID().uuidString
        var environment: [String: String] {
            ["XDG_CONFIG_HOME": root + "/config", "XDG_DATA_HOME": root + "/data"]
        }
        var settingsPath: String { root + "/config/peach/settings.json" }
        var journalPath: String { root + "/data/peach/records.jsonl" }

        func run(_ arguments: [String]) throws -> PeachBinary.Result {
            try PeachBinary.run(arguments, environment: environment)
        }

        /// The marker an import into this journal writes before its first line when the journal is
        /// `journalLength` bytes long: its device, inode and the CRC-32C of its last 64 KiB before that length.
        func importMarker(journalLength: Int) throws -> String {
            let attributes = try FileManager.default.attributesOfItem(atPath: journalPath)
            let device = try #require(attributes[.systemNumber] as? Int)
            let inode = try #require(attributes[.systemFileNumber] as? Int)
            let bytes = try #require(FileManager.default.contents(atPath: journalPath)).prefix(journalLength)
            let crc = ReferenceCRC32C.checksum(bytes.suffix(1 << 16))
            return #"{"journalLength":\#(journalLength),"source":"/media/usb/answers.csv","#
                + #""started":"2026-11-25T09:00:00.000Z","device":\#(device),"inode":\#(inode),"tailCRC":\#(crc)}"#
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test("simulate takes the play-back settings as play does (the key, notes in a row); its flags go over")
    func simulateTakesPlayBackSettings() throws {
        let home = Home()
        #expect(try home.run(["settings", "set", "degreeNotes", "3"]).status == 0)
        #expect(try home.run(["settings", "set", "degreeKey", "F#"]).status == 0)
        func answerNotes(_ extra: [String]) throws -> [[Substring]] {
            try? FileManager.default.removeItem(atPath: home.journalPath)
            let run = try home.run(
                ["simulate", "--mode", "degrees", "--trials", "6", "--quiet", "--save", "--seed", "3"] + extra
            )
            #expect(run.status == 0, "\(run.standardError)")
            let journal = try String(contentsOfFile: home.journalPath, encoding: .utf8)
            return journal.split(separator: "\n").map { line in
                #expect(line.contains(#""reference":66,"#), "the settings' key, F♯4: \(line)")
                let notes = line.split(separator: #""answerNotes":""#).last?.prefix { $0 != "\"" } ?? ""
                return notes.split(separator: " ")
            }
        }
        let fromSettings = try answerNotes([])
        #expect(fromSettings.count == 6 && fromSettings.allSatisfy { $0.count == 3 }, "\(fromSettings)")
        let fromFlag = try answerNotes(["--degree-notes", "2"])
        #expect(fromFlag.count == 6 && fromFlag.allSatisfy { $0.count == 2 }, "\(fromFlag)")
    }

    @Test("settings: set, get, list, reset; a bad value is one clear line")
    func settings() throws {
        let home = Home()
        #expect(
            try home.run(["settings", "set", "noteRange", "C3-C5"]).standardOutput == "noteRange = C3-C5\n")
        #expect(try home.run(["settings", "set", "referencePitch", "442"]).status == 0)
        #expect(try home.run(["settings", "get", "noteRange"]).standardOutput == "C3-C5\n")
        let list = try home.run(["settings"]).standardOutput
        #expect(list.contains("* noteRange"))
        #expect(list.contains("* referencePitch    442"))
        #expect(list.contains("  velocity          63"))

        let bad = try home.run(["settings", "set", "varyLoudness", "-1"])
        #expect(bad.status == 64)
        #expect(bad.standardError == "peach: varyLoudness -1 is out of range; use 0–1 (0 = off).\n")
        let unknown = try home.run(["settings", "get", "swing"])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.hasPrefix("peach: there is no setting 'swing'"))
        #expect(try home.run(["settings", "set", "gapPositions", "2, 4"]).status == 0)
        #expect(try home.run(["settings", "get", "gapPositions"]).standardOutput == "2,4\n")
        let gaps = try home.run(["settings", "set", "gapPositions", "1,2,3,4"])
        #expect(gaps.status == 64)
        #expect(
            gaps.standardError
                == "peach: gapPositions '1,2,3,4' is not valid; expected one to three of the steps 1–4, separated "
                + "by commas (4, or 2,4).\n")

        #expect(try home.run(["settings", "reset", "noteRange"]).standardOutput == "noteRange = C2-C6\n")
        #expect(try home.run(["settings", "get", "referencePitch"]).standardOutput == "442\n")
        #expect(try home.run(["settings", "reset"]).status == 0)
        #expect(try home.run(["settings", "get", "referencePitch"]).standardOutput == "440\n")
    }

    @Test(
        "in German, keys are typed and shown as German musicians write them (B is B-flat, H is B); the file keeps English"
    )
    func germanKeys() throws {
        let home = Home()
        let german = home.environment.merging(["LANG": "de_DE.UTF-8"]) { $1 }
        func run(_ arguments: [String]) throws -> PeachBinary.Result {
            try PeachBinary.run(arguments, environment: german)
        }
        func stored() throws -> String { try String(contentsOfFile: home.settingsPath, encoding: .utf8) }
        #expect(try run(["settings", "set", "degreeKey", "B"]).standardOutput == "degreeKey = B\n")
        #expect(try stored().contains(#""degreeKey": "B♭""#))
        #expect(try home.run(["settings", "get", "degreeKey"]).standardOutput == "B♭\n")
        #expect(try run(["settings", "set", "degreeKey", "H"]).standardOutput == "degreeKey = H\n")
        #expect(try home.run(["settings", "get", "degreeKey"]).standardOutput == "B\n")
        #expect(try run(["settings", "set", "degreeKey", "Es"]).status == 0)
        #expect(try stored().contains(#""degreeKey": "E♭""#))
        #expect(
            try run(["settings", "set", "keySignature", "fis-Moll"]).standardOutput == "keySignature = A\n")
        #expect(try run(["settings", "set", "keySignature", "Ces"]).standardOutput == "keySignature = Ces\n")
        #expect(try home.run(["settings", "get", "keySignature"]).standardOutput == "C♭\n")
        let refused = try run(["settings", "set", "degreeKey", "es-Moll"])
        #expect(refused.status == 64)
        #expect(
            refused.standardError
                == "peach: degreeKey 'es-Moll' ist eine Molltonart; bitte nur den Grundton angeben, Es: Moll-Stufen "
                + "werden dann in es-Moll gefragt, Dur-Stufen in Es-Dur.\n")
        let unknown = try run(["settings", "set", "degreeKey", "X"])
        #expect(unknown.status == 64)
        #expect(
            unknown.standardError
                == "peach: degreeKey 'X' ist ungültig; erwartet: random oder ein Grundton wie C, Es oder Fis.\n"
        )
        #expect(try stored().contains(#""degreeKey": "E♭""#))
        let english = try home.run(["play", "--kind", "degrees", "--key", "G#m", "--audio-out", "null"])
        #expect(english.status == 64)
        #expect(
            english.standardError
                == "peach: --key 'G#m' names a minor key; give its tonic alone, A♭: minor degrees are then asked in "
                + "G♯ minor, major ones in A♭ major.\n")
        let help = try run(["play", "--help"]).standardOutput
        #expect(help.contains("Jetzt: Es"), "\(help)")
        // In English, B is B.
        #expect(try home.run(["settings", "set", "degreeKey", "B"]).standardOutput == "degreeKey = B\n")
        #expect(try stored().contains(#""degreeKey": "B""#))
    }

    @Test("a broken value is named; set repairs the file keeping what still reads, and keeps the original")
    func brokenSettings() throws {
        let home = Home()
        try FileManager.default.createDirectory(
            atPath: home.root + "/config/peach", withIntermediateDirectories: true)
        let broken = #"{"noteDuration": 9, "velocity": 90}"#
        try broken.write(toFile: home.settingsPath, atomically: true, encoding: .utf8)
        let get = try home.run(["settings", "get", "velocity"])
        #expect(get.status == 1)
        #expect(
            get.standardError
                == "peach: \(home.settingsPath): noteDuration 9 is out of range; use 0.3–3 seconds. Fix the file, "
                + "or run 'peach settings set KEY VALUE' or 'peach settings reset noteDuration' (every setting that "
                + "still reads is kept).\n")
        let list = try home.run(["settings"])
        #expect(list.status == 0)
        #expect(list.standardError.contains("noteDuration 9 is out of range"))
        #expect(list.standardOutput.contains("* velocity          90"))
        let set = try home.run(["settings", "set", "referencePitch", "442"])
        #expect(set.status == 0)
        #expect(set.standardError.contains("left at its default: noteDuration 9 is out of range"))
        let copies = try FileManager.default.contentsOfDirectory(atPath: home.root + "/config/peach")
            .filter { $0.hasPrefix("settings.json.broken-") }
        #expect(copies.count == 1)
        #expect(
            try copies.first.map {
                try String(contentsOfFile: home.root + "/config/peach/" + $0, encoding: .utf8)
            }
                == broken)
        #expect(try home.run(["settings", "get", "velocity"]).standardOutput == "90\n")
        #expect(try home.run(["settings", "get", "referencePitch"]).standardOutput == "442\n")
        #expect(try home.run(["settings", "get", "noteDuration"]).standardOutput == "1\n")
    }

    @Test("ten `peach settings set` at the same moment, each of another key, keep all ten")
    func concurrentSets() throws {
        let home = Home()
        let edits = [
            ("timbre", "piano"), ("velocity", "70"), ("noteDuration", "0.5"), ("referencePitch", "442"),
            ("tempo", "90"), ("noteRange", "C3-C5"), ("wrongAnswerTick", "off"), ("feedbackDuration", "0.6"),
            ("maxRepetitions", "3"), ("controllerProfile", "pads"),
        ]
        let started = try edits.map {
            try PeachBinary.start(["settings", "set", $0.0, $0.1], environment: home.environment)
        }
        for running in started {
            running.process.waitUntilExit()
            #expect(running.process.terminationStatus == 0)
        }
        for (key, value) in edits {
            let shown = try home.run(["settings", "get", key]).standardOutput
            #expect(shown == value + "\n", "\(key)")
        }
    }

    @Test("a settings file with a syntax error says where; set keeps every line that still reads")
    func syntaxError() throws {
        let home = Home()
        try FileManager.default.createDirectory(
            atPath: home.root + "/config/peach", withIntermediateDirectories: true)
        try "{\n  \"noteRange\": \"C3-C5\"\n  \"velocity\": 90\n}\n".write(
            toFile: home.settingsPath, atomically: true, encoding: .utf8)
        let get = try home.run(["settings", "get", "velocity"])
        #expect(get.status == 1)
        #expect(
            get.standardError.hasPrefix("peach: \(home.settingsPath): not valid JSON at line 3, column 3."))
        #expect(try home.run(["settings", "set", "timbre", "piano"]).status == 0)
        #expect(try home.run(["settings", "get", "noteRange"]).standardOutput == "C3-C5\n")
        #expect(try home.run(["settings", "get", "velocity"]).standardOutput == "90\n")
        #expect(try home.run(["settings", "get", "timbre"]).standardOutput == "piano\n")
    }

    @Test(
        "settings set checks like loading: a timbre the synth lacks and a profile that does not exist are refused"
    )
    func oneValidation() throws {
        let home = Home()
        let timbre = try home.run(["settings", "set", "timbre", "banjo"])
        #expect(timbre.status == 64)
        #expect(
            timbre.standardError
                == "peach: timbre 'banjo' is not valid; expected one of sine, piano or organ.\n")
        let profile = try home.run(["settings", "set", "controllerProfile", "nope"])
        #expect(profile.status == 64)
        #expect(
            profile.standardError.hasPrefix("peach: controllerProfile 'nope' names no controller profile"))
        #expect(try home.run(["settings", "set", "controllerProfile", "pads"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: home.settingsPath + ".broken"))
    }

    @Test("a CSV from Peach on iOS imports (bad rows named, skipped); rhythm is kept; peach-csv goes back")
    func iosExchange() throws {
        let home = Home()
        let file = home.root + "/from-the-phone.csv"
        try FileManager.default.createDirectory(atPath: home.root, withIntermediateDirectories: true)
        try """
        # peach-export-format:3
        trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,tuningSystem,centOffset,isCorrect,initialCentOffset,userCentError,tempoBPM,offsetMs,meanOffsetMs,meanOffsetMsPosition0,meanOffsetMsPosition1,meanOffsetMsPosition2,meanOffsetMsPosition3
        pitchDiscrimination,2026-03-03T14:30:00Z,60,C4,67,G4,P5,justIntonation,-4.5,true,,,,,,,,,
        pitchDiscrimination,2026-03-03T14:30:04Z,60,C4,60,C4,P1,equalTemperament,12.0,maybe,,,,,,,,,
        pitchMatching,2026-03-03T14:31:00Z,62,D4,62,D4,P1,equalTemperament,,,30.0,-2.5,,,,,,,
        rhythmOffsetDetection,2026-03-03T14:32:00Z,,,,,,,,true,,,120,5.3,,,,,

        """.write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try home.run(["data", "import", file])
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(
            imported.standardError
                == "peach: skipped \(file) line 4: field 'isCorrect' must be true or false\n")
        #expect(
            imported.standardOutput
                == "Imported 3 records; 0 were already there. 1 row could not be read and was skipped (named above).\n"
        )
        let check = try home.run(["data", "check"]).standardOutput
        #expect(
            check.contains("Timing:           1 (early or late, fill the gap and rhythm echo)"), "\(check)")
        let again = try home.run(["data", "import", file])
        #expect(again.standardOutput.hasPrefix("Imported 0 records; 3 were already there."))

        let export = try home.run(["data", "export", "--format", "peach-csv"])
        #expect(export.status == 0)
        let lines = export.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0] == "# peach-export-format:3")
        #expect(
            lines[2]
                == "pitchDiscrimination,2026-03-03T14:30:00Z,60,C4,67,G4,P5,justIntonation,-4.5,true,,,,,,,,,,,,,,,,,,"
        )
        #expect(lines[4] == "rhythmOffsetDetection,2026-03-03T14:32:00Z,,,,,,,,true,,,120,5.3,,,,,,,,,,,,,,")
        let json = try home.run(["data", "export"]).standardOutput
        #expect(json.contains(#""type":"rhythmOffsetDetection""#))

        let unsupported = home.root + "/future.csv"
        try "# peach-export-format:9\ntrainingType,timestamp\n".write(
            toFile: unsupported, atomically: true, encoding: .utf8)
        let refused = try home.run(["data", "import", unsupported])
        #expect(refused.status != 0)
        #expect(
            refused.standardError.contains("export format '9' is not one this Peach reads (1-3)"),
            "\(refused.standardError)")
    }

    @Test("simulate --save stores through the journal; check, export and import agree")
    func dataRoundTrip() throws {
        let home = Home()
        let simulated = try home.run(["simulate", "--trials", "25", "--quiet", "--save", "--seed", "4"])
        #expect(simulated.status == 0, "\(simulated.standardError)")
        #expect(
            try home.run(["simulate", "--mode", "matching", "--trials", "5", "--quiet", "--save"]).status == 0
        )
        let check = try home.run(["data", "check"])
        #expect(check.status == 0)
        #expect(check.standardOutput.contains("Comparisons:      25"))
        #expect(check.standardOutput.contains("Pitch matching:   5"))

        let export = try home.run(["data", "export", "--format", "csv"])
        #expect(export.standardOutput.split(separator: "\n").count == 31)
        let csvPath = home.root + "/answers.csv"
        #expect(try home.run(["data", "export", "--format", "csv", csvPath]).status == 0)
        let json = try home.run(["data", "export"]).standardOutput

        let merged = try home.run(["data", "import", csvPath])
        #expect(merged.standardOutput == "Imported 0 records; 30 were already there.\n")
        let replaced = try home.run(["data", "import", "--replace", csvPath])
        #expect(replaced.standardOutput.hasPrefix("Replaced the data with 30 records. Backup: "))
        #expect(try home.run(["data", "export"]).standardOutput == json)

        let reset = try home.run(["data", "reset"])
        #expect(reset.status == 64)
        #expect(reset.standardError.contains("without --yes"))
        // Every kind of record is counted: 4 play-back answers join the 30.
        let playBack = [
            "simulate", "--mode", "intervals", "--trials", "4", "--quiet", "--save", "--seed", "1",
        ]
        #expect(try home.run(playBack).status == 0)
        #expect(
            try home.run(["data", "reset", "--yes"]).standardOutput.hasPrefix("Deleted 34 records. Backup: "))
        #expect(try home.run(["data", "check"]).standardOutput.contains("Comparisons:      0"))
    }

    @Test("an import a kill stopped half-way is undone at the next start, which says so in one line")
    func interruptedImport() throws {
        let home = Home()
        #expect(try home.run(["simulate", "--trials", "20", "--quiet", "--save", "--seed", "5"]).status == 0)
        let exportPath = home.root + "/answers.jsonl"
        let before = try String(contentsOfFile: home.journalPath, encoding: .utf8)
        try before.write(toFile: exportPath, atomically: true, encoding: .utf8)
        // What a kill -9 half-way through an import leaves: the marker with the length before it, and lines
        // after that length (here other answers, shifted by a day, and a torn last one).
        let extra = try home.run(["simulate", "--trials", "3", "--quiet", "--save", "--seed", "6"])
        #expect(extra.status == 0)
        let after = try String(contentsOfFile: home.journalPath, encoding: .utf8)
        try (after + #"{"v":1,"type":"compa"#).write(
            toFile: home.journalPath, atomically: false, encoding: .utf8)
        let markerPath = home.root + "/data/peach/records.pending"
        try home.importMarker(journalLength: before.utf8.count).write(
            toFile: markerPath, atomically: true, encoding: .utf8)
        // A reader sees the store as it was before the import.
        #expect(try home.run(["data", "check"]).standardOutput.contains("Comparisons:      20"))

        let imported = try home.run(["data", "import", exportPath])
        #expect(imported.status == 0, "\(imported.standardError)")
        let undone = try #require(
            FileManager.default.contentsOfDirectory(atPath: home.root + "/data/peach").first {
                $0.hasPrefix("records.undone-")
            })
        #expect(
            imported.standardError
                == "peach: an import of /media/usb/answers.csv (started 2026-11-25T09:00:00.000Z) was stopped "
                + "half-way and undone (4 lines taken out and kept in \(home.root)/data/peach/\(undone)), so your "
                + "data is as it was before it. Run the import again.\n")
        #expect(imported.standardOutput == "Imported 0 records; 20 were already there.\n")
        #expect(try String(contentsOfFile: home.journalPath, encoding: .utf8) == before)
        #expect(
            try String(contentsOfFile: home.root + "/data/peach/" + undone, encoding: .utf8)
                == String(after.dropFirst(before.count)) + #"{"v":1,"type":"compa"#)
        #expect(!FileManager.default.fileExists(atPath: markerPath))
        #expect(try home.run(["data", "import", exportPath]).standardError.isEmpty)

        // A marker that does not belong to this journal (an older Peach's saying 0, a synced folder's) cuts
        // nothing, and the next start says so.
        try #"{"journalLength":0,"source":"a.csv","started":"2026-11-25T09:00:00.000Z"}"#.write(
            toFile: markerPath, atomically: true, encoding: .utf8)
        #expect(try home.run(["data", "check"]).standardOutput.contains("Comparisons:      20"))
        let stale = try home.run(["data", "import", exportPath])
        #expect(
            stale.standardError
                == "peach: a marker of an unfinished import of a.csv (started 2026-11-25T09:00:00.000Z) did not "
                + "belong to this journal (copied or restored from elsewhere?) and was removed; nothing was taken "
                + "out. 'peach data check' shows what the store holds.\n")
        #expect(try String(contentsOfFile: home.journalPath, encoding: .utf8) == before)
    }

    @Test("simulate --save cold-starts from the stored profile and summarises only its own run")
    func saveColdStart() throws {
        let home = Home()
        #expect(try home.run(["simulate", "--trials", "60", "--quiet", "--save", "--seed", "1"]).status == 0)
        let second = try home.run(["simulate", "--trials", "5", "--save", "--seed", "2"]).standardOutput
        let first = try #require(
            second.split(separator: "\n").first { $0.hasSuffix("correct") || $0.hasSuffix("wrong") })
        #expect(!first.contains("100.0"), "a stored profile means no 100-cent cold start: \(first)")
        #expect(second.contains("Comparisons      5 ("))
        #expect(second.contains("(65 records in all)"))
    }

    @Test("export to a full disk fails with one line naming the file, and leaves the file where it is")
    func exportToFullDisk() throws {
        let home = Home()
        #expect(try home.run(["simulate", "--trials", "3", "--quiet", "--save"]).status == 0)
        let result = try home.run(["data", "export", "/dev/full"])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "peach: /dev/full: cannot write (disk full); free some space: nothing already stored was "
                + "harmed.\n")
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/full")[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial)  // not replaced by a regular file
    }

    @Test("check reports damage with exit status 1; a newer record is kept, skipped and counted")
    func damage() throws {
        let home = Home()
        #expect(try home.run(["simulate", "--trials", "3", "--quiet", "--save"]).status == 0)
        let handle = try #require(FileHandle(forWritingAtPath: home.journalPath))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("not json\n{\"v\":1,\"type\":\"comp".utf8))
        try handle.close()
        let check = try home.run(["data", "check"])
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("line 4: not a JSON object"))
        #expect(check.standardOutput.contains("Torn last line:   19 bytes"))

        let newer = Home()
        try FileManager.default.createDirectory(
            atPath: newer.root + "/data/peach", withIntermediateDirectories: true)
        let text = #"{"v":7,"type":"comparison"}"# + "\n"
        try text.write(toFile: newer.journalPath, atomically: true, encoding: .utf8)
        let saved = try newer.run(["simulate", "--trials", "1", "--save"])
        #expect(saved.status == 0, "\(saved.standardError)")
        #expect(try String(contentsOfFile: newer.journalPath, encoding: .utf8).hasPrefix(text))
        let report = try newer.run(["data", "check"])
        #expect(report.status == 0)
        #expect(
            report.standardOutput.contains("Newer records:    1 (written by a newer Peach: kept as they are"))
    }
}

@Suite("peach with another writer")
struct SecondWriterTests {
    @Test("a second writer gets one clear line; reading still works")
    func secondWriter() throws {
        let root = NSTemporaryDirectory() + "peach-cli-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let environment = ["XDG_CONFIG_HOME": root + "/config", "XDG_DATA_HOME": root + "/data"]
        let writer = Process()
        writer.executableURL = PeachBinary.url.deletingLastPathComponent().appendingPathComponent(
            "PeachJournalWriter")
        writer.arguments = [root + "/data/peach", "100000000"]
        let output = Pipe()
        writer.standardOutput = output
        try writer.run()
        defer {
            // SIGKILL: children of the test runner may inherit a blocked SIGTERM.
            kill(writer.processIdentifier, SIGKILL)
            writer.waitUntilExit()
        }
        _ = output.fileHandleForReading.availableData  // the first acknowledgement: the writer holds the lock
        let refused = try PeachBinary.run(["simulate", "--trials", "1", "--save"], environment: environment)
        #expect(refused.status == 1)
        #expect(
            refused.standardError
                == "peach: another Peach (process \(writer.processIdentifier)) is using the training data in "
                + "\(root)/data/peach; stop it first, or choose other data with --data-dir.\n")
        let check = try PeachBinary.run(["data", "check"], environment: environment)
        #expect(check.standardOutput.contains("Comparisons:"))
    }

    @Test("simulate starts from the settings file; options override it")
    func settingsApply() throws {
        let root = NSTemporaryDirectory() + "peach-cli-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let environment = ["XDG_CONFIG_HOME": root + "/config", "XDG_DATA_HOME": root + "/data"]
        #expect(
            try PeachBinary.run(["settings", "set", "noteRange", "A3-A4"], environment: environment).status
                == 0)
        #expect(
            try PeachBinary.run(["settings", "set", "referencePitch", "415"], environment: environment).status
                == 0)
        let fromFile = try PeachBinary.run(
            ["simulate", "--trials", "1", "--quiet"], environment: environment)
        #expect(fromFile.standardOutput.contains("Range A3-A4, A4 = 415.0 Hz"))
        let overridden = try PeachBinary.run(
            ["simulate", "--trials", "1", "--quiet", "--range", "C2-C4"], environment: environment)
        #expect(overridden.standardOutput.contains("Range C2-C4, A4 = 415.0 Hz"))
    }
}
