// JACKClient: one client of a JACK server: opened without starting a server, its ports, connections and clock.

import CPeachJACK
import PeachCore
import PeachSystem

/// A client of the running JACK server (JACK 2, or PipeWire's JACK): opened with `JackNoStartServer`, so Peach
/// never starts a server as a side effect. Its clock (``monotonicOffset``) maps JACK's microseconds onto
/// Peach's monotonic clock, which stamps MIDI input and maps audio frames.
final class JACKClient: @unchecked Sendable {
    let library: JACKLibrary
    let handle: JACKLibrary.Client
    /// The device as the user names it, for errors: `jack:` or `jack:TARGET`.
    let device: String
    /// Frames per second.
    let sampleRate: Double
    /// Frames per process cycle.
    let bufferSize: Int
    /// `MonotonicTime.now()` minus JACK's time (`jack_get_time`), seconds: 0 where JACK's clock is
    /// `CLOCK_MONOTONIC` (JACK 2, PipeWire), measured to be sure.
    let monotonicOffset: Double
    private var closed = false

    /// Opens a client called `name` for `device`.
    /// - Throws: ``DeviceError``: `notInstalled` without libjack, `noSuchDevice` when no server runs, `failed`
    ///   otherwise, with JACK's status in words.
    init(name: String, device: String, operation: DeviceError.Operation) throws(DeviceError) {
        guard let library = JACKLibrary.shared else {
            throw DeviceError(
                device: device, operation: operation, kind: .notInstalled,
                systemText: "libjack.so.0 not found")
        }
        switch library.open(name: name) {
        case .failure(let status):
            throw DeviceError(
                device: device, operation: operation, kind: status.noServer ? .noSuchDevice : .failed,
                systemText: status.text)
        case .success(let client):
            handle = client
        }
        self.library = library
        self.device = device
        sampleRate = Double(library.sampleRate(handle))
        bufferSize = Int(library.bufferSize(handle))
        var offset = Double.infinity
        for _ in 0..<5 {
            let before = MonotonicTime.now()
            let jack = Double(library.getTime()) / 1e6
            offset = min(offset, before - jack)
        }
        monotonicOffset = offset
    }

    deinit { close() }

    /// Registers a port called `name` of `type` (``JACKLibrary/audioType`` or ``JACKLibrary/midiType``), an input
    /// or an output.
    func register(_ name: String, type: String, isInput: Bool) throws(DeviceError) -> JACKLibrary.Port {
        let flags = isInput ? JACKLibrary.portIsInput : JACKLibrary.portIsOutput
        guard
            let port = name.withCString({ name in
                type.withCString { library.portRegister(handle, name, $0, flags, 0) }
            })
        else {
            throw DeviceError(
                device: device, operation: .openPCM, kind: .failed, systemText: "cannot register port \(name)"
            )
        }
        return port
    }

    /// The full name of `port` (`Peach:out_1`).
    func name(of port: JACKLibrary.Port) -> String {
        library.portName(port).map { String(cString: $0) } ?? ""
    }

    /// The ports of `type` with `flags` whose names match `pattern` (nil: all).
    func ports(matching pattern: String?, type: String, flags: UInt) -> [String] {
        library.ports(handle, matching: pattern, type: type, flags: flags)
    }

    /// Connects output port `source` to input port `destination`; false when JACK refuses.
    @discardableResult
    func connect(_ source: String, to destination: String) -> Bool {
        source.withCString { source in destination.withCString { library.connect(handle, source, $0) } } == 0
    }

    /// The start of the current process cycle on the monotonic clock, and the cycle's length, seconds (from the
    /// process callback only).
    func cycleTimes() -> (start: Double, period: Double) {
        var frames: UInt32 = 0
        var current: UInt64 = 0
        var next: UInt64 = 0
        var period: Float = 0
        guard library.getCycleTimes(handle, &frames, &current, &next, &period) == 0 else {
            return (MonotonicTime.now(), Double(bufferSize) / sampleRate)
        }
        return Self.cycle(
            current: current, next: next, offset: monotonicOffset,
            fallbackPeriod: Double(bufferSize) / sampleRate)
    }

    /// A cycle's start (JACK's `current` microseconds moved onto the monotonic clock by `offset`) and length.
    /// JACK may report `next` at or before `current` (seen on a loaded machine with the dummy driver, 4.9 ms
    /// before): the length is then `fallbackPeriod`, never a trap on the process thread.
    static func cycle(
        current: UInt64, next: UInt64, offset: Double, fallbackPeriod: Double
    ) -> (
        start: Double, period: Double
    ) {
        let period = next > current ? Double(next - current) / 1e6 : fallbackPeriod
        return (Double(current) / 1e6 + offset, period)
    }

    /// Activates the client: its process callback starts running.
    func activate() throws(DeviceError) {
        guard library.activate(handle) == 0 else {
            throw DeviceError(
                device: device, operation: .openPCM, kind: .failed, systemText: "cannot activate")
        }
    }

    /// Deactivates and closes the client (idempotent). Its callbacks are not called after this returns.
    func close() {
        guard !closed else { return }
        closed = true
        _ = library.deactivate(handle)
        _ = library.clientClose(handle)
    }
}
