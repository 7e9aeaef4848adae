// DirectedInterval: an interval up or down from the reference note, as chosen for interval training.

/// An interval with a direction: the second note of a trial lies this far above (`up`) or below (`down`) the
/// reference note. Written `P5` or `P5up` for up and `P5down` for down; prime has no direction (`P1`).
public struct DirectedInterval: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The interval.
    public let interval: Interval
    /// Whether the second note lies below the reference (always false for prime).
    public let isDown: Bool

    /// Unison, today's training.
    public static let prime = DirectedInterval(.prime)

    /// The interval upwards, or downwards when `down` (prime is always upwards).
    public init(_ interval: Interval, down: Bool = false) {
        self.interval = interval
        self.isDown = down && interval != .prime
    }

    /// The interval of a signed semitone distance (−12 … 12), nil beyond an octave.
    public init?(semitones: Int) {
        guard let interval = Interval(rawValue: abs(semitones)) else { return nil }
        self.init(interval, down: semitones < 0)
    }

    /// Reads `P5`, `P5up`, `M3down`, `m3-down` style text (the `up`/`down` suffix in any case).
    /// - Throws: ``DomainValueError/invalidInterval(_:)``.
    public init(parsing text: String) throws(DomainValueError) {
        var body = Substring(text.trimmingWhitespace())
        var down = false
        let lower = body.lowercased()
        if lower.hasSuffix("down") {
            down = true
            body = body.dropLast(4)
        } else if lower.hasSuffix("up") {
            body = body.dropLast(2)
        }
        if body.hasSuffix("-") || body.hasSuffix("_") { body = body.dropLast() }
        guard let interval = Interval(abbreviation: String(body)) else { throw .invalidInterval(text) }
        self.init(interval, down: down)
    }

    /// Reads a comma-separated list (`P5,M3down`): the distinct intervals, in order of size, up before down.
    /// - Throws: ``DomainValueError/invalidInterval(_:)`` for an unreadable or empty list.
    public static func parseList(_ text: String) throws(DomainValueError) -> [DirectedInterval] {
        var result: [DirectedInterval] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let interval = try DirectedInterval(parsing: String(part))
            if !result.contains(interval) { result.append(interval) }
        }
        guard !result.isEmpty else { throw .invalidInterval(text) }
        return result.sorted()
    }

    /// The list as text, e.g. `P1,M3,P5down`.
    public static func listDescription(_ intervals: [DirectedInterval]) -> String {
        intervals.map(\.description).joined(separator: ",")
    }

    /// The signed distance in semitones (negative downwards).
    public var semitones: Int { isDown ? -interval.semitones : interval.semitones }

    /// `P5`, `M3down`, `P1`.
    public var description: String { interval.abbreviation + (isDown ? "down" : "") }

    /// Orders by size, then up before down.
    public static func < (left: DirectedInterval, right: DirectedInterval) -> Bool {
        (left.interval.rawValue, left.isDown ? 1 : 0) < (right.interval.rawValue, right.isDown ? 1 : 0)
    }

    /// The second note for reference `note`, nil when it would leave MIDI 0–127.
    public func target(from note: MIDINote) -> MIDINote? {
        try? MIDINote(validating: note.rawValue + semitones)
    }

    /// The reference notes of `range` whose second note also lies in `range` (never empty for ranges of an
    /// octave or more).
    public func references(in range: NoteRange) -> ClosedRange<MIDINote> {
        let low = range.lowerBound.rawValue + max(0, -semitones)
        let high = range.upperBound.rawValue - max(0, semitones)
        guard low <= high else { return range.closedRange }
        return MIDINote(checked: low)...MIDINote(checked: high)
    }
}

extension DirectedInterval: SnapshotCodable {
    /// Writes the interval's semitones and direction.
    public func write(to writer: inout SnapshotWriter) {
        writer.write(interval.rawValue)
        writer.write(isDown)
    }

    /// Reads an interval.
    public init(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        guard let interval = Interval(rawValue: try reader.int()) else { throw SnapshotReader.Malformed() }
        self.init(interval, down: try reader.bool())
    }
}
