// ALSASequencer: Peach's ALSA sequencer client: input and output ports, hotplug announcements, sending.

import CALSA
import Foundation
import PeachCore
import PeachMIDI
import PeachSystem
import Synchronization

/// Peach's client of the ALSA sequencer (`/dev/snd/seq`), as `aconnect -l` shows it:
///
/// - client `Peach` (or the name given), port 0 `Peach Input` (others write to it: controllers connect
///   here) and port 1 `Peach Output` (others read from it: the external synth is connected here);
/// - a hidden third port subscribed to System:Announce (0:1), so Peach hears ports and clients come and go.
///
/// Notifications come from a thread that waits in `poll` on the sequencer and on a wake-up pipe (so
/// ``stopNotifications()`` never waits for the next event).
///
/// **Kernel timestamps.** The input port stamps every event in the kernel, as it enters the sequencer (a
/// queue of Peach's own, running on the sequencer's timer, with real-time stamps on the port), so a pad's
/// time does not depend on when Peach's thread got to read it. The queue's clock runs on the kernel's
/// monotonic clock; its offset from `MonotonicTime` is measured when the queue starts, so an event's
/// ``MIDIEvent/time`` is the kernel's stamp on the same timeline as the audio output's frames. Where no queue
/// can be had, events are stamped when read (``hasKernelTimestamps`` says which). All calls into alsa-lib go
/// through one lock that holds the handle (``sequencer``): it is shared by that thread and the senders.
public final class ALSASequencer: MIDISequencerClient, @unchecked Sendable {
    /// The client's number (e.g. 128).
    public let clientNumber: Int
    /// The client's name.
    public let clientName: String
    /// The input port's number.
    public let inputPort: Int32
    /// The output port's number.
    public let outputPort: Int32

    /// Whether incoming events carry the kernel's timestamps (else they are stamped when read).
    public var hasKernelTimestamps: Bool { stamping != nil }

    /// The alsa-lib handle, for opening and closing (no other thread has it then).
    private let opened: OpaquePointer
    /// The handle while the client runs: every call into alsa-lib takes it from here, under its lock
    /// (``withHandle(_:)``).
    private let sequencer: Mutex<Handle>

    /// alsa-lib's sequencer handle: used only under ``sequencer``'s lock, so it may pass between threads.
    private struct Handle: @unchecked Sendable {
        let pointer: OpaquePointer
    }
    private let announcePort: Int32
    /// The stamping queue and the offset from its real time to `MonotonicTime`, seconds; nil without one.
    private let stamping: (queue: Int32, offset: Double)?
    /// The notification thread, while started.
    private let thread = Mutex<InputThread?>(nil)

    /// Opens the sequencer and creates the client and its ports.
    /// - Throws: ``DeviceError`` with device `seq` (e.g. `snd_seq_open` with ENOENT where there is no
    ///   `/dev/snd/seq`).
    public init(clientName: String = "Peach") throws(DeviceError) {
        var opened: OpaquePointer?
        _ = ALSALibrary.takeDiagnostic()  // what alsa-lib said before is not this open's reason
        try ALSAError.check(
            snd_seq_open(&opened, "default", SND_SEQ_OPEN_DUPLEX, SND_SEQ_NONBLOCK), device: "seq",
            operation: .openSequencer, function: "snd_seq_open")
        guard let opened else {
            throw ALSAError.make(-ENOMEM, device: "seq", operation: .openSequencer, function: "snd_seq_open")
        }
        self.opened = opened
        sequencer = Mutex(Handle(pointer: opened))
        do {
            let name = String(clientName.prefix(63))
            try ALSAError.check(
                snd_seq_set_client_name(opened, name), device: "seq", operation: .openSequencer,
                function: "snd_seq_set_client_name")
            self.clientName = name
            clientNumber = Int(
                try ALSAError.check(
                    snd_seq_client_id(opened), device: "seq", operation: .openSequencer,
                    function: "snd_seq_client_id"))
            let midiType = UInt32(SND_SEQ_PORT_TYPE_MIDI_GENERIC | SND_SEQ_PORT_TYPE_APPLICATION)
            let input = try Self.createInputPort(opened, type: midiType)
            inputPort = input.port
            stamping = input.stamping
            outputPort = try ALSAError.check(
                snd_seq_create_simple_port(
                    opened, "Peach Output", UInt32(SND_SEQ_PORT_CAP_READ | SND_SEQ_PORT_CAP_SUBS_READ),
                    midiType),
                device: "seq", operation: .openSequencer, function: "snd_seq_create_simple_port")
            announcePort = try ALSAError.check(
                snd_seq_create_simple_port(
                    opened, "Peach Announcements",
                    UInt32(SND_SEQ_PORT_CAP_WRITE | SND_SEQ_PORT_CAP_NO_EXPORT),
                    UInt32(SND_SEQ_PORT_TYPE_APPLICATION)),
                device: "seq", operation: .openSequencer, function: "snd_seq_create_simple_port")
            try ALSAError.check(
                snd_seq_connect_from(
                    opened, announcePort, Int32(SND_SEQ_CLIENT_SYSTEM), Int32(SND_SEQ_PORT_SYSTEM_ANNOUNCE)),
                device: "seq", operation: .openSequencer, function: "snd_seq_connect_from")
        } catch {
            snd_seq_close(opened)
            throw error
        }
    }

