// SequencerMIDISourceTests: which ports Peach connects to, at start and on hotplug, with a fake sequencer.

import Foundation
import PeachMIDI
import PeachTestSupport
import Testing

/// Collects what a source reports (delivered synchronously by the fake sequencer).
final class InputLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [MIDIInput] = []

    func add(_ input: MIDIInput) { lock.withLock { items.append(input) } }

    var connected: [MIDIAddress] {
        lock.withLock { items.compactMap { if case .connected(let port) = $0 { port.address } else { nil } } }
    }
    var disconnected: [MIDIAddress] {
        lock.withLock {
            items.compactMap { if case .disconnected(let port) = $0 { port.address } else { nil } }
        }
    }
    var events: [MIDIEvent] {
        lock.withLock { items.compactMap { if case .event(let event) = $0 { event } else { nil } } }
    }
}

@Suite("Sequencer input: connecting controllers")
struct SequencerMIDISourceTests {
    static let keyboard = FakeMIDISequencer.controller(20, "Launchkey Mini")
    static let pads = FakeMIDISequencer.controller(24, "MPD218")
    static let through = MIDIPortInfo(
        address: MIDIAddress(client: 14, port: 0), clientName: "Midi Through",
        portName: "Midi Through Port-0",
        isReadable: true, isWritable: true, isHardware: true)
    static let software = MIDIPortInfo(
        address: MIDIAddress(client: 129, port: 0), clientName: "VMPK Output", portName: "out",
        isReadable: true,
        isWritable: false, isHardware: false)
    static let synth = MIDIPortInfo(
        address: MIDIAddress(client: 130, port: 0), clientName: "FLUID Synth", portName: "Synth input",
        isReadable: false,
        isWritable: true, isHardware: false, isSynth: true)
    static let system = MIDIPortInfo(
        address: MIDIAddress(client: 0, port: 1), clientName: "System", portName: "Announce",
        isReadable: true,
        isWritable: false, isHardware: true)
    static let own = MIDIPortInfo(
        address: MIDIAddress(client: 128, port: 1), clientName: "Peach", portName: "Peach Output",
        isReadable: true,
        isWritable: false, isHardware: false)

    func start(
        _ selection: ControllerSelection, profile: ControllerProfile = .builtInDefault, ports: [MIDIPortInfo]
    ) throws -> (FakeMIDISequencer, SequencerMIDISource, InputLog) {
        let sequencer = FakeMIDISequencer(ports: ports)
        let source = SequencerMIDISource(client: sequencer, selection: selection, profile: profile)
        let log = InputLog()
        try source.start { log.add($0) }
        return (sequencer, source, log)
    }

    @Test("seq: every hardware controller, not Midi Through, System, software ports, synths or Peach itself")
    func allControllers() throws {
        let (sequencer, source, log) = try start(
            .controllers,
            ports: [Self.system, Self.through, Self.keyboard, Self.software, Self.synth, Self.own, Self.pads])
        #expect(sequencer.connectedInputs == [Self.keyboard.address, Self.pads.address])
        #expect(log.connected == [Self.keyboard.address, Self.pads.address])
        #expect(source.connectedPorts.map(\.address) == [Self.keyboard.address, Self.pads.address])
    }

    @Test("seq with a profile that names devices: only those")
    func profileDevices() throws {
        var profile = ControllerProfile.builtInDefault
        profile.devices = ["mpd*"]
        let (sequencer, _, _) = try start(.controllers, profile: profile, ports: [Self.keyboard, Self.pads])
        #expect(sequencer.connectedInputs == [Self.pads.address])
    }

    @Test("seq:NAME and seq:CLIENT:PORT pick ports, software ones too")
    func chosenPorts() throws {
        let (named, _, _) = try start(.named("vmpk"), ports: [Self.keyboard, Self.software])
        #expect(named.connectedInputs == [Self.software.address])
        let (addressed, _, _) = try start(
            .address(MIDIAddress(client: 24, port: 0)), ports: [Self.keyboard, Self.pads])
        #expect(addressed.connectedInputs == [Self.pads.address])
    }

    @Test(
        "a controller plugged in later is connected once; unplugging reports it gone; messages pass through")
    func hotplug() throws {
        let (sequencer, source, log) = try start(.controllers, ports: [Self.keyboard])
        defer { withExtendedLifetime(source) {} }  // the source listens only while someone holds it
        sequencer.plug(Self.pads)
        sequencer.notify(.portStarted(Self.pads.address))  // announced twice
        #expect(sequencer.connectedInputs == [Self.keyboard.address, Self.pads.address])
        sequencer.plug(Self.synth)  // not a controller
        #expect(sequencer.connectedInputs.count == 2)
        let event = MIDIEvent(.noteOn(channel: 0, note: 60, velocity: 9), from: Self.pads.address, at: 1)
        sequencer.notify(.message(event))
        #expect(log.events == [event])
        sequencer.unplug(client: 24)
        sequencer.notify(.portExited(Self.keyboard.address))
        sequencer.notify(.portExited(Self.keyboard.address))
        #expect(log.disconnected == [Self.pads.address, Self.keyboard.address])
        // Plugged in again (a new client number, the same name): connected again.
        sequencer.plug(FakeMIDISequencer.controller(28, "MPD218"))
        #expect(sequencer.connectedInputs.last == MIDIAddress(client: 28, port: 0))
    }

    @Test("a port that refuses the connection is not reported, and is tried again when announced again")
    func refused() throws {
        let sequencer = FakeMIDISequencer(ports: [Self.keyboard])
        sequencer.refuse(Self.keyboard.address)
        let source = SequencerMIDISource(client: sequencer, selection: .controllers, profile: .builtInDefault)
        let log = InputLog()
        try source.start { log.add($0) }
        #expect(log.connected.isEmpty)
        #expect(source.connectedPorts.isEmpty)
        source.stop()
        sequencer.notify(.portStarted(Self.keyboard.address))
        #expect(log.connected.isEmpty)  // stopped: nothing more is reported
    }
}
