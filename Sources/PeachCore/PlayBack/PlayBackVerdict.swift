// PlayBackVerdict: what the played notes mean against the question: right or wrong, and what was played.

/// The judgement of one answer: whether it is right, what the played notes are as an item of the question's
/// kind (the "heard as" of the confusion table), and how a single note missed.
public struct PlayBackVerdict: Hashable, Sendable {
    /// Whether the answer is right.
    public let isCorrect: Bool
    /// The distinct notes of the answer, lowest first.
    public let played: [MIDINote]
    /// What the answer is as an item of the question's kind (the interval from the reference to the played
    /// note, the chord the notes spell); nil when it is none (two wrong notes, a cluster).
    public let answered: PlayBackItem?
    /// Notes and intervals: the played note minus the expected one, semitones (0 when right, also in another
    /// octave with ``PlayBackOptions/anyOctave``); nil for chords or when not one note was played.
    public let semitoneError: Int?
    /// Chords: the expected notes not played (pitch classes compared with ``PlayBackOptions/anyVoicing``).
    public let missing: [MIDINote]
    /// Chords: the notes played that the chord does not have.
    public let extra: [MIDINote]

    /// A verdict as stored (what ``judge(_:played:options:)`` made).
    public init(
        isCorrect: Bool, played: [MIDINote], answered: PlayBackItem?, semitoneError: Int?,
        missing: [MIDINote] = [], extra: [MIDINote] = []
    ) {
        self.isCorrect = isCorrect
        self.played = played
        self.answered = answered
        self.semitoneError = semitoneError
        self.missing = missing
        self.extra = extra
    }

    /// Judges the notes of an answer.
    ///
    /// Notes and intervals: the answer is the one note other than the reference (playing the reference as well,
    /// together with it, is allowed); it is right when it is the expected note (its pitch class with
    /// `anyOctave`). Chords: right when the notes are exactly the chord's (with `anyVoicing`: the same pitch
    /// classes over the same bass pitch class).
    public static func judge(
        _ question: PlayBackQuestion, played notes: [MIDINote], options: PlayBackOptions
    ) -> PlayBackVerdict {
        let played = Array(Set(notes)).sorted()
        switch question.item {
        case .note, .interval:
            guard let expected = question.answerNotes.first else {
                return PlayBackVerdict(isCorrect: false, played: played, answered: nil, semitoneError: nil)
            }
            var others = played.filter { $0 != question.reference }
            if others.isEmpty, played.contains(question.reference) { others = [question.reference] }
            guard others.count == 1, let note = others.first else {
                return PlayBackVerdict(isCorrect: false, played: played, answered: nil, semitoneError: nil)
            }
            var error = note.rawValue - expected.rawValue
            if options.anyOctave, error % 12 == 0 { error = 0 }
            let distance = note.rawValue - question.reference.rawValue
            var answered: PlayBackItem?
            if error == 0 {
                answered = question.item
            } else if case .interval(_, let harmonic) = question.item {
                answered = DirectedInterval(semitones: distance).map { .interval($0, harmonic: harmonic) }
            } else if abs(distance) <= 12 {
                answered = .note(semitones: distance)
            }
            return PlayBackVerdict(
                isCorrect: error == 0, played: played, answered: answered, semitoneError: error)
        case .chord:
            let expected = question.answerNotes
            let missing: [MIDINote]
            let extra: [MIDINote]
            let isCorrect: Bool
            if options.anyVoicing {
                let wanted = Set(expected.map(\.pitchClass))
                let got = Set(played.map(\.pitchClass))
                missing = expected.filter { !got.contains($0.pitchClass) }
                extra = played.filter { !wanted.contains($0.pitchClass) }
                isCorrect = wanted == got && played.first?.pitchClass == expected.first?.pitchClass
            } else {
                missing = expected.filter { !played.contains($0) }
                extra = played.filter { !expected.contains($0) }
                isCorrect = missing.isEmpty && extra.isEmpty
            }
            var answered: PlayBackItem?
            if isCorrect {
                answered = question.item
            } else if let chord = ChordQuality.identify(played.map(\.rawValue)) {
                answered = .chord(chord.quality, inversion: chord.quality.isSymmetric ? 0 : chord.inversion)
            }
            return PlayBackVerdict(
                isCorrect: isCorrect, played: played, answered: answered, semitoneError: nil,
                missing: missing,
                extra: extra)
        }
    }
}