    /// Runs `body` with the handle, holding its lock.
    private func withHandle<Result: Sendable, Failure: Error>(
        _ body: (OpaquePointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try sequencer.withLock { held throws(Failure) in try body(held.pointer) }
    }

    deinit {
        stopNotifications()
        snd_seq_close(opened)
    }

    /// Creates `Peach Input`, stamped in real time by a queue of its own when one can be had; a plain port
    /// otherwise.
    private static func createInputPort(
        _ seq: OpaquePointer, type: UInt32
    ) throws(DeviceError) -> (port: Int32, stamping: (queue: Int32, offset: Double)?) {
        let capabilities = UInt32(SND_SEQ_PORT_CAP_WRITE | SND_SEQ_PORT_CAP_SUBS_WRITE)
        let queue = snd_seq_alloc_named_queue(seq, "Peach timestamps")
        var info: OpaquePointer?
        if queue >= 0, snd_seq_port_info_malloc(&info) == 0, let info {
            defer { snd_seq_port_info_free(info) }
            snd_seq_port_info_set_name(info, "Peach Input")
            snd_seq_port_info_set_capability(info, capabilities)
            snd_seq_port_info_set_type(info, type)
            snd_seq_port_info_set_timestamping(info, 1)
            snd_seq_port_info_set_timestamp_real(info, 1)
            snd_seq_port_info_set_timestamp_queue(info, queue)
            if snd_seq_create_port(seq, info) == 0, peach_seq_start_queue(seq, queue) >= 0,
                snd_seq_drain_output(seq) >= 0, let offset = queueOffset(seq, queue: queue)
            {
                return (snd_seq_port_info_get_port(info), (queue, offset))
            }
            let port = snd_seq_port_info_get_port(info)
            if port >= 0 { snd_seq_delete_simple_port(seq, port) }
        }
        if queue >= 0 { snd_seq_free_queue(seq, queue) }
        let port = try ALSAError.check(
            snd_seq_create_simple_port(seq, "Peach Input", capabilities, type),
            device: "seq", operation: .openSequencer, function: "snd_seq_create_simple_port")
        return (port, nil)
    }

    /// `MonotonicTime` minus the queue's real time, read between two readings of the monotonic clock (the
    /// tightest of a few tries), or nil when the queue's status cannot be read.
    private static func queueOffset(_ seq: OpaquePointer, queue: Int32) -> Double? {
        var status: OpaquePointer?
        guard snd_seq_queue_status_malloc(&status) == 0, let status else { return nil }
        defer { snd_seq_queue_status_free(status) }
        var best: (width: Double, offset: Double)?
        for _ in 0..<8 {
            let before = MonotonicTime.now()
            guard snd_seq_get_queue_status(seq, queue, status) == 0,
                let real = snd_seq_queue_status_get_real_time(status)?.pointee
            else { return nil }
            let after = MonotonicTime.now()
            let queueTime = Double(real.tv_sec) + Double(real.tv_nsec) / 1e9
            let offset = (before + after) / 2 - queueTime
            if best.map({ after - before < $0.width }) ?? true { best = (after - before, offset) }
        }
        return best?.offset
    }

    /// Whether this machine has a sequencer device at all.
    public static var isAvailable: Bool { FileManager.default.fileExists(atPath: "/dev/snd/seq") }

    /// Every exported port of every client.
    public func ports() throws -> [MIDIPortInfo] {
        withHandle { handle in SequencerPortQuery.ports(of: handle) }
    }

    /// Subscribes the input port to `address` (what `aconnect ADDRESS Peach:0` does).
    /// - Throws: ``DeviceError`` naming `seq:ADDRESS`.
    public func connectInput(from address: MIDIAddress) throws {
        let result = withHandle { handle in
            snd_seq_connect_from(handle, inputPort, Int32(address.client), Int32(address.port))
        }
        try ALSAError.check(
            result, device: "seq:\(address)", operation: .connect, function: "snd_seq_connect_from")
    }

    /// Subscribes `address` to the output port (what `aconnect Peach:1 ADDRESS` does).
    /// - Throws: ``DeviceError`` naming `seq:ADDRESS`.
    public func connectOutput(to address: MIDIAddress) throws {
        let result = withHandle { handle in
            snd_seq_connect_to(handle, outputPort, Int32(address.client), Int32(address.port))
        }
        try ALSAError.check(
            result, device: "seq:\(address)", operation: .connect, function: "snd_seq_connect_to")
    }

    /// Sends messages from the output port to its subscribers, at once (not queued). Waits for room when
    /// the kernel's pool is full (up to about two seconds).
    /// - Throws: ``DeviceError`` from `snd_seq_event_output_direct`.
    public func send(_ messages: [MIDIMessage]) throws(DeviceError) {
        try withHandle { handle throws(DeviceError) in try send(messages, on: handle) }
    }

    private func send(_ messages: [MIDIMessage], on handle: OpaquePointer) throws(DeviceError) {
        for message in messages {
            var event = outputEvent(message)
            peach_seq_ev_set_direct(&event)
            var result: Int32
            var attempts = 0
            repeat {
                if case .systemExclusive(let payload) = message {
                    var bytes = [0xF0] + payload.map { $0 & 0x7F } + [0xF7]
                    result = bytes.withUnsafeMutableBytes { buffer in
                        peach_seq_ev_set_sysex(&event, UInt32(buffer.count), buffer.baseAddress)
                        return snd_seq_event_output_direct(handle, &event)
                    }
                } else {
                    result = snd_seq_event_output_direct(handle, &event)
                }
                attempts += 1
                if result == -EAGAIN { Self.waitForRoom(handle) }
            } while result == -EAGAIN && attempts < 40
            try ALSAError.check(
                result, device: "seq", operation: .send, function: "snd_seq_event_output_direct")
        }
    }

    /// Schedules note messages on the output port to leave at `time` (seconds on `MonotonicTime`) from Peach's
    /// queue: the kernel sends them when due, with none of a user-space timer's jitter. Messages due in the past
    /// leave at once.
    /// - Returns: false when there is no queue (then the caller sends them when due).
    /// - Throws: ``DeviceError`` from `snd_seq_event_output`.
    public func send(_ messages: [MIDIMessage], at time: Double) throws(DeviceError) -> Bool {
        guard let stamping else { return false }
        let queueTime = max(0, time - stamping.offset)
        let seconds = queueTime.rounded(.down)
        try withHandle { handle throws(DeviceError) in
            try schedule(messages, queue: stamping.queue, at: queueTime, seconds: seconds, on: handle)
        }
        return true
    }

    private func schedule(
        _ messages: [MIDIMessage], queue: Int32, at queueTime: Double, seconds: Double,
        on handle: OpaquePointer
    ) throws(DeviceError) {
        for message in messages {
            var event = outputEvent(message)
            peach_seq_ev_schedule_real(
                &event, queue, UInt32(seconds), UInt32(((queueTime - seconds) * 1e9).rounded(.down)))
            try ALSAError.check(
                snd_seq_event_output(handle, &event), device: "seq", operation: .send,
                function: "snd_seq_event_output")
        }
        try ALSAError.check(
            snd_seq_drain_output(handle), device: "seq", operation: .send, function: "snd_seq_drain_output")
    }

    /// `message` as an event from the output port to its subscribers (the caller says when it leaves).
    private func outputEvent(_ message: MIDIMessage) -> snd_seq_event_t {
        var event = snd_seq_event_t()
        peach_seq_ev_clear(&event)
        SequencerEventCodec.fill(&event, with: message)
        peach_seq_ev_set_source(&event, outputPort)
        peach_seq_ev_set_subs(&event)
        return event
    }

    /// Drops every message this client scheduled that has not left yet.
    public func cancelScheduled() {
        guard let stamping else { return }
        withHandle { handle in
            var remove: OpaquePointer?
            guard snd_seq_remove_events_malloc(&remove) == 0, let remove else { return }
            defer { snd_seq_remove_events_free(remove) }
            snd_seq_remove_events_set_condition(remove, UInt32(SND_SEQ_REMOVE_OUTPUT))
            snd_seq_remove_events_set_queue(remove, stamping.queue)
            _ = snd_seq_remove_events(handle, remove)
        }
    }

    /// Waits up to 50 ms until the sequencer takes output again.
    private static func waitForRoom(_ handle: OpaquePointer) {
        let count = snd_seq_poll_descriptors_count(handle, Int16(POLLOUT))
        var fds = [pollfd](repeating: pollfd(), count: Int(max(count, 1)))
        let filled = snd_seq_poll_descriptors(handle, &fds, UInt32(fds.count), Int16(POLLOUT))
        _ = poll(&fds, nfds_t(filled), 50)
    }

    /// Starts the notification thread.
    /// - Throws: ``DeviceError`` when no pipe can be made.
    public func startNotifications(_ handler: @escaping @Sendable (SequencerNotification) -> Void) throws {
        let descriptors: [pollfd] = withHandle { handle in
            let count = snd_seq_poll_descriptors_count(handle, Int16(POLLIN))
            var fds = [pollfd](repeating: pollfd(), count: Int(max(count, 1)))
            let filled = snd_seq_poll_descriptors(handle, &fds, UInt32(fds.count), Int16(POLLIN))
            return Array(fds.prefix(Int(filled)))
        }
        let started = try InputThread(name: "peach-seq-in", priority: RealTimePriority.midiInput) {
            [self] wake in
            notificationLoop(descriptors + [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)], handler)
        }
        thread.withLock { current in
            defer { current = started }
            return current.take()
        }?.stop()
    }

