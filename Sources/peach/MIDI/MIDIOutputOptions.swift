// MIDIOutputOptions: --output and the external-synth options, and the MIDI note player they make.

import ArgumentParser
import Foundation
import PeachALSA
import PeachMIDI
import PeachStore

/// Where Peach's notes go, as `--output` (or the `midiOutput` setting) names it.
enum MIDIOutputSpec: Hashable, CustomStringConvertible {
    /// The internal synth (`synth`; the setting's `none`).
    case internalSynth
    /// The first MIDI synth found on the sequencer (`midi`).
    case firstSynth
    /// A sequencer port by address (`midi:128:0`).
    case address(MIDIAddress)
    /// A sequencer port by client or port name (`midi:FLUID`).
    case named(String)
    /// Raw MIDI bytes to a device, FIFO, file or stdout (`rawmidi:PATH`).
    case raw(path: String)

    /// Reads the forms above; nil for anything else.
    init?(parsing text: String) {
        let value = text.trimmingCharacters(in: .whitespaces)
        switch value {
        case "synth", "none": self = .internalSynth
        case "midi": self = .firstSynth
        default:
            if value.hasPrefix("midi:"), value.count > 5 {
                let rest = String(value.dropFirst(5))
                self = MIDIAddress(parsing: rest).map(MIDIOutputSpec.address) ?? .named(rest)
            } else if value.hasPrefix("rawmidi:"), value.count > 8 {
                self = .raw(path: String(value.dropFirst(8)))
            } else {
                return nil
            }
        }
    }

    var description: String {
        switch self {
        case .internalSynth: "synth"
        case .firstSynth: "midi"
        case .address(let address): "midi:\(address)"
        case .named(let name): "midi:\(name)"
        case .raw(let path): "rawmidi:\(path)"
        }
    }

    /// The port among `ports` this spec plays to: by address or name, or for `midi` the first synth (a port
    /// that says it makes sound), else the first hardware MIDI out; never Peach itself or Midi Through.
    func port(among ports: [MIDIPortInfo], ownClient: Int) -> MIDIPortInfo? {
        let candidates = ports.filter {
            $0.isWritable && $0.address.client != ownClient && $0.address.client != 0
        }
        switch self {
        case .address(let address): return candidates.first { $0.address == address }
        case .named(let name):
            let pattern = NamePattern(name)
            return candidates.first { pattern.matches($0.clientName) || pattern.matches($0.portName) }
        case .firstSynth:
            let real = candidates.filter { !$0.isMidiThrough }
            return real.first(where: \.isSynth) ?? real.first(where: \.isHardware)
        case .internalSynth, .raw: return nil
        }
    }
}

/// The options for playing an external synth over MIDI.
struct MIDIOutputOptions: ParsableArguments {
    @Option(
        name: .customLong("output"),
        help: ArgumentHelp(
            "What plays the notes: synth (the internal one), midi, midi:CLIENT:PORT, midi:NAME or rawmidi:PATH.",
            discussion: """
                Default: the midiOutput setting (none = the internal synth). midi plays the first MIDI synth \
                found (such as FluidSynth), midi:128:0 or midi:FLUID a chosen port, rawmidi:PATH writes MIDI \
                bytes to a device such as /dev/snd/midiC1D0, a FIFO or a file.
                """, valueName: "spec"))
    var output: String?

    @Option(
        name: .customLong("midi-channels"),
        help: "MIDI channels 1-16 to play on, in rotation (one sounding note per channel), e.g. 1,2 or 1-4.")
    var channels = "1,2"

    @Option(name: .customLong("midi-program"), help: "Program change 1-128 to send at start (default: none).")
    var program: Int?

    @Option(name: .customLong("bend-range"), help: "Pitch-bend range to set by RPN 0, semitones (1-24).")
    var bendRange = 2

    @Option(
        name: .customLong("midi-tuning"),
        help: "How cents reach the synth: bend (pitch bend) or mts (MIDI Tuning Standard, tuning program 0).")
    var tuning = "bend"

