// PlayBackCommandTests: `peach play` end to end from raw MIDI: spelled questions, an octave's verdict, the profile.

import Foundation
import PeachTestSupport
import Testing

@Suite("peach play from raw MIDI, end to end")
struct PlayBackCommandTests {
    static func object(_ line: String?) -> [String: Any] {
        line.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] } ?? [:]
    }

    /// The letter distance between two spelled notes (`A♭4` to `C5` is 2: a third).
    static func letterStep(_ from: String, _ to: String) -> Int? {
        let letters = Array("CDEFGAB")
        guard let first = from.first.flatMap(letters.firstIndex),
            let second = to.first.flatMap(letters.firstIndex)
        else { return nil }
        return (second - first + 7) % 7
    }

    /// Runs `peach play` with `arguments` in a folder of its own (a FIFO as its raw-MIDI input, no sound, its events
    /// on stdout, its data in `data`): `body` writes to the keys and reads the events; then the run is stopped with
    /// SIGINT, and `check` gets its screen (stderr) and the data folder, which is removed after it.
    static func play(
        _ arguments: [String], environment: [String: String] = [:],
        _ body: (_ keys: Int32, _ events: LineReader) throws -> Void,
        check: (_ screen: String, _ data: String) throws -> Void
    ) throws {
        let folder = NSTemporaryDirectory() + "peach-play-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/keys.fifo", 0o600) == 0)
        let running = try PeachBinary.start(
            ["play"] + arguments + [
                "--midi-in", "rawmidi:\(folder)/keys.fifo", "--audio-out", "null", "--events", "-",
                "--data-dir",
                "\(folder)/data", "--feedback-duration", "0.2",
            ], environment: environment)
        let watchdog = Watchdog(running.process)
        // Once peach has opened its end (not for ever when it ended first).
        let keys = FIFOEnd.open(folder + "/keys.fifo", O_WRONLY, for: running.process)
        #expect(keys >= 0)
        let events = LineReader(running.output)
        var failure: (any Error)?
        do { try body(keys, events) } catch { failure = error }
        kill(running.process.processIdentifier, SIGINT)
        events.await("never")
        running.process.waitUntilExit()
        watchdog.disarm("peach play")
        close(keys)
        if let failure { throw failure }
        let screen = String(
            decoding: running.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        try check(screen, folder + "/data")
    }

    /// Strikes `notes` together (note-ons, then note-offs).
    static func strike(_ notes: [Int], on keys: Int32) {
        let on = notes.flatMap { [0x90, UInt8($0), 100] as [UInt8] }
        _ = write(keys, on, on.count)
        let off = notes.flatMap { [0x80, UInt8($0), 0] as [UInt8] }
        _ = write(keys, off, off.count)
    }

    @Test(
        "minor triads spelled in stacked thirds; the right chord an octave up is said so, stored apart, and no 'X → X' in the profile"
    )
    func minorChords() throws {
        var results: [[String: Any]] = []
        try Self.play(["--kind", "chords", "--items", "minor", "--range", "C3-C6"]) { keys, events in
            for answer in 0..<3 {
                let question = Self.object(events.await("\"question\""))
                let notes = try #require(question["answerNotes"] as? [Int], "\(events.lines)")
                let spelled = try #require(question["spelled"] as? [String], "\(question)")
                // Stacked thirds: each tone a third (two letters) above the one below, whatever the root.
                #expect(
                    zip(spelled, spelled.dropFirst()).allSatisfy { Self.letterStep($0, $1) == 2 },
                    "\(spelled) for \(notes)")
                if notes.first == 65 { #expect(spelled == ["F4", "A♭4", "C5"]) }
                try #require(events.await("\"answerable\"") != nil)
                // The first answer right, the others the right chord an octave up.
                let played = answer == 0 ? notes : notes.map { $0 + 12 }
                let bytes = played.flatMap { [0x90, UInt8($0), 100] as [UInt8] }
                _ = write(keys, bytes, bytes.count)
                results.append(Self.object(events.await("\"result\"")))
                let off = played.flatMap { [0x80, UInt8($0), 0] as [UInt8] }
                _ = write(keys, off, off.count)
            }
        } check: { screen, data in
            #expect(
                results.map { $0["verdict"] as? String } == ["right", "otherOctave", "otherOctave"],
                "\(results)")
            #expect(screen.contains("The right chord an octave too high: "), "\(screen)")
            let profile = try PeachBinary.run([
                "profile", "--confusions", "chords", "--data-dir", data,
            ])
            #expect(profile.status == 0)
            #expect(
                profile.standardOutput.contains(
                    "The right item in another octave, voicing or on another root: 2 answers"),
                "\(profile.standardOutput)")
            #expect(!profile.standardOutput.contains("Minor triad, root position → Minor triad"))
        }
    }

    @Test(
        "scale degrees in E♭: the cadence every 2nd question, the right degree an octave down is right, a wrong one named in the key"
    )
    func degrees() throws {
        var results: [[String: Any]] = []
        var names: [String] = []
        try Self.play(["--kind", "degrees", "--items", "5-major", "--key", "Eb", "--cadence-every", "2"]) {
            keys, events in
            for answer in 0..<2 {
                let question = Self.object(events.await("\"question\""))
                let notes = try #require(question["answerNotes"] as? [Int], "\(events.lines)")
                #expect(
                    question["key"] as? String == "E♭ major" && question["spelled"] as? [String] == ["B♭4"])
                try #require(events.await("\"answerable\"") != nil)
                // The first answer the right degree an octave down, the second a semitone up (♭6, C♭).
                Self.strike([answer == 0 ? notes[0] - 12 : notes[0] + 1], on: keys)
                results.append(Self.object(events.await("\"result\"")))
            }
            names = events.lines.compactMap { Self.object($0)["event"] as? String }
        } check: { screen, data in
            // The cadence before the first question only (every 2nd: the first and the third).
            #expect(
                Array(names.filter { $0 == "cadence" || $0 == "question" }.prefix(3)) == [
                    "cadence", "question", "question",
                ])
            #expect(names.contains("resolving"))
            #expect(results.map { $0["verdict"] as? String } == ["right", "wrongItem"], "\(results)")
            #expect(results.last?["heardAs"] as? String == "b6-major")
            #expect(screen.contains("Home to the tonic: A♭3 G3 F3 E♭3 (4 3 2 1)"), "\(screen)")
            #expect(screen.contains("C♭5 is ♭6 — it was 5 (B♭4) in E♭ major"), "\(screen)")
            let profile = try PeachBinary.run([
                "profile", "--confusions", "degrees", "--data-dir", data,
            ])
            #expect(profile.status == 0)
            #expect(profile.standardOutput.contains("5 in major"), "\(profile.standardOutput)")
            #expect(profile.standardOutput.contains("♭6 in major"), "\(profile.standardOutput)")
        }
    }

    @Test("in German, --key B is B-flat major: the key as a German musician means it, and named so")
    func germanKey() throws {
        var question: [String: Any] = [:]
        try Self.play(
            ["--kind", "degrees", "--items", "5-major", "--key", "B"], environment: ["LANG": "de_DE.UTF-8"]
        ) { keys, events in
            question = Self.object(events.await("\"question\""))
            let notes = try #require(question["answerNotes"] as? [Int], "\(events.lines)")
            try #require(events.await("\"answerable\"") != nil)
            Self.strike([notes[0] + 1], on: keys)  // a semitone high: G♭, ♭6
            _ = events.await("\"result\"")
        } check: { screen, _ in
            #expect(question["key"] as? String == "B♭ major", "\(question)")
            #expect(question["spelled"] as? [String] == ["F4"], "\(question)")
            #expect(screen.contains("Ges4 ist ♭6 — es war 5 (F4) in B-Dur"), "\(screen)")
        }
    }

    @Test("scale degrees over a drone: a drone line with the key, the right degree an octave up is right")
    func degreesOverADrone() throws {
        var drone: [String: Any] = [:]
        var result: [String: Any] = [:]
        try Self.play(["--kind", "degrees", "--items", "3-major", "--key", "C", "--degree-context", "drone"])
        {
            keys, events in
            drone = Self.object(events.await("\"drone\""))
            let question = Self.object(events.await("\"question\""))
            let notes = try #require(question["answerNotes"] as? [Int], "\(events.lines)")
            try #require(events.await("\"answerable\"") != nil)
            Self.strike([notes[0] + 12], on: keys)
            result = Self.object(events.await("\"result\""))
        } check: { screen, _ in
            #expect(drone["key"] as? String == "C major", "\(drone)")
            #expect(result["verdict"] as? String == "right", "\(result)")
            #expect(screen.contains("✔ Correct  3 in C major: E"), "\(screen)")
        }
    }

    @Test(
        "two degrees in a row: right in other octaves; then the asked one wrong, stored as a confusion; data check passes"
    )
    func degreesInARow() throws {
        var results: [[String: Any]] = []
        try Self.play(["--kind", "degrees", "--items", "5-major", "--key", "C", "--degree-notes", "2"]) {
            keys, events in
            for answer in 0..<2 {
                let question = Self.object(events.await("\"question\""))
                let notes = try #require(question["answerNotes"] as? [Int], "\(events.lines)")
                #expect(notes.count == 2 && notes.last.map { ($0 - 7) % 12 == 0 } == true, "\(question)")
                try #require(events.await("\"answerable\"") != nil)
                let played = answer == 0 ? [notes[0] - 12, notes[1] + 12] : [notes[0], notes[1] + 1]
                for note in played {
                    Self.strike([note], on: keys)
                    usleep(150_000)
                }
                results.append(Self.object(events.await("\"result\"")))
            }
        } check: { screen, data in
            #expect(results.map { $0["verdict"] as? String } == ["right", "wrongItem"], "\(results)")
            #expect(results.last?["heardAs"] as? String == "b6-major", "\(results)")
            #expect(screen.contains("1 of 2 notes right; note 2: A♭4 is ♭6, it was 5 (G4)"), "\(screen)")
            let check = try PeachBinary.run(["data", "check", "--data-dir", data])
            #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
            let profile = try PeachBinary.run(["profile", "--confusions", "degrees", "--data-dir", data])
            #expect(profile.standardOutput.contains("♭6 in major"), "\(profile.standardOutput)")
            #expect(!profile.standardOutput.contains("by place in the phrase"), "\(profile.standardOutput)")
        }
    }

    @Test(
        "a four-note melody played in order is right; with one note wrong it is judged in place and said so")
    func melodies() throws {
        var results: [[String: Any]] = []
        try Self.play(["--kind", "melodies", "--items", "steps4"]) { keys, events in
            for answer in 0..<2 {
                let question = Self.object(events.await("\"question\""))
                let notes = try #require(question["answerNotes"] as? [Int], "\(events.lines)")
                #expect(notes.count == 4 && question["key"] is String)
                try #require(events.await("\"answerable\"") != nil)
                // The first phrase right, the second with its third note a semitone high.
                let played = answer == 0 ? notes : [notes[0], notes[1], notes[2] + 1, notes[3]]
                for note in played {
                    Self.strike([note], on: keys)
                    usleep(150_000)
                }
                results.append(Self.object(events.await("\"result\"")))
            }
        } check: { screen, data in
            #expect(results.map { $0["verdict"] as? String } == ["right", "wrongNotes"], "\(results)")
            let notes = results.last?["marks"] as? [Any] ?? []
            let marks = notes.map { ($0 as? [String: Any])?["mark"] as? String }
            #expect(marks == ["right", "right", "wrong", "right"], "\(results)")
            #expect(screen.contains("3 of 4 notes right; note 3: you played "), "\(screen)")
            #expect(screen.contains("(a semitone too high)"), "\(screen)")
            let profile = try PeachBinary.run(["profile", "--data-dir", data])
            // Each place with its likely range (2 of 2: 68–100 %; 1 of 2: 25–75 %), the line wrapped at 80.
            let unwrapped = profile.standardOutput.replacingOccurrences(of: "\n  ", with: " ")
            #expect(
                unwrapped.contains(
                    "Notes right by place in the phrase: 1 100 % (68–100 %) · 2 100 % (68–100 %) · 3 50 % (25–75 %) · "
                        + "4 100 % (68–100 %)"),
                "\(profile.standardOutput)")
        }
    }

    @Test(
        "a melody in tempo from raw MIDI: each note's offset from its place on the grid is stored and reported"
    )
    func melodyInTempo() throws {
        var result: [String: Any] = [:]
        try Self.play(["--kind", "melodies", "--items", "steps3", "--in-tempo", "--tempo", "120"]) {
            keys, events in
            let question = Self.object(events.await("\"question\""))
            let notes = try #require(question["answerNotes"] as? [Int], "\(events.lines)")
            #expect(Self.object(events.await("\"countIn\""))["tempo"] as? Int == 120)
            // The window opens half a beat (0.25 s) before the response's first place; the places are a beat apart.
            // When the machine is too busy to keep the output going and a dropout spoils the grid, the phrase is
            // played again (`"replaying":true`) and answered then (four windows at most).
            for _ in 0..<4 where result.isEmpty {
                let cue = Self.object(events.await(anyOf: ["\"answerable\"", "\"dropout\""]))
                guard cue["event"] as? String == "answerable" else { continue }
                let opened = Date()
                for (index, note) in notes.enumerated() {
                    let wait = 0.25 + Double(index) * 0.5 - Date().timeIntervalSince(opened)
                    if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
                    Self.strike([note], on: keys)
                }
                while let line = events.await(anyOf: ["\"result\"", "\"dropout\""]) {
                    let outcome = Self.object(line)
                    if outcome["event"] as? String == "result" {
                        result = outcome
                        break
                    }
                    if outcome["replaying"] as? Bool == true { break }  // answered again when played again
                }
            }
        } check: { screen, data in
            #expect(result["verdict"] as? String == "right", "\(result)")
            let offsets = try #require(result["offsetsMs"] as? [Double], "\(result)")
            // Raw MIDI is timed when read, and this test writes by its own sleeps: within a quarter of a beat.
            #expect(offsets.count == 3 && offsets.allSatisfy { abs($0) < 125 }, "\(offsets)")
            // Each note's offset and their mean signed alike (`+12 −5 0`, `mean −3 ms`).
            #expect(
                screen.contains(#/timing: [+−]?\d+ [+−]?\d+ [+−]?\d+ ms \(mean (?:[+−][1-9]\d*|0) ms\)/#),
                "\(screen)")
            let profile = try PeachBinary.run(["profile", "--data-dir", data])
            #expect(
                profile.standardOutput.contains("In tempo, mean offset by place (ms): 1 "),
                "\(profile.standardOutput)")
        }
    }
}
