// KeySignature: the key a player reads in (its sharps or flats), which decides how a lone note is spelled.

/// A key signature, as a count of fifths: 0 for C major (or A minor), +1 … +7 for the sharp keys (G … C♯),
/// −1 … −7 for the flat keys (F … C♭). It spells a **lone note** (one no chord or interval spells): a note of the
/// key's scale as the scale writes it (E♯ in F♯ major), any other as the key leans — sharps in sharp keys, flats
/// in flat keys, and in C the black keys as most music without a key writes them (C♯ E♭ F♯ A♭ B♭). The
/// `keySignature` setting; it also settles a tie between two equally plain spellings of a chord's root or an
/// interval's reference (C♯ major rather than D♭ major in a sharp key).
public struct KeySignature: Hashable, Sendable, CustomStringConvertible {
    /// Sharps (positive) or flats (negative), −7…+7.
    public let fifths: Int

    /// The range of ``fifths``.
    public static let fifthsRange = -7...7

    /// C major: no sharps or flats.
    public static let c = KeySignature(uncheckedFifths: 0)

    private init(uncheckedFifths fifths: Int) { self.fifths = fifths }

    /// The key with `fifths` sharps (negative: flats); nil outside −7…+7.
    public init?(fifths: Int) {
        guard Self.fifthsRange.contains(fifths) else { return nil }
        self.fifths = fifths
    }

    /// The major key named `text` (`C`, `G`, `F#`, `F♯`, `Bb`, `B♭`, `Eb`, `Cb`), or a minor one with an `m`
    /// (`Am`, `F#m`, `Ebm`: the relative major, a minor third above, has the same signature); case of the letter
    /// ignored. Nil for anything else.
    public init?(parsing text: String) {
        var name = text.filter { !$0.isWhitespace }
        let minor = name.count > 1 && name.hasSuffix("m")
        if minor { name.removeLast() }
        // The letter's place on the line of fifths: F −1 … B 5.
        guard let first = name.first,
            let position = (-1...5).first(where: { Self.letter(at: $0).english == first.uppercased() })
        else { return nil }
        let accidental: Int
        switch name.dropFirst() {
        case "": accidental = 0
        case "#", "♯": accidental = 1
        case "b", "♭": accidental = -1
        default: return nil
        }
        self.init(fifths: position + 7 * accidental - (minor ? 3 : 0))
    }

    /// The major key's name: `C`, `G`, `F♯`, `B♭`, `C♭`.
    public var description: String {
        // The tonic's place on the line of fifths is the key's count of fifths (C 0, G 1, F −1).
        let accidental = Self.accidentals(at: fifths)
        return Self.letter(at: fifths).english + (accidental > 0 ? "♯" : accidental < 0 ? "♭" : "")
    }

    /// The major key's tonic's pitch class, 0 (C) … 11 (B): its place on the line of fifths, seven semitones a step.
    public var tonicPitchClass: Int { ((7 * fifths) % 12 + 12) % 12 }

    /// The major key's tonic as its scale writes it (E♭ for three flats, C♭ for seven), in the octave of
    /// middle C.
    public var tonic: SpelledNote {
        let letter = Self.letter(at: fifths)
        let pitchClass = (letter.pitchClass + Self.accidentals(at: fifths) + 12) % 12
        return SpelledNote(MIDINote(clamping: 60 + pitchClass), nearLetter: letter)
    }

    /// How `pitchClass` is written in this key: its letter (the accidental follows from the note). A note of the
    /// key's scale as the scale writes it; any other with the fewest accidentals (B in E♭ major, not C♭), then
    /// the spelling nearer the key on the line of fifths (D♭ in E♭ major, C♯ in C), then the key's side (sharps
    /// in sharp keys, flats in C and the flat keys: A♭ in C).
    func letter(of pitchClass: Int) -> SpelledNote.Letter {
        // On the line of fifths (… B♭ −2, F −1, C 0, G 1 …) the key's scale is fifths − 1 … fifths + 5.
        let base = (7 * pitchClass) % 12
        let places = [base - 12, base, base + 12]
        let scale = (fifths - 1)...(fifths + 5)
        let centre = fifths + 2
        func rank(_ place: Int) -> (Int, Int, Int) {
            (abs(Self.accidentals(at: place)), abs(place - centre), fifths > 0 ? -place : place)
        }
        let place = places.first(where: scale.contains) ?? places.min { rank($0) < rank($1) } ?? base
        return Self.letter(at: place)
    }

    /// The letter of the note at `place` on the line of fifths (… B♭ −2, F −1, C 0, G 1 …).
    static func letter(at place: Int) -> SpelledNote.Letter {
        let letters: [SpelledNote.Letter] = [.f, .c, .g, .d, .a, .e, .b]
        return letters[((place + 1) % 7 + 7) % 7]
    }

    /// The sharps (positive) or flats of the note at `place` on the line of fifths (F −1 … B 5 have none).
    static func accidentals(at place: Int) -> Int {
        place + 1 >= 0 ? (place + 1) / 7 : -((6 - (place + 1)) / 7)
    }
}
