// ServeCommandTests: `peach serve` end to end: a scripted controller chooses modes and trains, SIGHUP and
// SIGTERM arrive, and the rendered WAV holds the earcons at the levels the settings asked for.

import Foundation
import PeachTestSupport
import Testing

@Suite("peach serve, end to end", .serialized)
struct ServeCommandTests {
    /// One sounding stretch of the WAV: where it is, its pitch and level.
    struct Stretch {
        let start: Double
        let end: Double
        let frequency: Double
        let rms: Double
        let largestStep: Double
        let peak: Double
    }

    /// The stretches of sound separated by at least 5 ms of silence, 60 ms or longer (earcon notes are 110 ms).
    static func stretches(_ samples: [Float]) -> [Stretch] {
        var result: [Stretch] = []
        var start: Int?
        var quiet = 0
        func close(_ begun: Int, _ end: Int) {
            guard end - begun > 2_880 else { return }
            let slice = Array(samples[begun..<end])
            result.append(
                Stretch(
                    start: Double(begun) / 48_000, end: Double(end) / 48_000,
                    frequency: Measure.frequency(
                        samples, sampleRate: 48_000, from: Double(begun) / 48_000 + 0.015,
                        to: Double(end) / 48_000 - 0.015),
                    rms: Measure.rms(slice[slice.count / 4..<slice.count * 3 / 4]),
                    largestStep: Measure.largestStep(slice), peak: Double(slice.map { abs($0) }.max() ?? 0)))
        }
        for (index, sample) in samples.enumerated() {
            if abs(sample) > 0.002 {
                if start == nil { start = index }
                quiet = 0
            } else if let begun = start {
                quiet += 1
                if quiet > 240 {
                    close(begun, index - quiet)
                    start = nil
                }
            }
        }
        if let begun = start { close(begun, samples.count) }
        return result
    }

    /// The MIDI note nearest `frequency` (A4 = 440 Hz).
    static func note(_ frequency: Double) -> Int { Int((69 + 12 * log2(frequency / 440)).rounded()) }

    @Test(
        "the box: ready earcon, Lower starts comparison, stop, SIGHUP changes the earcon level, Higher starts matching with a result earcon, SIGTERM exits 0"
    )
    func serve() throws {
        let session = try ScriptedSession(
            mode: "serve", extra: ["--range", "C3-C4"],
            settings: #"{"wrongAnswerTick": false, "earconLevel": -6}"#)
        usleep(800_000)  // the ready earcon (0.39 s) plays before the player chooses
        session.press(key: 48)  // Lower: comparison
        #expect(session.next("started")?["mode"] as? String == "comparison")
        let answered = try session.answerRight(3)
        #expect(answered.allSatisfy { $0.result?["correct"] as? Bool == true })
        session.next("trialStarted")
        session.play([0xB0, 100, 127, 0xB0, 100, 0])  // the profile's stop
        #expect(session.next("stopped")?["reason"] as? String == "user")
        usleep(600_000)  // the stopped earcon
        try #"{"wrongAnswerTick": false, "earconLevel": -26}"#.write(
            toFile: session.folder + "/config/peach/settings.json", atomically: true, encoding: .utf8)
        session.signal(SIGHUP)
        usleep(300_000)  // a person's pause: the box reads the file meanwhile
        session.press(key: 72)  // Higher: pitch matching
        #expect(session.next("started")?["mode"] as? String == "pitchMatching")
        let trial = try #require(session.next("trialStarted"))
        let initial = try #require(trial["initialCents"] as? Double)
        session.next("tunableStarted")
        let bend = Int(((30 - initial) / 200 * 8192).rounded())  // aim 30 cents sharp: "far, sharp"
        let raw = UInt16(min(max(bend, -8192), 8191) + 8192)
        session.play([0xE0, UInt8(raw & 0x7F), UInt8(raw >> 7)])
        usleep(TrainingSessionTests.reaction)
        session.play([0xB0, 64, 127, 0xB0, 64, 0])
        let result = try #require(session.next("result"))
        let error = try #require(result["errorCents"] as? Double)
        session.next("trialStarted")
        session.signal(SIGTERM)
        let (status, stderr) = session.finish()
        #expect(status == 0, "\(stderr)")
        #expect(stderr.contains("peach serve: controller connected: "))
        #expect(stderr.contains("peach serve: settings and profile read again (profile script)"))
        #expect(stderr.contains("peach serve: session ended (user): Pitch discrimination, 3 answers"))
        #expect(stderr.contains("peach serve: session ended (signal): Pitch matching, 1 attempt"))
        #expect(!stderr.contains("\u{1B}"), "no terminal codes in the journal")
        #expect(try session.records().count == 4)
        let status2 = try PeachBinary.run(["serve", "--status", "--data-dir", session.folder + "/data"])
        #expect(
            status2.standardOutput.contains("session ended (user): Pitch discrimination, 3 answers, 3 right"))

