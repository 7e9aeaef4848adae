// Spelling: which letter each note of a question gets: a chord by stacked thirds from its root, an interval from its reference.

/// How Peach spells notes for people, from the context a musician reads them in:
///
/// - **A chord** from its root and quality: each tone takes the letter of its degree above the root (third,
///   fifth, seventh; the second of a sus2, the fourth of a sus4), so F minor is F A♭ C, B♭ minor B♭ D♭ F and a
///   dominant seventh on F is F A C E♭. The root takes the spelling that needs the fewest accidentals over the
///   whole chord (a double accidental counts three), ties going the way a lone note goes: D♭ major, not C♯.
/// - **An interval** from its reference: the other note takes the letter the interval's number says (a third
///   two letters away), so C to E♭ is the minor third Peach asks, never the augmented second C–D♯. The tritone,
///   which Peach names `d5`, is spelled as a diminished fifth (C–G♭). The reference takes the spelling that
///   needs the fewest accidentals for both notes.
/// - **A lone note** as the player's key signature writes it (``KeySignature``); in C (the default) the black
///   keys as most music without a key writes them: C♯, E♭, F♯, A♭, B♭.
///
/// Every function takes the key (`in key:`, C when not given): it spells lone notes and settles ties.
public enum Spelling {
    /// `note` on its own (no chord, no interval), as `key` writes it: in C, C♯ E♭ F♯ A♭ B♭ for the black keys.
    public static func lone(_ note: MIDINote, in key: KeySignature = .c) -> SpelledNote {
        SpelledNote(note, nearLetter: key.letter(of: note.pitchClass))
    }

    /// The letters an interval of `semitones` (0…12) spans, by its number (``Interval/number``): a third two, a
    /// fifth four, the tritone (`d5`) four.
    public static func letterSteps(semitones: Int) -> Int {
        (Interval(rawValue: max(0, min(12, semitones)))?.number ?? 1) - 1
    }

    /// The chord whose tones are `notes` (lowest first, any voicing or inversion) with root `root` and
    /// `quality`: each note spelled by its degree above the root. Notes that are no tone of the chord are
    /// spelled on their own.
    public static func chord(
        _ notes: [MIDINote], root: MIDINote, quality: ChordQuality, in key: KeySignature = .c
    ) -> [SpelledNote] {
        let rootSpelling = chordRoot(root, quality: quality, in: key)
        return notes.map { note in
            let above = ((note.pitchClass - root.pitchClass) % 12 + 12) % 12
            guard let index = quality.intervals.firstIndex(where: { $0 % 12 == above }),
                let spelled = rootSpelling.spelling(note, lettersAway: quality.degreeSteps[index])
            else { return lone(note, in: key) }
            return spelled
        }
    }

    /// The root of a chord spelled as its symbol writes it (`F`, `B♭`, `F♯`), with `quality`.
    public static func chordRoot(
        _ root: MIDINote, quality: ChordQuality, in key: KeySignature = .c
    ) -> SpelledNote {
        let middle = MIDINote(clamping: 60 + root.pitchClass)
        return cheapest(middle, in: key) { chordCost($0, quality) } ?? lone(middle, in: key)
    }

    /// What spelling a chord of `quality` on `root` costs: the sum over its tones; nil when a tone cannot be
    /// written with at most two accidentals.
    private static func chordCost(_ root: SpelledNote, _ quality: ChordQuality) -> Int? {
        var total = 0
        for (semitones, steps) in zip(quality.intervals, quality.degreeSteps) {
            guard
                let tone = root.spelling(
                    MIDINote(clamping: root.note.rawValue + semitones), lettersAway: steps)
            else { return nil }
            total += cost(tone)
        }
        return total
    }

    /// `reference` and `target`, `semitones` apart (negative: the target below), spelled as that interval: the
    /// target's letter is the interval's number away from the reference's.
    public static func interval(
        from reference: MIDINote, to target: MIDINote, semitones: Int, in key: KeySignature = .c
    ) -> (reference: SpelledNote, target: SpelledNote) {
        let steps = letterSteps(semitones: abs(semitones))
        let signed = semitones < 0 ? -steps : steps
        let spelled = cheapest(reference, in: key) { candidate in
            candidate.spelling(target, lettersAway: signed).map { cost(candidate) + cost($0) }
        }
        guard let spelled, let other = spelled.spelling(target, lettersAway: signed) else {
            return (lone(reference, in: key), lone(target, in: key))
        }
        return (spelled, other)
    }

    /// The way to write `note` with at most one accidental whose `cost` is least (nil: that way cannot be used),
    /// ties going to the lone-note spelling in `key`.
    private static func cheapest(
        _ note: MIDINote, in key: KeySignature, cost: (SpelledNote) -> Int?
    ) -> SpelledNote? {
        let plain = lone(note, in: key)
        return candidates(note).compactMap { candidate in cost(candidate).map { (candidate, $0) } }
            .min { a, b in a.1 != b.1 ? a.1 < b.1 : a.0 == plain && b.0 != plain }?.0
    }

    /// What a spelling costs in reading: one per accidental, three for a double one.
    static func cost(_ note: SpelledNote) -> Int { abs(note.accidentals) == 2 ? 3 : abs(note.accidentals) }

    /// The ways to write `note` with at most one accidental (its letter, the letters beside it).
    static func candidates(_ note: MIDINote) -> [SpelledNote] {
        SpelledNote.Letter.allCases.compactMap { SpelledNote(note, letter: $0) }.filter {
            abs($0.accidentals) <= 1
        }
    }
}

extension ChordQuality {
    /// The letters each tone lies above the root, in ``intervals``' order: 0 for the root, 2 for a third, 4 for
    /// a fifth, 6 for a seventh; 1 for a sus2's second, 3 for a sus4's fourth.
    public var degreeSteps: [Int] {
        switch self {
        case .major, .minor, .diminished, .augmented: [0, 2, 4]
        case .sus2: [0, 1, 4]
        case .sus4: [0, 3, 4]
        case .majorSeventh, .dominantSeventh, .minorSeventh, .halfDiminishedSeventh, .diminishedSeventh:
            [0, 2, 4, 6]
        }
    }
}
