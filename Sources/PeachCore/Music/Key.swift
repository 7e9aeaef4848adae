// Key: a tonic and a mode (E♭ major, F♯ minor): what scale degrees are counted from and how their notes are spelled.

/// Major or minor: the scale a key's degrees are counted in.
public enum KeyMode: String, CaseIterable, Hashable, Sendable {
    /// The major scale (1 2 3 4 5 6 7: 0 2 4 5 7 9 11 semitones above the tonic).
    case major
    /// The natural minor scale (1 2 3 4 5 6 7: 0 2 3 5 7 8 10), the degrees a minor key's numbers name; its
    /// cadence's dominant takes the raised seventh (♯7, the leading tone) of the harmonic minor.
    case minor

    /// The semitones above the tonic of the scale's seven degrees.
    public var scale: [Int] {
        switch self {
        case .major: [0, 2, 4, 5, 7, 9, 11]
        case .minor: [0, 2, 3, 5, 7, 8, 10]
        }
    }
}

/// A key: a tonic pitch class and a mode. Its notes are spelled from the tonic by degree (the sixth degree takes
/// the letter five above the tonic's: A♭ in C minor, C♭ in E♭ minor), and the tonic itself as the key's
/// signature writes it: the one of the two enharmonic keys with fewer accidentals (D♭ major, not C♯ major;
/// C♯ minor, not D♭ minor), F♯/G♭ major and D♯/E♭ minor (six each way) going the way `leaning` leans (flats
/// unless it has sharps).
public struct Key: Hashable, Sendable, CustomStringConvertible {
    /// The tonic's pitch class, 0 (C) … 11 (B).
    public let tonic: Int
    /// Major or minor.
    public let mode: KeyMode
    /// The key's signature (E♭ major and C minor: three flats).
    public let signature: KeySignature

    /// The key on `tonic`'s pitch class in `mode`; `leaning` settles the six-accidental tie.
    public init(tonic: Int, mode: KeyMode, leaning: KeySignature = .c) {
        let pitchClass = ((tonic % 12) + 12) % 12
        // The relative major's place on the line of fifths: the tonic's (major) or a minor third above (minor).
        let major = (pitchClass + (mode == .minor ? 3 : 0)) % 12
        // Its sharps (0…11) or as many flats less (−12…−1): the fewer; six each way as the player's key leans.
        let sharps = (7 * major) % 12
        let fifths: Int
        if sharps == 6 {
            fifths = leaning.fifths > 0 ? 6 : -6
        } else {
            fifths = sharps < 6 ? sharps : sharps - 12
        }
        self.init(pitchClass: pitchClass, mode: mode, signature: KeySignature(fifths: fifths) ?? .c)
    }

    /// The key on the tonic of `named` (a major key's signature: the tonic a player typed, C♯ or D♭) in `mode`.
    /// A major key is spelled as typed: C♯ major (seven sharps, not D♭ major), F♯ major (not G♭), C♭ major. A
    /// minor key, which the player did not name, as ``init(tonic:mode:leaning:)`` spells it leaning as they
    /// typed: C♯ minor for D♭ (D♭ minor would need eight flats), G♯ minor for A♭ (as music writes it, not A♭
    /// minor's seven flats), E♭ minor for E♭.
    public init(named: KeySignature, mode: KeyMode) {
        let tonic = named.tonicPitchClass
        guard mode == .major else {
            self.init(tonic: tonic, mode: mode, leaning: named)
            return
        }
        self.init(pitchClass: tonic, mode: mode, signature: named)
    }

    private init(pitchClass: Int, mode: KeyMode, signature: KeySignature) {
        tonic = pitchClass
        self.mode = mode
        self.signature = signature
    }

    /// The tonic spelled (octave 4), as the signature writes it.
    public var tonicSpelled: SpelledNote {
        Spelling.lone(MIDINote(clamping: 60 + tonic), in: signature)
    }

    /// The degree `note` is in this key (any octave).
    public func degree(of note: MIDINote) -> ScaleDegree {
        ScaleDegree(mode: mode, semitones: note.pitchClass - tonic)
    }

    /// `note` spelled as the degree it is: the tonic's letter moved by the degree's number (♭6 in C is A♭, ♯4 is
    /// F♯, 3 in E♭ minor is G♭).
    public func spelled(_ note: MIDINote) -> SpelledNote {
        tonicSpelled.spelling(note, lettersAway: degree(of: note).number - 1)
            ?? Spelling.lone(note, in: signature)
    }

    /// `E♭ major`, `F♯ minor` (English, for `--events`; the screen's words are in PeachText).
    public var description: String {
        tonicSpelled.pitchName(.english) + " " + mode.rawValue
    }
}
