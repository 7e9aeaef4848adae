// MIDIOutputOptions: --output and the external-synth options, and the MIDI destination they open.

import ArgumentParser
import Foundation
import PeachALSA
import PeachCore
import PeachMIDI
import PeachStore
import PeachText
import PeachTraining

/// MIDI channels 1–16 to play on, as `1,2` or `1-4` (stored 0-based).
struct MIDIChannels: ExpressibleByArgument {
    /// The channels, 0-based, in order.
    let channels: [UInt8]

    /// Channels 1 and 2.
    static let standard = MIDIChannels(channels: [0, 1])

    private init(channels: [UInt8]) { self.channels = channels }

    init?(argument: String) {
        guard let channels = MIDIChannelList.parse(argument) else { return nil }
        self.channels = channels
    }

    var defaultValueDescription: String { "1,2" }
}

/// How cents reach an external synth: pitch bend or the MIDI Tuning Standard.
enum MIDITuningChoice: String, ExpressibleByArgument, CaseIterable {
    /// Pitch bend (RPN 0 sets the range).
    case bend
    /// MTS single-note tuning, tuning program 0.
    case mts
}

/// The options for playing an external synth over MIDI.
struct MIDIOutputOptions: ParsableArguments {
    @Option(
        name: .setting(.midiOutput), help: CLI.help(.midiOutput, valueName: "spec"),
        completion: Completions.midiOutputs)
    var output: MIDIOutputSpec?

    @Option(name: .customLong("midi-channels"), help: ArgumentHelp(CLI.texts.help(.midiChannels)))
    var channels = MIDIChannels.standard

    @Option(name: .customLong("midi-program"), help: ArgumentHelp(CLI.texts.help(.midiProgram)))
    var program: Int?

    @Option(name: .customLong("bend-range"), help: ArgumentHelp(CLI.texts.help(.bendRange)))
    var bendRange = 2

    @Option(name: .customLong("midi-tuning"), help: ArgumentHelp(CLI.texts.help(.midiTuning)))
    var tuning: MIDITuningChoice = .bend

    func validate() throws {
        if let program, !(1...128).contains(program) {
            throw CommandError.option(
                .outOfRange(key: "--midi-program", value: "\(program)", allowed: .wholeNumber(1...128)))
        }
        guard (1...24).contains(bendRange) else {
            throw CommandError.option(
                .outOfRange(key: "--bend-range", value: "\(bendRange)", allowed: .wholeNumber(1...24)))
        }
    }

    /// The output asked for: `--output`, else the `midiOutput` setting of `settings`.
    func spec(settings: PeachSettings) throws -> MIDIOutputSpec {
        if let output { return output }
        guard let spec = MIDIOutputSpec(parsing: settings.midiOutput) else {
            throw CommandError.invalidSpec(
                option: "midiOutput", value: settings.midiOutput, expected: .midiOutput)
        }
        return spec
    }

    /// The synth set-up from the options.
    var configuration: MIDISynthConfiguration {
        MIDISynthConfiguration(
            channels: channels.channels, program: program.map { UInt8($0 - 1) },
            bendRangeSemitones: UInt8(bendRange),
            tuning: tuning == .bend ? .pitchBend : .tuningStandard(program: 0))
    }

    /// Opens the destination for a MIDI spec: the sequencer port (subscribed to Peach's output) or the raw path.
    /// - Throws: ``DeviceError``, ``MIDIInputError`` or ``CommandError/noSynthFound(spec:named:)``.
    func destination(for spec: MIDIOutputSpec) throws -> any MIDIDestination {
        switch spec {
        case .raw(let path): return try RawMIDIDestination(path: path)
        case .internalSynth, .firstSynth, .address, .named:
            let sequencer: ALSASequencer
            do {
                sequencer = try ALSASequencer()
            } catch {
                // Named as the user named the output, so the hint is about --output, not --midi-in. (One catch,
                // no `where`: Swift 6.2.3's SIL verifier crashes on a filtered catch of a typed error here.)
                guard error.operation == .openSequencer else { throw error }
                throw DeviceError(
                    device: spec.description, operation: error.operation, kind: error.kind,
                    systemText: error.systemText)
            }
            guard let port = spec.port(among: try sequencer.ports(), ownClient: sequencer.clientNumber) else {
                throw CommandError.noSynthFound(spec: spec.description, named: spec != .firstSynth)
            }
            return try ALSASequencerOutput(sequencer: sequencer, target: port)
        }
    }
}
