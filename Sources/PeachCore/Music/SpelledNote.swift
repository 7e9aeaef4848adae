// SpelledNote: a note as a musician writes it: a letter, its accidentals, an octave (A♭4, F♯3, B♭2, H3).

/// A note spelled: a letter (C D E F G A B), the accidentals that raise or lower it (♯ ♭, at most two), and the
/// octave of the letter in scientific pitch notation (so B♯3 and C4 are the same key, 60, as are C♭4 and B3).
/// MIDI numbers are for machines; this is for people. Which spelling a note gets comes from its context
/// (``Spelling``): a chord's root and quality, an interval's reference.
public struct SpelledNote: Hashable, Sendable, CustomStringConvertible {
    /// The seven letters, in order from C.
    public enum Letter: Int, CaseIterable, Hashable, Sendable {
        case c, d, e, f, g, a, b

        /// The letter's natural pitch class (C 0 … B 11).
        public var pitchClass: Int { [0, 2, 4, 5, 7, 9, 11][rawValue] }

        /// The letter `steps` letters above (negative: below), and how many octaves that crosses.
        func moved(by steps: Int) -> (letter: Letter, octaves: Int) {
            let position = rawValue + steps
            let wrapped = ((position % 7) + 7) % 7
            return (Letter(rawValue: wrapped) ?? .c, (position - wrapped) / 7)
        }

        /// The letter as written in English: `C` … `B`.
        var english: String { ["C", "D", "E", "F", "G", "A", "B"][rawValue] }
    }

    /// The letter.
    public let letter: Letter
    /// Sharps (positive) or flats (negative), −2…+2.
    public let accidentals: Int
    /// The letter's octave (C4 is middle C).
    public let octave: Int

    /// `note` written with `letter`: the accidentals follow. Nil when that takes more than two (D for 60).
    public init?(_ note: MIDINote, letter: Letter) {
        guard (-2...2).contains(Self.accidentals(note, letter)) else { return nil }
        self.init(note, nearLetter: letter)
    }

    /// `note` written with `letter`, which the caller knows lies within two semitones of it (a lone note's
    /// letter, a semitone at most).
    init(_ note: MIDINote, nearLetter letter: Letter) {
        let difference = Self.accidentals(note, letter)
        self.letter = letter
        accidentals = difference
        let natural = note.rawValue - difference  // the letter's key, −2 for B♯ on 0
        octave = (natural >= 0 ? natural / 12 : (natural - 11) / 12) - 1
    }

    /// The accidentals `note` takes on `letter`, −6…+5.
    private static func accidentals(_ note: MIDINote, _ letter: Letter) -> Int {
        ((note.pitchClass - letter.pitchClass) % 12 + 18) % 12 - 6
    }

    /// The key it names.
    public var note: MIDINote { MIDINote(clamping: (octave + 1) * 12 + letter.pitchClass + accidentals) }

    /// Whether this note and `other` are written a perfect, major or minor interval apart, or a chromatic semitone
    /// on one letter (G G♯) — not an augmented or diminished one (F G♯, E♭ B, F B): the moves a sung melody makes.
    public func isPlainInterval(to other: SpelledNote) -> Bool {
        let (low, high) = note <= other.note ? (self, other) : (other, self)
        let letters = (high.octave * 7 + high.letter.rawValue) - (low.octave * 7 + low.letter.rawValue)
        guard letters >= 0 else { return false }
        let number = letters % 7
        let semitones = high.note.rawValue - low.note.rawValue - 12 * (letters / 7)
        let natural = Letter.c.moved(by: number).letter.pitchClass  // major or perfect: 0 2 4 5 7 9 11
        switch number {
        case 0: return semitones == 0 || (semitones == 1 && letters == 0)
        case 3, 4: return semitones == natural
        default: return semitones == natural || semitones == natural - 1
        }
    }

    /// Whether it is written as a player reads it at once: a black key with one sharp or flat, a white key with
    /// none (not E♯, C♭ or B𝄫).
    public var isPlain: Bool { abs(accidentals) <= 1 && (accidentals == 0 || note.isBlackKey) }

    /// `note` written with the letter `steps` letters from this one (a third above: 2; a second below: −1).
    /// Nil when that letter needs more than two accidentals for it.
    public func spelling(_ note: MIDINote, lettersAway steps: Int) -> SpelledNote? {
        SpelledNote(note, letter: letter.moved(by: steps).letter)
    }

    /// The name with its octave, the English way: `A♭4`, `F♯3`, `C4`, `B𝄫2`.
    public var description: String { name(.english) }

    /// The name with its octave in `naming`: English `A♭4`, `B4`; German `As4`, `H4` (B♭ is `B4`).
    public func name(_ naming: NoteNaming) -> String { pitchName(naming) + String(octave) }

    /// The name without an octave, as a chord symbol's root or a key is written: English `A♭`, `F♯`, `B♭`;
    /// German `As`, `Fis`, `B`, `H`, `Es`, `Cisis`, `Heses`.
    public func pitchName(_ naming: NoteNaming) -> String {
        switch naming {
        case .english:
            let marks = ["𝄫", "♭", "", "♯", "𝄪"][accidentals + 2]
            return letter.english + marks
        case .german:
            return Self.german(letter, accidentals)
        }
    }

    /// German names: a sharp adds `is`, a flat `es` (`s` after the vowels E and A: `Es`, `As`); B is `H`, and
    /// B♭ is `B` (B𝄫 `Heses`, as German musicians write it).
    private static func german(_ letter: Letter, _ accidentals: Int) -> String {
        if letter == .b {
            switch accidentals {
            case -1: return "B"
            case -2: return "Heses"
            default: return "H" + String(repeating: "is", count: max(0, accidentals))
            }
        }
        let base = letter.english
        if accidentals >= 0 { return base + String(repeating: "is", count: accidentals) }
        let vowel = letter == .e || letter == .a
        return base + (vowel ? "s" : "es") + String(repeating: "es", count: -accidentals - 1)
    }
}
