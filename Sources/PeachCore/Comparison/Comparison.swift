// Comparison: two notes and the signed cent difference of the second.

/// One pitch-discrimination trial: `note1` plays, then `note2` raised or lowered by `centDifference`.
/// The sign of `centDifference` decides the correct answer: positive means the second note is higher.
///
/// An interval trial has `note2` up to an octave above or below `note1` (``interval``); the second tone is the
/// interval tuned in ``tuningSystem`` from `note1`'s pitch, then offset by `centDifference`. So *higher* is
/// correct when the second tone lies above the in-tune interval: an ascending interval too wide, a descending
/// one too narrow.
public struct Comparison: Hashable, Sendable, Codable {
    /// The first (reference) note.
    public let note1: MIDINote
    /// The note the second tone is based on; the strategies here use `note1` again.
    public let note2: MIDINote
    /// The signed offset of the second tone from `note2`'s equal-tempered pitch; never zero in training.
    public let centDifference: Cents
    /// How the interval from `note1` to `note2` is tuned (irrelevant for a unison).
    public let tuningSystem: TuningSystem

    /// Creates a comparison.
    public init(
        note1: MIDINote, note2: MIDINote, centDifference: Cents,
        tuningSystem: TuningSystem = .equalTemperament
    ) {
        self.note1 = note1
        self.note2 = note2
        self.centDifference = centDifference
        self.tuningSystem = tuningSystem
    }

    /// Whether both notes are the same (unison training), whatever the tuning.
    public var isUnison: Bool { note1 == note2 }

    /// The interval from `note1` to `note2`; nil when they lie more than an octave apart (never in Peach's
    /// trials; possible in a hand-edited record).
    public var interval: DirectedInterval? { DirectedInterval(semitones: note2.rawValue - note1.rawValue) }

    /// `true` when the second tone is higher than its note, i.e. the answer `higher` is correct.
    public var isSecondNoteHigher: Bool { centDifference.rawValue > 0 }

    /// The answer that is correct for this comparison (`nil` for a zero difference, where neither is).
    public var correctAnswer: ComparisonAnswer? {
        centDifference.rawValue > 0 ? .higher : centDifference.rawValue < 0 ? .lower : nil
    }

    /// Whether `answer` matches the direction of the cent difference.
    public func isCorrect(_ answer: ComparisonAnswer) -> Bool { answer == correctAnswer }

    /// The frequency of the first tone.
    public func note1Frequency(in tuning: EqualTemperament) -> Frequency { tuning.frequency(of: note1) }

    /// The frequency of the second tone: the interval in ``tuningSystem`` above or below note 1, offset by the
    /// cent difference (in equal temperament, `note2`'s pitch offset by it).
    public func note2Frequency(in tuning: EqualTemperament) -> Frequency {
        tuning.frequency(
            of: note1, offsetBy: tuningSystem.offset(from: note1, to: note2, plus: centDifference))
    }

    /// A comparison of `magnitude` cents for `settings`: an interval from the settings' list (drawn only when
    /// there is more than one), note 1 uniform at random among the notes whose interval partner also lies in
    /// the training range, the direction a coin flip.
    public static func random(
        settings: TrainingSettings, magnitude: Double, using generator: inout some RandomNumberGenerator
    ) -> Comparison {
        let interval = settings.randomInterval(using: &generator)
        let note = MIDINote.random(in: interval.references(in: settings.noteRange), using: &generator)
        let signed = Bool.random(using: &generator) ? magnitude : -magnitude
        return Comparison(
            note1: note, note2: interval.target(from: note) ?? note, centDifference: Cents(signed),
            tuningSystem: settings.tuningSystem)
    }
}
