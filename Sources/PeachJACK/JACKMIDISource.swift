// JACKMIDISource: MIDI input through a JACK server, each event stamped from its cycle's start and JACK's latency.

import CPeachJACK
import Foundation
import PeachAudio
import PeachCore
import PeachMIDI
import PeachSystem
import Synchronization

/// `--midi-in jack:` (or `jack:NAME`): MIDI input as a JACK client `Peach controller` with one input port,
/// connected to every physical MIDI source of the server (or to the sources whose names contain NAME, software
/// ones too), now and whenever one appears.
///
/// JACK hands a cycle's events to the process callback with their frame within the cycle; the callback stamps
/// each on the monotonic clock (the cycle's start, from when the callbacks woke, plus the frame, minus the port's
/// capture latency as JACK reports it: the period a physical port's events were gathered in), copies it into a
/// preallocated ring and posts a semaphore: no allocation, lock or wait on JACK's thread. A thread of the source
/// hands the events on (``MIDIInput/event(_:)``), and makes the connections JACK may not be asked for from a
/// callback. The stamps are as exact as the sequencer's kernel stamps: ``timesEvents``.
public final class JACKMIDISource: MIDISource, @unchecked Sendable {
    /// One event as the callback copies it: its stamp and up to three bytes (longer ones, SysEx, are dropped).
    struct Stamped: BitwiseCopyable {
        var time: Double
        var count: UInt8
        var bytes: (UInt8, UInt8, UInt8)
    }

    /// `jack` or `jack:NAME`.
    public let name: String
    private let target: String?
    /// The client and its port, for JACK's callbacks and the delivery thread: set before the client is
    /// activated, never changed while it runs (no lock: a callback holding one while JACK waits on the thread
    /// that connects would stall both).
    private var callback: Callback?
    private let events = SPSCRing<Stamped>(
        capacity: 4096, initial: Stamped(time: 0, count: 0, bytes: (0, 0, 0)))
    private let arrived = Wakeup()
    private let captureLatency = Atomic<Int>(0)
    private let portsChanged = Atomic<Bool>(false)
    private let stopping = Atomic<Bool>(false)
    private let dropped = Atomic<Int>(0)
    private var thread: Thread?
    private let finished = DispatchSemaphore(value: 0)

    /// A source connecting to `target`'s ports (nil: the physical MIDI sources).
    public init(target: String? = nil) {
        self.target = target
        name = target.map { "jack:" + $0 } ?? "jack"
    }

    deinit { stop() }

    /// The stamps come from the cycles' starts, exact to the frame (not when Peach's thread read the events).
    public var timesEvents: Bool { true }

    /// What the process callback works with, fixed before the client is activated (no lock on JACK's thread).
    private final class Callback: @unchecked Sendable {
        let client: JACKClient
        let port: JACKLibrary.Port
        unowned let source: JACKMIDISource
        /// When the cycles start (JACK's process thread only).
        var cycles: JACKCycleClock

        init(client: JACKClient, port: JACKLibrary.Port, source: JACKMIDISource) {
            self.client = client
            self.port = port
            self.source = source
            cycles = JACKCycleClock(sampleRate: client.sampleRate, periodFrames: client.bufferSize)
        }
    }

    /// Opens the client, connects the sources and starts handing on events.
    /// - Throws: ``DeviceError`` naming `jack:`: no libjack, no server.
    public func start(_ handler: @escaping @Sendable (MIDIInput) -> Void) throws {
        let client = try JACKClient(name: "Peach controller", device: name, operation: .openSequencer)
        let port = try client.register("midi_in", type: JACKLibrary.midiType, isInput: true)
        let callback = Callback(client: client, port: port, source: self)
        self.callback = callback
        _ = client.library.setProcessCallback(
            client.handle,
            { frames, context in
                guard let context else { return 0 }
                let callback = Unmanaged<Callback>.fromOpaque(context).takeUnretainedValue()
                callback.source.process(frames, callback: callback)
                return 0
            }, Unmanaged.passUnretained(callback).toOpaque())
        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = client.library.setLatencyCallback(
            client.handle,
            { mode, context in
                guard let context, mode == JACKLibrary.captureLatency else { return }
                Unmanaged<JACKMIDISource>.fromOpaque(context).takeUnretainedValue().updateLatency()
            }, context)
        _ = client.library.setPortRegistrationCallback(
            client.handle,
            { _, registered, context in
                guard let context, registered != 0 else { return }
                let source = Unmanaged<JACKMIDISource>.fromOpaque(context).takeUnretainedValue()
                source.portsChanged.store(true, ordering: .releasing)
                source.arrived.post()
            }, context)
        try client.activate()
        connectSources()
        updateLatency()
        let thread = Thread { [self] in deliver(to: handler) }
        thread.name = "Peach JACK MIDI"
        self.thread = thread
        thread.start()
    }

    /// Stops delivery and closes the client. Idempotent.
    public func stop() {
        guard thread != nil, !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        arrived.post()
        finished.wait()
        callback?.client.close()
    }

    /// Connects every wanted source not yet connected (JACK refuses a second connection, which is harmless).
    private func connectSources() {
        guard let callback else { return }
        let own = callback.client.name(of: callback.port)
        let flags = JACKLibrary.portIsOutput | (target == nil ? JACKLibrary.portIsPhysical : 0)
        for source in callback.client.ports(matching: target, type: JACKLibrary.midiType, flags: flags)
        where !source.hasPrefix("Peach") {
            callback.client.connect(source, to: own)
        }
    }

    private func updateLatency() {
        guard let callback else { return }
        var range = peach_jack_latency_range_t()
        callback.client.library.portGetLatencyRange(callback.port, JACKLibrary.captureLatency, &range)
        captureLatency.store(Int(range.max), ordering: .relaxed)
    }

    // MARK: - JACK's process thread

    /// Copies the cycle's events, stamped, into the ring. Real-time safe.
    private func process(_ frames: UInt32, callback: Callback) {
        let client = callback.client
        let start = callback.cycles.start(ofCycle: Int(frames), wokeAt: MonotonicTime.now())
        guard let buffer = client.library.portGetBuffer(callback.port, frames) else { return }
        let count = client.library.midiEventCount(buffer)
        guard count > 0 else { return }
        let latency = Double(captureLatency.load(ordering: .relaxed))
        var event = peach_jack_midi_event_t()
        for index in 0..<count {
            guard client.library.midiEventGet(&event, buffer, index) == 0, let bytes = event.buffer,
                (1...3).contains(event.size)
            else { continue }
            let stamped = Stamped(
                time: start + (Double(event.time) - latency) / client.sampleRate, count: UInt8(event.size),
                bytes: (bytes[0], event.size > 1 ? bytes[1] : 0, event.size > 2 ? bytes[2] : 0))
            if !events.push(stamped) { dropped.add(1, ordering: .relaxed) }
        }
        arrived.post()
    }

    // MARK: - The delivery thread

    private func deliver(to handler: @Sendable (MIDIInput) -> Void) {
        defer { finished.signal() }
        var parser = MIDIByteParser()
        while !stopping.load(ordering: .acquiring) {
            arrived.wait(seconds: 0.5)
            if portsChanged.exchange(false, ordering: .acquiringAndReleasing) { connectSources() }
            while let event = events.pop() {
                let bytes = [event.bytes.0, event.bytes.1, event.bytes.2].prefix(Int(event.count))
                for message in parser.parse(Array(bytes)) {
                    handler(.event(MIDIEvent(message, at: event.time)))
                }
            }
        }
    }
}
