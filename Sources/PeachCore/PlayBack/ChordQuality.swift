// ChordQuality: the triads and seventh chords play-back asks for, with their notes above the root.

/// A chord quality: its notes in semitones above the root, in stacked order (root, third, fifth, seventh).
public enum ChordQuality: String, CaseIterable, Hashable, Sendable {
    /// Major triad (C E G).
    case major
    /// Minor triad (C E♭ G).
    case minor
    /// Diminished triad (C E♭ G♭).
    case diminished = "dim"
    /// Augmented triad (C E G♯).
    case augmented = "aug"
    /// Suspended second (C D G).
    case sus2
    /// Suspended fourth (C F G).
    case sus4
    /// Major seventh (C E G B).
    case majorSeventh = "maj7"
    /// Dominant seventh (C E G B♭).
    case dominantSeventh = "dom7"
    /// Minor seventh (C E♭ G B♭).
    case minorSeventh = "min7"
    /// Half-diminished seventh, m7♭5 (C E♭ G♭ B♭).
    case halfDiminishedSeventh = "m7b5"
    /// Diminished seventh (C E♭ G♭ B𝄫).
    case diminishedSeventh = "dim7"

    /// The chord's notes in semitones above the root, root first.
    public var intervals: [Int] {
        switch self {
        case .major: [0, 4, 7]
        case .minor: [0, 3, 7]
        case .diminished: [0, 3, 6]
        case .augmented: [0, 4, 8]
        case .sus2: [0, 2, 7]
        case .sus4: [0, 5, 7]
        case .majorSeventh: [0, 4, 7, 11]
        case .dominantSeventh: [0, 4, 7, 10]
        case .minorSeventh: [0, 3, 7, 10]
        case .halfDiminishedSeventh: [0, 3, 6, 10]
        case .diminishedSeventh: [0, 3, 6, 9]
        }
    }

    /// The number of inversions, root position included (3 for triads, 4 for sevenths).
    public var voicings: Int { intervals.count }

    /// The root of this chord in `inversion` (clamped to its ``voicings``) whose lowest note is `bass`: C for E
    /// in a C major triad's 1st inversion; it may lie outside the MIDI range, as a number.
    public func root(under bass: Int, inversion: Int) -> Int {
        bass - intervals[max(0, min(inversion, voicings - 1))]
    }

    /// What follows the root in the chord's symbol on a lead sheet: nothing for a major triad (`F`), `m`, `dim`,
    /// `aug`, `sus2`, `sus4`, `maj7`, `7`, `m7`, `m7♭5`, `dim7` (`Fm`, `G7`).
    public var symbol: String {
        switch self {
        case .major: ""
        case .minor: "m"
        case .diminished: "dim"
        case .augmented: "aug"
        case .sus2: "sus2"
        case .sus4: "sus4"
        case .majorSeventh: "maj7"
        case .dominantSeventh: "7"
        case .minorSeventh: "m7"
        case .halfDiminishedSeventh: "m7♭5"
        case .diminishedSeventh: "dim7"
        }
    }

    /// The quality a lead sheet's suffix names, as a player may type it for an item (`--items m7,7,ø7`): `M`,
    /// `maj` or `Δ` major; `m`, `min` or `-` minor; `°` or `o` diminished; `+` augmented; `sus` (sus4); `M7` or
    /// `Δ7` maj7; `7` dom7; `m7` or `-7` min7; `ø`, `ø7`, `m7♭5` or `m7b5` half-diminished; `°7` or `o7` dim7;
    /// and each quality's own identifier. Case counts (`M` major, `m` minor). Nil for anything else.
    public init?(leadSheet text: String) {
        if let quality = ChordQuality(rawValue: text) {
            self = quality
            return
        }
        let aliases: [String: ChordQuality] = [
            "M": .major, "maj": .major, "Δ": .major, "m": .minor, "min": .minor, "-": .minor,
            "°": .diminished, "o": .diminished, "+": .augmented, "sus": .sus4,
            "M7": .majorSeventh, "Δ7": .majorSeventh, "7": .dominantSeventh, "m7": .minorSeventh,
            "-7": .minorSeventh, "ø": .halfDiminishedSeventh, "ø7": .halfDiminishedSeventh,
            "m7♭5": .halfDiminishedSeventh, "-7b5": .halfDiminishedSeventh, "°7": .diminishedSeventh,
            "o7": .diminishedSeventh,
        ]
        guard let quality = aliases[text] else { return nil }
        self = quality
    }

    /// The notes of the chord on `root` in `inversion` (0 = root position, 1 = first …): the lowest
    /// `inversion` chord tones moved up an octave, in ascending order.
    public func notes(root: Int, inversion: Int) -> [Int] {
        let tones = intervals.map { root + $0 }
        let shift = max(0, min(inversion, tones.count - 1))
        return (tones[shift...] + tones[..<shift].map { $0 + 12 }).sorted()
    }

    /// The chord (quality, root pitch class and inversion) that `notes` spell, when they are exactly the tones
    /// of one chord of this list (any octave, any doubling): the inversion is the bass note's place among the
    /// chord's tones. Nil for anything else. When two readings fit (an augmented or diminished seventh chord is
    /// symmetric; an inverted sus2 is a sus4: C D G = G C D), the one whose root is the bass is taken, else the
    /// first quality of this list.
    public static func identify(_ notes: [Int]) -> (quality: ChordQuality, root: Int, inversion: Int)? {
        guard let bass = notes.min() else { return nil }
        let classes = Set(notes.map { (($0 % 12) + 12) % 12 })
        var found: (quality: ChordQuality, root: Int, inversion: Int)?
        for quality in allCases where quality.intervals.count == classes.count {
            for root in 0..<12 {
                let tones = quality.intervals.map { (root + $0) % 12 }
                guard Set(tones) == classes, let place = tones.firstIndex(of: ((bass % 12) + 12) % 12) else {
                    continue
                }
                if place == 0 { return (quality, root, 0) }
                if found == nil { found = (quality, root, place) }
            }
        }
        return found
    }
}