    /// Stops the notification thread and waits for it. Idempotent.
    public func stopNotifications() {
        thread.withLock { $0.take() }?.stop()
    }

    private func notificationLoop(
        _ descriptors: [pollfd], _ handler: @Sendable (SequencerNotification) -> Void
    ) {
        var fds = descriptors
        var codec = SequencerEventCodec()
        while true {
            do {
                try SystemFile.retrying(path: "seq", .poll) { poll(&fds, nfds_t(fds.count), -1) }
            } catch {
                let text = error.errno.description
                handler(
                    .failed(
                        .sequencer(
                            DeviceError(device: "seq", operation: .receive, kind: .failed, systemText: text)))
                )
                return
            }
            if fds[fds.count - 1].revents != 0 { return }
            var notifications: [SequencerNotification] = []
            var failure: DeviceError?
            withHandle { handle in
                while true {
                    var pointer: UnsafeMutablePointer<snd_seq_event_t>?
                    let result = snd_seq_event_input(handle, &pointer)
                    if result == -EAGAIN { break }
                    if result == -ENOSPC { continue }  // the kernel dropped events for us (overrun); go on
                    if result < 0 {
                        failure = ALSAError.make(
                            result, device: "seq", operation: .receive, function: "snd_seq_event_input")
                        break
                    }
                    guard let event = pointer?.pointee else { continue }
                    if let notification = notification(from: event, codec: &codec) {
                        notifications.append(notification)
                    }
                    if snd_seq_event_input_pending(handle, 0) <= 0 { break }
                }
            }
            for notification in notifications { handler(notification) }
            if let failure {
                handler(.failed(.sequencer(failure)))
                return
            }
        }
    }

