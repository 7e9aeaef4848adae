// PlayBackQuestion+Spelling: a question's notes spelled in its context: the chord's degrees, the interval's number.

extension PlayBackQuestion {
    /// `notes` spelled in this question's context (``Spelling``): a chord's tones by their degree above its
    /// root, an interval's two notes by the interval's number, a degree's notes (and any note played) as degrees
    /// of the question's key (``Key/spelled(_:)``); any other note (a wrong one played) on its own, as `key`
    /// writes it (which also settles ties).
    public func spelled(_ notes: [MIDINote], in key: KeySignature = .c) -> [SpelledNote] {
        switch item {
        case .chord(let quality, _):
            guard let root = chordRootNote else { return notes.map { Spelling.lone($0, in: key) } }
            return Spelling.chord(notes, root: root, quality: quality, in: key)
        case .note(let semitones):
            return spelledAsInterval(notes, semitones: semitones, in: key)
        case .interval(let interval, _):
            return spelledAsInterval(notes, semitones: interval.semitones, in: key)
        case .degree:
            guard let questionKey = self.key else { return notes.map { Spelling.lone($0, in: key) } }
            return notes.map { questionKey.spelled($0) }
        case .melody:
            guard let questionKey = self.key else { return notes.map { Spelling.lone($0, in: key) } }
            return Self.spelledPhrase(notes, in: questionKey)
        }
    }

    /// A phrase's notes, in the order played, spelled as degrees of `key` (``Key/spelled(_:)``), except a note
    /// outside the scale that moves by a semitone to a note of the scale after it: that one is written as a
    /// passing note is, raised from the letter below when it rises (C C♯ D in C major, not D♭; E♭ E F in E♭
    /// major, not F♭) and lowered from the letter above when it falls (F♯ G♭ F), where that writes it plainly
    /// (``SpelledNote/isPlain``); else as its degree (A♮ falling to A♭ in C minor, not B𝄫).
    static func spelledPhrase(_ notes: [MIDINote], in key: Key) -> [SpelledNote] {
        notes.indices.map { index in
            let note = notes[index]
            let asDegree = key.spelled(note)
            guard !key.degree(of: note).isDiatonic, index + 1 < notes.count else { return asDegree }
            let next = notes[index + 1]
            let move = next.rawValue - note.rawValue
            guard abs(move) == 1, key.degree(of: next).isDiatonic,
                let passing = key.spelled(next).spelling(note, lettersAway: -move), passing.isPlain
            else { return asDegree }
            return passing
        }
    }

    /// Notes played for this question, spelled: for a chord question, as the chord they form when they form one
    /// (`heard`, the verdict's ``PlayBackVerdict/answered``: E G♯ B D for an E7 played for Em7, where the asked
    /// chord's spelling would write its foreign G♯ as a lone A♭), else as ``spelled(_:in:)`` spells them.
    public func spelled(
        played notes: [MIDINote], heard: PlayBackItem?, in key: KeySignature = .c
    ) -> [SpelledNote] {
        guard case .chord = item, case .chord(let quality, let inversion)? = heard, let bass = notes.min()
        else {
            return spelled(notes, in: key)
        }
        let root = MIDINote(clamping: quality.root(under: bass.rawValue, inversion: inversion))
        return Spelling.chord(notes, root: root, quality: quality, in: key)
    }

