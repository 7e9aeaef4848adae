// DegreeKey: the key scale degrees are asked in: a new one at random for each block, or a fixed tonic.

/// Which key a degrees run asks in (the `degreeKey` setting): `random`, a new tonic for each block of questions
/// (``CadencePlan/blockLength``), so degrees are heard as functions and not as pitches; or a fixed tonic (`C`,
/// `Eb`, `F#`), whose major and minor keys (E♭ major, E♭ minor) the questions are in.
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

    /// The fixed tonic's pitch class; nil for `random`.
    public var tonicPitchClass: Int? {
        guard case .tonic(let signature) = self else { return nil }
        return ((7 * signature.fifths) % 12 + 12) % 12
    }

    /// `random`, `E♭`.
    public var description: String {
        switch self {
        case .random: "random"
        case .tonic(let signature): signature.description
        }
    }
}
