// ArgumentTypes: Peach's value types as option values, each parsed by its domain parser.

import ArgumentParser
import PeachALSA
import PeachAudio
import PeachCore
import PeachMIDI
import PeachStore
import PeachTraining

extension NoteRange: ExpressibleByArgument {
    /// `C3-C5`, in the user's language's note naming (`H2-H4` in German, where `B` is B♭).
    public init?(argument: String) {
        guard let range = try? CLI.texts.noteNaming.range(argument) else { return nil }
        self = range
    }
}

extension MIDINote: ExpressibleByArgument {
    /// `A4`, `C#3`, `60`, in the user's language's note naming (`H4` in German, where `B4` is B♭4).
    public init?(argument: String) {
        guard let note = try? CLI.texts.noteNaming.note(argument) else { return nil }
        self = note
    }
}

extension Cents: ExpressibleByArgument {
    /// `+12.3`, `-5`, `0`.
    public init?(argument: String) { self.init(signedText: argument) }
}

/// A signed number as typed: `-6`, `+3`, `0.5` (a gain in dB; checked in `validate()`).
struct SignedNumber: ExpressibleByArgument {
    /// The number.
    let value: Double

    init(_ value: Double) { self.value = value }

    init?(argument: String) {
        guard let cents = Cents(argument: argument) else { return nil }
        value = cents.rawValue
    }

    var defaultValueDescription: String { CLI.texts.shortest(value) }
}

extension AudioOutputSpec: ExpressibleByArgument {
    /// `alsa:DEVICE`, `wav:PATH`, `null`.
    public init?(argument: String) { try? self.init(parsing: argument) }
}

extension MIDIInputSpec: ExpressibleByArgument {
    /// `seq`, `seq:20:0`, `seq:NAME`, `rawmidi:PATH`, a path, `keyboard`.
    public init?(argument: String) { self.init(parsing: argument) }
}

extension MIDIOutputSpec: ExpressibleByArgument {
    /// `synth`, `midi`, `midi:128:0`, `midi:NAME`, `rawmidi:PATH`.
    public init?(argument: String) { self.init(parsing: argument) }
}

extension ExportFormat: ExpressibleByArgument {}

extension SimulationMode: ExpressibleByArgument {}

extension PsychometricShape: ExpressibleByArgument {}

/// A timbre of the internal synth by name (`sine`, `piano`, `organ`), checked in `validate()` against the one
/// list of `TrainingSettings`, so a wrong name gets the same message as in the settings file.
struct TimbreName: ExpressibleByArgument, Hashable {
    /// The name.
    let name: String

    init?(argument: String) { name = argument }
}

extension PCMConfiguration: ExpressibleByArgument {
    /// `standard`, `low` or `FRAMESxPERIODS`, by ``PCMConfiguration/init(latency:)``.
    public init?(argument: String) { self.init(latency: argument) }

    /// As `--help` shows the default.
    public var defaultValueDescription: String { "standard" }
}
