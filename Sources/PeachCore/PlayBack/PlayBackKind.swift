// PlayBackKind: what a play-back question asks the player to play: a note, an interval, a chord, a degree, a melody.

/// A family of play-back questions: Peach plays, the player answers by playing it on the keys.
public enum PlayBackKind: String, CaseIterable, Hashable, Sendable {
    /// A reference note, then a second note: play the second note.
    case notes
    /// An interval (melodic up, melodic down or harmonic) from a given reference: play the other note.
    case intervals
    /// A chord (triad or seventh, any inversion): play all its notes together.
    case chords
    /// A cadence sets a key, then one note sounds: play it, in any octave (functional hearing: which degree).
    case degrees
    /// A melody of 3–8 notes in a key, after its tonic chord: play its notes in order (``MelodyLevel``).
    case melodies
}

extension PlayBackKind {
    /// How many seconds after an answer's first note its last may come: the widest chord window (1 s), or for a
    /// melody its whole window (60 s). The store refuses a record whose onsets go further.
    public var onsetSpan: Double {
        self == .melodies ? 60 : PlayBackOptions.chordWindows.upperBound
    }
}
