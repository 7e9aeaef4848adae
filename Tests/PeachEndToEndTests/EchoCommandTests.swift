// EchoCommandTests: `peach echo` end to end: raw MIDI strikes echo the bars, scored, stored and said.

import Foundation
import PeachTestSupport
import Testing

@Suite("peach echo, end to end")
struct EchoCommandTests {
    @Test(
        "strikes written where the bar's notes belong are scored as hits, stored, and left out of the iOS CSV"
    )
    func echoesABar() throws {
        let folder = NSTemporaryDirectory() + "peach-echo-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/pads.fifo", 0o600) == 0)
        let running = try PeachBinary.start([
            "echo", "--midi-in", "rawmidi:\(folder)/pads.fifo", "--audio-out", "wav:\(folder)/echo.wav",
            "--events", "-", "--data-dir", "\(folder)/data", "--tempo", "60",
        ])
        let watchdog = Watchdog(running.process)
        let controller = open(folder + "/pads.fifo", O_WRONLY)  // returns once peach has opened it
        #expect(controller >= 0)
        let events = LineReader(running.output)
        let call = try #require(events.await("\"call\"").flatMap { Self.object($0) })
        let rhythm = try #require(call["rhythm"] as? String)
        #expect(call["level"] as? Int == 1)
        // The echo bar starts: strike each note of the bar where it belongs (60 BPM: a beat is a second).
        try #require(events.await("\"respond\"") != nil)
        let start = Date()
        let onsets = rhythm.split(separator: " ").enumerated().flatMap { beat, figure in
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
        let result = try #require(events.await("\"result\"").flatMap { Self.object($0) }, "\(events.lines)")
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
        let onsetLines = events.lines.filter { $0.contains("\"echoOnset\"") }
        #expect(onsetLines.count == onsets.count)
        let journal = try String(contentsOfFile: folder + "/data/records.jsonl", encoding: .utf8)
        #expect(journal.contains("\"type\":\"rhythmEcho\"") && journal.contains("\"rhythm\":\"\(rhythm)\""))
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
