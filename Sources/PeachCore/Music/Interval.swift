// Interval: the distance between two notes, prime (unison) through octave, without direction.

/// A musical interval from prime (0 semitones) to octave (12), named by its usual abbreviation (`P1`, `m2`,
/// `M2`, `m3`, `M3`, `P4`, `d5`, `P5`, `m6`, `M6`, `m7`, `M7`, `P8`), as Peach on iOS and the web writes it.
public enum Interval: Int, CaseIterable, Hashable, Comparable, Sendable, Codable {
    /// Unison, 0 semitones.
    case prime = 0
    /// 1 semitone.
    case minorSecond
    /// 2 semitones.
    case majorSecond
    /// 3 semitones.
    case minorThird
    /// 4 semitones.
    case majorThird
    /// 5 semitones.
    case perfectFourth
    /// 6 semitones (written `d5`; `A4` and `TT` are read too).
    case tritone
    /// 7 semitones.
    case perfectFifth
    /// 8 semitones.
    case minorSixth
    /// 9 semitones.
    case majorSixth
    /// 10 semitones.
    case minorSeventh
    /// 11 semitones.
    case majorSeventh
    /// 12 semitones.
    case octave

    /// The size in equal-tempered semitones.
    public var semitones: Int { rawValue }

    /// The abbreviation, e.g. `P5`, `m3`, `d5`.
    public var abbreviation: String { Self.abbreviations[rawValue] }

    /// The interval's number as its abbreviation writes it: 1 for a prime, 3 for a third, 5 for the tritone
    /// (written `d5`), 8 for the octave. A spelled interval's letters lie this many minus one apart.
    public var number: Int { Int(String(abbreviation.dropFirst())) ?? 1 }

    private static let abbreviations = [
        "P1", "m2", "M2", "m3", "M3", "P4", "d5", "P5", "m6", "M6", "m7", "M7", "P8",
    ]

    /// The interval of an abbreviation (`P5`, `m3`; case matters: `m` minor, `M` major), also `A4`/`TT` for the
    /// tritone; nil for anything else.
    public init?(abbreviation: String) {
        if let index = Self.abbreviations.firstIndex(of: abbreviation) {
            self.init(rawValue: index)
        } else if abbreviation == "A4" || abbreviation == "TT" {
            self = .tritone
        } else {
            return nil
        }
    }

    /// Orders intervals by size.
    public static func < (left: Interval, right: Interval) -> Bool { left.rawValue < right.rawValue }
}
