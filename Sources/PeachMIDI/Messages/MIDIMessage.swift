// MIDIMessage: Peach's own type for MIDI 1.0 messages, and their byte encoding.

/// A MIDI 1.0 message. Channels are 0–15 (shown to users as 1–16); data values are 7-bit (0–127) except
/// pitch bend, which is signed 14-bit (−8192 … 8191, 0 = centre). Encoding masks every field to its width,
/// so no message can produce an invalid byte stream.
public enum MIDIMessage: Hashable, Sendable {
    /// Note on. A velocity of 0 means note off to every receiver.
    case noteOn(channel: UInt8, note: UInt8, velocity: UInt8)
    /// Note off with a release velocity.
    case noteOff(channel: UInt8, note: UInt8, velocity: UInt8)
    /// Polyphonic key pressure (aftertouch).
    case polyphonicKeyPressure(channel: UInt8, note: UInt8, pressure: UInt8)
    /// Control change (CC 0–127).
    case controlChange(channel: UInt8, controller: UInt8, value: UInt8)
    /// Program change.
    case programChange(channel: UInt8, program: UInt8)
    /// Channel pressure (aftertouch).
    case channelPressure(channel: UInt8, pressure: UInt8)
    /// Pitch bend, −8192 … 8191 (0 = centre).
    case pitchBend(channel: UInt8, value: Int16)
    /// System exclusive: the bytes between `F0` and `F7` (each 0–127).
    case systemExclusive([UInt8])
    /// MIDI time code quarter frame (`F1`): message type and value in one 7-bit byte.
    case timeCodeQuarterFrame(UInt8)
    /// Song position pointer (`F2`), in MIDI beats (0–16383).
    case songPosition(UInt16)
    /// Song select (`F3`).
    case songSelect(UInt8)
    /// Tune request (`F6`).
    case tuneRequest
    /// A system real-time message (clock, start, stop, active sensing …).
    case realTime(MIDIRealTimeMessage)

    /// The smallest pitch-bend value.
    public static let pitchBendMinimum: Int16 = -8192
    /// The largest pitch-bend value.
    public static let pitchBendMaximum: Int16 = 8191

    /// The message as MIDI 1.0 bytes (full status byte, no running status).
    public var bytes: [UInt8] {
        switch self {
        case .noteOn(let channel, let note, let velocity): Self.voice(0x90, channel, note, velocity)
        case .noteOff(let channel, let note, let velocity): Self.voice(0x80, channel, note, velocity)
        case .polyphonicKeyPressure(let channel, let note, let pressure):
            Self.voice(0xA0, channel, note, pressure)
        case .controlChange(let channel, let controller, let value):
            Self.voice(0xB0, channel, controller, value)
        case .programChange(let channel, let program): [0xC0 | (channel & 0x0F), program & 0x7F]
        case .channelPressure(let channel, let pressure): [0xD0 | (channel & 0x0F), pressure & 0x7F]
        case .pitchBend(let channel, let value):
            {
                let clamped = min(max(Int(value), Int(Self.pitchBendMinimum)), Int(Self.pitchBendMaximum))
                let raw = UInt16(clamped + 8192)
                return [0xE0 | (channel & 0x0F), UInt8(raw & 0x7F), UInt8(raw >> 7)]
            }()
        case .systemExclusive(let payload): [0xF0] + payload.map { $0 & 0x7F } + [0xF7]
        case .timeCodeQuarterFrame(let value): [0xF1, value & 0x7F]
        case .songPosition(let beats): [0xF2, UInt8(beats & 0x7F), UInt8((beats >> 7) & 0x7F)]
        case .songSelect(let song): [0xF3, song & 0x7F]
        case .tuneRequest: [0xF6]
        case .realTime(let message): [message.rawValue]
        }
    }

    /// The channel 0–15 of a channel message; nil for system messages (no controller rule listens to those).
    public var channel: UInt8? {
        switch self {
        case .noteOn(let channel, _, _), .noteOff(let channel, _, _),
            .polyphonicKeyPressure(let channel, _, _),
            .controlChange(let channel, _, _), .programChange(let channel, _),
            .channelPressure(let channel, _),
            .pitchBend(let channel, _):
            channel
        default: nil
        }
    }

    private static func voice(_ status: UInt8, _ channel: UInt8, _ first: UInt8, _ second: UInt8) -> [UInt8] {
        [status | (channel & 0x0F), first & 0x7F, second & 0x7F]
    }
}

/// The MIDI 1.0 system real-time messages; they may appear anywhere in a byte stream, even inside another
/// message.
public enum MIDIRealTimeMessage: UInt8, Hashable, Sendable, CaseIterable {
    /// Timing clock (24 per quarter note).
    case timingClock = 0xF8
    /// Start.
    case start = 0xFA
    /// Continue.
    case `continue` = 0xFB
    /// Stop.
    case stop = 0xFC
    /// Active sensing.
    case activeSensing = 0xFE
    /// System reset.
    case systemReset = 0xFF
}
