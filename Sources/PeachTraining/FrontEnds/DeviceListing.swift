// DeviceListing: what `peach devices` lists: MIDI ports (and which Peach would use), raw MIDI, audio outputs.

import PeachAudio
import PeachCore
import PeachMIDI

/// An ALSA output `peach devices` lists: its name and description, what it plays through, or who holds it.
public struct AudioOutputEntry: Hashable, Sendable {
    /// The name for `--audio-out alsa:NAME`.
    public var name: String
    /// ALSA's description.
    public var description: String
    /// What it plays through; nil when it is busy.
    public var stack: AudioStack?
    /// When busy: the program holding the sound card, if known.
    public var holder: DeviceHolder?
    /// Whether timing trains through it (not through a sound server: ``AudioSink/reportsExactDelay``).
    public var trainsTiming: Bool

    /// An entry.
    public init(
        name: String, description: String, stack: AudioStack?, holder: DeviceHolder?,
        trainsTiming: Bool = true
    ) {
        self.name = name
        self.description = description
        self.stack = stack
        self.holder = holder
        self.trainsTiming = trainsTiming
    }
}

/// What `peach devices` found, and the options that say which devices Peach would use.
public struct DeviceListing: Sendable {
    /// `--midi-in`.
    public let input: MIDIInputSpec
    /// `--output`.
    public let output: MIDIOutputSpec
    /// The controller profile (its device patterns choose controllers too).
    public let profile: ControllerProfile
    /// The sequencer's ports and Peach's own client number; nil when there is no sequencer.
    public var sequencer: (ports: [MIDIPortInfo], ownClient: Int)?
    /// Raw MIDI device paths.
    public var rawDevices: [String] = []
    /// The ALSA PCM outputs that can play here (or are busy).
    public var audioOutputs: [AudioOutputEntry] = []
    /// Whether Peach's own JACK client can play (`--audio-out jack:`): libjack is there and a server runs.
    public var jackClientAvailable = false

    /// A listing for these options, with nothing found yet.
    public init(input: MIDIInputSpec, output: MIDIOutputSpec, profile: ControllerProfile) {
        self.input = input
        self.output = output
        self.profile = profile
    }

    /// The other clients' ports (not Peach's own, not System).
    public var ports: [MIDIPortInfo] {
        guard let sequencer else { return [] }
        return sequencer.ports.filter { $0.address.client != sequencer.ownClient && $0.address.client != 0 }
    }

    /// Whether Peach connects to `port` as a controller with these options.
    public func isControllerChosen(_ port: MIDIPortInfo) -> Bool {
        guard let sequencer, case .sequencer(let selection) = input else { return false }
        return ControllerConnector(selection: selection, profile: profile, ownClient: sequencer.ownClient)
            .wants(port)
    }

    /// The port `--output` plays to, if one.
    public var chosenSynth: MIDIPortInfo? {
        guard let sequencer else { return nil }
        return output.port(among: ports, ownClient: sequencer.ownClient)
    }
}
