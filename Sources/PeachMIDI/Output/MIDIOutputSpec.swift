// MIDIOutputSpec: where Peach's notes go, as --output and the midiOutput setting name it.

import Foundation

/// Where Peach's notes go, as `--output` (or the `midiOutput` setting) names it.
public enum MIDIOutputSpec: Hashable, Sendable, CustomStringConvertible {
    /// The internal synth (`synth`; `none` is read as the same, as older settings files wrote it).
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
    public init?(parsing text: String) {
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

    /// The path written, for `rawmidi:PATH`.
    public var rawPath: String? {
        if case .raw(let path) = self { return path }
        return nil
    }

    /// The text form, as the option takes it.
    public var description: String {
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
    public func port(among ports: [MIDIPortInfo], ownClient: Int) -> MIDIPortInfo? {
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