    private func notification(
        from event: snd_seq_event_t, codec: inout SequencerEventCodec
    ) -> SequencerNotification? {
        let address = event.data.addr
        switch event.type {
        case SequencerEventCodec.type(SND_SEQ_EVENT_PORT_START):
            return .portStarted(MIDIAddress(client: Int(address.client), port: Int(address.port)))
        case SequencerEventCodec.type(SND_SEQ_EVENT_PORT_EXIT):
            return .portExited(MIDIAddress(client: Int(address.client), port: Int(address.port)))
        case SequencerEventCodec.type(SND_SEQ_EVENT_CLIENT_EXIT):
            return .clientExited(Int(address.client))
        default:
            guard event.dest.port == UInt8(truncatingIfNeeded: inputPort),
                let message = codec.message(from: event)
            else { return nil }
            let source = MIDIAddress(client: Int(event.source.client), port: Int(event.source.port))
            return .message(MIDIEvent(message, from: source, at: time(of: event)))
        }
    }

    /// When `event` entered the sequencer, on `MonotonicTime`: its kernel stamp when the port stamps (never
    /// later than now, and trusted within a second of it), else now.
    private func time(of event: snd_seq_event_t) -> Double {
        let now = MonotonicTime.now()
        guard let stamping, Int32(event.queue) == stamping.queue,
            event.flags & UInt8(SND_SEQ_TIME_STAMP_MASK) == UInt8(SND_SEQ_TIME_STAMP_REAL)
        else { return now }
        let real = event.time.time
        let stamped = Double(real.tv_sec) + Double(real.tv_nsec) / 1e9 + stamping.offset
        return abs(now - stamped) < 1 ? min(stamped, now) : now
    }
}
