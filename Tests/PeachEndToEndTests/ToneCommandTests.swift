// ToneCommandTests: `peach tone` renders a precise, readable WAV file and names bad input.

import Foundation
import PeachTestSupport
import Testing

@Suite("peach tone")
struct ToneCommandTests {
    @Test("renders the requested pitch into a standard float WAV file")
    func wav() throws {
        let path = NSTemporaryDirectory() + "peach-tone-\(UUID().uuidString).wav"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try PeachBinary.run([
            "tone", "A4", "--cents", "-7.5", "--duration", "1.5", "--audio-out", "wav:" + path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.prefix(4) == Data("RIFF".utf8))
        #expect(data[20] == 3 && data[22] == 1)  // IEEE float, mono
        let samples = WAVSamples.floats(in: data)
        #expect(abs(Double(samples.count) / 48_000 - 1.55) < 0.01)
        var crossings: [Double] = []
        for index in 4800..<(samples.count - 4800) where samples[index - 1] < 0 && samples[index] >= 0 {
            let a = Double(samples[index - 1])
            let b = Double(samples[index])
            crossings.append(Double(index - 1) + a / (a - b))
        }
        let frequency = Double(crossings.count - 1) * 48_000 / (crossings[crossings.count - 1] - crossings[0])
        #expect(abs(1200 * log2(frequency / 440) + 7.5) < 0.01)
        #expect(samples.suffix(240).allSatisfy { $0 == 0 })  // released with a ramp, then silence
    }

    @Test(
        "bad input: one line, exit 64",
        arguments: [
            (
                ["tone", "H4", "--audio-out", "null"],
                "'H4' is not valid here; use a note name such as A4, C#3 or Bb2, or a MIDI number 0-127."
            ),
            (
                ["tone", "A4", "--timbre", "kazoo", "--audio-out", "null"],
                "--timbre 'kazoo' is not valid; expected one of sine, piano or organ."
            ),
            (
                ["tone", "A4", "--audio-out", "speakers"],
                "--audio-out 'speakers' is not valid; use alsa:DEVICE, jack, jack:CLIENT, wav:PATH or null."
            ),
            (
                ["tone", "A4", "--sweep", "5000", "--audio-out", "null"],
                "--sweep 5000 is out of range; use -1200–1200 cents."
            ),
            (
                ["tone", "A4", "--cents", "1+2", "--audio-out", "null"],
                "--cents '1+2' is not valid; use a number such as +12.3 or -5."
            ),
            (
                ["tone", "A4", "--gain", "loud", "--audio-out", "null"],
                "--gain 'loud' is not valid; use a number such as +12.3 or -5."
            ),
        ])
    func badInput(arguments: [String], message: String) throws {
        let result = try PeachBinary.run(arguments)
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1)
    }
}

@Suite("peach tone on ALSA")
struct ToneALSATests {
    @Test(
        "plays live through alsa-lib and reports the device's format, the buffer asked for and the delay measured"
    )
    func nullDevice() throws {
        let standard = try PeachBinary.run(["tone", "A4", "--duration", "0.1", "--audio-out", "alsa:null"])
        #expect(standard.status == 0, "\(standard.standardError)")
        #expect(
            standard.standardOutput.contains(
                "on alsa:null (FLOAT_LE, 2 ch, 48000 Hz, buffer 3 x 256 frames (16.0 ms), measured delay "),
            "\(standard.standardOutput)")
        let low = try PeachBinary.run([
            "tone", "C4", "--duration", "0.1", "--sweep", "30", "--sweep-time", "0.05", "--latency", "low",
            "--audio-out", "alsa:null",
        ])
        #expect(low.status == 0, "\(low.standardError)")
        #expect(low.standardOutput.contains("2 x 64 frames (2.7 ms)"), "\(low.standardOutput)")
    }

    @Test("in German, H is B and B is B-flat, read and shown so; in English, B is B")
    func germanNoteNames() throws {
        let german = ["LANG": "de_DE.UTF-8"]
        let h = try PeachBinary.run(
            ["tone", "H4", "--duration", "0.05", "--audio-out", "null"], environment: german)
        #expect(h.status == 0 && h.standardOutput.hasPrefix("H4 0,0 Cent = 493,88 Hz"), "\(h.standardOutput)")
        let b = try PeachBinary.run(
            ["tone", "B4", "--duration", "0.05", "--audio-out", "null"], environment: german)
        #expect(b.standardOutput.hasPrefix("B4 0,0 Cent = 466,16 Hz"), "\(b.standardOutput)")
        let english = try PeachBinary.run(["tone", "B4", "--duration", "0.05", "--audio-out", "null"])
        #expect(english.standardOutput.hasPrefix("B4 0.0 cents = 493.88 Hz"), "\(english.standardOutput)")
        let wrong = try PeachBinary.run(["tone", "X4", "--audio-out", "null"], environment: german)
        #expect(wrong.status == 64 && !wrong.standardError.contains("<note>"), "\(wrong.standardError)")
    }

    @Test("a missing device: one line naming it, exit 1; the default comes from the settings")
    func missingDevice() throws {
        let named = try PeachBinary.run(["tone", "A4", "--audio-out", "alsa:hw:7,0"])
        #expect(named.status == 1)
        #expect(
            named.standardError.hasPrefix("peach: alsa:hw:7,0: no such audio device"),
            "\(named.standardError)")
        #expect(named.standardError.split(separator: "\n").count == 1)
        let home = NSTemporaryDirectory() + "peach-home-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(
            atPath: home + "/.config/peach", withIntermediateDirectories: true)
        try Data(#"{"audioOutput": "alsa:no-such-pcm"}"#.utf8).write(
            to: URL(fileURLWithPath: home + "/.config/peach/settings.json"))
        let fromSettings = try PeachBinary.run(["tone", "A4"], environment: ["HOME": home])
        #expect(fromSettings.status == 1)
        #expect(
            fromSettings.standardError.hasPrefix("peach: alsa:no-such-pcm: no such audio device"),
            "\(fromSettings.standardError)")
    }
}

