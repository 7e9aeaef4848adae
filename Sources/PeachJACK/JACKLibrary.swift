// JACKLibrary: libjack, loaded at run time with dlopen, so JACK adds no build dependency (only libasound2-dev).

import CPeachJACK
import PeachCore

#if canImport(Glibc)
    import Glibc
#endif

/// The functions of libjack Peach calls, found with `dlsym` in `libjack.so.0` (JACK 2's, or PipeWire's when
/// run under `pw-jack`). Loaded once; nil functions mean a libjack too old or too unlike JACK's.
final class JACKLibrary: @unchecked Sendable {
    typealias Client = OpaquePointer
    typealias Port = OpaquePointer
    typealias ProcessCallback = @convention(c) (UInt32, UnsafeMutableRawPointer?) -> Int32
    typealias XrunCallback = @convention(c) (UnsafeMutableRawPointer?) -> Int32
    typealias ShutdownCallback = @convention(c) (UnsafeMutableRawPointer?) -> Void
    typealias LatencyCallback = @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void
    typealias RegistrationCallback = @convention(c) (UInt32, Int32, UnsafeMutableRawPointer?) -> Void
    typealias MessageFunction = @convention(c) (UnsafePointer<CChar>?) -> Void

    /// `JackPortIsInput`, `JackPortIsOutput`, `JackPortIsPhysical`.
    static let portIsInput: UInt = 0x1
    static let portIsOutput: UInt = 0x2
    static let portIsPhysical: UInt = 0x4
    /// `JackNoStartServer`: never start a server as a side effect.
    static let noStartServer: Int32 = 0x01
    /// `JackCaptureLatency`, `JackPlaybackLatency`.
    static let captureLatency: Int32 = 0
    static let playbackLatency: Int32 = 1
    /// JACK's port types.
    static let audioType = "32 bit float mono audio"
    static let midiType = "8 bit raw midi"

