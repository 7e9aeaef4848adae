// MonitorKernelTests: `peach monitor` on the real kernel sequencer: a virtual device's bytes become actions.

import Foundation
import PeachTestSupport
import Testing

@Suite("peach monitor on the kernel sequencer (VM)", .serialized)
struct MonitorKernelTests {
    @Test(
        "peach monitor connects to the virtual controllers, shows what one plays with its actions, and stops on Ctrl-C",
        .enabled(if: ALSAMachine.hasVirtualMIDI, "needs snd-virmidi (run in ../shared/tools/alsa-vm)"))
    func vmMonitor() throws {
        let card = try #require(ALSAMachine.virtualMIDICard)
        let process = Process()
        process.executableURL = PeachBinary.url
        process.arguments = ["monitor", "--json"]
        process.environment = ["HOME": "/nonexistent-home"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var lines: [[String: Any]] = []
        let reader = LineReader(output)
        /// Reads lines (blocking) until `count` of them match.
        func readUntil(_ count: Int, _ matches: ([String: Any]) -> Bool) {
            while lines.filter(matches).count < count, let line = reader.next() {
                if let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] {
                    lines.append(object)
                }
            }
        }
        // Only the virtual MIDI devices count: other VM tests, running meanwhile, may add clients of their own.
        let isVirtualMIDI = { (line: [String: Any]) in
            line["event"] as? String == "connected"
                && (line["client"] as? String)?.hasPrefix("Virtual Raw MIDI") == true
        }
        readUntil(4, isVirtualMIDI)
        // Device 2 (the library's sequencer tests, running meanwhile, use devices 0 and 1; only device 2's
        // events count here).
        let port = lines.first { $0["client"] as? String == "Virtual Raw MIDI \(card)-2" }?["port"] as? String
        let fromDevice = { (line: [String: Any]) in
            line["message"] != nil && line["source"] as? String == port
        }
        let device = open("/dev/snd/midiC\(card)D2", O_WRONLY)
        try #require(device >= 0)
        let bytes: [UInt8] = [0x90, 30, 99, 0xB0, 64, 127]
        #expect(write(device, bytes, bytes.count) == bytes.count)
        close(device)
        readUntil(2, fromDevice)
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let connected = lines.filter(isVirtualMIDI).compactMap {
            $0["client"] as? String
        }
        #expect(connected.sorted() == (0...3).map { "Virtual Raw MIDI \(card)-\($0)" })
        let events = lines.filter(fromDevice)
        let actions = events.map {
            ($0["actions"] as? [[String: Any]] ?? []).compactMap { $0["action"] as? String }
        }
        #expect(actions == [["lower"], ["commit"]])
    }

    @Test(
        "peach train stops with one line and exit 1 when its controller goes away",
        .enabled(if: ALSAMachine.hasSequencer, "needs /dev/snd/seq (run in ../shared/tools/alsa-vm)"))
    func vmTrainControllerUnplugged() throws {
        let folder = NSTemporaryDirectory() + "peach-unplug-\(UUID().uuidString)"
        // The "controller": another sequencer client with a readable port (a peach playing a long note).
        let device = Process()
        device.executableURL = PeachBinary.url
        device.arguments = [
            "tone", "A4", "--duration", "60", "--output", "midi:14:0", "--midi-channels", "1",
        ]
        device.environment = ["HOME": "/nonexistent-home"]
        device.standardOutput = FileHandle.nullDevice
        device.standardError = FileHandle.nullDevice
        try device.run()
        defer {
            kill(device.processIdentifier, SIGKILL)
            device.waitUntilExit()
        }
        // Wait until its client exists (peach devices lists it), without sleeping blindly.
        var listed = false
        for _ in 0..<100 where !listed {
            listed = try PeachBinary.run(["devices"]).standardOutput.contains(" Peach / Peach Output")
        }
        try #require(listed)
        let started = try PeachBinary.start([
            "train", "--midi-in", "seq:Peach", "--audio-out", "null", "--events", "-", "--data-dir", folder,
            "--note-duration", "0.3",
        ])
        let train = started.process
        let output = started.output
        let errors = started.errors
        var text = ""
        while !text.contains("\"trialStarted\"") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        kill(device.processIdentifier, SIGKILL)  // unplugged
        text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        train.waitUntilExit()
        #expect(train.terminationStatus == 1)
        // With --events - into a pipe, stdout holds only the JSON lines; the screen goes to stderr.
        #expect(text.split(separator: "\n").allSatisfy { $0.hasPrefix("{") }, "\(text)")
        #expect(text.contains("\"reason\":\"controllerDisconnected\""))
        #expect(stderr.contains("Connected "), "\(stderr)")
        let failures = stderr.split(separator: "\n").filter { $0.hasPrefix("peach:") }
        #expect(failures.count == 1, "\(stderr)")
        #expect(failures.first?.hasPrefix("peach: The controller ") == true, "\(stderr)")
        #expect(failures.first?.contains("was unplugged; stopped.") == true)
    }

    @Test(
        "alsa-lib's configuration failing to load is named as such, not as a missing /dev/snd/seq",
        .enabled(
            if: ALSAMachine.hasVirtualMIDI, "needs the kernel sequencer (run in ../shared/tools/alsa-vm)"))
    func vmBrokenALSAConfiguration() throws {
        let result = try PeachBinary.run(
            ["monitor", "--json"], environment: ["ALSA_CONFIG_PATH": "/nonexistent/alsa.conf"])
        #expect(result.status != 0)
        #expect(!result.standardError.contains("/dev/snd/seq is missing"), "\(result.standardError)")
        #expect(
            result.standardError.contains("/nonexistent/alsa.conf"),
            "alsa-lib's reason: \(result.standardError)")
    }
}