/// Real kernel devices, one test at a time (they share the VM's loopback card).
@Suite("peach tone on real ALSA devices (VM)", .serialized)
struct ToneKernelDeviceTests {
    @Test(
        "a device another program holds: one line saying it is busy, exit 1, at once",
        .enabled(if: ALSAMachine.hasLoopback, "needs snd-aloop (run in ../shared/tools/alsa-vm)"))
    func vmBusyDevice() throws {
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = [
            "aplay", "-q", "-D", "hw:Loopback,0,1", "-f", "S16_LE", "-r", "48000", "-c", "2", "/dev/zero",
        ]
        try holder.run()
        defer {
            kill(holder.processIdentifier, SIGKILL)
            holder.waitUntilExit()
        }
        // aplay opens the device before it reads; try a few times until aplay holds it. Large periods: see
        // vmLoopback.
        let arguments = [
            "tone", "A4", "--audio-out", "alsa:hw:Loopback,0,1", "--latency", "1024x3", "--duration", "0.05",
        ]
        var result = try PeachBinary.run(arguments)
        for _ in 0..<20 where result.status == 0 {
            result = try PeachBinary.run(arguments)
        }
        #expect(result.status == 1)
        #expect(
            result.standardError.hasPrefix("peach: alsa:hw:Loopback,0,1: the audio device is busy"),
            "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test(
        "real kernel loopback: what peach plays on hw:Loopback,0,0 is recorded at hw:Loopback,1,0, in tune and click-free",
        .enabled(if: ALSAMachine.hasLoopback, "needs snd-aloop (run in ../shared/tools/alsa-vm)"))
    func vmLoopback() throws {
        let recording = NSTemporaryDirectory() + "peach-loopback-\(UUID().uuidString).wav"
        defer { try? FileManager.default.removeItem(atPath: recording) }
        // The recorder runs until told to stop, so a slow, loaded emulator (peach taking seconds to start) cannot
        // cut the note off: it is stopped once the recording holds half a second more than when peach ended.
        let recorder = Process()
        recorder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        recorder.arguments = [
            "arecord", "-q", "-D", "hw:Loopback,1,0", "-f", "FLOAT_LE", "-r", "48000", "-c", "2", "-d", "120",
            recording,
        ]
        try recorder.run()
        // snd-aloop in the VM is clocked by the 4 ms kernel tick (HZ=250): periods shorter than a tick fail there
        // with EIO, so this test asks for 256-frame periods (real sound cards interrupt per period).
        let result = try PeachBinary.run([
            "tone", "A4", "--cents", "+12.3", "--duration", "1", "--latency", "1024x3",
            "--audio-out", "alsa:hw:Loopback,0,0",
        ])
        func recorded() -> [Float] {
            guard let data = FileManager.default.contents(atPath: recording) else { return [] }
            return WAVSamples.floats(in: data)
        }
        // peach has played the whole note when it exits; half a second more of recording holds its tail.
        func size() -> Int {
            (try? FileManager.default.attributesOfItem(atPath: recording)[.size] as? Int) ?? 0
        }
        let wanted = size() + 48_000 * 2 * 4 / 2
        let deadline = Date().addingTimeInterval(60)
        while size() < wanted, Date() < deadline {
            _ = poll(nil, 0, 50)  // the device fills the file in real time; look again in 50 ms
        }
        // SIGKILL: a SIGINT the test runner ignores is ignored by arecord too; the samples are on disk already
        // (only the header's length field stays as arecord first wrote it, and it is not read).
        kill(recorder.processIdentifier, SIGKILL)
        recorder.waitUntilExit()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.contains(
                "FLOAT_LE, 2 ch, 48000 Hz, buffer 3 x 1024 frames (64.0 ms), measured delay "))
        #expect(!result.standardOutput.contains("underruns"), "\(result.standardOutput)")
        let samples = recorded()
        let left = stride(from: 0, to: samples.count - 1, by: 2).map { samples[$0] }
        guard let first = left.firstIndex(where: { abs($0) > 0.01 }),
            let last = left.lastIndex(where: { abs($0) > 0.01 })
        else {
            Issue.record("the recording is silent (\(samples.count) samples)")
            return
        }
        // The note is timed by the wall clock (the release can land a buffer late), the sound by the device. In
        // the emulated VM the loopback's clock is the guest's kernel tick, which loses ticks when the host is
        // busy: seen at 0.92 s of device time for 1 s of wall time while a sanitizer build ran beside it.
        let seconds = Double(last - first) / 48_000
        #expect(seconds > 0.85 && seconds < 1.2, "sounded for \(seconds) s")
        let tone = Array(left[first...last])
        let measured = Measure.frequency(tone, sampleRate: 48_000, from: 0.05, to: seconds - 0.05)
        #expect(abs(1200 * log2(measured / 440) - 12.3) < 0.01, "measured \(measured) Hz")
        // No dropout or click anywhere: the largest step is a sine's at this pitch and level.
        let limit = 2 * Double.pi * 443.1 / 48_000 * 0.25 * 1.05
        #expect(
            Measure.largestStep(Array(left[max(0, first - 100)...min(left.count - 1, last + 100)])) < limit)
    }
}
