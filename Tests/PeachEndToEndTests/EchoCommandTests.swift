// EchoCommandTests: `peach echo` end to end: raw MIDI strikes echo the bars, scored, stored and said.

import Foundation
import PeachTestSupport
import Testing

@Suite("peach echo, end to end")
struct EchoCommandTests {
    @Test(
        "strikes written where the bar's notes belong are scored as hits, stored raw, said with the calibration taken off, and left out of the iOS CSV"
    )
    func echoesABar() throws {
        let folder = NSTemporaryDirectory() + "peach-echo-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/pads.fifo", 0o600) == 0)
        // A calibration of the raw stream on this output: 3 ms late (small: the pairing hardly moves).
        try FileManager.default.createDirectory(
            atPath: folder + "/config/peach", withIntermediateDirectories: true)
        let output = "wav:\(folder)/echo.wav"
        try """
        {"calibrations": [{"controller": "raw MIDI", "output": "\(output)", "offsetMs": 3, "spreadMs": 1,
          "strikes": 20, "time": "2026-12-05T19:00:00Z"}]}
        """.write(toFile: folder + "/config/peach/calibration.json", atomically: true, encoding: .utf8)
        let running = try PeachBinary.start(
            [
                "echo", "--midi-in", "rawmidi:\(folder)/pads.fifo", "--audio-out", output,
                "--events", "-", "--data-dir", "\(folder)/data", "--tempo", "60",
            ], environment: ["XDG_CONFIG_HOME": folder + "/config"])
        let watchdog = Watchdog(running.process)
        // Once peach has opened its end (not for ever when it ended first).
        let controller = FIFOEnd.open(folder + "/pads.fifo", O_WRONLY, for: running.process)
        #expect(controller >= 0)
        let events = LineReader(running.output)
        // The echo bar is struck where its notes belong (60 BPM: a beat is a second). When the machine is too
        // busy to keep the output going, the session says `dropout`, discards the echo and counts in again:
        // the next bar is struck then (four cues at most; a dropout is the session's rule, not a failure).
        var rhythm = ""
        var onsets: [Double] = []
        var struck = 0  // where the lines of the echo scored begin
        var scored: [String: Any]?
        for _ in 0..<4 where scored == nil {
            let cue = try #require(events.await(anyOf: ["\"respond\"", "\"dropout\""]))
            guard let respond = Self.object(cue), respond["event"] as? String == "respond" else { continue }
            rhythm = try #require(respond["rhythm"] as? String)
            struck = events.lines.count
            let start = Date()
            onsets = rhythm.split(separator: " ").enumerated().flatMap { beat, figure in
                let parts = figure.split(separator: ":")
                let steps = Double(parts[0]) ?? 1
                return parts[1].enumerated().filter { $0.element == "x" }.map {
                    Double(beat) + Double($0.offset) / steps
                }
            }
            for onset in onsets {
                let wait = onset - Date().timeIntervalSince(start)
                if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
                let strike: [UInt8] = [0x99, 38, 100, 0x89, 38, 0]
                _ = write(controller, strike, strike.count)
            }
            let outcome = try #require(events.await(anyOf: ["\"result\"", "\"dropout\""]), "\(events.lines)")
            scored = Self.object(outcome).flatMap { $0["event"] as? String == "result" ? $0 : nil }
        }
        let result = try #require(scored, "\(events.lines)")
        #expect(events.lines.contains { $0.contains("\"call\"") && $0.contains("\"level\":1") })
        kill(running.process.processIdentifier, SIGINT)
        events.await("never")
        running.process.waitUntilExit()
        watchdog.disarm("peach echo")
        close(controller)
        #expect(running.process.terminationStatus == 130)
        let notes = try #require(result["hits"] as? Int).advanced(by: result["missed"] as? Int ?? 99)
        #expect(notes == onsets.count && result["rhythm"] as? String == rhythm)
        // Timed by when the bytes were read, after a pipe and a sleep: most notes land within their tolerance.
        #expect((result["hits"] as? Int ?? 0) >= onsets.count - 1, "\(result)")
        #expect(abs(result["meanOffsetMs"] as? Double ?? 999) < 40, "\(result)")
        let mean = try #require(result["meanOffsetMs"] as? Double)
        let calibratedMean = try #require(result["calibratedMeanOffsetMs"] as? Double, "\(result)")
        #expect(abs(mean - 3 - calibratedMean) < 1e-9)
        let onsetLines = events.lines[struck...].filter { $0.contains("\"echoOnset\"") }
        #expect(onsetLines.count == onsets.count)
        for onset in onsetLines.compactMap(Self.object) {
            guard let raw = onset["offsetMs"] as? Double else {
                #expect(onset["calibratedOffsetMs"] == nil, "a miss has no offset: \(onset)")
                continue
            }
            let calibrated = try #require(onset["calibratedOffsetMs"] as? Double, "\(onset)")
            #expect(abs(raw - 3 - calibrated) < 1e-9)
        }
        let journal = try String(contentsOfFile: folder + "/data/records.jsonl", encoding: .utf8)
        #expect(journal.contains("\"type\":\"rhythmEcho\"") && journal.contains("\"rhythm\":\"\(rhythm)\""))
        #expect(journal.contains("\"calibrationMs\":3,\"crc\""), "the calibration beside the raw offsets")
        // The profile takes it off, as the session did: the family's mean is the calibrated one.
        let profile = try PeachBinary.run(["profile", "--json", "--data-dir", folder + "/data"])
        let timing = try #require(Self.object(profile.standardOutput)?["timing"] as? [String: Any])
        let families = try #require(timing["echo"] as? [[String: Any]], "\(timing.keys)")
        let profiled = try #require(families.first?["meanOffsetMs"] as? Double)
        #expect(abs(profiled - calibratedMean) < 1e-3, "stored to the microsecond: \(families)")
        let export = try PeachBinary.run([
            "data", "export", "--format", "peach-csv", "--data-dir", folder + "/data",
        ])
        #expect(export.status == 0 && !export.standardOutput.contains("rhythmEcho"))
        #expect(export.standardError.contains("1 rhythm-echo records left out"), "\(export.standardError)")
    }

    static func object(_ line: String) -> [String: Any]? {
        try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    }
}