        // The earcons in the audio: every stretch above 500 Hz (training notes are C3–C4 ± 2 semitones).
        let (samples, _) = try session.audio()
        let earcons = Self.stretches(samples).filter { $0.frequency > 500 }
        let notes = earcons.map { Self.note($0.frequency) }
        let last: Int = error > 20 ? 88 : (error > 5 ? 83 : 81)
        // ready, comparison, stopped, pitch matching, the result
        let expected: [Int] = [72, 76, 79, 72, 79, 79, 76, 72, 76, 76, 81, last]
        #expect(
            notes == expected,
            "\(earcons.map { ($0.start, $0.frequency) })")
        guard notes.count == 12 else { return }
        for (stretch, note) in zip(earcons, notes) {
            let exact = 440 * pow(2, Double(note - 69) / 12)
            #expect(
                abs(1200 * log2(stretch.frequency / exact)) < 1,
                "earcon note \(note): \(stretch.frequency) Hz")
            #expect(abs(stretch.end - stretch.start - 0.11) < 0.03, "a note of 110 ms")
            // No click: no step larger than the steepest slope of a sine at this pitch and peak.
            #expect(stretch.largestStep < 2 * Double.pi * exact / 48_000 * stretch.peak * 1.1)
        }
        // The levels: -6 dB before SIGHUP, -26 dB after: 20 dB apart.
        let before = earcons[0..<8].map(\.rms).reduce(0, +) / 8  // ready, comparison, stopped
        let after = earcons[8..<12].map(\.rms).reduce(0, +) / 4  // pitch matching, result
        #expect(abs(20 * log10(before / after) - 20) < 1, "\(20 * log10(before / after)) dB")
    }
    @Test(
        "the box takes the timing calibration of its controller and output from calibration.json beside its settings"
    )
    func serveCalibrated() throws {
        let session = try ScriptedSession(mode: "serve", settings: #"{"wrongAnswerTick": false}"#)
        usleep(800_000)  // the ready earcon
        session.play([0xB0, 64, 127, 0xB0, 64, 0])  // Commit: fill the gap
        let started = try #require(session.next("started"))
        #expect(started["mode"] as? String == "gapFill")
        let output = try #require(started["output"] as? String)
        session.play([0xB0, 100, 127, 0xB0, 100, 0])  // the profile's stop
        #expect(session.next("stopped")?["reason"] as? String == "user")
        // A calibration of this controller (the raw stream, named by its path) on this output: 40 ms late.
        let calibration = """
            {"calibrations": [{"controller": "rawmidi:\(session.folder)/controller.fifo", "output": "\(output)",
              "offsetMs": 40, "spreadMs": 3, "strikes": 20, "time": "2026-12-05T19:00:00Z"}]}
            """
        try calibration.write(
            toFile: session.folder + "/config/peach/calibration.json", atomically: true, encoding: .utf8)
        usleep(600_000)  // the stopped earcon
        session.play([0xB0, 64, 127, 0xB0, 64, 0])
        #expect(session.next("started")?["mode"] as? String == "gapFill")
        // Strikes a step and a bit apart: whichever lands within half a sixteenth of a gap counts.
        for _ in 0..<12 {
            usleep(230_000)
            session.play([0x90, 50, 90, 0x80, 50, 0])
        }
        let strike = try #require(session.next("strike"))
        let raw = try #require(strike["offsetMs"] as? Double)
        let calibrated = try #require(strike["calibratedOffsetMs"] as? Double)
        #expect(abs(raw - 40 - calibrated) < 1e-6, "\(strike)")
        session.signal(SIGTERM)
        let (status, stderr) = session.finish()
        #expect(status == 0, "\(stderr)")
    }
}
