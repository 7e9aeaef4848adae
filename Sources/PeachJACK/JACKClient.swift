// JACKClient: one client of a JACK server: opened without starting a server, its ports and connections.

import CPeachJACK
import PeachCore

/// A client of the running JACK server (JACK 2, or PipeWire's JACK): opened with `JackNoStartServer`, so Peach
/// never starts a server as a side effect. (Its cycles are timed by when their callbacks wake, on Peach's
/// monotonic clock: ``JACKCycleClock``, not JACK's own filtered cycle times.)
final class JACKClient: @unchecked Sendable {
    let library: JACKLibrary
    let handle: JACKLibrary.Client
    /// The device as the user names it, for errors: `jack:` or `jack:TARGET`.
    let device: String
    /// Frames per second.
    let sampleRate: Double
    /// Frames per process cycle.
    let bufferSize: Int
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
