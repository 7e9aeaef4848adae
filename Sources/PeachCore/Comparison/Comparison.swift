// Comparison: two notes and the signed cent difference of the second.

/// One pitch-discrimination trial: `note1` plays, then `note2` raised or lowered by `centDifference`.
/// The sign of `centDifference` decides the correct answer: positive means the second note is higher.
public struct Comparison: Hashable, Sendable, Codable {
    /// The first (reference) note.
    public let note1: MIDINote
    /// The note the second tone is based on; the strategies here use `note1` again.
    public let note2: MIDINote
    /// The signed offset of the second tone from `note2`'s equal-tempered pitch; never zero in training.
    public let centDifference: Cents

    /// Creates a comparison.
    public init(note1: MIDINote, note2: MIDINote, centDifference: Cents) {
        self.note1 = note1
        self.note2 = note2
        self.centDifference = centDifference
    }

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

    /// The frequency of the second tone.
    public func note2Frequency(in tuning: EqualTemperament) -> Frequency {
        tuning.frequency(of: note2, offsetBy: centDifference)
    }
}
