// ServeKernelTests: `peach serve` on the real kernel (alsa-vm): virtual MIDI devices choose and answer, the
// controller goes away and comes back, the loopback records the earcons, the store keeps every answer.

import Foundation
import PeachTestSupport
import Testing

@Suite("peach serve on the real kernel", .serialized)
struct ServeKernelTests {
    /// The virtual MIDI device that plays the controller (the other VM tests, running meanwhile, use 0 to 2),
    /// and the loopback substream that carries the box's sound (the tone tests use 0 and 1).
    static let device = 3

    /// Writes MIDI bytes into a virtual MIDI device (they come out of its sequencer client).
    static func play(_ bytes: [UInt8], card: Int) throws {
        let path = "/dev/snd/midiC\(card)D\(device)"
        let handle = try #require(FileHandle(forWritingAtPath: path), "\(path)")
        handle.write(Data(bytes))
        try handle.close()
    }

    /// Runs `command` and waits for it; returns its exit status and output.
    @discardableResult
    static func shell(_ command: String) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try? process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// A controller that can be unplugged and plugged again: the sequencer clients of `aseqnet` (a server and
    /// a client talking over the VM's loopback network, both called "Net Client"), with the virtual MIDI
    /// device's client connected to the network client, so bytes written into the device come out of the
    /// server's port. (`rmmod snd-virmidi` is refused while a subscriber holds its port, as Peach does; a USB
    /// controller simply vanishes.) Killing both clients unplugs it.
    final class Bridge {
        private var processes: [Process] = []

        init(card: Int) throws {
            let server = try Self.start([])
            processes.append(server)
            try #require(Self.clientNumber(pid: server.processIdentifier) != nil, "aseqnet server")
            var number: Int?
            // The server listens once its client exists; connect until it answers.
            for _ in 0..<50 where number == nil {
                let client = try Self.start(["localhost"])
                number = Self.clientNumber(pid: client.processIdentifier)
                if number == nil {
                    kill(client.processIdentifier, SIGKILL)
                } else {
                    processes.append(client)
                }
            }
            let client = try #require(number, "aseqnet client")
            let connect = ServeKernelTests.shell(
                "aconnect 'Virtual Raw MIDI \(card)-\(ServeKernelTests.device):0' \(client):0")
            try #require(connect.status == 0, "aconnect: \(connect.output)")
        }

        /// Unplugs: both clients end at once, as a controller pulled out does.
        func unplug() {
            for process in processes {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            processes = []
        }

        deinit { unplug() }

        private static func start(_ arguments: [String]) throws -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["aseqnet"] + arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }

        /// The sequencer client number of process `pid`, once it exists (looked up for up to a second), or nil.
        private static func clientNumber(pid: Int32) -> Int? {
            for _ in 0..<20 {
                let listing = ServeKernelTests.shell("aconnect -l").output
                for line in listing.split(separator: "\n") where line.contains("pid=\(pid)]") {
                    let number = line.dropFirst("client ".count).prefix { $0.isNumber }
                    return Int(number)
                }
                // The client appears when aseqnet has started (and, for a client, connected).
                _ = poll(nil, 0, 50)
            }
            return nil
        }
    }

