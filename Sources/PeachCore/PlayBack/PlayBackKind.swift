// PlayBackKind: what a play-back question asks the player to play: a note, an interval or a chord.

/// A family of play-back questions: Peach plays, the player answers by playing it on the keys. Melodies and
/// scale degrees over a cadence are meant to follow as further kinds on the same machinery (a question's
/// ``PlayBackQuestion/answerNotes`` is already an ordered list, and ``AnswerCapture`` keeps every onset).
public enum PlayBackKind: String, CaseIterable, Hashable, Sendable {
    /// A reference note, then a second note: play the second note.
    case notes
    /// An interval (melodic up, melodic down or harmonic) from a given reference: play the other note.
    case intervals
    /// A chord (triad or seventh, any inversion): play all its notes together.
    case chords
}
