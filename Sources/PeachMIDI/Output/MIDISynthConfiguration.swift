// MIDISynthConfiguration: how Peach plays an external synth: channels, program, bend range, tuning method.

/// How the cent offset reaches the external synth.
public enum MIDITuningMethod: Hashable, Sendable {
    /// 14-bit pitch bend, after setting the bend range by RPN 0 (works on nearly every synth).
    case pitchBend
    /// MIDI Tuning Standard real-time single-note tuning (0.0061-cent steps) in the given tuning program,
    /// selected on each channel by RPN 4 (bank 0) and RPN 3 (program), as FluidSynth needs.
    case tuningStandard(program: UInt8)
}

/// MIDI channels as the user writes them (1–16): `1,2` or `1-4`, in order, each once.
public enum MIDIChannelList {
    /// The channels, 0-based, or nil when the text is not a list of channels 1–16.
    public static func parse(_ text: String) -> [UInt8]? {
        var list: [UInt8] = []
        for part in text.split(separator: ",") {
            let bounds = part.split(separator: "-", maxSplits: 1).map {
                Int($0.trimmingCharacters(in: .whitespaces))
            }
            guard let low = bounds.first ?? nil, let high = bounds.last ?? nil, 1 <= low, low <= high,
                high <= 16
            else { return nil }
            for channel in low...high where !list.contains(UInt8(channel - 1)) {
                list.append(UInt8(channel - 1))
            }
        }
        return list.isEmpty ? nil : list
    }
}

/// The external synth's set-up.
public struct MIDISynthConfiguration: Hashable, Sendable {
    /// The channels 0–15 Peach plays on, in rotation: a new note takes the next channel that is not
    /// sounding, so a bend never reaches another note's release tail when there are two or more.
    public var channels: [UInt8]
    /// The program (0–127) to select at start, or nil to leave the synth's sound alone.
    public var program: UInt8?
    /// The pitch-bend range to set by RPN 0, semitones (1–24).
    public var bendRangeSemitones: UInt8
    /// How cents reach the synth.
    public var tuning: MIDITuningMethod

    /// A configuration. The default: channels 1 and 2 (shown 1-based), no program change, ±2 semitones,
    /// pitch bend.
    public init(
        channels: [UInt8] = [0, 1], program: UInt8? = nil, bendRangeSemitones: UInt8 = 2,
        tuning: MIDITuningMethod = .pitchBend
    ) {
        self.channels = channels.isEmpty ? [0] : channels.map { $0 & 0x0F }
        self.program = program.map { $0 & 0x7F }
        self.bendRangeSemitones = min(max(bendRangeSemitones, 1), 24)
        self.tuning = tuning
    }
}
