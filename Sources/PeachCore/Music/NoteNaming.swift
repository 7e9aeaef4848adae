// NoteNaming: how note names are written and read: the English way (B, B♭) or the German (H, B).

/// The convention for note names: in English `B` is B (71 is `B4`) and B♭ is `Bb`; in German `H` is B (`H4`),
/// `B` is B♭ (`B4` is 70), and a sharp adds `is`, a flat `es` (`Fis3`, `Es4`, `As2`). Peach keeps and stores
/// names the English way (the settings file, records and exports are the same in every language); the command
/// line reads and shows them the user's way.
public enum NoteNaming: Sendable, Hashable {
    /// `B` is B, `Bb` is B♭ (scientific pitch notation).
    case english
    /// `H` is B, `B` is B♭, `Fis` F♯, `Es` E♭ (German usage); `#` and `b` after a letter read as in English.
    case german

    /// `note`'s name, its black keys as sharps: `A4`, `C#3`, `A#4`; in German `Cis3`, `B4` (B♭4) and `H4` (B4).
    public func name(of note: MIDINote) -> String {
        guard self == .german else { return note.name }
        let names = ["C", "Cis", "D", "Dis", "E", "F", "Fis", "G", "Gis", "A", "B", "H"]
        return names[note.pitchClass] + String(note.octave)
    }

    /// `range` as `LOW-HIGH` in this naming.
    public func name(of range: NoteRange) -> String {
        "\(name(of: range.lowerBound))-\(name(of: range.upperBound))"
    }

    /// `text` (a note name, or a range of two) with its letters written the English way, for the parsers. In
    /// German a name's letter `H` becomes `B` and `B` becomes `Bb`, and the German endings right after it become
    /// marks: `is` a sharp, `es` a flat (`s` after A and E): `Fis3` is `F#3`, `Es4` `Eb4`, `Heses2` `Bbb2`. The
    /// English marks read as they are (`F#3`, `Eb4`), so a `Bb` written in German stays B♭ flattened: `Bbb`.
    public func englishSpelling(of text: String) -> String {
        guard self == .german else { return text }
        let characters = Array(text)
        var result = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            // A letter starts a name where it does not follow another letter (the `b` of `Hb`, `Eb` is a flat).
            let startsName = index == 0 || !characters[index - 1].isLetter
            index += 1
            guard startsName, let letter = character.lowercased().first, "abcdefgh".contains(letter) else {
                result.append(character)
                continue
            }
            switch character {
            case "H", "h": result.append("B")
            case "B": result.append("Bb")
            case "b": result.append("bb")
            default: result.append(character)
            }
            // The German endings, each a sharp or a flat: `is`, `es`, and `s` at once after A and E.
            func ending(_ word: String) -> Bool {
                let end = index + word.count
                guard end <= characters.count, String(characters[index..<end]).lowercased() == word else {
                    return false
                }
                index = end
                return true
            }
            if "ae".contains(letter), ending("s") { result.append("b") }
            while true {
                if ending("is") {
                    result.append("#")
                } else if ending("es") {
                    result.append("b")
                } else {
                    break
                }
            }
        }
        return result
    }

    /// `text` (a key: its tonic, and `m` for minor) written the English way, for the key parsers
    /// (``KeySignature/init(parsing:)``, ``DegreeKey/init(parsing:)``). In German the tonic is read as a note's
    /// name is (``englishSpelling(of:)``: `H`, `B`, `Fis`, `Es`, `As`, `Des`, or `F#`, `Eb`), but `Bb` is B♭ (there
    /// is no B𝄫 major); minor is `m` or `-Moll` (`fis-Moll`, `Fism`), major nothing or `-Dur` (`Es-Dur`); the case
    /// of the letter does not say the mode. A text that names no tonic so comes back as it was written, for the
    /// parser to refuse in the user's words; in English `text` is unchanged.
    public func englishKey(_ text: String) -> String {
        guard self == .german else { return text }
        var name = Self.ascii(text.lowercased().filter { !$0.isWhitespace })
        var minor = false
        for (suffix, isMinor) in [
            ("-moll", true), ("moll", true), ("-dur", false), ("dur", false), ("m", true),
        ]
        where name.count > suffix.count && name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
            minor = isMinor
            break
        }
        let tonic = name == "bb" ? name : englishSpelling(of: name).lowercased()
        guard let letter = tonic.first, "abcdefg".contains(letter),
            ["", "#", "b"].contains(tonic.dropFirst())
        else { return text }
        return letter.uppercased() + tonic.dropFirst() + (minor ? "m" : "")
    }

    /// `text` with its accidental signs as typed on a keyboard: `♯` as `#`, `♭` as `b` (`E♭` is `Eb`).
    public static func ascii(_ text: String) -> String {
        String(text.map { $0 == "♯" ? "#" : $0 == "♭" ? "b" : $0 })
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
