// PlayBackQuestion: what Peach plays for one play-back trial and which notes the answer must contain.

/// One question: the notes Peach sounds (in order, or together), the note the player is given (the
/// reference), and the notes the answer must contain.
public struct PlayBackQuestion: Hashable, Sendable {
    /// The item asked.
    public let item: PlayBackItem
    /// The notes Peach sounds, in order (all at once when ``isHarmonic``).
    public let soundedNotes: [MIDINote]
    /// Whether the notes sound together (a harmonic interval, a chord).
    public let isHarmonic: Bool
    /// The given note the answer is measured from (notes, intervals: the reference; chords: the bass; degrees: the
    /// tonic, where the key's cadence is voiced).
    public let reference: MIDINote
    /// The notes the answer must contain, lowest first (in order for melodies, when they come).
    public let answerNotes: [MIDINote]
    /// Melodies: how many beats each note of the phrase lasts (``MelodyMaker/rhythm(_:using:)``), which places
    /// its notes in tempo; empty for the other kinds.
    public let lengths: [Double]
    /// Degrees and melodies in a key the player fixed: its tonic as the player named it (`--key F#`), where that
    /// spells the key otherwise than its fewest accidentals do (F♯ major, not G♭ major; C♯ major, not D♭); nil
    /// otherwise (``naming(_:)``).
    public private(set) var tonicName: KeySignature?

    /// A question of `item` on `reference` (for chords: the bass, the lowest note of the voicing). Nil when a
    /// note would leave MIDI 0–127.
    public init?(_ item: PlayBackItem, reference: MIDINote) {
        self.item = item
        lengths = []
        switch item {
        case .note(let semitones):
            guard let target = try? MIDINote(validating: reference.rawValue + semitones) else { return nil }
            soundedNotes = [reference, target]
            isHarmonic = false
            self.reference = reference
            answerNotes = [target]
        case .interval(let interval, let harmonic):
            guard let target = interval.target(from: reference) else { return nil }
            soundedNotes = harmonic ? [min(reference, target), max(reference, target)] : [reference, target]
            isHarmonic = harmonic
            self.reference = reference
            answerNotes = [target]
        case .chord(let quality, let inversion):
            let root = quality.root(under: reference.rawValue, inversion: inversion)
            let notes = quality.notes(root: root, inversion: inversion)
            guard let low = notes.first, let high = notes.last, MIDINote.validRange.contains(low),
                MIDINote.validRange.contains(high)
            else { return nil }
            soundedNotes = notes.map { MIDINote(clamping: $0) }
            isHarmonic = true
            self.reference = soundedNotes[0]
            answerNotes = soundedNotes
        case .degree(let degree):
            guard let target = try? MIDINote(validating: reference.rawValue + degree.semitones) else {
                return nil
            }
            soundedNotes = [target]
            isHarmonic = false
            self.reference = reference
            answerNotes = [target]
        case .melody:
            return nil  // a phrase is written, not made from its tonic: init(melody:tonic:notes:)
        }
    }

    /// A melody question: `notes`, the phrase in order, in the key of `tonic` (its mode as the notes tell:
    /// ``MelodyMaker/mode(of:tonic:)``), each lasting as many beats as `lengths` says (nil: even quarters, the last
    /// a half). Nil when the phrase's length is not the level's, or `lengths` has another count or a length not
    /// among ``MelodyMaker/noteLengths``.
    public init?(melody level: MelodyLevel, tonic: MIDINote, notes: [MIDINote], lengths: [Double]? = nil) {
        guard notes.count == level.length else { return nil }
        let lengths = lengths ?? MelodyMaker.beats(of: notes.count)
        guard lengths.count == notes.count, lengths.allSatisfy(MelodyMaker.noteLengths.contains) else {
            return nil
        }
        self.lengths = lengths
        item = .melody(level)
        soundedNotes = notes
        isHarmonic = false
        reference = tonic
        answerNotes = notes
    }

