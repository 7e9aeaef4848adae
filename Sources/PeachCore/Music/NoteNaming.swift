// NoteNaming: how note names are written and read: the English way (B, B♭) or the German (H, B).

/// The convention for the letter of the note below C: in English `B` is B (71 is `B4`) and B♭ is `Bb`; in
/// German `H` is B (`H4`) and `B` is B♭ (`B4` is 70). Peach keeps and stores names the English way (the
/// settings file, records and exports are the same in every language); the command line reads and shows
/// them the user's way.
public enum NoteNaming: Sendable, Hashable {
    /// `B` is B, `Bb` is B♭ (scientific pitch notation).
    case english
    /// `H` is B, `B` is B♭ (German usage); the other letters and `#`/`b` as in English.
    case german

    /// `note`'s name: `A4`, `C#3`; in German `H4` for B4 and `B4` for B♭4 (English `A#4`).
    public func name(of note: MIDINote) -> String {
        guard self == .german else { return note.name }
        switch note.pitchClass {
        case 10: return "B\(note.octave)"
        case 11: return "H\(note.octave)"
        default: return note.name
        }
    }

    /// `range` as `LOW-HIGH` in this naming.
    public func name(of range: NoteRange) -> String {
        "\(name(of: range.lowerBound))-\(name(of: range.upperBound))"
    }

    /// `text` (a note name, or a range of two) with its letters written the English way, for the parsers: in
    /// German `H` becomes `B` and `B` becomes `Bb` (a `Bb` written in German stays B♭ flattened: `Bbb`).
    public func englishSpelling(of text: String) -> String {
        guard self == .german else { return text }
        var result = ""
        var previous: Character?
        for character in text {
            // A letter starts a name where it does not follow another letter (the `b` of `Hb`, `Eb` is a flat).
            let startsName = previous.map { !$0.isLetter } ?? true
            switch (character, startsName) {
            case ("H", true), ("h", true): result.append("B")
            case ("B", true): result.append("Bb")
            case ("b", true): result.append("bb")
            default: result.append(character)
            }
            previous = character
        }
        return result
    }

    /// `text` (a key: its tonic, and `m` for minor) written the English way, for the key parsers
    /// (``KeySignature/init(parsing:)``, ``DegreeKey/init(parsing:)``). In German the tonic is written as German
    /// musicians write it — `H` is B, `B` is B♭, a sharp adds `is` and a flat `es` (`s` after A and E): `Fis`,
    /// `Es`, `As`, `Des`, `Cis` — or with the English marks (`F#`, `Eb`; `Bb` is B♭ too, there being no B𝄫
    /// major), and minor by `m` or `-Moll` (`fis-Moll`, `Fism`), major by nothing or `-Dur` (`Es-Dur`); the case
    /// of the letter does not say the mode. Anything else comes back as it was written, for the parser to
    /// refuse; in English `text` is unchanged.
    public func englishKey(_ text: String) -> String {
        guard self == .german else { return text }
        var name = Substring(text.filter { !$0.isWhitespace }.lowercased())
        var minor = false
        for (suffix, isMinor) in [
            ("-moll", true), ("moll", true), ("-dur", false), ("dur", false), ("m", true),
        ]
        where name.count > suffix.count && name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
            minor = isMinor
            break
        }
        guard let letter = name.first, "abcdefgh".contains(letter) else { return text }
        let rest = name.dropFirst()
        let english: String
        switch (letter, rest) {
        case ("b", ""), ("b", "b"), ("b", "♭"): english = "Bb"
        case ("b", _): return text
        case ("h", ""): english = "B"
        case ("h", "is"): english = "B#"
        case ("h", _): return text
        case (_, ""): english = letter.uppercased()
        case (_, "is"), (_, "#"), (_, "♯"): english = letter.uppercased() + "#"
        case ("a", "es"), ("e", "es"): return text  // `As` and `Es`, never `Aes`
        case ("a", "s"), ("e", "s"), (_, "es"), (_, "b"), (_, "♭"): english = letter.uppercased() + "b"
        default: return text
        }
        return english + (minor ? "m" : "")
    }

    /// The tonic of the major key `signature` in this naming: English `E♭`, `F♯`, `B♭`; German `Es`, `Fis`,
    /// `B`, `H`.
    public func name(of signature: KeySignature) -> String {
        signature.tonic.pitchName(self)
    }

    /// The note named `text` in this naming (`H4`, `B4`, `C#3`, or a MIDI number).
    /// - Throws: ``DomainValueError`` as ``MIDINote/init(parsing:)`` does, naming `text` as given.
    public func note(_ text: String) throws(DomainValueError) -> MIDINote {
        do { return try MIDINote(parsing: englishSpelling(of: text)) } catch {
            if case .invalidNoteName = error { throw .invalidNoteName(text) }
            throw error
        }
    }

    /// The range named `text` in this naming (`H2-H5`, `36-84`).
    /// - Throws: ``DomainValueError`` as ``NoteRange/init(parsing:)`` does, naming `text` as given.
    public func range(_ text: String) throws(DomainValueError) -> NoteRange {
        do { return try NoteRange(parsing: englishSpelling(of: text)) } catch {
            switch error {
            case .invalidNoteName: throw .invalidNoteName(text)
            case .invalidNoteRange: throw .invalidNoteRange(text)
            default: throw error
            }
        }
    }
}
