// PitchMatchingChallenge: a reference note and the offset the tunable note starts at.

/// One pitch-matching trial: the reference note, and the offset from it at which the tunable note starts.
public struct PitchMatchingChallenge: Hashable, Sendable, Codable {
    /// The widest initial offset, cents (either direction).
    public static let maximumInitialOffset = 100.0

    /// The note to match.
    public let referenceNote: MIDINote
    /// Where the tunable note starts, relative to the reference note.
    public let initialOffset: Cents

    /// Creates a challenge.
    public init(referenceNote: MIDINote, initialOffset: Cents) {
        self.referenceNote = referenceNote
        self.initialOffset = initialOffset
    }

    /// A challenge with a reference note uniform at random in `range` and an initial offset uniform at random
    /// within ±``maximumInitialOffset`` cents.
    public static func random(
        in range: NoteRange, using generator: inout some RandomNumberGenerator
    )
        -> PitchMatchingChallenge
    {
        PitchMatchingChallenge(
            referenceNote: MIDINote.random(in: range.closedRange, using: &generator),
            initialOffset: Cents(
                Double.random(in: -maximumInitialOffset...maximumInitialOffset, using: &generator)))
    }
}
