// TuneMapping: the continuous control that tunes the note in pitch matching.

/// How relative encoders encode a turn in a 7-bit controller value.
public enum RelativeEncoding: String, Hashable, Sendable, CaseIterable {
    /// 1…63 up, 127…65 down (127 = −1); most common.
    case twosComplement
    /// 65…127 up, 63…0 down (64 = no move; 65 = +1, 63 = −1).
    case binaryOffset
    /// 1…63 up, 65…127 down (65 = −1): bit 6 is the sign.
    case signMagnitude

    /// The signed number of steps a value means.
    public func steps(_ value: UInt8) -> Int {
        let value = Int(value & 0x7F)
        switch self {
        case .twosComplement: return value < 64 ? value : value - 128
        case .binaryOffset: return value - 64
        case .signMagnitude: return value < 64 ? value : -(value - 64)
        }
    }
}

/// The control that tunes the note. Every control moves the note *from where it starts* (the challenge's
/// offset), never to an absolute position, so a tap cannot score a perfect result.
public enum TuneControl: Hashable, Sendable {
    /// The pitch-bend wheel (14-bit, spring-loaded): full deflection up moves the note `cents` up, full
    /// deflection down `cents` down, from where it started. With `commitOnCentre`, letting the wheel spring
    /// back to centre after a deflection commits the pitch it was held at just before the release.
    case pitchBend(cents: Double, commitOnCentre: Bool)
    /// A 7-bit fader or knob (absolute): its full travel 0…127 spans `cents`. The first value after start
    /// only tells Peach where the control is.
    case controller(UInt8, cents: Double)
    /// A 14-bit fader (controller N for the coarse value, N + 32 for the fine value): full travel spans `cents`.
    case controller14(UInt8, cents: Double)
    /// A relative encoder: each step moves `centsPerStep`.
    case encoder(UInt8, encoding: RelativeEncoding, centsPerStep: Double)
}

/// The tune rule of a profile: the control and its channel.
public struct TuneMapping: Hashable, Sendable {
    /// The control.
    public var control: TuneControl
    /// The channel 0–15, or nil for any.
    public var channel: UInt8?

    /// A tune rule.
    public init(_ control: TuneControl, channel: UInt8? = nil) {
        self.control = control
        self.channel = channel
    }
}