    private let handle: UnsafeMutableRawPointer
    let clientOpen: UnsafeMutableRawPointer
    let clientClose: @convention(c) (Client) -> Int32
    let sampleRate: @convention(c) (Client) -> UInt32
    let bufferSize: @convention(c) (Client) -> UInt32
    let portRegister: @convention(c) (Client, UnsafePointer<CChar>, UnsafePointer<CChar>, UInt, UInt) -> Port?
    let setProcessCallback: @convention(c) (Client, ProcessCallback, UnsafeMutableRawPointer?) -> Int32
    let setXrunCallback: @convention(c) (Client, XrunCallback, UnsafeMutableRawPointer?) -> Int32
    let onShutdown: @convention(c) (Client, ShutdownCallback, UnsafeMutableRawPointer?) -> Void
    let setLatencyCallback: @convention(c) (Client, LatencyCallback, UnsafeMutableRawPointer?) -> Int32
    let setPortRegistrationCallback:
        @convention(c) (Client, RegistrationCallback, UnsafeMutableRawPointer?) -> Int32
    let activate: @convention(c) (Client) -> Int32
    let deactivate: @convention(c) (Client) -> Int32
    let portGetBuffer: @convention(c) (Port, UInt32) -> UnsafeMutableRawPointer?
    let getPorts:
        @convention(c) (Client, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UInt) -> UnsafeMutablePointer<
            UnsafePointer<CChar>?
        >?
    let free: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let connect: @convention(c) (Client, UnsafePointer<CChar>, UnsafePointer<CChar>) -> Int32
    let portName: @convention(c) (Port) -> UnsafePointer<CChar>?
    let portByID: @convention(c) (Client, UInt32) -> Port?
    let portFlags: @convention(c) (Port) -> Int32
    let portType: @convention(c) (Port) -> UnsafePointer<CChar>?
    let portGetLatencyRange:
        @convention(c) (Port, Int32, UnsafeMutablePointer<peach_jack_latency_range_t>) -> Void
    let midiEventCount: @convention(c) (UnsafeMutableRawPointer) -> UInt32
    let midiEventGet:
        @convention(c) (UnsafeMutablePointer<peach_jack_midi_event_t>, UnsafeMutableRawPointer, UInt32) ->
            Int32
    let midiClearBuffer: @convention(c) (UnsafeMutableRawPointer) -> Void
    let midiEventWrite: @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafePointer<UInt8>, Int) -> Int32
    let setErrorFunction: @convention(c) (MessageFunction) -> Void
    let setInfoFunction: @convention(c) (MessageFunction) -> Void
    /// Whether this libjack is PipeWire's (its `jack_get_version_string` says `… (using PipeWire 0.3.65)`), not
    /// JACK's own server: installed as the system's libjack (Fedora) or put first by `pw-jack`.
    let isPipeWire: Bool

    /// libjack, loaded and its functions found; nil when it is not installed (or lacks one of them).
    static let shared: JACKLibrary? = JACKLibrary()

    private init?() {
        guard let handle = dlopen("libjack.so.0", RTLD_NOW | RTLD_LOCAL) else { return nil }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let clientOpen = dlsym(handle, "jack_client_open"),
            let clientClose = symbol("jack_client_close", as: (@convention(c) (Client) -> Int32).self),
            let sampleRate = symbol("jack_get_sample_rate", as: (@convention(c) (Client) -> UInt32).self),
            let bufferSize = symbol("jack_get_buffer_size", as: (@convention(c) (Client) -> UInt32).self),
            let portRegister = symbol(
                "jack_port_register",
                as: (@convention(c) (Client, UnsafePointer<CChar>, UnsafePointer<CChar>, UInt, UInt) -> Port?)
                    .self),
            let setProcessCallback = symbol(
                "jack_set_process_callback",
                as: (@convention(c) (Client, ProcessCallback, UnsafeMutableRawPointer?) -> Int32).self),
            let setXrunCallback = symbol(
                "jack_set_xrun_callback",
                as: (@convention(c) (Client, XrunCallback, UnsafeMutableRawPointer?) -> Int32).self),
            let onShutdown = symbol(
                "jack_on_shutdown",
                as: (@convention(c) (Client, ShutdownCallback, UnsafeMutableRawPointer?) -> Void).self),
            let setLatencyCallback = symbol(
                "jack_set_latency_callback",
                as: (@convention(c) (Client, LatencyCallback, UnsafeMutableRawPointer?) -> Int32).self),
            let setPortRegistrationCallback = symbol(
                "jack_set_port_registration_callback",
                as: (@convention(c) (Client, RegistrationCallback, UnsafeMutableRawPointer?) -> Int32).self),
            let activate = symbol("jack_activate", as: (@convention(c) (Client) -> Int32).self),
            let deactivate = symbol("jack_deactivate", as: (@convention(c) (Client) -> Int32).self),
            let portGetBuffer = symbol(
                "jack_port_get_buffer", as: (@convention(c) (Port, UInt32) -> UnsafeMutableRawPointer?).self),
            let getPorts = symbol(
                "jack_get_ports",
                as: (@convention(c) (Client, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UInt)
                    -> UnsafeMutablePointer<UnsafePointer<CChar>?>?).self),
            let free = symbol("jack_free", as: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self),
            let connect = symbol(
                "jack_connect",
                as: (@convention(c) (Client, UnsafePointer<CChar>, UnsafePointer<CChar>) -> Int32).self),
            let portName = symbol(
                "jack_port_name", as: (@convention(c) (Port) -> UnsafePointer<CChar>?).self),
            let portByID = symbol("jack_port_by_id", as: (@convention(c) (Client, UInt32) -> Port?).self),
            let portFlags = symbol("jack_port_flags", as: (@convention(c) (Port) -> Int32).self),
            let portType = symbol(
                "jack_port_type", as: (@convention(c) (Port) -> UnsafePointer<CChar>?).self),
            let portGetLatencyRange = symbol(
                "jack_port_get_latency_range",
                as: (@convention(c) (Port, Int32, UnsafeMutablePointer<peach_jack_latency_range_t>) -> Void)
                    .self
            ),
            let midiEventCount = symbol(
                "jack_midi_get_event_count", as: (@convention(c) (UnsafeMutableRawPointer) -> UInt32).self),
            let midiEventGet = symbol(
                "jack_midi_event_get",
                as: (@convention(c) (
                    UnsafeMutablePointer<peach_jack_midi_event_t>, UnsafeMutableRawPointer, UInt32
                ) -> Int32).self),
            let midiClearBuffer = symbol(
                "jack_midi_clear_buffer", as: (@convention(c) (UnsafeMutableRawPointer) -> Void).self),
            let midiEventWrite = symbol(
                "jack_midi_event_write",
                as: (@convention(c) (UnsafeMutableRawPointer, UInt32, UnsafePointer<UInt8>, Int) -> Int32)
                    .self),
            let setErrorFunction = symbol(
                "jack_set_error_function", as: (@convention(c) (MessageFunction) -> Void).self),
            let setInfoFunction = symbol(
                "jack_set_info_function", as: (@convention(c) (MessageFunction) -> Void).self)
        else {
            dlclose(handle)
            return nil
        }
        self.handle = handle
        self.clientOpen = clientOpen
        self.clientClose = clientClose
        self.sampleRate = sampleRate
        self.bufferSize = bufferSize
        self.portRegister = portRegister
        self.setProcessCallback = setProcessCallback
        self.setXrunCallback = setXrunCallback
        self.onShutdown = onShutdown
        self.setLatencyCallback = setLatencyCallback
        self.setPortRegistrationCallback = setPortRegistrationCallback
        self.activate = activate
        self.deactivate = deactivate
        self.portGetBuffer = portGetBuffer
        self.getPorts = getPorts
        self.free = free
        self.connect = connect
        self.portName = portName
        self.portByID = portByID
        self.portFlags = portFlags
        self.portType = portType
        self.portGetLatencyRange = portGetLatencyRange
        self.midiEventCount = midiEventCount
        self.midiEventGet = midiEventGet
        self.midiClearBuffer = midiClearBuffer
        self.midiEventWrite = midiEventWrite
        self.setErrorFunction = setErrorFunction
        self.setInfoFunction = setInfoFunction
        let versionString = symbol(
            "jack_get_version_string", as: (@convention(c) () -> UnsafePointer<CChar>?).self)
        isPipeWire = versionString?().map { String(cString: $0).contains("PipeWire") } ?? false
        // The library's own messages ("Cannot connect to server socket …") stay off the terminal: Peach says
        // what went wrong in one line.
        setErrorFunction { _ in }
        setInfoFunction { _ in }
    }

    /// Opens a client named `name` (never starting a server); the client or JACK's status bits.
    func open(name: String) -> Result<Client, JACKStatus> {
        var status: Int32 = 0
        let client = name.withCString { peach_jack_client_open(clientOpen, $0, Self.noStartServer, &status) }
        guard let client else { return .failure(JACKStatus(rawValue: status)) }
        return .success(OpaquePointer(client))
    }

    /// The names of the ports matching `pattern` (a regular expression, nil for all) of `type` with `flags`.
    func ports(_ client: Client, matching pattern: String?, type: String, flags: UInt) -> [String] {
        let list = type.withCString { type in
            pattern.map { pattern in pattern.withCString { getPorts(client, $0, type, flags) } }
                ?? getPorts(client, nil, type, flags)
        }
        guard let list else { return [] }
        defer { free(UnsafeMutableRawPointer(list)) }
        var names: [String] = []
        var index = 0
        while let name = list[index] {
            names.append(String(cString: name))
            index += 1
        }
        return names
    }
}

/// JACK's status bits from opening a client (`jack_status_t`).
struct JACKStatus: Error, Hashable, Sendable {
    let rawValue: Int32

    /// Whether the failure is that no server runs (`JackServerFailed`).
    var noServer: Bool { rawValue & 0x10 != 0 }

    /// In words, for a device error's parenthesis.
    var text: String {
        var parts: [String] = []
        if rawValue & 0x10 != 0 { parts.append("no JACK server running") }
        if rawValue & 0x20 != 0 { parts.append("server error") }
        if rawValue & 0x04 != 0 { parts.append("name not unique") }
        if rawValue & 0x400 != 0 { parts.append("protocol version mismatch") }
        if rawValue & 0x200 != 0 { parts.append("shared memory failure") }
        return parts.isEmpty ? "JACK status 0x\(String(rawValue, radix: 16))" : parts.joined(separator: ", ")
    }
}
