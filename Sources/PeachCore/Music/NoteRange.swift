// NoteRange: an inclusive range of MIDI notes, written like `C2-C6`.

/// An inclusive range of MIDI notes, such as the training range. Written as `LOW-HIGH` with note names
/// or numbers: `C2-C6`, `36-84`, `A0-C8`.
public struct NoteRange: Hashable, Sendable, CustomStringConvertible {
    /// The lowest note in the range.
    public let lowerBound: MIDINote
    /// The highest note in the range.
    public let upperBound: MIDINote

    /// Creates a range; the bounds may be given in either order.
    public init(_ first: MIDINote, _ second: MIDINote) {
        lowerBound = min(first, second)
        upperBound = max(first, second)
    }

    /// Creates a range from a closed range of notes.
    public init(_ range: ClosedRange<MIDINote>) {
        self.init(range.lowerBound, range.upperBound)
    }

    /// Parses `LOW-HIGH` (also `LOW..HIGH` or `LOW:HIGH`), e.g. `C2-C6` or `36-84`.
    /// - Throws: ``DomainValueError/invalidNoteRange(_:)`` or the error of a bad note name.
    public init(parsing text: String) throws(DomainValueError) {
        let trimmed = text.trimmingWhitespace()
        // Split at a separator that is not a minus sign of an octave (-1): the first "-", ".." or ":" that
        // follows a digit.
        var separator: Range<String.Index>?
        var index = trimmed.startIndex
        while index < trimmed.endIndex, separator == nil {
            let previous = index > trimmed.startIndex ? trimmed[trimmed.index(before: index)] : nil
            if let previous, previous.isNumber {
                if trimmed[index...].hasPrefix("..") {
                    separator = index..<trimmed.index(index, offsetBy: 2)
                } else if trimmed[index] == "-" || trimmed[index] == ":" {
                    separator = index..<trimmed.index(after: index)
                }
            }
            index = trimmed.index(after: index)
        }
        guard let separator else { throw .invalidNoteRange(text) }
        let low = String(trimmed[..<separator.lowerBound])
        let high = String(trimmed[separator.upperBound...])
        guard !low.isEmpty, !high.isEmpty else { throw .invalidNoteRange(text) }
        self.init(try MIDINote(parsing: low), try MIDINote(parsing: high))
    }

    /// The range as a Swift closed range.
    public var closedRange: ClosedRange<MIDINote> { lowerBound...upperBound }

    /// The number of semitones from the lowest to the highest note.
    public var semitoneSpan: Int { upperBound.rawValue - lowerBound.rawValue }

    /// The number of notes in the range.
    public var count: Int { semitoneSpan + 1 }

    /// `true` when `note` lies within the range.
    public func contains(_ note: MIDINote) -> Bool { closedRange.contains(note) }

    /// All notes from low to high.
    public var notes: [MIDINote] { (lowerBound.rawValue...upperBound.rawValue).map { MIDINote(checked: $0) } }

    /// The range written as `LOW-HIGH` with note names, e.g. `C2-C6`.
    public var description: String { "\(lowerBound.name)-\(upperBound.name)" }
}

extension NoteRange: Codable {
    private enum CodingKeys: String, CodingKey {
        case lowerBound = "lower"
        case upperBound = "upper"
    }

    /// Decodes `{"lower": 36, "upper": 84}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try container.decode(MIDINote.self, forKey: .lowerBound),
            try container.decode(MIDINote.self, forKey: .upperBound))
    }

    /// Encodes `{"lower": 36, "upper": 84}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(lowerBound, forKey: .lowerBound)
        try container.encode(upperBound, forKey: .upperBound)
    }
}
