// PlayBackVerdict: what the played notes mean against the question: right or wrong, and what was played.

/// The judgement of one answer: whether it is right, what kind of miss it is (``Outcome``), what the played notes
/// are as an item of the question's kind (the "heard as" of the confusion table), and how a single note missed.
/// Everything here follows from the question, the notes played and the two options, so a stored answer's verdict
/// is made again when it is read (the store keeps the notes, not the words).
public struct PlayBackVerdict: Hashable, Sendable {
    /// What kind of answer it was, as a teacher would sort it: right; the right item in the wrong place (another
    /// octave, another voicing, another root); or wrong (another item, notes missing or added, no item at all).
    public enum Outcome: String, Hashable, Sendable, CaseIterable {
        /// The answer is right.
        case right
        /// The right notes, all moved by one or more octaves (exact judging; ``PlayBackOptions/anyOctave`` and
        /// ``PlayBackOptions/anyVoicing`` call it right).
        case otherOctave
        /// The right notes in another arrangement: a chord's pitch classes over its bass, spread or doubled
        /// otherwise (or a symmetric chord from another of its notes); a harmonic interval built down from the
        /// reference instead of up.
        case otherVoicing
        /// The right kind of chord (quality and inversion) on another root.
        case otherRoot
        /// Chords: some of the chord's notes missing, nothing else played.
        case incomplete
        /// Chords: every note of the chord, and more.
        case extraNotes
        /// Another item of the kind (``PlayBackVerdict/answered``).
        case wrongItem
        /// Notes that are no item of the kind (two wrong notes, a cluster).
        case noItem
        /// Melodies: some notes wrong, missing or added, each judged in place (``PlayBackVerdict/marks``).
        case wrongNotes

        /// Whether the answer is the right item in the wrong place: not right, and not a confusion with another
        /// item either (the profile counts these apart, never as "X heard as X").
        public var isRightItemElsewhere: Bool {
            self == .otherOctave || self == .otherVoicing || self == .otherRoot
        }
    }

    /// Whether the answer is right.
    public let isCorrect: Bool
    /// What kind of answer it was.
    public let outcome: Outcome
    /// The distinct notes of the answer, lowest first; a melody's (and degrees' in a row) every note, in the order
    /// played.
    public let played: [MIDINote]
    /// What the answer is as an item of the question's kind (the interval from the reference to the played
    /// note, the chord the notes spell); nil when it is none (two wrong notes, a cluster).
    public let answered: PlayBackItem?
    /// Notes and intervals: the played note minus the expected one, semitones
    /// (``missDistance(played:expected:anyOctave:)``: 0 when right, and with ``PlayBackOptions/anyOctave`` measured
    /// to the expected note's nearest octave); nil for chords or when not one note was played.
    public let semitoneError: Int?
    /// Chords: the expected notes not played (pitch classes compared with ``PlayBackOptions/anyVoicing``).
    public let missing: [MIDINote]
    /// Chords: the notes played that the chord does not have; melodies: the notes played that belong to no note of
    /// the phrase.
    public let extra: [MIDINote]
    /// Melodies (and degrees in a row): each note of the phrase, judged in place
    /// (``MelodyMark/align(expected:played:anyOctave:beats:)``); empty for the other kinds.
    public let marks: [MelodyMark]
    /// Melodies (and degrees in a row): for each note of the phrase the index in ``played`` of the note that
    /// answered it, right or wrong (nil when missing); empty for the other kinds.
    public let answeredBy: [Int?]

    /// A verdict (what ``judge(_:played:options:beats:)`` makes).
    public init(
        outcome: Outcome, played: [MIDINote], answered: PlayBackItem?, semitoneError: Int?,
        missing: [MIDINote] = [], extra: [MIDINote] = [], marks: [MelodyMark] = [], answeredBy: [Int?] = []
    ) {
        self.isCorrect = outcome == .right
        self.outcome = outcome
        self.played = played
        self.answered = answered
        self.semitoneError = semitoneError
        self.missing = missing
        self.extra = extra
        self.marks = marks
        self.answeredBy = answeredBy
    }