    /// The output asked for: `--output`, else the `midiOutput` setting (the settings file is read only
    /// then, so a broken file does not stand in the way of an explicit `--output`).
    func spec(settings: PeachSettings? = nil) throws -> MIDIOutputSpec {
        let text = try output ?? (settings ?? loadSettings()).midiOutput
        guard let spec = MIDIOutputSpec(parsing: text) else {
            throw CommandFailure.usage(
                Messages.pick(
                    "--output '\(text)' is not valid; use synth, midi, midi:CLIENT:PORT, midi:NAME or rawmidi:PATH.",
                    "--output '\(text)' ist ungültig; nimm synth, midi, midi:CLIENT:PORT, midi:NAME oder rawmidi:PATH."
                )
            )
        }
        return spec
    }

    /// The synth set-up from the options.
    func configuration() throws -> MIDISynthConfiguration {
        var list: [UInt8] = []
        for part in channels.split(separator: ",") {
            let bounds = part.split(separator: "-", maxSplits: 1).map {
                Int($0.trimmingCharacters(in: .whitespaces))
            }
            guard let low = bounds.first ?? nil, let high = bounds.last ?? nil, 1 <= low, low <= high,
                high <= 16
            else {
                throw CommandFailure.usage(
                    Messages.pick(
                        "--midi-channels '\(channels)' is not valid; use channels 1-16 such as 1,2 or 1-4.",
                        "--midi-channels '\(channels)' ist ungültig; nimm Kanäle 1-16 wie 1,2 oder 1-4."))
            }
            for channel in low...high where !list.contains(UInt8(channel - 1)) {
                list.append(UInt8(channel - 1))
            }
        }
        guard !list.isEmpty else {
            throw CommandFailure.usage(
                Messages.pick("--midi-channels names no channel.", "--midi-channels nennt keinen Kanal."))
        }
        if let program, !(1...128).contains(program) {
            throw CommandFailure.usage(
                Messages.pick("--midi-program must be 1-128.", "--midi-program muss 1-128 sein."))
        }
        guard (1...24).contains(bendRange) else {
            throw CommandFailure.usage(
                Messages.pick("--bend-range must be 1-24 semitones.", "--bend-range muss 1-24 Halbtöne sein.")
            )
        }
        let method: MIDITuningMethod
        switch tuning {
        case "bend": method = .pitchBend
        case "mts": method = .tuningStandard(program: 0)
        default:
            throw CommandFailure.usage(
                Messages.pick("--midi-tuning must be bend or mts.", "--midi-tuning muss bend oder mts sein."))
        }
        return MIDISynthConfiguration(
            channels: list, program: program.map { UInt8($0 - 1) }, bendRangeSemitones: UInt8(bendRange),
            tuning: method)
    }

    /// Opens the destination for a MIDI spec: the sequencer port (subscribed to Peach's output) or the raw path.
    /// - Throws: ``ALSAError``, ``MIDIInputError`` or ``CommandFailure`` when no synth is found.
    func destination(for spec: MIDIOutputSpec) throws -> any MIDIDestination {
        switch spec {
        case .raw(let path): return try RawMIDIDestination(path: path)
        case .internalSynth:
            throw CommandFailure.usage("internal error: no MIDI destination for the internal synth.")
        case .firstSynth, .address, .named:
            let sequencer = try ALSASequencer()
            guard let port = spec.port(among: try sequencer.ports(), ownClient: sequencer.clientNumber) else {
                let what = spec == .firstSynth ? "no MIDI synth found" : "no MIDI port matches '\(spec)'"
                throw CommandFailure(
                    message:
                        "\(what): start one (e.g. fluidsynth -a alsa -m alsa_seq FILE.sf2) or name one with "
                        + "--output midi:CLIENT:PORT; 'peach devices' lists the ports.", status: 1)
            }
            return try ALSASequencerOutput(sequencer: sequencer, target: port)
        }
    }
}
