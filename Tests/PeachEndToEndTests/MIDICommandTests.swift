// MIDICommandTests: `peach monitor`, `learn`, `devices` and `tone --output` through raw MIDI files and FIFOs.

import Foundation
import PeachCore
import PeachTestSupport
import Testing

@Suite("peach monitor, learn, devices and MIDI output")
struct MIDICommandTests {
    /// The test's folders, removed after it.
    let paths = ScratchPaths()

    /// A fresh folder with a file of raw MIDI bytes.
    func scratch(_ bytes: [UInt8] = []) throws -> (folder: String, midi: String) {
        let folder = try paths.folder("peach-midi")
        let midi = folder + "/in.mid"
        try Data(bytes).write(to: URL(fileURLWithPath: midi))
        return (folder, midi)
    }

    func jsonLines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    func actions(_ line: [String: Any]) -> [String] {
        (line["actions"] as? [[String: Any]] ?? []).compactMap { $0["action"] as? String }
    }

    static let keysPedalWheel: [UInt8] = [
        0x90, 60, 100, 0x80, 60, 0, 0x90, 48, 64, 0xB0, 64, 127, 0xB0, 64, 0, 0xE0, 0x00, 0x50, 0xE0, 0x00,
        0x40,
    ]

    @Test("monitor --json: one line per event with the default profile's actions, then the end")
    func monitorJSON() throws {
        let (folder, midi) = try scratch(Self.keysPedalWheel)
        let result = try PeachBinary.run(
            ["monitor", "--midi-in", "rawmidi:" + midi, "--json"], environment: ["XDG_CONFIG_HOME": folder])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = try jsonLines(result.standardOutput)
        #expect(lines.count == 8)
        #expect(
            lines.prefix(7).map(actions) == [["higher"], [], ["lower"], ["commit"], [], ["tune"], ["tune"]])
        let first = try #require(lines.first?["message"] as? [String: Any])
        #expect(first["type"] as? String == "noteOn")
        #expect(first["channel"] as? Int == 1)
        #expect(first["note"] as? Int == 60)
        let bend = try #require((lines[5]["actions"] as? [[String: Any]])?.first)
        #expect(bend["cents"] as? Double == 50)
        #expect(lines.last?["event"] as? String == "ended")
    }

    @Test("monitor in text with a shipped profile: the spring-back wheel commits")
    func monitorText() throws {
        let (folder, midi) = try scratch(Self.keysPedalWheel)
        let result = try PeachBinary.run(
            ["monitor", "--midi-in", "rawmidi:" + midi, "--profile", "pitch-bend-matching"],
            environment: ["XDG_CONFIG_HOME": folder])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.first?.contains("'pitch-bend-matching' profile") == true)
        #expect(lines.last?.hasSuffix("-> commit") == true)
        #expect(lines.contains { $0.contains("control change  ch 1  CC64  value 127  -> commit") })
    }

    @Test("a broken profile named with --profile: one line naming file and field, exit 1")
    func brokenProfileAsked() throws {
        let (folder, midi) = try scratch([0x90, 60, 100])
        try FileManager.default.createDirectory(
            atPath: folder + "/peach/profiles", withIntermediateDirectories: true)
        let path = folder + "/peach/profiles/pedal.json"
        try #"{"actions": [{"action": "higher", "controller": 300}]}"#.write(
            toFile: path, atomically: true, encoding: .utf8)
        let result = try PeachBinary.run(
            ["monitor", "--midi-in", "rawmidi:" + midi, "--profile", "pedal"],
            environment: ["XDG_CONFIG_HOME": folder])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "peach: \(path): actions[0].controller must be 0–127, not 300. Fix the file, or choose another "
                + "profile with --profile.\n")
        // The same profile from the setting: a warning, and the default profile is used.
        try #"{"controllerProfile": "pedal"}"#.write(
            toFile: folder + "/peach/settings.json", atomically: true, encoding: .utf8)
        let fallback = try PeachBinary.run(
            ["monitor", "--midi-in", "rawmidi:" + midi, "--json"], environment: ["XDG_CONFIG_HOME": folder])
        #expect(fallback.status == 0)
        #expect(fallback.standardError.hasPrefix("peach: warning: \(path): actions[0].controller"))
        #expect(fallback.standardError.hasSuffix("Using the default profile.\n"))
        #expect(try jsonLines(fallback.standardOutput).first.map(actions) == ["higher"])
    }

    @Test(
        "bad MIDI input options: one line",
        arguments: [
            (
                ["monitor", "--midi-in", "rawmidi:/nonexistent/midiC9D0"], Int32(1),
                "peach: rawmidi:/nonexistent/midiC9D0: cannot open (no such file or folder); 'peach devices' lists"
            ),
            (["monitor", "--midi-in", "seq:"], Int32(64), "peach: --midi-in 'seq:' is not valid"),
            (
                ["monitor", "--midi-in", "-", "--profile", "nope"], Int32(1),
                "peach: no controller profile named 'nope'"
            ),
            (
                ["learn", "--name", "../evil", "--midi-in", "-"], Int32(64),
                "peach: '../evil' is not a profile name"
            ),
            (
                ["learn", "--actions", "higher,louder", "--midi-in", "-"], Int32(64),
                "peach: --actions 'louder' is not valid; use higher, lower"
            ),
            (["tone", "A4", "--output", "fluid"], Int32(64), "peach: --output 'fluid' is not valid"),
            (
                ["tone", "A4", "--output", "rawmidi:/tmp/x", "--midi-channels", "0,17"], Int32(64),
                "peach: --midi-channels '0,17' is not valid"
            ),
        ])
    func badInput(arguments: [String], status: Int32, message: String) throws {
        let result = try PeachBinary.run(arguments)
        #expect(result.status == status)
        #expect(result.standardError.hasPrefix(message), "\(result.standardError)")
        #expect(result.standardError.filter { $0 == "\n" }.count == 1)
    }

    @Test("learn from scripted input writes a profile that reads back and drives monitor")
    func learn() throws {
        let script: [UInt8] = [
            0x90, 72, 90, 0x80, 72, 0,  // Higher: C5
            0x90, 72, 90, 0x80, 72, 0,  // the same key again: refused
            0x90, 48, 90, 0x80, 48, 0,  // Lower: C3
            0xB0, 67, 127, 0xB0, 67, 0,  // Commit: CC67
            0xE0, 0x00, 0x50,  // Tune: the wheel
        ]
        let (folder, midi) = try scratch(script)
        let environment = ["XDG_CONFIG_HOME": folder]
        let result = try PeachBinary.run(
            ["learn", "--name", "mine", "--midi-in", "rawmidi:" + midi], environment: environment)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Press the control for Higher…"))
        #expect(result.standardOutput.contains("that control is already used for higher"))
        #expect(result.standardOutput.contains("Wrote \(folder)/peach/profiles/mine.json."))
        let written = try String(contentsOfFile: folder + "/peach/profiles/mine.json", encoding: .utf8)
        #expect(written.contains(#"{ "action": "commit", "controller": 67, "channel": 1 }"#))
        #expect(written.contains(#""tune": { "control": "pitchBend""#))
        // The learned profile in use.
        let (_, probe) = try scratch([0x90, 48, 90, 0xB0, 67, 127, 0x90, 60, 90])
        let monitor = try PeachBinary.run(
            ["monitor", "--midi-in", "rawmidi:" + probe, "--profile", "mine", "--json"],
            environment: environment)
        #expect(try jsonLines(monitor.standardOutput).prefix(3).map(actions) == [["lower"], ["commit"], []])
        // Again without --force: refused, the profile kept.
        let again = try PeachBinary.run(
            ["learn", "--name", "mine", "--midi-in", "rawmidi:" + midi], environment: environment)
        #expect(again.status == 64)
        #expect(again.standardError.contains("mine.json exists; use --force"))
    }

    @Test("learn with input that ends early writes nothing")
    func learnEndsEarly() throws {
        let (folder, midi) = try scratch([0x90, 72, 90])
        let result = try PeachBinary.run(
            ["learn", "--name", "short", "--midi-in", "rawmidi:" + midi],
            environment: ["XDG_CONFIG_HOME": folder])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "peach: the input ended before every action was learned (1 of 4); nothing was written.\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/peach/profiles/short.json"))
    }

    @Test(
        "tone --output rawmidi: set-up, bend, note, release, then silence (CC123, bend centre; CC123 on channel 10)"
    )
    func toneToRawMIDI() throws {
        let (folder, _) = try scratch()
        let out = folder + "/out.mid"
        let result = try PeachBinary.run([
            "tone", "A4", "--cents", "+12.3", "--duration", "0.05", "--output", "rawmidi:" + out,
            "--midi-channels", "1",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("on rawmidi:\(out)"))
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(
            bytes == [
                // Silence what may have been left sounding: the clicks' channel 10, then its own.
                0xB9, 120, 0, 0xB9, 123, 0,
                0xB0, 120, 0, 0xB0, 123, 0,
                // RPN 0 = ±2 semitones
                0xB0, 101, 0, 0xB0, 100, 0, 0xB0, 6, 2, 0xB0, 38, 0, 0xB0, 101, 127, 0xB0, 100, 127,
                0xE0, 0x00, 0x40, 0xB0, 11, 127,  // centre, expression
                0xE0, 0x78, 0x43, 0x90, 69, 63,  // +12.3 cents, A4
                0x80, 69, 0,  // release
                0xB0, 123, 0, 0xE0, 0x00, 0x40, 0xB9, 123, 0,  // silence
            ])
    }

    /// Starts `peach tone C4` for 30 s on a raw-MIDI "synth" at the FIFO `fifo`, and opens the FIFO's reading
    /// end (which returns once peach has written to it).
    func toneOnSynth(fifo: String, channels: String) throws -> (Process, FileHandle) {
        #expect(mkfifo(fifo, 0o600) == 0)
        let process = Process()
        process.executableURL = PeachBinary.url
        process.arguments = [
            "tone", "C4", "--duration", "30", "--output", "rawmidi:" + fifo, "--midi-channels", channels,
        ]
        process.environment = PeachBinary.baseEnvironment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, try #require(FIFOEnd.handle(fifo, O_RDONLY, for: process)))
    }

    @Test(
        "any terminating signal while a note sounds on an external synth: the synth is silenced, exit 128 + n",
        arguments: [SIGTERM, SIGHUP, SIGUSR1, SIGALRM, SIGQUIT])
    func signalSilences(signal: Int32) throws {
        let (folder, _) = try scratch()
        let (process, reader) = try toneOnSynth(fifo: folder + "/synth.fifo", channels: "1")
        var received: [UInt8] = []
        while !(received.suffix(3) == [0x90, 60, 63]) {  // blocks until peach writes; no sleeping
            let chunk = reader.readData(ofLength: 1)
            guard !chunk.isEmpty else { break }
            received += chunk
        }
        #expect(received.suffix(3) == [0x90, 60, 63])
        kill(process.processIdentifier, signal)
        let rest = [UInt8](reader.readDataToEndOfFile())
        process.waitUntilExit()
        #expect(process.terminationStatus == 128 + signal)
        #expect(rest == [0x80, 60, 0, 0xB0, 123, 0, 0xE0, 0x00, 0x40, 0xB9, 123, 0])
    }

    @Test("kill -9 at random moments while playing to an external synth: the next start silences it first")
    func killNineLoop() throws {
        let (folder, _) = try scratch()
        var synth = SynthModel()
        var generator = SeededRandomGenerator(seed: 16)
        var stuck = 0
        for round in 0..<8 {
            let (process, reader) = try toneOnSynth(fifo: folder + "/synth\(round).fifo", channels: "1-4")
            let watchdog = Watchdog(process)
            // Kill during the set-up (after a random number of its bytes) or once the note sounds.
            let killAfter =
                Int.random(in: 0...3, using: &generator) == 0
                ? Int.random(in: 1...12, using: &generator) : nil
            var received: [UInt8] = []
            var silencedBeforeNote: Bool?
            while true {  // blocks until peach writes; no sleeping
                let chunk = reader.readData(ofLength: 1)
                guard !chunk.isEmpty else { break }
                if chunk.first! & 0xF0 == 0x90, silencedBeforeNote == nil {
                    synth.play(received)
                    silencedBeforeNote = synth.sounding.isEmpty  // the previous round's stuck note is off
                    received = []
                }
                received += chunk
                if let killAfter, received.count >= killAfter, silencedBeforeNote == nil { break }
                if silencedBeforeNote != nil, received.count == 3 { break }  // the note-on is complete
            }
            kill(process.processIdentifier, SIGKILL)
            received += reader.readDataToEndOfFile()
            process.waitUntilExit()
            watchdog.disarm("peach tone")
            if let silencedBeforeNote {
                #expect(
                    silencedBeforeNote,
                    "round \(round): a note from before was still on when the next one began")
            }
            synth.play(received)
            stuck += synth.sounding.isEmpty ? 0 : 1
        }
        #expect(stuck >= 4)  // the loop did leave notes on for the next start to clear
    }

    @Test("kill -9 while a timing click sounds on an external synth: the next start silences channel 10 too")
    func killNineDuringClick() throws {
        let (folder, _) = try scratch()
        let controller = folder + "/controller.fifo"  // opened but never written: the run waits for strikes
        #expect(mkfifo(controller, 0o600) == 0)
        let output = folder + "/clicks.fifo"
        #expect(mkfifo(output, 0o600) == 0)
        let process = Process()
        process.executableURL = PeachBinary.url
        process.arguments = [
            "timing", "--output", "rawmidi:" + output, "--midi-channels", "1", "--midi-in", controller,
            "--data-dir", folder + "/data",
        ]
        process.environment = PeachBinary.baseEnvironment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let watchdog = Watchdog(process)
        let reader = try #require(FIFOEnd.handle(output, O_RDONLY, for: process))
        var received: [UInt8] = []
        while !(received.count >= 3 && received[received.count - 3] == 0x99) {  // a click's note-on
            let chunk = reader.readData(ofLength: 1)
            guard !chunk.isEmpty else { break }
            received += chunk
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        watchdog.disarm("peach timing")
        var synth = SynthModel()
        synth.play(received)
        #expect(synth.sounding.contains { $0[0] == 9 }, "a wood block was left sounding: \(received)")
        // The next start, on another channel: its set-up silences the clicks' channel before its first note.
        let (next, nextReader) = try toneOnSynth(fifo: folder + "/synth.fifo", channels: "1")
        let nextWatchdog = Watchdog(next)
        var setup: [UInt8] = []
        while !(setup.count >= 3 && setup[setup.count - 3] == 0x90) {
            let chunk = nextReader.readData(ofLength: 1)
            guard !chunk.isEmpty else { break }
            setup += chunk
        }
        kill(next.processIdentifier, SIGTERM)
        _ = nextReader.readDataToEndOfFile()
        next.waitUntilExit()
        nextWatchdog.disarm("peach tone")
        synth.play(Array(setup.dropLast(3)))
        #expect(synth.sounding.isEmpty, "still sounding when the next note began: \(synth.sounding)")
    }

    @Test(
        "in a terminal, the computer keyboard answers, tunes and stops (standing in where there is no sequencer)",
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"),
            "needs script(1) for a terminal"))
    func keyboardInTerminal() throws {
        let (status, text) = try PeachBinary.runInTerminal(
            "\(PeachBinary.url.path) monitor --json --midi-in keyboard", typing: "h\u{1B}[B+\rq")
        #expect(status == 0)
        let keys = text.split(whereSeparator: \.isNewline).compactMap { line -> String? in
            guard let start = line.firstIndex(of: "{"),
                let object = try? JSONSerialization.jsonObject(with: Data(line[start...].utf8))
                    as? [String: Any]
            else { return nil }
            return object["key"] as? String
        }
        #expect(keys == ["h", "Down", "+", "Enter", "q"], "\(text)")
    }

    @Test(
        "peach train in a terminal: q stops it and the terminal is left as it was (echo and line editing back)",
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"),
            "needs script(1) for a terminal"))
    func terminalRestored() throws {
        let folder = paths.path("peach-tty")
        let (_, text) = try PeachBinary.runInTerminal(
            "\(PeachBinary.url.path) train --midi-in keyboard --audio-out null --data-dir \(folder) --note-duration 0.3; "
                + "echo \"status=$?\"; stty -a", typing: "q")
        #expect(text.contains("status=0"), "\(text)")
        #expect(text.contains("Stopped. Nothing was stored."))
        let modes = text.split(whereSeparator: \.isWhitespace)
        #expect(modes.contains("icanon") && modes.contains("echo"), "\(text)")
        #expect(!modes.contains("-icanon") && !modes.contains("-echo"))
    }

    @Test(
        "in a terminal the training screen uses colour, and NO_COLOR turns it off (the symbols and words stay)",
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"),
            "needs script(1) for a terminal"))
    func colour() throws {
        let folder = paths.path("peach-colour")
        let command = "\(PeachBinary.url.path) train --midi-in keyboard --audio-out null --data-dir \(folder)"
        let coloured = try PeachBinary.runInTerminal(command, typing: "q", environment: ["TERM": "xterm"])
        #expect(coloured.text.contains("\u{1B}[1mPitch discrimination\u{1B}[0m"))
        let plain = try PeachBinary.runInTerminal(
            command, typing: "q", environment: ["TERM": "xterm", "NO_COLOR": "1"])
        #expect(plain.text.contains("Pitch discrimination  (default, null)"))
        #expect(!plain.text.contains("\u{1B}[1m"))
    }

    @Test("devices says plainly when there is no sequencer", .enabled(if: !ALSAMachine.hasSequencer))
    func devicesWithoutSequencer() throws {
        let result = try PeachBinary.run(["devices"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput.hasPrefix("No ALSA sequencer on this machine (/dev/snd/seq is missing)"))
        #expect(
            result.standardOutput.contains(
                "Audio outputs that can play here (--audio-out alsa:NAME):\n    null"))
        #expect(result.standardOutput.contains("No sound card here: train in silence with --audio-out null"))
        #expect(!result.standardOutput.contains("lavrate") && !result.standardOutput.contains("oss"))
        let play = try PeachBinary.run(["tone", "A4", "--output", "midi"])
        #expect(play.status == 1)
        // An output's hint is about --output; an input's about --midi-in.
        #expect(play.standardError.hasPrefix("peach: midi: no ALSA sequencer here"))
        #expect(play.standardError.contains("--output synth") && !play.standardError.contains("--midi-in"))
        let monitor = try PeachBinary.run(["monitor"])
        #expect(monitor.status == 1)
        #expect(monitor.standardError.hasPrefix("peach: seq: no ALSA sequencer here"))
        #expect(monitor.standardError.contains("--midi-in keyboard"))
    }
}

/// What a General MIDI synth makes of a byte stream: which notes sound on which channel. Note on/off, All Sound
/// Off (CC 120) and All Notes Off (CC 123); Peach writes a status byte for every message.
struct SynthModel {
    /// Sounding (channel, note) pairs.
    private(set) var sounding: Set<[UInt8]> = []

    mutating func play(_ bytes: [UInt8]) {
        var index = 0
        while index < bytes.count {
            let status = bytes[index]
            guard status & 0x80 != 0 else {
                index += 1
                continue
            }
            let length = (0xC0...0xDF).contains(status) ? 2 : (status >= 0xF0 ? 1 : 3)
            guard index + length <= bytes.count else { return }
            let channel = status & 0x0F
            switch status & 0xF0 {
            case 0x90 where bytes[index + 2] > 0: sounding.insert([channel, bytes[index + 1]])
            case 0x80, 0x90: sounding.remove([channel, bytes[index + 1]])
            case 0xB0 where bytes[index + 1] == 120 || bytes[index + 1] == 123:
                sounding = sounding.filter { $0[0] != channel }
            default: break
            }
            index += length
        }
    }
}
