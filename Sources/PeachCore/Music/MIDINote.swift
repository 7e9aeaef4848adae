// MIDINote: a MIDI note number 0–127 with its name and equal-tempered frequency.

/// A MIDI note number, 0 (C-1) … 127 (G9); 60 is middle C (`C4`) and 69 is `A4`.
public struct MIDINote: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The lowest MIDI note number.
    public static let minimum = 0
    /// The highest MIDI note number.
    public static let maximum = 127
    /// All valid MIDI note numbers.
    public static let validRange = minimum...maximum

    /// The note number, always within ``validRange``.
    public let rawValue: Int

    /// Creates a note from a number read from a user, a file or a device.
    /// - Throws: ``DomainValueError/midiNoteOutOfRange(_:)`` outside 0–127.
    public init(validating rawValue: Int) throws(DomainValueError) {
        guard Self.validRange.contains(rawValue) else { throw .midiNoteOutOfRange(rawValue) }
        self.rawValue = rawValue
    }

    /// Creates the valid note nearest to `rawValue` (0 below the range, 127 above it).
    public init(clamping rawValue: Int) {
        self.rawValue = min(max(rawValue, Self.minimum), Self.maximum)
    }

    /// Creates a note from a number the caller has already checked; traps outside 0–127.
    init(checked rawValue: Int) {
        precondition(Self.validRange.contains(rawValue), "MIDI note must be 0–127, got \(rawValue)")
        self.rawValue = rawValue
    }

    /// Note names with sharps, indexed by pitch class (0 = C).
    private static let pitchClassNames = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]

    /// The pitch class: 0 for C, 1 for C♯ … 11 for B.
    public var pitchClass: Int { rawValue % 12 }

    /// The octave in scientific pitch notation, where middle C (60) is in octave 4 and note 0 in octave −1.
    public var octave: Int { rawValue / 12 - 1 }

    /// The name in scientific pitch notation with sharps, e.g. `A4`, `C#3`, `C-1`.
    public var name: String { Self.pitchClassNames[pitchClass] + String(octave) }

    /// `true` for the black keys of a piano keyboard.
    public var isBlackKey: Bool { [1, 3, 6, 8, 10].contains(pitchClass) }

    /// The note's name.
    public var description: String { name }

    /// The note's equal-tempered frequency when A4 is `referencePitch`.
    public func frequency(referencePitch: Frequency = 440) -> Frequency {
        EqualTemperament(referencePitch: referencePitch).frequency(of: self)
    }

    /// Parses a note name: a letter A–G (any case), any number of `#`/`♯` or `b`/`♭`, and an octave
    /// from −1 to 9 (`A4`, `c#3`, `Bb2`, `C-1`). A plain number 0–127 is accepted as well.
    /// - Throws: ``DomainValueError/invalidNoteName(_:)`` or ``DomainValueError/midiNoteOutOfRange(_:)``.
    public init(parsing text: String) throws(DomainValueError) {
        let trimmed = text.trimmingWhitespace()
        if let number = Int(trimmed) {
            try self.init(validating: number)
            return
        }
        var characters = Substring(trimmed)
        guard let letter = characters.popFirst(),
            let letterClass = ["c": 0, "d": 2, "e": 4, "f": 5, "g": 7, "a": 9, "b": 11][
                Character(letter.lowercased())]
        else { throw .invalidNoteName(text) }
        var alteration = 0
        while let accidental = characters.first, "#♯b♭".contains(accidental) {
            alteration += (accidental == "#" || accidental == "♯") ? 1 : -1
            characters.removeFirst()
        }
        guard !characters.isEmpty, let octave = Int(characters), (-1...9).contains(octave) else {
            throw .invalidNoteName(text)
        }
        try self.init(validating: (octave + 1) * 12 + letterClass + alteration)
    }

    /// Returns a note chosen uniformly at random from `range`.
    public static func random(
        in range: ClosedRange<MIDINote>, using generator: inout some RandomNumberGenerator
    )
        -> MIDINote
    {
        MIDINote(
            checked: Int.random(in: range.lowerBound.rawValue...range.upperBound.rawValue, using: &generator))
    }

    /// Orders notes by pitch.
    public static func < (lhs: MIDINote, rhs: MIDINote) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension MIDINote: ExpressibleByIntegerLiteral {
    /// Creates a note from a literal in code; traps outside 0–127.
    public init(integerLiteral value: Int) { self.init(checked: value) }
}

extension MIDINote: Codable, ValidatedScalar {
    /// The note number, as stored in files.
    var codedValue: Int { rawValue }
}

extension MIDINote: Strideable {
    /// The number of semitones from this note to `other`.
    public func distance(to other: MIDINote) -> Int { other.rawValue - rawValue }

    /// The note `semitones` away; traps when the result leaves 0–127.
    public func advanced(by semitones: Int) -> MIDINote { MIDINote(checked: rawValue + semitones) }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
