// EqualTemperament: twelve-tone equal temperament from a reference pitch for A4.

/// Twelve-tone equal temperament anchored at a reference pitch for A4 (MIDI 69):
/// f = ref · 2^((note − 69)/12) · 2^(cents/1200).
///
/// Both directions are computed in one exponent/logarithm in double precision, so a round trip
/// note + cents → frequency → cents is exact to far better than 0.001 cent over MIDI 0–127.
public struct EqualTemperament: Hashable, Sendable {
    /// The MIDI note the reference pitch belongs to (A4).
    public static let referenceNote: MIDINote = 69
    /// The concert pitch A4 = 440 Hz.
    public static let standard = EqualTemperament(referencePitch: 440)

    /// The frequency of A4.
    public let referencePitch: Frequency

    /// Creates a tuning with the given frequency for A4.
    public init(referencePitch: Frequency) {
        self.referencePitch = referencePitch
    }

    /// The frequency of `note` raised or lowered by `cents`.
    public func frequency(of note: MIDINote, offsetBy cents: Cents = 0) -> Frequency {
        let centsFromReference = Double(note.rawValue - Self.referenceNote.rawValue) * 100 + cents.rawValue
        return Frequency(hertz: referencePitch.hertz * exp2Double(centsFromReference / 1200))
    }

    /// The signed interval from `note`'s equal-tempered pitch to `frequency`.
    public func cents(of frequency: Frequency, relativeTo note: MIDINote) -> Cents {
        let centsFromReference = 1200 * log2Double(frequency.hertz / referencePitch.hertz)
        return Cents(centsFromReference - Double(note.rawValue - Self.referenceNote.rawValue) * 100)
    }

    /// The signed interval from frequency `reference` to frequency `other`: 1200 · log2(other / reference).
    public static func cents(from reference: Frequency, to other: Frequency) -> Cents {
        Cents(1200 * log2Double(other.hertz / reference.hertz))
    }

    /// The equal-tempered note nearest to `frequency` and the offset from it, or `nil` when the frequency is
    /// more than half a semitone outside MIDI 0–127.
    public func nearestNote(to frequency: Frequency) -> (note: MIDINote, offset: Cents)? {
        let centsFromReference = 1200 * log2Double(frequency.hertz / referencePitch.hertz)
        let semitones = (centsFromReference / 100).rounded()
        guard let number = Int(exactly: semitones + Double(Self.referenceNote.rawValue)),
            MIDINote.validRange.contains(number)
        else { return nil }
        return (MIDINote(checked: number), Cents(centsFromReference - semitones * 100))
    }
}
