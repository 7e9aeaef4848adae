// DeviceError: a sound or MIDI device that failed: which device, what Peach was doing, and what kind of failure.

/// A device that failed (an ALSA PCM, the sequencer, a port). The adapter that talks to the device decides the
/// ``operation`` and the ``kind``; the application words them (in English or German) without ever looking at C
/// function names. ``systemText`` is the device library's own text, kept for the message's parenthesis.
public struct DeviceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What Peach was doing with the device.
    public enum Operation: String, Hashable, Sendable, CaseIterable {
        /// Opening an audio output.
        case openPCM
        /// Setting an audio output's format, rate and buffer.
        case configurePCM
        /// Writing audio.
        case writePCM
        /// Opening the MIDI sequencer (or creating Peach's ports on it).
        case openSequencer
        /// Connecting to a MIDI port.
        case connect
        /// Sending MIDI.
        case send
        /// Receiving MIDI.
        case receive
    }

    /// What went wrong.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// No such device (or no sequencer on this machine).
        case noSuchDevice
        /// Another program holds the device.
        case busy
        /// The user may not use the device.
        case permissionDenied
        /// The device takes none of the sample formats Peach writes.
        case formatUnsupported
        /// The device stopped taking data (it stalls; a larger buffer may help).
        case stalled
        /// The device went away (unplugged, powered off).
        case deviceLost
        /// What the device needs is not installed (libjack for `jack:`).
        case notInstalled
        /// Anything else.
        case failed
    }

    /// The device as the user names it: `alsa:hw:1,0`, `seq`, `seq:20:0`.
    public let device: String
    /// What Peach was doing.
    public let operation: Operation
    /// What went wrong.
    public let kind: Kind
    /// The device library's own text for the failure (e.g. ALSA's `Device or resource busy`).
    public let systemText: String
    /// For a busy device: the program holding it, as the kernel tells (its process name and id), if known.
    public let holder: DeviceHolder?

    /// An error of `kind` during `operation` on `device` (held by `holder`, when busy and known).
    public init(
        device: String, operation: Operation, kind: Kind, systemText: String, holder: DeviceHolder? = nil
    ) {
        self.device = device
        self.operation = operation
        self.kind = kind
        self.systemText = systemText
        self.holder = holder
    }

    /// `device: operation: kind (system text)`, for logs.
    public var description: String { "\(device): \(operation.rawValue): \(kind.rawValue) (\(systemText))" }
}

/// The program holding a busy sound card, as the kernel tells it: its process name and id.
public struct DeviceHolder: Hashable, Sendable {
    /// The process's name (`jackd`, `pipewire`, `pulseaudio`, `firefox`).
    public let name: String
    /// The process id.
    public let pid: Int32

    /// A holder.
    public init(name: String, pid: Int32) {
        self.name = name
        self.pid = pid
    }

    /// The sound server it is, if it is one.
    public var server: Server? {
        switch name {
        case "jackd", "jackdbus": .jack
        case "pipewire", "wireplumber", "pipewire-media-session": .pipeWire
        case "pulseaudio", "pipewire-pulse": .pulseAudio
        default: nil
        }
    }

    /// The sound servers a holder can be.
    public enum Server: String, Hashable, Sendable {
        /// JACK (`jackd`, `jackdbus`).
        case jack
        /// PipeWire.
        case pipeWire
        /// PulseAudio.
        case pulseAudio
    }
}
