// RawMIDISourceTests: raw bytes from a file and a FIFO become events; a missing path is a clear error.

import Foundation
import PeachMIDI
import PeachSystem
import Testing

@Suite("Raw MIDI input")
struct RawMIDISourceTests {
    final class Collector: @unchecked Sendable {
        let lock = NSLock()
        var inputs: [MIDIInput] = []
        let ended = DispatchSemaphore(value: 0)
        func add(_ input: MIDIInput) {
            lock.withLock { inputs.append(input) }
            if case .ended = input { ended.signal() }
        }
        var messages: [MIDIMessage] {
            lock.withLock {
                inputs.compactMap { if case .event(let event) = $0 { event.message } else { nil } }
            }
        }
    }

    @Test("a file's bytes become messages (running status too), then the source ends")
    func file() throws {
        let path = NSTemporaryDirectory() + "peach-raw-\(UUID().uuidString).mid"
        defer { unlink(path) }
        try Data([0x90, 60, 100, 62, 0, 0xF8, 0xB0, 64, 127]).write(to: URL(fileURLWithPath: path))
        let source = RawMIDISource(path: path)
        let collector = Collector()
        try source.start { collector.add($0) }
        collector.ended.wait()  // the reading thread reports the end; no sleeping
        source.stop()
        #expect(
            collector.messages == [
                .noteOn(channel: 0, note: 60, velocity: 100), .noteOff(channel: 0, note: 62, velocity: 0),
                .realTime(.timingClock), .controlChange(channel: 0, controller: 64, value: 127),
            ])
        #expect(source.name == "rawmidi:\(path)")
    }

    @Test("a missing path fails to start with the path and errno")
    func missing() {
        #expect(
            throws: MIDIInputError.cannotOpen(
                FileError(path: "/nonexistent/midi", operation: .open, code: ENOENT))
        ) {
            try RawMIDISource(path: "/nonexistent/midi").start { _ in }
        }
    }

    @Test("a FIFO stays open with no writer, and stop returns at once")
    func fifoStop() throws {
        let path = NSTemporaryDirectory() + "peach-fifo-\(UUID().uuidString)"
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let source = RawMIDISource(path: path)
        let collector = Collector()
        try source.start { collector.add($0) }
        let writer = open(path, O_WRONLY)
        let bytes: [UInt8] = [0xC0, 5]
        _ = write(writer, bytes, 2)
        close(writer)
        source.stop()
        source.stop()
        #expect(!collector.inputs.contains { if case .ended = $0 { true } else { false } })
    }
}