    /// Judges the notes of an answer.
    ///
    /// Notes and intervals: the answer is the one note other than the reference (playing the reference as well,
    /// together with it, is allowed); it is right when it is the expected note (its pitch class with
    /// `anyOctave`), ``Outcome/otherOctave`` when it is that note in another octave, and for a harmonic interval
    /// ``Outcome/otherVoicing`` when it is the interval built down from the reference (the two notes are what is
    /// judged, whichever is below). Chords: right when the notes are exactly the chord's (with `anyVoicing`: the
    /// same pitch classes over the same bass pitch class); otherwise sorted in this order: the same pitch classes
    /// (moved by octaves: ``Outcome/otherOctave``; over the same bass, or a symmetric chord: ``Outcome/otherVoicing``;
    /// over another bass: another inversion, ``Outcome/wrongItem``), the asked chord on another root
    /// (``Outcome/otherRoot``), notes missing only (``Outcome/incomplete``), notes added only
    /// (``Outcome/extraNotes``), another chord (``Outcome/wrongItem``), none (``Outcome/noItem``). Degrees: the
    /// answer is one pitch class (doubled in octaves if the player likes), in any octave: right when it is the
    /// asked degree, else the degree it is in the question's key (``Outcome/wrongItem``, `semitoneError` the
    /// nearer way round, −6…5); several pitch classes are ``Outcome/noItem``. Melodies: the notes in the order
    /// played, aligned with the phrase (``MelodyMark``): right when every note is played and none added (with
    /// `anyOctave`, each in any octave); the whole phrase moved by octaves is ``Outcome/otherOctave``; notes
    /// missing and nothing else ``Outcome/incomplete``; every note and more ``Outcome/extraNotes``; else
    /// ``Outcome/wrongNotes``. In tempo, `beats` (each note's place and each played note's, in beats) lets a
    /// played note stand for the note at whose place it came.
    public static func judge(
        _ question: PlayBackQuestion, played notes: [MIDINote], options: PlayBackOptions,
        beats: (expected: [Double], played: [Double])? = nil
    ) -> PlayBackVerdict {
        let played = Array(Set(notes)).sorted()
        switch question.item {
        case .note, .interval:
            guard let expected = question.answerNotes.first else {
                return PlayBackVerdict(outcome: .noItem, played: played, answered: nil, semitoneError: nil)
            }
            var others = played.filter { $0 != question.reference }
            if others.isEmpty, played.contains(question.reference) { others = [question.reference] }
            guard others.count == 1, let note = others.first else {
                return PlayBackVerdict(outcome: .noItem, played: played, answered: nil, semitoneError: nil)
            }
            let error = missDistance(played: note, expected: expected, anyOctave: options.anyOctave)
            let distance = note.rawValue - question.reference.rawValue
            var answered: PlayBackItem?
            if error == 0 {
                answered = question.item
            } else if case .interval(_, let harmonic) = question.item {
                answered = DirectedInterval(semitones: distance).map { .interval($0, harmonic: harmonic) }
            } else if abs(distance) <= 12 {
                answered = .note(semitones: distance)
            }
            let mirrored = question.reference.rawValue * 2 - expected.rawValue
            let outcome: Outcome =
                if error == 0 {
                    .right
                } else if error % 12 == 0 {
                    .otherOctave
                } else if question.isHarmonic, note.rawValue == mirrored {
                    .otherVoicing
                } else {
                    answered == nil ? .noItem : .wrongItem
                }
            return PlayBackVerdict(outcome: outcome, played: played, answered: answered, semitoneError: error)
        case .melody:
            return judgeMelody(question, played: notes, anyOctave: options.anyOctave, beats: beats)
        case .degree(let degree) where question.isPhrase:
            return judgeDegreeRow(question, degree: degree, played: notes)
        case .degree(let degree):
            let classes = Set(played.map(\.pitchClass))
            guard classes.count == 1, let note = played.first, let key = question.key else {
                return PlayBackVerdict(outcome: .noItem, played: played, answered: nil, semitoneError: nil)
            }
            let heard = key.degree(of: note)
            let error = ((heard.semitones - degree.semitones) % 12 + 18) % 12 - 6
            return PlayBackVerdict(
                outcome: heard == degree ? .right : .wrongItem, played: played, answered: .degree(heard),
                semitoneError: error)
        case .chord:
            let expected = question.answerNotes
            let missing: [MIDINote]
            let extra: [MIDINote]
            let isCorrect: Bool
            let wanted = Set(expected.map(\.pitchClass))
            let got = Set(played.map(\.pitchClass))
            let sameBass = played.first?.pitchClass == expected.first?.pitchClass
            if options.anyVoicing {
                missing = expected.filter { !got.contains($0.pitchClass) }
                extra = played.filter { !wanted.contains($0.pitchClass) }
                isCorrect = wanted == got && sameBass
            } else {
                missing = expected.filter { !played.contains($0) }
                extra = played.filter { !expected.contains($0) }
                isCorrect = missing.isEmpty && extra.isEmpty
            }
            var answered: PlayBackItem?
            let identified = ChordQuality.identify(played.map(\.rawValue))
            if isCorrect {
                answered = question.item
            } else if let chord = identified {
                answered = .chord(chord.quality, inversion: chord.quality.isSymmetric ? 0 : chord.inversion)
            }
            let outcome: Outcome
            if isCorrect {
                outcome = .right
            } else if wanted == got {
                let shift = played.count == expected.count ? played[0].rawValue - expected[0].rawValue : 0
                let moved =
                    shift != 0 && zip(played, expected).allSatisfy { $0.rawValue - $1.rawValue == shift }
                if moved, shift % 12 == 0 {
                    outcome = .otherOctave
                } else if sameBass || identified?.quality.isSymmetric == true {
                    outcome = .otherVoicing
                } else {
                    outcome = .wrongItem
                }
            } else if answered == question.item {
                outcome = .otherRoot
            } else if !missing.isEmpty, extra.isEmpty {
                outcome = .incomplete
            } else if missing.isEmpty, !extra.isEmpty {
                outcome = .extraNotes
            } else {
                outcome = answered == nil ? .noItem : .wrongItem
            }
            return PlayBackVerdict(
                outcome: outcome, played: played, answered: answered, semitoneError: nil, missing: missing,
                extra: extra)
        }
    }