    /// Degrees in a row: `row`, notes of the key of `tonic` (each 0–11 semitones above it) that end on `degree`,
    /// the item asked; the notes before it set it in a line (``PlayBackOptions/degreeNotes``). The answer is every
    /// note in order, each in any octave. Nil when the row is empty, does not end on the degree, or leaves the
    /// octave above the tonic.
    public init?(degree: ScaleDegree, tonic: MIDINote, row: [MIDINote]) {
        guard let last = row.last, last.rawValue == tonic.rawValue + degree.semitones,
            row.allSatisfy({ (0...11).contains($0.rawValue - tonic.rawValue) })
        else { return nil }
        item = .degree(degree)
        lengths = []
        soundedNotes = row
        isHarmonic = false
        reference = tonic
        answerNotes = row
    }

    /// This degree or melody question with its tonic named as `tonic` names it (the player's fixed key: F♯), where
    /// that spells its key otherwise than the key's fewest accidentals (``tonicName``); itself where it does not:
    /// another kind, another pitch class, or the same spelling (F♯ minor either way).
    public func naming(_ tonic: KeySignature) -> PlayBackQuestion {
        guard let key = unnamedKey, tonic.tonicPitchClass == reference.pitchClass,
            Key(named: tonic, mode: key.mode) != key
        else { return self }
        var named = self
        named.tonicName = tonic
        return named
    }

    /// Melodies: whether the rhythm is the plain one, even quarters and the last a half (a record writes no other
    /// rhythm then); true for the other kinds.
    public var hasPlainRhythm: Bool { lengths.isEmpty || lengths == MelodyMaker.beats(of: lengths.count) }

    /// Whether the answer is a line of notes played one after another, each judged in place (a melody, degrees in
    /// a row), rather than one note or one chord.
    public var isPhrase: Bool { !isHarmonic && answerNotes.count > 1 }

    /// Degrees and melodies: the key the question is in (its tonic is the reference's pitch class); nil for the
    /// other kinds.
    public var key: Key? {
        guard let key = unnamedKey else { return nil }
        return tonicName.map { Key(named: $0, mode: key.mode) } ?? key
    }

    /// ``key`` spelled with its fewest accidentals, whatever the player named it.
    private var unnamedKey: Key? {
        switch item {
        case .degree(let degree): Key(tonic: reference.pitchClass, mode: degree.mode)
        case .melody:
            Key(tonic: reference.pitchClass, mode: MelodyMaker.mode(of: answerNotes, tonic: reference))
        case .note, .interval, .chord: nil
        }
    }

    /// Degrees: the cadence that sets the key, four chords voiced around the tonic (``reference``), bass below:
    /// I–IV–V–I in major, i–iv–V–i in minor (the dominant major, with the raised seventh). Melodies: the tonic
    /// chord alone (I or i). Empty for the other kinds.
    public var cadence: [[MIDINote]] {
        guard let key else { return [] }
        let third = key.mode == .major ? 4 : 3
        let sixth = key.mode == .major ? 9 : 8
        let chords =
            item.kind == .melodies
            ? [[-12, 0, third, 7]]
            : [[-12, 0, third, 7], [-7, 0, 5, sixth], [-5, -1, 2, 7], [-12, 0, third, 7]]
        return chords.map { chord in chord.map { MIDINote(clamping: reference.rawValue + $0) } }
    }

    /// Degrees: the drone that may set the key instead of the cadence (``DegreeContext/drone``): the tonic and
    /// its fifth, an octave below the tonic (where the cadence's bass lies). Empty for the other kinds.
    public var drone: [MIDINote] {
        guard item.kind == .degrees else { return [] }
        return [-12, -5].map { MIDINote(clamping: reference.rawValue + $0) }
    }