    @Test(
        "the box in the VM: a virtual controller chooses and answers, is unplugged and plugged again; the loopback hears every earcon",
        .enabled(
            if: ALSAMachine.hasVirtualMIDI && ALSAMachine.hasLoopback,
            "needs snd-virmidi and snd-aloop (run in ../shared/tools/alsa-vm)"))
    func vmServe() throws {
        let card = try #require(ALSAMachine.virtualMIDICard)
        let folder = NSTemporaryDirectory() + "peach-serve-\(UUID().uuidString)"
        let recording = folder + "/loopback.wav"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        ServeKernelTests.shell("ifconfig lo 127.0.0.1 up")
        var bridge: Bridge? = try Bridge(card: card)
        let recorder = Process()
        recorder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        recorder.arguments = [
            "arecord", "-q", "-D", "hw:Loopback,1,\(Self.device)", "-f", "FLOAT_LE", "-r", "48000", "-c", "2",
            "-d", "120",
            recording,
        ]
        try recorder.run()
        let started = try PeachBinary.start([
            "serve", "--midi-in", "seq:Net Client", "--audio-out", "alsa:hw:Loopback,0,\(Self.device)",
            "--latency", "1024x3", "--events", "-", "--data-dir", folder + "/data", "--note-duration", "0.3",
            "--feedback-duration", "0.2", "--range", "C3-C4",
        ])
        let serve = started.process
        let watchdog = Watchdog(serve)
        defer {
            if serve.isRunning { kill(serve.processIdentifier, SIGKILL) }
            if recorder.isRunning { kill(recorder.processIdentifier, SIGKILL) }
        }
        let log = LineReader(started.errors)
        let events = LineReader(started.output)
        try #require(log.await("audio: alsa:hw:Loopback,0,\(Self.device)") != nil, "\(log.lines)")
        try #require(log.await("controller connected: ") != nil, "\(log.lines)")
        usleep(600_000)  // the ready earcon sounds before the player chooses

        // Lower chooses comparison; two right answers.
        try Self.play([0x90, 48, 90, 0x80, 48, 0], card: card)
        for _ in 0..<2 {
            let trial = try #require(events.await("\"trialStarted\""), "\(log.lines)")
            let higher = !trial.contains("\"cents\":-")
            events.await("\"note2Started\"")
            let key: UInt8 = higher ? 72 : 48
            try Self.play([0x90, key, 90, 0x80, key, 0], card: card)
            #expect(events.await("\"result\"")?.contains("\"correct\":true") == true)
        }
        events.await("\"trialStarted\"")

        // Unplugged: the session ends and the box waits; plugged again: ready.
        bridge?.unplug()
        #expect(log.await("session ended (controllerDisconnected): Pitch discrimination, 2 answers") != nil)
        usleep(800_000)  // the stopped earcon: a player plugs in again a moment later
        bridge = try Bridge(card: card)
        try #require(log.await("controller connected: ") != nil, "\(log.lines)")

        // Higher chooses pitch matching; the pedal commits at once (the tunable note's start offset).
        usleep(600_000)  // the ready earcon sounds before the player chooses
        try Self.play([0x90, 72, 90, 0x80, 72, 0], card: card)
        events.await("\"tunableStarted\"")
        try Self.play([0xB0, 64, 127, 0xB0, 64, 0], card: card)
        let result = try #require(events.await("\"result\""))
        let error = try #require(
            (try JSONSerialization.jsonObject(with: Data(result.utf8)) as? [String: Any])?["errorCents"]
                as? Double)
        events.await("\"trialStarted\"")
        kill(serve.processIdentifier, SIGTERM)
        events.await("never")
        log.await("never")
        serve.waitUntilExit()
        // Unplugged only now: unplugging at the SIGTERM raced it, and the session could end as disconnected.
        bridge = nil
        watchdog.disarm("peach serve")
        #expect(serve.terminationStatus == 0, "\(log.lines)")
        #expect(
            log.lines.contains { $0.contains("session ended (signal): Pitch matching, 1 attempt") },
            "\(log.lines)")
        let records = try String(contentsOfFile: folder + "/data/records.jsonl", encoding: .utf8)
        #expect(records.split(separator: "\n").count == 3, "every answer stored")

        // The recording: the earcons in order, in tune.
        usleep(500_000)  // the last half second reaches the file
        kill(recorder.processIdentifier, SIGKILL)
        recorder.waitUntilExit()
        let samples = WAVSamples.floats(in: try Data(contentsOf: URL(fileURLWithPath: recording)))
        let left = stride(from: 0, to: samples.count - 1, by: 2).map { samples[$0] }
        let earcons = ServeCommandTests.stretches(left).filter { $0.frequency > 500 }
        let notes = earcons.map { ServeCommandTests.note($0.frequency) }
        let expected: [Int] = Self.expectedEarcons(resultError: error)
        // Every earcon's notes are placed on the synth's frames together, so a busy main actor (the session's end,
        // the store written) no longer runs them into each other (it did in one CI run: the stopped earcon's last
        // two notes heard as one). The first earcon sounds while the device has just opened and the debug build
        // in the emulator is at its slowest: an underrun there may cut a note in two, so it is only checked to be
        // in the ready earcon's range and to end on its last note.
        let first: [Int] = Array(notes.dropLast(expected.count))
        let rest: [Int] = Array(notes.suffix(expected.count))
        #expect(rest == expected, "\(earcons.map { ($0.start, $0.frequency) })")
        let inRange: Bool = first.allSatisfy { (note: Int) -> Bool in note >= 72 && note <= 79 }
        #expect(!first.isEmpty, "the first ready earcon")
        #expect(inRange, "\(first)")
        #expect(first.last == 79, "\(first)")
    }

    /// The earcons after the first ready earcon, as MIDI notes: comparison, stopped, ready again, pitch matching,
    /// and the result for a pitch-matching error of `resultError` cents (A5, then where the user's pitch was).
    static func expectedEarcons(resultError: Double) -> [Int] {
        var result = 81
        if resultError > 20 {
            result = 88
        } else if resultError > 5 {
            result = 83
        } else if resultError < -20 {
            result = 74
        } else if resultError < -5 {
            result = 79
        }
        var notes: [Int] = [72, 79]
        notes.append(contentsOf: [79, 76, 72])
        notes.append(contentsOf: [72, 76, 79])
        notes.append(contentsOf: [76, 76])
        notes.append(contentsOf: [81, result])
        return notes
    }
}
