// PlayBackItem: one thing play-back trains and keeps a mastery estimate for (`M3down`, `minor/1`, `up7`).

/// One item of a play-back kind: what a question asks and what the profile keeps accuracy, response time and
/// confusions for. Each has a stable identifier (``id``), used on the command line (`--items`), in the store
/// and in `--events`:
///
/// | kind | items | identifiers |
/// |---|---|---|
/// | notes | the second note 0–12 semitones above or below the reference | `unison`, `up1` … `up12`, `down1` … `down12` |
/// | intervals | a directed interval, melodic or harmonic | `M3`, `M3down`, `M3harmonic` (`P1` … `P8`) |
/// | chords | a quality in a voicing | `major`, `major/1`, `min7/3`, `m7b5/2` |
/// | degrees | a scale degree in a major or minor key | `5-major`, `b6-major`, `6-minor`, `#7-minor` |
/// | melodies | a phrase's length and how it moves (``MelodyLevel``) | `steps3`, `leaps5`, `wide7`, `chromatic8` |
///
/// The augmented triad and the diminished seventh are symmetric (every inversion has the same shape), so they
/// are asked in root position only.
public enum PlayBackItem: Hashable, Sendable, CustomStringConvertible {
    /// Notes: the second note `semitones` from the reference (−12…12).
    case note(semitones: Int)
    /// Intervals: `interval` from the reference, melodic (in its direction) or harmonic (both notes at once,
    /// the reference below).
    case interval(DirectedInterval, harmonic: Bool)
    /// Chords: `quality` in `inversion` (0 = root position).
    case chord(ChordQuality, inversion: Int)
    /// Degrees: the degree in a key of its mode (``ScaleDegree``), heard after the key's cadence.
    case degree(ScaleDegree)
    /// Melodies: a phrase of the level's length and shape, in a key.
    case melody(MelodyLevel)

    /// The kind the item belongs to.
    public var kind: PlayBackKind {
        switch self {
        case .note: .notes
        case .interval: .intervals
        case .chord: .chords
        case .degree: .degrees
        case .melody: .melodies
        }
    }

    /// Degrees: the mode of the item's key; nil for the other kinds.
    public var keyMode: KeyMode? {
        if case .degree(let degree) = self { degree.mode } else { nil }
    }

    /// The stable identifier (see the type's table).
    public var id: String {
        switch self {
        case .note(let semitones):
            semitones == 0 ? "unison" : (semitones > 0 ? "up\(semitones)" : "down\(-semitones)")
        case .interval(let interval, let harmonic):
            harmonic ? interval.interval.abbreviation + "harmonic" : interval.description
        case .chord(let quality, let inversion):
            inversion == 0 ? quality.rawValue : "\(quality.rawValue)/\(inversion)"
        case .degree(let degree):
            "\(degree.asciiName)-\(degree.mode.rawValue)"
        case .melody(let level): level.id
        }
    }

    /// The identifier.
    public var description: String { id }

    /// The item an identifier names, or nil.
    public init?(id: String) {
        if let level = MelodyLevel(id: id) {
            self = .melody(level)
            return
        }
        if let degree = Self.degree(id: id) {
            self = .degree(degree)
            return
        }
        if id == "unison" {
            self = .note(semitones: 0)
            return
        }
        for (prefix, sign) in [("up", 1), ("down", -1)] where id.hasPrefix(prefix) {
            if let steps = Int(id.dropFirst(prefix.count)), (1...12).contains(steps),
                String(steps) == id.dropFirst(prefix.count)
            {
                self = .note(semitones: sign * steps)
                return
            }
        }
        if let slash = id.firstIndex(of: "/") {
            guard let quality = ChordQuality(rawValue: String(id[..<slash])),
                let inversion = Int(id[id.index(after: slash)...]), inversion >= 1,
                String(inversion) == id[id.index(after: slash)...],
                inversion < quality.voicings, !quality.isSymmetric
            else { return nil }
            self = .chord(quality, inversion: inversion)
            return
        }
        if let quality = ChordQuality(rawValue: id) {
            self = .chord(quality, inversion: 0)
            return
        }
        if id.hasSuffix("harmonic"), let interval = Interval(abbreviation: String(id.dropLast(8))),
            Interval(abbreviation: String(id.dropLast(8)))?.abbreviation == String(id.dropLast(8))
        {
            self = .interval(DirectedInterval(interval), harmonic: true)
            return
        }
        guard let interval = try? DirectedInterval(parsing: id), interval.description == id,
            interval.interval != .prime || !interval.isDown
        else { return nil }
        self = .interval(interval, harmonic: false)
    }

