// TimingCommandTests: `peach timing` end to end: raw MIDI answers, the events stream, the store, exact click samples.

import Foundation
import PeachTestSupport
import Testing

@Suite("peach timing, end to end")
struct TimingCommandTests {
    @Test("a key answers the offset click, the result is stored, and the WAV's clicks fall on their samples")
    func answerAndClicks() throws {
        let folder = NSTemporaryDirectory() + "peach-timing-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/pads.fifo", 0o600) == 0)
        let running = try PeachBinary.start([
            "timing", "--midi-in", "rawmidi:\(folder)/pads.fifo", "--audio-out", "wav:\(folder)/clicks.wav",
            "--events", "-", "--data-dir", "\(folder)/data", "--tempo", "80",
        ])
        let watchdog = Watchdog(running.process)
        // Once peach has opened its end (not for ever when it ended first).
        let controller = FIFOEnd.open(folder + "/pads.fifo", O_WRONLY, for: running.process)
        #expect(controller >= 0)
        var pending = Data()
        func next(_ name: String) -> [String: Any]? {
            while true {
                while let newline = pending.firstIndex(of: 0x0A) {
                    let line = pending[pending.startIndex..<newline]
                    pending = Data(pending[(newline + 1)...])
                    if let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                        object["event"] as? String == name
                    {
                        return object
                    }
                }
                let chunk = running.output.fileHandleForReading.availableData
                if chunk.isEmpty { return nil }
                pending += chunk
            }
        }
        let trial = try #require(next("trialStarted"))
        let offset = try #require(trial["offsetMs"] as? Double)
        #expect(trial["tempo"] as? Int == 80 && trial["offsetClick"] as? Int == 3)
        // A player hears the third click (0.4 s in) and answers: the right direction, by its key.
        usleep(700_000)
        let key: UInt8 = offset < 0 ? 48 : 72
        _ = write(controller, [0x90, key, 90, 0x80, key, 0], 6)
        let result = try #require(next("result"))
        #expect(result["correct"] as? Bool == true)
        #expect(result["offsetMs"] as? Double == offset)
        kill(running.process.processIdentifier, SIGINT)  // Ctrl-C: a FIFO's controller never ends by itself
        running.process.waitUntilExit()
        watchdog.disarm("peach timing")
        close(controller)
        #expect(running.process.terminationStatus == 130)

        let journal = try String(contentsOfFile: folder + "/data/records.jsonl", encoding: .utf8)
        #expect(
            journal.contains("\"type\":\"rhythmOffsetDetection\"") && journal.contains("\"correct\":true"))
        // The first trial's four clicks: a sixteenth (9000 samples at 48 kHz and 80 BPM) apart, the third
        // off by the trial's offset, each on its sample (the frames are rounded each, so within one).
        let samples = WAVSamples.floats(
            in: try Data(contentsOf: URL(fileURLWithPath: folder + "/clicks.wav")))
        var onsets: [Int] = []
        var quiet = 48_000
        for (index, sample) in samples.enumerated() {
            let loud = abs(sample) > 0.1
            if loud, quiet > 2_400 { onsets.append(index) }
            quiet = loud ? 0 : quiet + 1
        }
        try #require(onsets.count >= 4, "\(onsets)")
        let shift = offset / 1000 * 48_000
        let gaps = zip(onsets.dropFirst(), onsets).prefix(3).map { Double($0 - $1) }
        #expect(abs(gaps[0] - 9_000) <= 1)
        #expect(abs(gaps[1] - (9_000 + shift)) <= 1)
        #expect(abs(gaps[2] - (9_000 - shift)) <= 1)
        #expect(abs(Double(samples[onsets[0]]) - 0.5) < 1e-6, "a click's first sample is its loudest")
    }

    @Test(
        "a run whose sound cannot open tells an --events reader: started with the output, stopped for audioFailure"
    )
    func soundNotOpenedIsTold() throws {
        let folder = NSTemporaryDirectory() + "peach-unopened-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try PeachBinary.run([
            "timing", "--midi-in", "rawmidi:/dev/null", "--audio-out", "wav:\(folder)/no/such/folder/x.wav",
            "--events", "\(folder)/events.jsonl", "--data-dir", "\(folder)/data",
        ])
        #expect(result.status == 1, "\(result.standardError)")
        let lines = try String(contentsOfFile: folder + "/events.jsonl", encoding: .utf8).split(
            separator: "\n")
        let events = lines.compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(events.map { $0["event"] as? String } == ["started", "stopped"], "\(lines)")
        #expect(events.last?["reason"] as? String == "audioFailure")
        #expect(result.standardError.hasPrefix("peach: "), "\(result.standardError)")
    }

    @Test(
        "timing calibrate --events -: stdout holds only the JSON lines, the words of the saved calibration go to stderr"
    )
    func calibrateEventsStayJSON() throws {
        let folder = NSTemporaryDirectory() + "peach-calibrate-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/pads.fifo", 0o600) == 0)
        // Strikes from a FIFO are timed when Peach reads them, so a loaded machine (the emulated arm64 suite) can
        // spread them past the 20 ms a calibration keeps: such a run is told as uneven (checked below) and run
        // again, at most three times, each retry printed.
        var run = try calibrate(in: folder)
        for attempt in 2...3 where run.status == 1 && run.errors.contains("too uneven to calibrate by") {
            print(
                "timing calibrate: the machine spread the strikes (\(run.errors.prefix(80))…); attempt \(attempt)"
            )
            run = try calibrate(in: folder)
        }
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.contains("Saved in \(folder)/config/peach/calibration.json."), "\(run.errors)")
        #expect(FileManager.default.fileExists(atPath: folder + "/config/peach/calibration.json"))
    }

    /// One `peach timing calibrate --events -` run fed a strike every sixteenth: its exit status, standard
    /// output (checked to be only JSON lines) and standard error.
    func calibrate(in folder: String) throws -> (status: Int32, errors: String) {
        let running = try PeachBinary.start(
            [
                "timing", "calibrate", "--midi-in", "rawmidi:\(folder)/pads.fifo", "--audio-out",
                "wav:\(folder)/clicks.wav",
                "--events", "-", "--data-dir", "\(folder)/data", "--tempo", "60",
            ], environment: ["XDG_CONFIG_HOME": folder + "/config"])
        let watchdog = Watchdog(running.process)
        // Once peach has opened its end (not for ever when it ended first).
        let controller = FIFOEnd.open(folder + "/pads.fifo", O_WRONLY, for: running.process)
        #expect(controller >= 0)
        // A strike every sixteenth (250 ms at 60 BPM), each at its own moment from the first (no sleeps adding up:
        // a calibration keeps only strikes within 20 ms of each other): each is within half a sixteenth of a
        // click, so each counts once the loop runs; the run ends by itself after the twentieth (its `stopped`).
        var output = ""
        let reader = running.output.fileHandleForReading
        let descriptor = reader.fileDescriptor
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let first = DispatchTime.now().uptimeNanoseconds
        for index in 0..<60 where !output.contains(#""event":"stopped""#) {
            let strike: [UInt8] = [0x90, 38, 100, 0x80, 38, 0]
            _ = write(controller, strike, strike.count)
            let next = first + UInt64(index + 1) * 250_000_000
            let now = DispatchTime.now().uptimeNanoseconds
            if next > now { usleep(UInt32((next - now) / 1000)) }
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 { output += String(decoding: buffer[..<count], as: UTF8.self) }
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        output += String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
        close(controller)
        let errors = String(
            decoding: running.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        running.process.waitUntilExit()
        watchdog.disarm("peach timing calibrate")
        let lines = output.split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "\(line)")
        }
        return (running.process.terminationStatus, errors)
    }
}
