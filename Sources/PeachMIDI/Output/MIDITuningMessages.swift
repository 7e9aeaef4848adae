// MIDITuningMessages: the byte-exact MIDI sequences for bend range (RPN 0), tuning program and MTS.

import Foundation
import PeachCore

/// The MIDI messages that tune an external synth.
public enum MIDITuningMessages {
    /// Sets the pitch-bend range by RPN 0 as plain controller messages (FluidSynth's sequencer input drops
    /// combined RPN events): `Bn 65 00`, `Bn 64 00`, `Bn 06 semitones`, `Bn 26 cents`, then the null RPN
    /// `Bn 65 7F`, `Bn 64 7F` so later data entry changes nothing.
    public static func bendRange(channel: UInt8, semitones: UInt8, cents: UInt8 = 0) -> [MIDIMessage] {
        registeredParameter(channel: channel, number: 0, coarse: semitones, fine: cents)
    }

    /// Selects MTS tuning bank 0 (RPN 4) and `program` (RPN 3) on a channel.
    public static func selectTuning(channel: UInt8, program: UInt8) -> [MIDIMessage] {
        Array(registeredParameter(channel: channel, number: 4, coarse: 0).dropLast(2))
            + registeredParameter(channel: channel, number: 3, coarse: program)
    }

    /// RPN `number`: select, data entry coarse (and fine), then the null RPN.
    static func registeredParameter(
        channel: UInt8, number: UInt8, coarse: UInt8, fine: UInt8? = nil
    )
        -> [MIDIMessage]
    {
        var messages: [MIDIMessage] = [
            .controlChange(channel: channel, controller: 101, value: 0),
            .controlChange(channel: channel, controller: 100, value: number),
            .controlChange(channel: channel, controller: 6, value: coarse),
        ]
        if let fine { messages.append(.controlChange(channel: channel, controller: 38, value: fine)) }
        messages += [
            .controlChange(channel: channel, controller: 101, value: 127),
            .controlChange(channel: channel, controller: 100, value: 127),
        ]
        return messages
    }

    /// The key of an equal-tempered frequency as a fractional MIDI note number (A4 = 440 Hz = 69), as
    /// synths are tuned.
    public static func fractionalKey(of frequency: Frequency) -> Double {
        69 + 12 * log2(frequency.hertz / 440)
    }

    /// The pitch-bend value for `cents` at a bend range of `semitones` (clamped to the range).
    public static func bendValue(cents: Double, semitones: UInt8) -> Int16 {
        let value = (cents / (Double(semitones) * 100) * 8192).rounded()
        return Int16(min(max(value, -8192), 8191))
    }

    /// MTS real-time single-note tuning change (`F0 7F 7F 08 02 program 01 key xx yy zz F7`): `key` sounds
    /// at `frequency`. The frequency is a semitone (`xx`) plus a 14-bit fraction of it (`yy zz`, 0.0061 ¢).
    public static func singleNoteTuning(key: UInt8, frequency: Frequency, program: UInt8) -> MIDIMessage {
        let position = min(max(fractionalKey(of: frequency), 0), 127.99)
        var semitone = Int(position.rounded(.down))
        var fraction = Int(((position - Double(semitone)) * 16384).rounded())
        if fraction >= 16384 {
            semitone += 1
            fraction -= 16384
        }
        if semitone >= 127 {
            semitone = 127
            fraction = min(fraction, 16382)  // 7F 7F 7F means "no change"
        }
        return .systemExclusive([
            0x7F, 0x7F, 0x08, 0x02, program & 0x7F, 0x01, key & 0x7F, UInt8(semitone), UInt8(fraction >> 7),
            UInt8(fraction & 0x7F),
        ])
    }

    /// The expression controller (CC11) value for a gain in decibels, by the General MIDI volume curve
    /// (gain = 40 · log10(value / 127)).
    public static func expression(for amplitude: AmplitudeDB) -> UInt8 {
        let value = (127 * pow(10, amplitude.decibels / 40)).rounded()
        return UInt8(min(max(value, 0), 127))
    }
}
