// DegreeKey: the key scale degrees and melodies are asked in: a new one at random, or a fixed tonic.

/// Which key a degrees or melodies run asks in (the `degreeKey` setting): `random`, a new tonic for each block of
/// degrees (``CadencePlan/blockLength``), so degrees are heard as functions and not as pitches, and for each
/// melody; or a fixed tonic (`C`, `Eb`, `F#`), whose major and minor keys (E♭ major, E♭ minor) the questions are
/// in, the major key spelled as the player named it (``Key/init(named:mode:)``).
public enum DegreeKey: Hashable, Sendable, CustomStringConvertible {
    /// A tonic drawn for each block, never the last block's.
    case random
    /// The tonic of this major key's signature (E♭ for three flats), for both modes.
    case tonic(KeySignature)

    /// `random`, or a tonic as `KeySignature(parsing:)` reads a major key (`C`, `Eb`, `F♯`); nil otherwise (a
    /// minor key's `m` too: the tonic serves both modes).
    public init?(parsing text: String) {
        let trimmed = text.filter { !$0.isWhitespace }
        if trimmed.lowercased() == "random" {
            self = .random
            return
        }
        guard !trimmed.hasSuffix("m"), let signature = KeySignature(parsing: trimmed) else { return nil }
        self = .tonic(signature)
    }

    /// The tonic of the minor key named `text` (`Am`, `A minor`, `Ebm`, `D#m`), as a fixed tonic: the spelling
    /// typed where a major key has it (`Am` → A), else the major key's on that pitch class (`D#m` → E♭, `A#m` →
    /// B♭). What a refusal of a minor key's name offers instead: the tonic serves both modes. Nil when `text` is
    /// no minor key's name.
    public static func tonic(ofMinorKey text: String) -> DegreeKey? {
        var name = text.filter { !$0.isWhitespace }
        guard
            let suffix = ["minor", "min", "m"].first(where: { name.count > $0.count && name.hasSuffix($0) })
        else { return nil }
        name.removeLast(suffix.count)
        if let signature = KeySignature(parsing: name) { return .tonic(signature) }
        guard let letter = name.first.map(String.init), let natural = KeySignature(parsing: letter) else {
            return nil
        }
        let accidental: Int
        switch name.dropFirst() {
        case "#", "♯": accidental = 1
        case "b", "♭": accidental = -1
        default: return nil
        }
        let pitchClass = ((7 * natural.fifths + accidental) % 12 + 12) % 12
        let fewest = KeySignature.fifthsRange.compactMap(KeySignature.init(fifths:))
            .filter { DegreeKey.tonic($0).tonicPitchClass == pitchClass }
            .min { abs($0.fifths) < abs($1.fifths) }
        return fewest.map(DegreeKey.tonic)
    }

    /// The fixed tonic's pitch class; nil for `random`.
    public var tonicPitchClass: Int? {
        guard case .tonic(let signature) = self else { return nil }
        return signature.tonicPitchClass
    }

    /// `random`, `E♭`.
    public var description: String {
        switch self {
        case .random: "random"
        case .tonic(let signature): signature.description
        }
    }
}
