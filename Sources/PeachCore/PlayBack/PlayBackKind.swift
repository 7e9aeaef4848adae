// PlayBackKind: what a play-back question asks the player to play: a note, an interval, a chord, a scale degree.

/// A family of play-back questions: Peach plays, the player answers by playing it on the keys. Melodies are meant
/// to follow as a further kind on the same machinery (a question's ``PlayBackQuestion/answerNotes`` is already an
/// ordered list, and ``AnswerCapture`` keeps every onset).
public enum PlayBackKind: String, CaseIterable, Hashable, Sendable {
    /// A reference note, then a second note: play the second note.
    case notes
    /// An interval (melodic up, melodic down or harmonic) from a given reference: play the other note.
    case intervals
    /// A chord (triad or seventh, any inversion): play all its notes together.
    case chords
    /// A cadence sets a key, then one note sounds: play it, in any octave (functional hearing: which degree).
    case degrees
}
