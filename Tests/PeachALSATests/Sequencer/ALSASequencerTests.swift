// ALSASequencerTests: Peach's sequencer client against the real kernel sequencer (in the alsa-vm VM).

import Foundation
import PeachALSA
import PeachCore
import PeachMIDI
import PeachSystem
import PeachTestSupport
import Testing

/// Collects what a MIDI source reports; waits for a condition with a deadline (never sleeps blindly).
final class InputCollector: @unchecked Sendable {
    private let condition = NSCondition()
    private var inputs: [MIDIInput] = []

    func add(_ input: MIDIInput) {
        condition.lock()
        inputs.append(input)
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until `predicate` holds for what arrived, up to `seconds`; returns what arrived.
    @discardableResult
    func wait(seconds: Double = 5, until predicate: ([MIDIInput]) -> Bool) -> [MIDIInput] {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while !predicate(inputs), condition.wait(until: deadline) {}
        return inputs
    }

    static func events(_ inputs: [MIDIInput]) -> [MIDIEvent] {
        inputs.compactMap { if case .event(let event) = $0 { event } else { nil } }
    }
    static func connected(_ inputs: [MIDIInput]) -> [MIDIPortInfo] {
        inputs.compactMap { if case .connected(let port) = $0 { port } else { nil } }
    }
    static func disconnected(_ inputs: [MIDIInput]) -> [MIDIPortInfo] {
        inputs.compactMap { if case .disconnected(let port) = $0 { port } else { nil } }
    }
}

/// The kernel sequencer with virtual MIDI devices: one test at a time (they share the VirMIDI ports).
@Suite("ALSA sequencer client (VM)", .serialized)
struct ALSASequencerTests {
    static let card = ALSAMachine.virtualMIDICard ?? 1

    /// The second virtual MIDI device as an external synth: its raw device opened for reading (non-blocking; the
    /// caller closes it), and an output to the device's port from a new sequencer client of Peach's.
    @MainActor
    static func virtualSynth() throws -> (reader: Int32, output: ALSASequencerOutput) {
        // Opening the device for reading makes it receive what is sent to its sequencer port.
        let reader = open("/dev/snd/midiC\(card)D1", O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        do {
            // The kernel passes events to a virtual device's reader only once reading has begun (the input is
            // "triggered" by the first read): read nothing now.
            var nothing: UInt8 = 0
            #expect(read(reader, &nothing, 1) == -1 && errno == EAGAIN)
            let sequencer = try ALSASequencer()
            let target = try #require(try sequencer.ports().first { $0.clientName.hasSuffix("1-1") })
            return (reader, try ALSASequencerOutput(sequencer: sequencer, target: target))
        } catch {
            close(reader)
            throw error
        }
    }

    /// Writes raw bytes into a virtual MIDI device: they leave its sequencer port as events.
    func writeRaw(_ bytes: [UInt8], device: Int) throws {
        let path = "/dev/snd/midiC\(Self.card)D\(device)"
        let descriptor = open(path, O_WRONLY)
        try #require(descriptor >= 0, "cannot open \(path)")
        defer { close(descriptor) }
        #expect(write(descriptor, bytes, bytes.count) == bytes.count)
    }

    @Test(
        "a client named Peach with input and output ports; bytes sent into a virtual MIDI device reach it as actions",
        .enabled(if: ALSAMachine.hasVirtualMIDI, "needs snd-virmidi (run in ../shared/tools/alsa-vm)"))
    func vmControllerBytesBecomeActions() throws {
        let sequencer = try ALSASequencer()
        let ports = try sequencer.ports()
        let own = ports.filter { $0.address.client == sequencer.clientNumber }
        #expect(own.map(\.portName) == ["Peach Input", "Peach Output"])  // the announce port is hidden
        #expect(own.first?.isWritable == true && own.last?.isReadable == true)
        let source = SequencerMIDISource(client: sequencer, selection: .controllers, profile: .builtInDefault)
        let collector = InputCollector()
        try source.start { collector.add($0) }
        defer { source.stop() }
        let virtual = ports.filter { $0.clientName.hasPrefix("Virtual Raw MIDI") }
        #expect(virtual.count == 4)
        #expect(Set(source.connectedPorts.map(\.address)) == Set(virtual.map(\.address)))  // not Midi Through
        try writeRaw(
            [0x90, 60, 100, 0x3C, 0, 0xB0, 64, 127, 0xE0, 0x00, 0x50, 0xF0, 1, 2, 3, 0xF7], device: 0)
        // Only device 0's events: other tests may play into the other virtual devices meanwhile.
        let fromDevice = { (inputs: [MIDIInput]) in
            InputCollector.events(inputs).filter { $0.source == virtual.first?.address }
        }
        let events = fromDevice(collector.wait { fromDevice($0).count >= 5 })
        #expect(
            events.map(\.message) == [
                .noteOn(channel: 0, note: 60, velocity: 100), .noteOff(channel: 0, note: 60, velocity: 0),
                .controlChange(channel: 0, controller: 64, value: 127), .pitchBend(channel: 0, value: 2048),
                .systemExclusive([1, 2, 3]),
            ])
        var mapper = ControllerMapper(profile: .builtInDefault)
        #expect(
            events.flatMap { mapper.actions(for: $0) } == [
                .press(.higher, input: .midiNote), .press(.commit, input: .midiSwitch),
                .tune(50, input: .pitchBend),
            ])
    }