    /// A melody's verdict: its notes in the order played, each note of the phrase judged in place.
    private static func judgeMelody(
        _ question: PlayBackQuestion, played: [MIDINote], anyOctave: Bool,
        beats: (expected: [Double], played: [Double])?
    ) -> PlayBackVerdict {
        let expected = question.answerNotes
        let aligned = MelodyMark.alignment(
            expected: expected, played: played, anyOctave: anyOctave, beats: beats)
        let marks = aligned.marks
        let extra = aligned.extra.map { played[$0] }
        let missing = zip(expected, marks).filter { $0.1 == .missing }.map(\.0)
        let shift =
            played.count == expected.count
            ? (played.first?.rawValue ?? 0) - (expected.first?.rawValue ?? 0) : 0
        let moved =
            shift != 0 && shift % 12 == 0
            && zip(played, expected).allSatisfy { $0.rawValue - $1.rawValue == shift }
        let outcome: Outcome
        if marks.allSatisfy(\.isRight), extra.isEmpty {
            outcome = .right
        } else if moved {
            outcome = .otherOctave
        } else if !marks.contains(where: isWrong) {
            outcome = extra.isEmpty ? .incomplete : (missing.isEmpty ? .extraNotes : .wrongNotes)
        } else {
            outcome = .wrongNotes
        }
        return PlayBackVerdict(
            outcome: outcome, played: played, answered: outcome == .right ? question.item : nil,
            semitoneError: nil, missing: missing, extra: extra, marks: marks, answeredBy: aligned.answeredBy)
    }

    /// Degrees in a row: each note judged in place in any octave, as a melody's are; right when every note is
    /// played and none added. What the asked degree (the last note) was heard as is the answer's item: the item
    /// itself when its note was right, the degree played in its place when only that note was wrong
    /// (``Outcome/wrongItem``, with `semitoneError`), so the profile counts the confusion; nil otherwise.
    private static func judgeDegreeRow(
        _ question: PlayBackQuestion, degree: ScaleDegree, played: [MIDINote]
    ) -> PlayBackVerdict {
        let melody = judgeMelody(question, played: played, anyOctave: true, beats: nil)
        guard let key = question.key, let last = melody.marks.last else { return melody }
        var answered: PlayBackItem?
        var outcome = melody.outcome
        var error: Int?
        switch last {
        case .right: answered = question.item
        case .wrong(let note):
            let heard = key.degree(of: note)
            answered = .degree(heard)
            error = ((heard.semitones - degree.semitones) % 12 + 18) % 12 - 6
            if melody.marks.dropLast().allSatisfy(\.isRight), melody.extra.isEmpty { outcome = .wrongItem }
        case .missing: break
        }
        return PlayBackVerdict(
            outcome: outcome, played: played, answered: answered, semitoneError: error,
            missing: melody.missing, extra: melody.extra, marks: melody.marks, answeredBy: melody.answeredBy)
    }

    /// How far a played note is from the expected one, semitones, as a miss is named: the difference as played;
    /// with `anyOctave` (where any octave of the note is right) to the expected note's nearest octave, −6…6 (a
    /// tritone keeps the side it was played on), so E5 for a C in any octave is a major third too high, not a minor
    /// sixth below C6.
    public static func missDistance(played: MIDINote, expected: MIDINote, anyOctave: Bool) -> Int {
        let difference = played.rawValue - expected.rawValue
        guard anyOctave else { return difference }
        let up = (difference % 12 + 12) % 12
        return up > 6 || (up == 6 && difference < 0) ? up - 12 : up
    }

    private static func isWrong(_ mark: MelodyMark) -> Bool {
        if case .wrong = mark { true } else { false }
    }
}