    /// Degrees: after a right answer, the notes that lead the answer home to the tonic (``ScaleDegree/resolution``),
    /// from the answer's octave; empty for the other kinds and the tonic.
    public func resolution(from note: MIDINote) -> [MIDINote] {
        guard case .degree(let degree) = item else { return [] }
        let tonic = note.rawValue - degree.semitones
        return degree.resolution.map { MIDINote(clamping: tonic + $0) }
    }

    /// A melody of `level` in a key drawn at random, or on the tonic `key` fixes (tonic within G3–B4 where `range`
    /// allows, a third of the phrases from `leaps` on in minor), every note in `range`, the tonic chord too where
    /// the range allows (in a range under 31 semitones its bass may sound below it:
    /// ``CadencePlan/tonics(in:above:mayLeave:)``). A fixed tonic is named as the player named it (``naming(_:)``);
    /// where the range holds none of its octaves with a fifth above, any octave whose phrase fits.
    static func melody(
        _ level: MelodyLevel, in range: ClosedRange<Int>, key: DegreeKey = .random,
        using generator: inout some RandomNumberGenerator
    ) -> PlayBackQuestion? {
        var tonics = CadencePlan.tonics(in: range, above: 7, mayLeave: false)
        guard case .tonic(let named) = key, let fixed = key.tonicPitchClass else {
            guard let drawn = tonics.randomElement(using: &generator) else { return nil }
            let tonic = MIDINote(clamping: drawn)
            let minor = level.shape != .steps && Double.random(in: 0..<1, using: &generator) < 1.0 / 3
            guard
                let notes = MelodyMaker.phrase(
                    level, tonic: tonic, mode: minor ? .minor : .major, in: range, using: &generator)
            else { return nil }
            return PlayBackQuestion(
                melody: level, tonic: tonic, notes: notes,
                lengths: MelodyMaker.rhythm(level, using: &generator))
        }
        tonics = tonics.filter { $0 % 12 == fixed }
        if tonics.isEmpty {
            tonics = Array(max(0, range.lowerBound - 11)...range.upperBound).filter { $0 % 12 == fixed }
        }
        tonics.shuffle(using: &generator)
        let minor = level.shape != .steps && Double.random(in: 0..<1, using: &generator) < 1.0 / 3
        for place in tonics {
            let tonic = MIDINote(clamping: place)
            if let notes = MelodyMaker.phrase(
                level, tonic: tonic, mode: minor ? .minor : .major, naming: named, in: range,
                using: &generator),
                let question = PlayBackQuestion(
                    melody: level, tonic: tonic, notes: notes,
                    lengths: MelodyMaker.rhythm(level, using: &generator))
            {
                return question.naming(named)
            }
        }
        return nil
    }

    /// A question of `item` with a reference drawn at random so every sounded note lies in `range`; a melody on
    /// the tonic `key` fixes, where it fixes one.
    public static func random(
        _ item: PlayBackItem, in range: ClosedRange<Int>, key: DegreeKey = .random,
        using generator: inout some RandomNumberGenerator
    ) -> PlayBackQuestion? {
        let (low, high): (Int, Int)
        switch item {
        case .note(let semitones): (low, high) = (min(0, semitones), max(0, semitones))
        case .interval(let interval, _):
            (low, high) = (min(0, interval.semitones), max(0, interval.semitones))
        case .chord(let quality, let inversion):
            let notes = quality.notes(root: 0, inversion: inversion)
            (low, high) = (0, (notes.last ?? 0) - (notes.first ?? 0))
        case .degree:
            // The cadence's bass an octave below the tonic, the note up to a major seventh above.
            (low, high) = (-12, 11)
        case .melody(let level):
            return melody(level, in: range, key: key, using: &generator)
        }
        let first = range.lowerBound - low
        let last = range.upperBound - high
        guard first <= last else { return nil }
        return PlayBackQuestion(
            item, reference: MIDINote(clamping: Int.random(in: first...last, using: &generator)))
    }
}