    /// The degree `5-major`, `b6-minor`, `#4-major` names (`♭`, `♯` read as `b`, `#`), or nil.
    private static func degree(id: String) -> ScaleDegree? {
        guard let dash = id.lastIndex(of: "-"),
            let mode = KeyMode(rawValue: String(id[id.index(after: dash)...]))
        else { return nil }
        var name = Substring(id[..<dash])
        var alteration = 0
        if let mark = name.first, "b♭#♯".contains(mark) {
            alteration = mark == "b" || mark == "♭" ? -1 : 1
            name = name.dropFirst()
        }
        guard name.count == 1, let number = Int(name) else { return nil }
        return ScaleDegree(mode: mode, number: number, alteration: alteration)
    }

    /// The items of a list as a player types it (`--items "M3, P5"`): ids separated by commas (a chord also by
    /// its lead-sheet suffix: `m7`, `7/1`), blanks around each ignored, each item once in the order first given. The one parser of such lists (`peach play`,
    /// `peach simulate`).
    /// - Returns: the items, or the first entry that is no item of `kind`'s catalogue (a sus chord's inversion,
    ///   `sus4/1`, is sus2 on another root and is not asked; an augmented triad only in root position), or the
    ///   whole text when it names none.
    public static func list(parsing text: String, kind: PlayBackKind) -> Result<[PlayBackItem], InvalidItem> {
        var items: [PlayBackItem] = []
        for entry in text.split(separator: ",", omittingEmptySubsequences: false) {
            let id = String(entry.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
            if id.isEmpty { continue }
            guard let item = typed(id, kind: kind), catalogue(of: kind).contains(item) else {
                return .failure(InvalidItem(id))
            }
            if !items.contains(item) { items.append(item) }
        }
        return items.isEmpty ? .failure(InvalidItem(text)) : .success(items)
    }

    /// The item of `kind` an entry of a typed list names: its identifier, or for chords a lead sheet's suffix
    /// (`m7`, `7/1`, `ø7`: ``ChordQuality/init(leadSheet:)``) with an inversion after a slash.
    private static func typed(_ entry: String, kind: PlayBackKind) -> PlayBackItem? {
        if let item = PlayBackItem(id: entry), item.kind == kind { return item }
        guard kind == .chords else { return nil }
        let parts = entry.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let quality = ChordQuality(leadSheet: String(parts[0])) else { return nil }
        return PlayBackItem(id: quality.rawValue + (parts.count > 1 ? "/" + parts[1] : ""))
    }

    /// An entry of a list that is no item of the kind asked for (``list(parsing:kind:)``).
    public struct InvalidItem: Error, Equatable {
        /// The entry as typed.
        public let entry: String
        /// The entry `entry`.
        public init(_ entry: String) { self.entry = entry }
    }

    /// Every item of `kind`, in the order they unlock (see ``PlayBackScheduler``): the starting set first.
    public static func catalogue(of kind: PlayBackKind) -> [PlayBackItem] {
        switch kind {
        case .notes:
            return [
                7, 4, 12, -5, -12, 2, -3, 5, -7, 9, -4, 3, -2, -9, 0, 11, -1, 1, -8, 10, 6, -6, 8, -10, -11,
            ]
            .map { .note(semitones: $0) }
        case .intervals:
            let melodic: [(Interval, Bool)] = [
                (.perfectFifth, false), (.majorThird, false), (.octave, false), (.perfectFourth, false),
                (.minorThird, false), (.majorSecond, false), (.perfectFifth, true), (.octave, true),
                (.majorThird, true), (.majorSixth, false), (.minorSixth, false), (.perfectFourth, true),
                (.minorThird, true), (.majorSecond, true), (.minorSeventh, false), (.majorSeventh, false),
                (.minorSecond, false), (.tritone, false), (.majorSixth, true), (.minorSixth, true),
                (.minorSeventh, true), (.majorSeventh, true), (.minorSecond, true), (.tritone, true),
                (.prime, false),
            ]
            let harmonic: [Interval] = [
                .perfectFifth, .majorThird, .octave, .perfectFourth, .minorThird, .majorSixth, .minorSixth,
                .majorSecond, .minorSeventh, .majorSeventh, .minorSecond, .tritone,
            ]
            var items = melodic.map {
                PlayBackItem.interval(DirectedInterval($0.0, down: $0.1), harmonic: false)
            }
            // Harmonic intervals come in after the first melodic ones.
            for (offset, interval) in harmonic.enumerated() {
                items.insert(
                    .interval(DirectedInterval(interval), harmonic: true),
                    at: min(items.count, 8 + 2 * offset))
            }
            return items
        case .chords:
            let triads: [ChordQuality] = [.major, .minor, .diminished, .augmented, .sus4, .sus2]
            let sevenths: [ChordQuality] = [
                .dominantSeventh, .majorSeventh, .minorSeventh, .halfDiminishedSeventh, .diminishedSeventh,
            ]
            var items: [PlayBackItem] = triads.map { .chord($0, inversion: 0) }
            for inversion in 1...2 {
                items += [ChordQuality.major, .minor].map { .chord($0, inversion: inversion) }
            }
            items += sevenths.map { .chord($0, inversion: 0) }
            // A sus chord has no inversions of its own: sus4 over its fourth is sus2 on another root (C F G over F
            // is F G C), and sus2 over its second is sus4 (C D G over D is D G C, Gsus4 over D); both are asked once.
            for inversion in 1...2 { items.append(.chord(.diminished, inversion: inversion)) }
            for inversion in 1...3 {
                items += sevenths.filter { !$0.isSymmetric }.map { .chord($0, inversion: inversion) }
            }
            return items
        case .degrees:
            // The tonic triad first, then the rest of major's scale; minor's the same way; its raised seventh; then
            // the chromatic degrees, the commonest borrowings first (♭7, ♭3, ♭6 of major; minor's ♯6).
            let major = [0, 7, 4, 5, 2, 9, 11]
            let minor = [0, 7, 3, 5, 2, 8, 10, 11]
            let chromatic: [(KeyMode, Int)] = [
                (.major, 10), (.major, 3), (.major, 8), (.minor, 9), (.major, 6), (.minor, 6), (.major, 1),
                (.minor, 1), (.minor, 4),
            ]
            return major.map { PlayBackItem.degree(ScaleDegree(mode: .major, semitones: $0)) }
                + minor.map { .degree(ScaleDegree(mode: .minor, semitones: $0)) }
                + chromatic.map { .degree(ScaleDegree(mode: $0.0, semitones: $0.1)) }
        case .melodies:
            return MelodyLevel.curriculum.map { .melody($0) }
        }
    }

    /// How many items of `kind` a new player starts with: P5, M3 and P8 up; major and minor triads; 1, 5 and 3
    /// in major; melodies of three and four notes by step.
    public static func startingCount(of kind: PlayBackKind) -> Int {
        switch kind {
        case .notes: 3
        case .intervals: 3
        case .chords: 2
        case .degrees: 3
        case .melodies: 2
        }
    }
}

extension ChordQuality {
    /// Whether every inversion has the chord's own shape (augmented triad, diminished seventh): only root
    /// position is asked.
    public var isSymmetric: Bool { self == .augmented || self == .diminishedSeventh }
}