    /// The notes of an answer spelled as it was judged: a melody's note by note in place
    /// (``PlayBackVerdict/answeredBy``), a note that answered a note of the phrase as the phrase writes that note
    /// (in the octave played), a wrong one against the note it stood for (``spelled(played:for:in:)``), an added
    /// one as the key writes it where that is plain, else as the key signature writes a lone note (A for A♭ A A♭
    /// in A♭ major, not B𝄫); any other answer as ``spelled(played:heard:in:)`` spells it.
    public func spelled(answer verdict: PlayBackVerdict, in key: KeySignature = .c) -> [SpelledNote] {
        guard case .melody = item, let questionKey = self.key, verdict.answeredBy.count == answerNotes.count
        else {
            return spelled(played: verdict.played, heard: verdict.answered, in: key)
        }
        let phrase = Self.spelledPhrase(answerNotes, in: questionKey)
        var answered: [Int: Int] = [:]
        for (place, index) in verdict.answeredBy.enumerated() {
            if let index { answered[index] = place }
        }
        return verdict.played.indices.map { index in
            let note = verdict.played[index]
            guard let place = answered[index] else { return Self.plainly(note, in: questionKey) }
            if case .right = verdict.marks[place], let same = phrase[place].spelling(note, lettersAway: 0) {
                return same
            }
            return spelled(played: note, for: answerNotes[place], in: key)
        }
    }

    /// A note played in a phrase in place of `expected` (a melody's wrong note), spelled as a teacher names it
    /// against the note it should have been: a note of the key's scale as the key writes it; another as the
    /// expected note's letter raised or lowered, where that writes a black key with one sharp or flat or a white
    /// key plain (B♮ for B♭ in B♭ major, not C♭; G♯ for G in C major); else as ``spelled(_:in:)`` spells it (F
    /// for E in E major, not E♯), where that is plain; else plainly, as the question's key signature writes a
    /// lone note (F for B in B major, not the ♯4 E♯).
    public func spelled(
        played note: MIDINote, for expected: MIDINote, in key: KeySignature = .c
    ) -> SpelledNote {
        guard let questionKey = self.key else { return spelled([note], in: key)[0] }
        if !questionKey.degree(of: note).isDiatonic,
            let alongside = questionKey.spelled(expected).spelling(note, lettersAway: 0), alongside.isPlain
        {
            return alongside
        }
        return Self.plainly(note, in: questionKey)
    }

    /// A lone note of a phrase's answer as `key` writes it: a note of its scale as the scale does, another as its
    /// degree where that is plain (``SpelledNote/isPlain``), else as the key signature writes a lone note (F for
    /// the ♯4 E♯ in B major, A for the ♭2 B𝄫 in A♭ major).
    private static func plainly(_ note: MIDINote, in key: Key) -> SpelledNote {
        let asDegree = key.spelled(note)
        guard !key.degree(of: note).isDiatonic, !asDegree.isPlain else { return asDegree }
        return Spelling.lone(note, in: key.signature)
    }

    /// The chord's root key (below the bass in an inversion).
    private var chordRootNote: MIDINote? {
        guard case .chord(let quality, let inversion) = item else { return nil }
        return MIDINote(clamping: quality.root(under: reference.rawValue, inversion: inversion))
    }

    private func spelledAsInterval(_ notes: [MIDINote], semitones: Int, in key: KeySignature) -> [SpelledNote]
    {
        guard let target = answerNotes.first else { return notes.map { Spelling.lone($0, in: key) } }
        let pair = Spelling.interval(from: reference, to: target, semitones: semitones, in: key)
        return notes.map { note in
            if note.pitchClass == target.pitchClass, let spelled = pair.target.spelling(note, lettersAway: 0)
            {
                return spelled
            }
            if note.pitchClass == reference.pitchClass,
                let spelled = pair.reference.spelling(note, lettersAway: 0)
            {
                return spelled
            }
            // Another note (a wrong one played): as the interval it makes with the reference, so that its name
            // and the interval the verdict names agree (G♭4 a fifth below D♭5, not F♯4).
            let distance = note.rawValue - reference.rawValue
            if distance != 0, abs(distance) <= 12 {
                let steps = Spelling.letterSteps(semitones: abs(distance))
                if let spelled = pair.reference.spelling(note, lettersAway: distance < 0 ? -steps : steps),
                    abs(spelled.accidentals) <= 1
                {
                    return spelled
                }
            }
            return Spelling.lone(note, in: key)
        }
    }
}
