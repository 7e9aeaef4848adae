// TrainingSessionTests: full `peach train` and `peach match` sessions played by a scripted controller through
// a FIFO; the events, the store and the rendered audio must agree.

import Foundation
import PeachTestSupport
import Testing

/// A `peach` training process driven through a FIFO, with its `--events -` stream read line by line.
final class ScriptedSession {
    let folder: String
    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private var pending = Data()
    private var controller: Int32 = -1
    private var outputClosed = false
    /// Kills a session that hangs (say, waiting for an answer that never came), so its test fails instead.
    private var watchdog: Watchdog?
    /// Every JSON event read so far.
    private(set) var events: [[String: Any]] = []
    /// The screen's lines: with `--events -` into a pipe the screen goes to stderr (stdout holds only the JSON
    /// lines), so they are known once ``finish()`` has read stderr.
    private(set) var screen: [String] = []
    /// Lines on stdout that are not JSON events: there must be none.
    private(set) var strayOutput: [String] = []

    /// Starts `peach MODE` with a scripted profile (stop = CC100), short notes, no tick, a WAV sink.
    init(
        mode: String, environment: [String: String] = [:], audioOut: String? = nil, extra: [String] = [],
        settings: String = #"{"wrongAnswerTick": false}"#, profileOption: Bool = true,
        beforeController: (String) -> Void = { _ in }
    ) throws {
        folder = NSTemporaryDirectory() + "peach-session-\(UUID().uuidString)"
        try FileManager.default.createDirectory(
            atPath: folder + "/config/peach/profiles", withIntermediateDirectories: true)
        try settings.write(
            toFile: folder + "/config/peach/settings.json", atomically: true, encoding: .utf8)
        try #"""
        {"actions": [
          {"action": "higher", "notes": {"from": 60, "to": 127}},
          {"action": "lower", "notes": {"from": 0, "to": 59}},
          {"action": "commit", "controller": 64},
          {"action": "stop", "controller": 100}],
         "tune": {"control": "pitchBend", "cents": 200}}
        """#.write(toFile: folder + "/config/peach/profiles/script.json", atomically: true, encoding: .utf8)
        #expect(mkfifo(folder + "/controller.fifo", 0o600) == 0)
        process.executableURL = PeachBinary.url
        process.arguments =
            [
                mode, "--midi-in", "rawmidi:\(folder)/controller.fifo", "--audio-out",
                audioOut ?? "wav:\(folder)/session.wav", "--events", "-", "--data-dir", "\(folder)/data",
                "--note-duration", "0.3",
                "--gap", "0.1", "--feedback-duration", "0.15", "--range", "C4-C5",
            ] + (profileOption ? ["--profile", "script"] : []) + extra
        process.environment = PeachBinary.baseEnvironment.merging(["XDG_CONFIG_HOME": folder + "/config"]) {
            $1
        }.merging(
            environment
        ) { $1 }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        watchdog = Watchdog(process)
        beforeController(folder)
        // Once peach has opened its end (not for ever when it ended first).
        controller = FIFOEnd.open(folder + "/controller.fifo", O_WRONLY, for: process)
        #expect(controller >= 0, "peach ended, or did not open its controller FIFO in time")
    }

    /// A test that ended early (a failed expectation) leaves no `peach` behind.
    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        if controller >= 0 { close(controller) }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Plays MIDI bytes on the scripted controller.
    func play(_ bytes: [UInt8]) {
        _ = write(controller, bytes, bytes.count)
    }

    /// Reads events until one named `name` arrives (blocking on the pipe); nil at the end of the output.
    @discardableResult
    func next(_ name: String) -> [String: Any]? {
        while true {
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending = Data(pending[(newline + 1)...])
                if line.hasPrefix("{"),
                    let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                {
                    events.append(object)
                    if object["event"] as? String == name { return object }
                } else {
                    strayOutput.append(line)
                }
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            pending += chunk
        }
    }

    /// Presses and releases a key, as a player does: a key still held is not pressed again (the mapper ignores a
    /// repeated note-on without its note-off), so an answer is always a whole press.
    func press(key: UInt8) {
        play([0x90, key, 90, 0x80, key, 0])
    }

    /// Answers the next comparison right, and waits until the one after it has started.
    func answerOneCorrectly() throws {
        let trial = try #require(next("trialStarted"))
        let cents = try #require(trial["cents"] as? Double)
        next("note2Started")
        press(key: cents > 0 ? 72 : 48)
        next("result")
        next("trialStarted")
    }

    /// Answers the next `count` comparisons right, `reaction` microseconds after note 2 starts; returns each
    /// one's `trialStarted` event and its `result` (nil if none came).
    func answerRight(
        _ count: Int, reaction: UInt32 = TrainingSessionTests.reaction
    ) throws -> [(trial: [String: Any], result: [String: Any]?)] {
        try (0..<count).map { _ in
            let trial = try #require(next("trialStarted"))
            let cents = try #require(trial["cents"] as? Double)
            next("note2Started")
            usleep(reaction)
            press(key: cents > 0 ? 72 : 48)
            return (trial, next("result"))
        }
    }

    /// Waits for the next trial, stops with the stop control (CC100) and waits for the end.
    func stopAtNextTrial() -> (status: Int32, errors: String) {
        next("trialStarted")
        play([0xB0, 100, 127])
        next("stopped")
        return finish()
    }

    /// Stops reading the events, as `peach train --events - | head` does once `head` has its lines.
    func closeOutput() throws {
        try output.fileHandleForReading.close()
        outputClosed = true
    }

    /// Sends `number` to the process (SIGHUP to `peach serve`).
    func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// Waits for the end; returns the exit status and the error lines of stderr (`peach: …` and log lines; the
    /// screen's lines go to ``screen``).
    func finish() -> (status: Int32, errors: String) {
        if !outputClosed { next("never") }
        close(controller)
        controller = -1
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        watchdog?.disarm("peach \(process.arguments?.first ?? "")")
        var errorLines: [String] = []
        for line in text.split(separator: "\n").map(String.init) {
            let isLog = line.range(of: #"^[0-9]{4}-[0-9]{2}-[0-9]{2}T"#, options: .regularExpression) != nil
            if line.hasPrefix("peach:") || line.hasPrefix("peach serve:") || isLog {
                errorLines.append(line)
            } else {
                screen.append(line)
            }
        }
        return (process.terminationStatus, errorLines.joined(separator: "\n"))
    }

    /// The stored records.
    func records() throws -> [[String: Any]] {
        let text = try String(contentsOfFile: folder + "/data/records.jsonl", encoding: .utf8)
        return try text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    /// The frequency of each sounding stretch of the audio, measured 30 ms inside its ends.
    func noteFrequencies() throws -> [Double] {
        let (samples, notes) = try audio()
        return notes.map {
            Measure.frequency(samples, sampleRate: 48_000, from: $0.start + 0.03, to: $0.end - 0.03)
        }
    }

    /// The rendered audio (mono float WAV) and the sounding stretches in it (start, end), in seconds.
    func audio() throws -> (samples: [Float], notes: [(start: Double, end: Double)]) {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/session.wav"))
        let samples = WAVSamples.floats(in: data)
        var notes: [(Double, Double)] = []
        var start: Int?
        var quiet = 0
        for (index, sample) in samples.enumerated() {
            if abs(sample) > 0.02 {
                if start == nil { start = index }
                quiet = 0
            } else if let begun = start {
                quiet += 1
                if quiet > 480 {  // 10 ms of silence ends a note
                    // Notes last 0.3 s; a stretch under 0.1 s is a release tail's last wisp, not a note.
                    if index - quiet - begun > 4_800 {
                        notes.append((Double(begun) / 48_000, Double(index - quiet) / 48_000))
                    }
                    start = nil
                }
            }
        }
        return (samples, notes)
    }
}

/// Live sessions in real time (a few seconds each); one at a time keeps their timing like a person's.
@Suite("peach train and match, end to end", .serialized)
struct TrainingSessionTests {
    /// A person's reaction time after note 2 starts: scripted input timing, not waiting for anything.
    static let reaction: UInt32 = 200_000

    @Test("measure: answered trials placed by Psi end the run by itself with the threshold; records marked")
    func measure() throws {
        let session = try ScriptedSession(
            mode: "measure", audioOut: "null", extra: ["--trials", "20", "--precision", "0"])
        #expect(session.next("started")?["mode"] as? String == "measurement")
        for _ in 1...20 {
            let trial = try #require(session.next("trialStarted"))
            let cents = try #require(trial["cents"] as? Double)
            session.next("note2Started")
            // A fine listener: right above 4 cents, wrong below.
            let right = abs(cents) >= 4
            let higher = (cents > 0) == right
            session.play([0x90, higher ? 72 : 48, 90, 0x80, higher ? 72 : 48, 0])
            session.next("result")
        }
        let stopped = try #require(session.next("stopped"))
        #expect(stopped["reason"] as? String == "measured")
        let (status, _) = session.finish()
        #expect(status == 0)
        #expect(session.screen.last?.hasPrefix("Measured: threshold ") == true, "\(session.screen)")
        let records = try session.records()
        #expect(records.count == 20)
        #expect(records.allSatisfy { $0["procedure"] as? String == "measurement" })
    }

    @Test("a controllerProfile saved while train runs maps the controller from the next trial on")
    func profileChangeReachesRun() throws {
        let session = try ScriptedSession(
            mode: "train", audioOut: "null",
            settings: #"{"wrongAnswerTick": false, "controllerProfile": "script"}"#, profileOption: false)
        // The second profile: key 50 stops (in "script" it answers lower).
        try
            #"{"actions": [{"action": "higher", "notes": {"from": 60, "to": 127}}, {"action": "stop", "note": 50}]}"#
            .write(
                toFile: session.folder + "/config/peach/profiles/stopper.json", atomically: true,
                encoding: .utf8)
        #expect(session.next("started")?["profile"] as? String == "script")
        try session.answerOneCorrectly()  // the second trial has started, with "script"
        let set = try PeachBinary.run(
            ["settings", "set", "controllerProfile", "stopper"],
            environment: ["XDG_CONFIG_HOME": session.folder + "/config"])
        #expect(set.status == 0, "\(set.standardError)")
        // This trial keeps "script": key 50 answers it.
        session.next("note2Started")
        session.press(key: 50)
        #expect(session.next("result") != nil)
        // The next one reads the settings and maps with "stopper": key 50 stops.
        session.next("note2Started")
        session.press(key: 50)
        #expect(session.next("stopped")?["reason"] as? String == "user")
        let (status, errors) = session.finish()
        #expect(status == 0, "\(errors)")
        #expect(try session.records().count == 2)
        #expect(session.screen.contains("Controller profile now stopper."), "\(session.screen)")
    }

    @Test("train: a scripted controller answers four comparisons; events, store and audio agree")
    func train() throws {
        let session = try ScriptedSession(mode: "train")
        #expect(session.next("started")?["mode"] as? String == "comparison")
        var expected: [(cents: Double, answer: String, correct: Bool)] = []
        for number in 1...4 {
            let trial = try #require(session.next("trialStarted"))
            let cents = try #require(trial["cents"] as? Double)
            session.next("note2Started")
            usleep(Self.reaction)
            let right = cents > 0 ? "higher" : "lower"
            // The third answer is wrong on purpose.
            let answer = number == 3 ? (right == "higher" ? "lower" : "higher") : right
            session.play([0x90, answer == "higher" ? 72 : 48, 90, 0x80, answer == "higher" ? 72 : 48, 0])
            let result = try #require(session.next("result"))
            #expect(result["correct"] as? Bool == (number != 3))
            expected.append((cents, answer, number != 3))
        }
        session.next("trialStarted")
        session.play([0xB0, 100, 127])
        let stopped = session.next("stopped")
        let (status, errors) = session.finish()
        #expect(status == 0, "\(errors)")
        #expect(stopped?["reason"] as? String == "user")
        #expect(session.screen.contains { $0.contains("✘ Incorrect") })
        #expect(session.screen.last?.hasPrefix("Stopped. 4 answered, 3 correct.") == true)
        #expect(session.strayOutput.isEmpty, "stdout holds only the JSON lines: \(session.strayOutput)")
        // The store holds exactly the four answers, as the events told them.
        let records = try session.records()
        #expect(records.count == 4)
        for (record, trial) in zip(records, expected) {
            #expect(record["cents"] as? Double == trial.cents)
            #expect(record["answer"] as? String == trial.answer)
            #expect(record["correct"] as? Bool == trial.correct)
            #expect(record["input"] as? String == "midi-note")
        }
        // The audio: each trial is note 1 then note 2, note 2 off by the trial's cents.
        let frequencies = try session.noteFrequencies()
        #expect(frequencies.count >= 8)
        let starts = session.events.filter { $0["event"] as? String == "trialStarted" }
        for (index, trial) in expected.enumerated() {
            let (f1, f2) = (frequencies[2 * index], frequencies[2 * index + 1])
            let note1 = try #require(starts[index]["note1"] as? Int)
            #expect(
                abs(1200 * log2(f1 / 440) - Double(note1 - 69) * 100) < 0.5, "note 1 of trial \(index + 1)")
            #expect(abs(1200 * log2(f2 / f1) - trial.cents) < 0.5, "note 2 of trial \(index + 1)")
        }
    }

    @Test("train on a SoundFont preset: the output names it and note 2 is off by the trial's cents, exactly")
    func trainOnSoundFont() throws {
        let folder = NSTemporaryDirectory() + "peach-sf-train-\(UUID().uuidString).sf2"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(SoundFontBuilder.loopedSine(presets: [("Sampled Sine", 0)]).bytes())
            .write(to: URL(fileURLWithPath: folder))
        let session = try ScriptedSession(mode: "train", extra: ["--soundfont", folder])
        let started = try #require(session.next("started"))
        #expect((started["output"] as? String)?.hasSuffix("· Sampled Sine") == true, "\(started)")
        // A slower answer: a longer note 2 gives the 0.01-cent measurement more cycles (a loaded machine once
        // left too few at 200 ms).
        let differences = try session.answerRight(2, reaction: 400_000).map {
            try #require($0.trial["cents"] as? Double)
        }
        let (status, errors) = session.stopAtNextTrial()
        #expect(status == 0, "\(errors)")
        #expect(errors.isEmpty, "\(errors)")
        let frequencies = try session.noteFrequencies()
        #expect(frequencies.count >= 4)
        for (index, cents) in differences.enumerated() {
            let (f1, f2) = (frequencies[2 * index], frequencies[2 * index + 1])
            #expect(abs(1200 * log2(f2 / f1) - cents) < 0.01, "trial \(index + 1)")
        }
    }

    @Test(
        "train --intervals P5,M3down --tuning just: note 2 is the just interval from note 1, plus the cents")
    func trainIntervals() throws {
        let session = try ScriptedSession(
            mode: "train", extra: ["--intervals", "P5,M3down", "--tuning", "just", "--range", "C3-C5"])
        var trials: [(interval: String, cents: Double)] = []
        for (trial, result) in try session.answerRight(6) {
            let interval = try #require(trial["interval"] as? String)
            let note1 = try #require(trial["note1"] as? Int)
            let note2 = try #require(trial["note2"] as? Int)
            #expect(trial["tuning"] as? String == "just")
            #expect(note2 - note1 == (interval == "P5" ? 7 : -4))
            #expect(result?["correct"] as? Bool == true)
            trials.append((interval, try #require(trial["cents"] as? Double)))
        }
        let (status, errors) = session.stopAtNextTrial()
        #expect(status == 0, "\(errors)")
        // Which intervals six unseeded trials draw is chance; that both are drawn is the unit tests' (seeded).
        #expect(Set(trials.map(\.interval)).isSubset(of: ["P5", "M3down"]))
        let records = try session.records()
        #expect(records.count == 6)
        #expect(records.allSatisfy { $0["v"] as? Int == 2 && $0["tuning"] as? String == "just" })
        let frequencies = try session.noteFrequencies()
        #expect(frequencies.count >= 12)
        for (index, trial) in trials.enumerated() {
            let (f1, f2) = (frequencies[2 * index], frequencies[2 * index + 1])
            let pure = trial.interval == "P5" ? 1200 * log2(3.0 / 2) : -1200 * log2(5.0 / 4)
            #expect(abs(1200 * log2(f2 / f1) - pure - trial.cents) < 0.05, "trial \(index + 1)")
        }
    }

    @Test("train --intervals M3 --tuning just on an external synth (MTS): the bytes tune it within 0.01 cent")
    func trainIntervalsOnExternalSynth() throws {
        let synth = NSTemporaryDirectory() + "peach-synth-\(UUID().uuidString).mid"
        defer { unlink(synth) }
        let session = try ScriptedSession(
            mode: "train",
            extra: [
                "--intervals", "M3", "--tuning", "just", "--midi-tuning", "mts", "--output",
                "rawmidi:" + synth,
            ])
        let cents = try session.answerRight(3).map { try #require($0.trial["cents"] as? Double) }
        let (status, errors) = session.stopAtNextTrial()
        #expect(status == 0, "\(errors)")
        // Each note-on follows the single-note tuning (F0 7F 7F 08 02 pp 01 kk ss fh fl F7) of its key.
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: synth)))
        var tuned: [Int: Double] = [:]
        var sounding: [Double] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0xF0, index + 11 < bytes.count, bytes[index + 3] == 0x08 {
                tuned[Int(bytes[index + 7])] =
                    Double(bytes[index + 8]) + Double(Int(bytes[index + 9]) << 7 | Int(bytes[index + 10]))
                    / 16384
                index += 12
            } else if bytes[index] & 0xF0 == 0x90, index + 2 < bytes.count, bytes[index + 2] > 0 {
                sounding.append(try #require(tuned[Int(bytes[index + 1])]))
                index += 3
            } else {
                index += 1
            }
        }
        #expect(sounding.count >= 6)
        let third = 1200 * log2(5.0 / 4)
        for (trial, difference) in cents.enumerated() {
            let interval = (sounding[2 * trial + 1] - sounding[2 * trial]) * 100
            #expect(abs(interval - third - difference) < 0.01, "trial \(trial + 1): \(interval)")
        }
    }

    @Test("match --intervals P4down --tuning pythagorean: the target is the interval; the error is from it")
    func matchIntervals() throws {
        let session = try ScriptedSession(
            mode: "match", extra: ["--intervals", "P4down", "--tuning", "pythagorean"])
        for aim in [0.0, -9.0] {
            let trial = try #require(session.next("trialStarted"))
            let initial = try #require(trial["initialCents"] as? Double)
            #expect(trial["interval"] as? String == "P4down")
            #expect((trial["targetNote"] as? Int).map { $0 + 5 } == trial["referenceNote"] as? Int)
            session.next("tunableStarted")
            let bend = Int(((aim - initial) / 200 * 8192).rounded())
            let raw = UInt16(min(max(bend, -8192), 8191) + 8192)
            session.play([0xE0, UInt8(raw & 0x7F), UInt8(raw >> 7)])
            usleep(Self.reaction)
            session.play([0xB0, 64, 127, 0xB0, 64, 0])
            let error = try #require(session.next("result")?["errorCents"] as? Double)
            #expect(abs(error - aim) < 0.05)
            session.play([0xE0, 0x00, 0x40])
        }
        session.play([0xB0, 100, 127])
        session.next("stopped")
        let (status, stderr) = session.finish()
        #expect(status == 0, "\(stderr)")
        let records = try session.records()
        #expect(records.count == 2)
        #expect(records.allSatisfy { $0["tuning"] as? String == "pythagorean" && $0["targetNote"] != nil })
        // The sound: reference, then the tunable note at the pure fourth below (the first aim was 0), measured in
        // the last 100 ms before the commit, where the wheel had long moved it.
        let (samples, notes) = try session.audio()
        #expect(notes.count >= 2)
        let reference = Measure.frequency(
            samples, sampleRate: 48_000, from: notes[0].start + 0.03, to: notes[0].end - 0.03)
        let tuned = Measure.frequency(
            samples, sampleRate: 48_000, from: notes[1].end - 0.13, to: notes[1].end - 0.03)
        let fourth = 1200 * log2(4.0 / 3)
        let first = 1200 * log2(tuned / reference)
        #expect(abs(first + fourth) < 0.05, "\(first)")
    }

    @Test("match: the wheel tunes and the pedal commits; the stored error is what the wheel did")
    func match() throws {
        let session = try ScriptedSession(mode: "match")
        #expect(session.next("started")?["mode"] as? String == "pitchMatching")
        var errors: [Double] = []
        for aim in [0.0, 12.0, -25.0] {
            let trial = try #require(session.next("trialStarted"))
            let initial = try #require(trial["initialCents"] as? Double)
            session.next("tunableStarted")
            // Move the wheel by (aim − initial) cents: 8192 steps are 200 cents.
            let bend = Int(((aim - initial) / 200 * 8192).rounded())
            let raw = UInt16(min(max(bend, -8192), 8191) + 8192)
            session.play([0xE0, UInt8(raw & 0x7F), UInt8(raw >> 7)])
            usleep(Self.reaction)
            session.play([0xB0, 64, 127, 0xB0, 64, 0])
            let result = try #require(session.next("result"))
            let error = try #require(result["errorCents"] as? Double)
            #expect(abs(error - aim) < 0.05, "aimed at \(aim), got \(error)")
            errors.append(error)
            session.play([0xE0, 0x00, 0x40])  // let go of the wheel between notes
        }
        session.play([0xB0, 100, 127])
        #expect(session.next("stopped")?["reason"] as? String == "user")
        let (status, stderr) = session.finish()
        #expect(status == 0, "\(stderr)")
        let records = try session.records()
        #expect(records.map { $0["errorCents"] as? Double } == errors.map { $0 })
        #expect(records.allSatisfy { $0["tuneControl"] as? String == "pitch-bend" })
        #expect(session.screen.contains { $0.contains("Dead center") })
    }

    @Test("German: the screen speaks German when LANG says so; SIGTERM stops cleanly with 143")
    func germanAndSignal() throws {
        let session = try ScriptedSession(mode: "train", environment: ["LANG": "de_DE.UTF-8"])
        try session.answerOneCorrectly()
        session.process.terminate()
        let stopped = session.next("stopped")
        let (status, _) = session.finish()
        #expect(status == 143)
        #expect(stopped?["reason"] as? String == "signal")
        #expect(session.screen.contains { $0.contains("✔ Richtig") })
        #expect(session.screen.first == "Tonhöhen unterscheiden  (script, wav:\(session.folder)/session.wav)")
        #expect(session.screen.last?.hasPrefix("Durch SIGTERM beendet. 1 beantwortet, 1 richtig.") == true)
        #expect(session.strayOutput.isEmpty, "stdout holds only the JSON lines: \(session.strayOutput)")
        #expect(try session.records().count == 1)  // the unfinished trial was discarded
    }

    @Test("the reader of the events goes away: the run ends cleanly, exit 0, the answers given are stored")
    func readerGone() throws {
        let session = try ScriptedSession(mode: "train")
        try session.answerOneCorrectly()
        session.next("note2Started")
        try session.closeOutput()
        session.press(key: 72)  // an answer: its result is the first write nobody reads
        let (status, errors) = session.finish()
        #expect(status == 0)
        #expect(errors.isEmpty, "\(errors)")
        #expect(try session.records().count == 2)
        // The sound was shut down, not cut off: the WAV header counts every sample written.
        let wav = try Data(contentsOf: URL(fileURLWithPath: session.folder + "/session.wav"))
        let dataSize = wav[54..<58].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
        #expect(Int(dataSize) == wav.count - 58)
        #expect(dataSize > 0)
    }

    @Test(
        "the journal replaced under a running session: the next answer is refused, exit 1, no 'saved' claim")
    func journalReplaced() throws {
        let session = try ScriptedSession(mode: "train")
        try session.answerOneCorrectly()
        // Another program writes a file aside and renames it over the journal (an export onto it did this).
        let journal = session.folder + "/data/records.jsonl"
        try "[]\n".write(toFile: session.folder + "/aside", atomically: false, encoding: .utf8)
        #expect(rename(session.folder + "/aside", journal) == 0)
        // answerOneCorrectly waited until the next trial started: answer that one.
        let trial = try #require(session.events.last { $0["event"] as? String == "trialStarted" })
        let cents = try #require(trial["cents"] as? Double)
        session.next("note2Started")
        session.press(key: cents > 0 ? 72 : 48)
        let stopped = session.next("stopped")
        let (status, errors) = session.finish()
        #expect(status == 1)
        #expect(stopped?["reason"] as? String == "storeFailed")
        #expect(errors.contains("records.jsonl was replaced or removed by another program"), "\(errors)")
        #expect(!errors.contains("are saved"), "\(errors)")
        #expect(
            try String(contentsOfFile: journal, encoding: .utf8) == "[]\n", "nothing appended to the new file"
        )
    }

    @Test("the sound device lost mid-session: one line, exit 1, the answers given are stored")
    func soundLost() throws {
        let audio = NSTemporaryDirectory() + "peach-audio-\(UUID().uuidString).fifo"
        #expect(mkfifo(audio, 0o600) == 0)
        defer { unlink(audio) }
        let drain = AudioDrain()
        let session = try ScriptedSession(mode: "train", audioOut: "wav:" + audio) { _ in
            drain.start(path: audio)
        }
        try session.answerOneCorrectly()
        drain.stop()  // the reader goes away: the next write fails, as when a device is unplugged
        let stopped = session.next("stopped")
        let (status, errors) = session.finish()
        #expect(status == 1)
        #expect(stopped?["reason"] as? String == "audioFailure")
        #expect(errors.hasPrefix("peach: The sound failed: "), "\(errors)")
        #expect(errors.contains("(the reader went away). 1 answered, 1 correct."))
        #expect(try session.records().count == 1)
    }
}

/// Reads a FIFO on its own thread (the "sound device") until told to stop, then closes it.
final class AudioDrain: @unchecked Sendable {
    private let lock = NSLock()
    private var stopping = false
    private let done = DispatchSemaphore(value: 0)

    func start(path: String) {
        let thread = Thread { [self] in
            let descriptor = open(path, O_RDONLY)  // returns once peach has opened it for writing
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !lock.withLock({ stopping }), read(descriptor, &buffer, buffer.count) > 0 {}
            close(descriptor)
            done.signal()
        }
        thread.start()
    }

    func stop() {
        lock.withLock { stopping = true }
        done.wait()
    }
}
