// PitchMatchingChallenge: a reference note, the interval to tune above or below it, and the starting offset.

/// One pitch-matching trial: the reference note, the note to tune (the reference for unison training, or the
/// interval above or below it), and the offset from the in-tune target at which the tunable note starts.
public struct PitchMatchingChallenge: Hashable, Sendable, Codable {
    /// The widest initial offset, cents (either direction).
    public static let maximumInitialOffset = 100.0

    /// The note to match.
    public let referenceNote: MIDINote
    /// The note the tunable tone is tuned to: `referenceNote` in unison training, else the interval from it.
    public let targetNote: MIDINote
    /// How the interval from the reference to the target is tuned.
    public let tuningSystem: TuningSystem
    /// Where the tunable note starts, relative to the in-tune target.
    public let initialOffset: Cents

    /// Creates a challenge (unison unless a target note is given).
    public init(
        referenceNote: MIDINote, initialOffset: Cents, targetNote: MIDINote? = nil,
        tuningSystem: TuningSystem = .equalTemperament
    ) {
        self.referenceNote = referenceNote
        self.targetNote = targetNote ?? referenceNote
        self.tuningSystem = tuningSystem
        self.initialOffset = initialOffset
    }

    /// The interval from the reference to the target note.
    public var interval: DirectedInterval {
        DirectedInterval(semitones: targetNote.rawValue - referenceNote.rawValue) ?? .prime
    }

    /// The frequency of the reference note.
    public func referenceFrequency(in tuning: EqualTemperament) -> Frequency {
        tuning.frequency(of: referenceNote)
    }

    /// The frequency of the tunable note at `offset` cents from the in-tune target.
    public func tunableFrequency(offset: Cents, in tuning: EqualTemperament) -> Frequency {
        tuning.frequency(
            of: referenceNote,
            offsetBy: tuningSystem.offset(from: referenceNote, to: targetNote, plus: offset))
    }

    /// A challenge for `settings`: an interval from the settings' list (drawn only when there is more than one),
    /// a reference note uniform at random among those whose target also lies in the training range, and an
    /// initial offset uniform at random within ±``maximumInitialOffset`` cents.
    public static func random(
        for settings: TrainingSettings, using generator: inout some RandomNumberGenerator
    ) -> PitchMatchingChallenge {
        let interval = settings.randomInterval(using: &generator)
        let reference = MIDINote.random(
            in: interval.references(in: settings.noteRange), using: &generator)
        return PitchMatchingChallenge(
            referenceNote: reference,
            initialOffset: Cents(
                Double.random(in: -maximumInitialOffset...maximumInitialOffset, using: &generator)),
            targetNote: interval.target(from: reference), tuningSystem: settings.tuningSystem)
    }

    /// A unison challenge with a reference note uniform at random in `range` and an initial offset uniform at
    /// random within ±``maximumInitialOffset`` cents.
    public static func random(
        in range: NoteRange, using generator: inout some RandomNumberGenerator
    ) -> PitchMatchingChallenge {
        PitchMatchingChallenge(
            referenceNote: MIDINote.random(in: range.closedRange, using: &generator),
            initialOffset: Cents(
                Double.random(in: -maximumInitialOffset...maximumInitialOffset, using: &generator)))
    }
}
