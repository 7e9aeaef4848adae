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
        var pending = Data()
        /// Reads lines (blocking) until `count` of them match.
        func readUntil(_ count: Int, _ matches: ([String: Any]) -> Bool) {
            while lines.filter(matches).count < count {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { return }
                pending += chunk
                while let newline = pending.firstIndex(of: 0x0A) {
                    let line = pending[pending.startIndex..<newline]
                    pending = Data(pending[(newline + 1)...])
                    if let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any] {
                        lines.append(object)
                    }
                }
            }
        }
        readUntil(4) { $0["event"] as? String == "connected" }
        // Device 2: the library's sequencer tests use devices 0 and 1.
        let device = open("/dev/snd/midiC\(card)D2", O_WRONLY)
        try #require(device >= 0)
        let bytes: [UInt8] = [0x90, 30, 99, 0xB0, 64, 127]
        #expect(write(device, bytes, bytes.count) == bytes.count)
        close(device)
        readUntil(2) { $0["message"] != nil }
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let connected = lines.filter { $0["event"] as? String == "connected" }.compactMap {
            $0["client"] as? String
        }
        #expect(connected.sorted() == (0...3).map { "Virtual Raw MIDI \(card)-\($0)" })
        let events = lines.filter { $0["message"] != nil }
        let actions = events.map {
            ($0["actions"] as? [[String: Any]] ?? []).compactMap { $0["action"] as? String }
        }
        #expect(actions == [["lower"], ["commit"]])
        #expect(events.allSatisfy { ($0["source"] as? String)?.hasSuffix(":0") == true })
    }
}