    @Test(
        "timing clicks scheduled on Peach's queue leave when due; cancelled ones never leave",
        .enabled(if: ALSAMachine.hasVirtualMIDI, "needs snd-virmidi (run in ../shared/tools/alsa-vm)"))
    @MainActor
    func vmScheduledClicks() throws {
        let (reader, output) = try Self.virtualSynth()
        defer { close(reader) }
        try #require(output.sequencer.hasKernelTimestamps)
        var byte: UInt8 = 0
        let clicks = MIDIClickPlayer(destination: output, clock: VirtualClock())  // no timer: the queue sends
        /// Reads bytes until `count` arrived or `seconds` passed; each byte with when it was read.
        func receive(_ count: Int, within seconds: Double) -> [(byte: UInt8, time: Double)] {
            var received: [(UInt8, Double)] = []
            let deadline = MonotonicTime.now() + seconds
            while received.count < count, MonotonicTime.now() < deadline {
                var descriptor = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, 10)
                while read(reader, &byte, 1) == 1 { received.append((byte, MonotonicTime.now())) }
            }
            return received
        }
        let due = clicks.now + 0.25
        #expect(try clicks.click(at: due, accent: true) == due)
        let bytes = receive(6, within: 1)
        #expect(bytes.map(\.byte) == [0x99, 76, 110, 0x89, 76, 0])
        // Timed when this thread read the byte: a byte is read after it left, so it can be early only by the
        // emulator's 4 ms clock tick (5 ms allowed); late it can be by the tick and the reader's wake-up under the
        // other VM tests' load (6.5 ms once in a CI run, 13.8 ms in another), so 30 ms. A click sent at once
        // instead of queued would read 250 ms early, its note-off 200 ms early.
        if bytes.count == 6 {
            for (index, expected) in [(0, due), (3, due + MIDIClickPlayer.noteLength)] {
                let offset = bytes[index].time - expected
                #expect(offset > -0.005 && offset < 0.030, "byte \(index) left \(offset * 1000) ms off")
            }
        }
        _ = try clicks.click(at: clicks.now + 0.2, accent: false)
        clicks.cancelClicks()
        let late = receive(12, within: 0.5).map(\.byte)
        #expect(!late.contains(0x99), "a cancelled click was sent: \(late)")
    }

    @Test(
        "output to an external synth arrives as the right bytes at another virtual MIDI device",
        .enabled(if: ALSAMachine.hasVirtualMIDI, "needs snd-virmidi (run in ../shared/tools/alsa-vm)"))
    @MainActor
    func vmOutputToSynth() throws {
        let (reader, output) = try Self.virtualSynth()
        defer { close(reader) }
        do {
            let player = try MIDINotePlayer(
                destination: output, configuration: MIDISynthConfiguration(channels: [0]))
            let handle = try player.play(
                frequency: EqualTemperament(referencePitch: 440).frequency(of: 69, offsetBy: 12.3),
                velocity: 100,
                amplitude: .nominal)
            try handle.adjustFrequency(EqualTemperament(referencePitch: 440).frequency(of: 69, offsetBy: -30))
            try player.silenceAll()
            _ = try MIDINotePlayer(
                destination: output,
                configuration: MIDISynthConfiguration(channels: [1], tuning: .tuningStandard(program: 0)))
            try output.send([.systemExclusive([0x7F, 0x7F, 0x08, 0x02, 0, 1, 69, 69, 0x40, 0])])
        }
        func silence(_ channel: UInt8) -> [MIDIMessage] {
            [
                .controlChange(channel: channel, controller: 120, value: 0),
                .controlChange(channel: channel, controller: 123, value: 0),
            ]
        }
        // Built with += (one expression of five arrays is too much for Swift 6.2's type checker).
        // The timing clicks' channel 10 (9 on the wire) is silenced at set-up and in silenceAll too.
        var expected: [MIDIMessage] = silence(9) + silence(0)
        expected += MIDITuningMessages.bendRange(channel: 0, semitones: 2)
        expected += [
            .pitchBend(channel: 0, value: 0), .controlChange(channel: 0, controller: 11, value: 127),
            .pitchBend(channel: 0, value: 504), .noteOn(channel: 0, note: 69, velocity: 100),
            .pitchBend(channel: 0, value: -1229), .noteOff(channel: 0, note: 69, velocity: 0),
            .controlChange(channel: 0, controller: 123, value: 0), .pitchBend(channel: 0, value: 0),
            .controlChange(channel: 9, controller: 123, value: 0),
        ]
        expected += silence(9) + silence(1)
        expected += MIDITuningMessages.selectTuning(channel: 1, program: 0)
        expected += [
            .pitchBend(channel: 1, value: 0), .controlChange(channel: 1, controller: 11, value: 127),
            .systemExclusive([0x7F, 0x7F, 0x08, 0x02, 0, 1, 69, 69, 0x40, 0]),
        ]
        var parser = MIDIByteParser()
        var received: [MIDIMessage] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        var descriptor = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
        while received.count < expected.count, poll(&descriptor, 1, 3000) > 0 {
            let count = read(reader, &buffer, buffer.count)
            guard count > 0 else { break }
            received += parser.parse(buffer[0..<count])
        }
        #expect(received == expected)
    }

    @Test(
        "a controller that appears after Peach started is connected; when it goes away Peach notices",
        .enabled(if: ALSAMachine.hasSequencer, "needs /dev/snd/seq (run in ../shared/tools/alsa-vm)"))
    func vmHotplug() throws {
        let sequencer = try ALSASequencer()
        let source = SequencerMIDISource(
            client: sequencer, selection: .named("Hotplug Keys"), profile: .builtInDefault)
        let collector = InputCollector()
        try source.start { collector.add($0) }
        defer { source.stop() }
        #expect(source.connectedPorts.isEmpty)
        do {
            let device = try ALSASequencer(clientName: "Hotplug Keys")
            let connected = InputCollector.connected(collector.wait { !InputCollector.connected($0).isEmpty })
            #expect(
                connected.map(\.address) == [
                    MIDIAddress(client: device.clientNumber, port: Int(device.outputPort))
                ])
            try device.send([.noteOn(channel: 3, note: 40, velocity: 70)])
            let events = InputCollector.events(collector.wait { !InputCollector.events($0).isEmpty })
            #expect(events.map(\.message) == [.noteOn(channel: 3, note: 40, velocity: 70)])
        }  // the device's client closes here: unplugged
        let gone = InputCollector.disconnected(collector.wait { !InputCollector.disconnected($0).isEmpty })
        #expect(gone.map(\.clientName) == ["Hotplug Keys"])
        #expect(source.connectedPorts.isEmpty)
    }

    @Test(
        "an unknown port to connect to is a typed error naming it",
        .enabled(if: ALSAMachine.hasSequencer, "needs /dev/snd/seq (run in ../shared/tools/alsa-vm)"))
    func vmUnknownPort() throws {
        let sequencer = try ALSASequencer()
        #expect {
            try sequencer.connectInput(from: MIDIAddress(client: 250, port: 0))
        } throws: { error in
            (error as? DeviceError).map { $0.device == "seq:250:0" && $0.operation == .connect } == true
        }
    }
}

@Suite("ALSA sequencer without a kernel sequencer")
struct ALSASequencerAbsentTests {
    @Test(
        "where there is no /dev/snd/seq, opening fails with a typed error",
        .enabled(if: !ALSAMachine.hasSequencer, "this machine has a sequencer"))
    func noSequencer() {
        #expect {
            try ALSASequencer()
        } throws: { error in
            (error as? DeviceError).map {
                $0.device == "seq" && $0.operation == .openSequencer && $0.kind == .noSuchDevice
            } == true
        }
    }
}
