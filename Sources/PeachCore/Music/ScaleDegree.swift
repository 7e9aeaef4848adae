// ScaleDegree: a note's function in a key, as a musician counts it (5, ♭6, ♯4) or sings it (sol, le, fi).

/// A scale degree: where a note lies above the tonic of a major or minor key, named by its number in the scale
/// with the alteration that makes it (`♭6` in major is the minor sixth above the tonic; in minor, whose numbers
/// count the natural minor scale, `6` is that same note and `♯6` the major sixth). Every pitch class has one
/// name in each mode:
///
/// | semitones | 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 |
/// |---|---|---|---|---|---|---|---|---|---|---|---|---|
/// | major | 1 | ♭2 | 2 | ♭3 | 3 | 4 | ♯4 | 5 | ♭6 | 6 | ♭7 | 7 |
/// | minor | 1 | ♭2 | 2 | 3 | ♯3 | 4 | ♯4 | 5 | 6 | ♯6 | 7 | ♯7 |
/// | movable do | do | ra | re | me | mi | fa | fi | sol | le | la | te | ti |
///
/// Solfège is movable do with do-based minor (the tonic is always do; C minor's E♭ is me), the way functional
/// ear trainers sing it.
public struct ScaleDegree: Hashable, Sendable, CustomStringConvertible {
    /// The mode whose scale the number counts in.
    public let mode: KeyMode
    /// Semitones above the tonic, 0…11.
    public let semitones: Int

    /// The degree `semitones` above the tonic (any whole number: taken modulo the octave).
    public init(mode: KeyMode, semitones: Int) {
        self.mode = mode
        self.semitones = ((semitones % 12) + 12) % 12
    }

    /// The degree `number` (1…7) with `alteration` (−1 ♭, 0, +1 ♯) in `mode`; nil for a name the table lacks
    /// (`♭4`, `♯1` …).
    public init?(mode: KeyMode, number: Int, alteration: Int) {
        guard (1...7).contains(number), (-1...1).contains(alteration) else { return nil }
        let degree = ScaleDegree(mode: mode, semitones: mode.scale[number - 1] + alteration)
        guard degree.number == number, degree.alteration == alteration else { return nil }
        self = degree
    }

    /// The scale's number, 1…7.
    public var number: Int { Self.names(of: mode)[semitones].number }
    /// −1 (♭), 0 or +1 (♯) from the scale's note of that number.
    public var alteration: Int { Self.names(of: mode)[semitones].alteration }

    /// Whether the note belongs to the key's scale (the natural minor's, and its raised seventh, the leading tone
    /// its cadence sounds).
    public var isDiatonic: Bool { alteration == 0 || (mode == .minor && semitones == 11) }

    /// `5`, `♭6`, `♯4`.
    public var name: String { (alteration < 0 ? "♭" : alteration > 0 ? "♯" : "") + String(number) }

    /// The name with ASCII marks, for identifiers: `5`, `b6`, `#4`.
    public var asciiName: String { (alteration < 0 ? "b" : alteration > 0 ? "#" : "") + String(number) }

    /// The degree's name.
    public var description: String { name }

    /// The syllable of movable do (do-based minor): `do` … `ti`, `ra` `me` `fi` `le` `te` between.
    public var solfege: String {
        ["do", "ra", "re", "me", "mi", "fa", "fi", "sol", "le", "la", "te", "ti"][semitones]
    }

    /// The syllable as `naming`'s musicians sing it: English ``solfege``; German relative solmization as German
    /// schools teach it (`do re mi fa so la ti`, a raised degree's vowel `i`, a lowered one's `u`: `ru` `mu` `fi`
    /// `lu` `tu`).
    public func solfege(in naming: NoteNaming) -> String {
        switch naming {
        case .english: solfege
        case .german: ["do", "ru", "re", "mu", "mi", "fa", "fi", "so", "lu", "la", "tu", "ti"][semitones]
        }
    }

    /// How the degree resolves to the tonic, as a teacher sings it after a right answer: the semitones above the
    /// tonic of the notes that follow it, ending on the tonic (0) or its octave (12). The degrees below the
    /// fifth step down (3 2 1), the fifth too (5 4 3 2 1); the sixth and seventh of major step up (6 7 8); a
    /// lowered degree falls a semitone first (♭6 5 …, ♭2 1), a raised one rises (♯4 5 …); the minor's ♭-leaning
    /// 6 falls to 5, its 7 and ♯7 rise to the octave. The tonic itself resolves nowhere (empty).
    public var resolution: [Int] {
        let down = mode == .major ? [7, 5, 4, 2, 0] : [7, 5, 3, 2, 0]
        func from(_ start: Int) -> [Int] { Array(down.drop { $0 >= start }) }
        switch (mode, semitones) {
        case (_, 0): return []
        case (.major, 9): return [11, 12]
        case (.major, 10): return [9, 11, 12]
        case (_, 11): return [12]
        case (.minor, 9): return [11, 12]
        case (.minor, 10): return [12]
        case (_, 6): return [7] + from(7)
        case (.minor, 4): return [2, 0]
        default: return from(semitones)
        }
    }

    /// Every degree of `mode`, by semitones (0…11).
    public static func all(_ mode: KeyMode) -> [ScaleDegree] {
        (0..<12).map { ScaleDegree(mode: mode, semitones: $0) }
    }

    private static func names(of mode: KeyMode) -> [(number: Int, alteration: Int)] {
        switch mode {
        case .major:
            [
                (1, 0), (2, -1), (2, 0), (3, -1), (3, 0), (4, 0), (4, 1), (5, 0), (6, -1), (6, 0), (7, -1),
                (7, 0),
            ]
        case .minor:
            [(1, 0), (2, -1), (2, 0), (3, 0), (3, 1), (4, 0), (4, 1), (5, 0), (6, 0), (6, 1), (7, 0), (7, 1)]
        }
    }
}
