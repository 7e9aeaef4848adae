// MelodyMark: how one note of a melody was answered, in place: right, another note, or missing.

/// One note of a melody, judged in place: the notes played are aligned with the phrase (the fewest changes that
/// turn the one into the other: a note for a note, a note missed, a note added), so one wrong or missing note does
/// not make every later one wrong.
public enum MelodyMark: Hashable, Sendable {
    /// The note was played.
    case right
    /// Another note was played in its place.
    case wrong(played: MIDINote)
    /// No note was played for it.
    case missing

    /// Whether the note was played.
    public var isRight: Bool { self == .right }

    /// `right`, `wrong`, `missing` (the `--events` words).
    public var word: String {
        switch self {
        case .right: "right"
        case .wrong: "wrong"
        case .missing: "missing"
        }
    }

    /// The marks of `expected`'s notes when `played` was played, and the played notes that belong to none (extra),
    /// by an edit-distance alignment: a note for a note costs nothing when it is the same (its pitch class with
    /// `anyOctave`) and 1 otherwise, a note missed or added 1. Ties keep a wrong note rather than a missed one and
    /// an added one; then pair each wrong note with the note it is nearest to (the fewest semitones in all, to the
    /// nearest octave with `anyOctave`), as a teacher hears what was meant; then take the note played first for
    /// the phrase's earliest note, so that a player who stops early has missed the end (one wrong note for
    /// `B4 C♯5 B4` is note 1's, not note 3's).
    public static func align(
        expected: [MIDINote], played: [MIDINote], anyOctave: Bool = false
    ) -> (marks: [MelodyMark], extra: [MIDINote]) {
        let aligned = alignment(expected: expected, played: played, anyOctave: anyOctave)
        return (aligned.marks, aligned.extra.map { played[$0] })
    }

    /// ``align(expected:played:anyOctave:)`` with places: for each note of the phrase the index of the played note
    /// that answered it (nil when missing), and the indices of the played notes that belong to none.
    public static func alignment(
        expected: [MIDINote], played: [MIDINote], anyOctave: Bool = false
    ) -> (marks: [MelodyMark], answeredBy: [Int?], extra: [Int]) {
        // The cost of pairing two notes: no edit when the same, else an edit and how far apart they are.
        func pairCost(_ row: Int, _ column: Int) -> Cost {
            let distance = abs(
                PlayBackVerdict.missDistance(
                    played: played[column], expected: expected[row], anyOctave: anyOctave))
            return distance == 0 ? Cost(edits: 0, semitones: 0) : Cost(edits: 1, semitones: distance)
        }
        let rows = expected.count
        let columns = played.count
        // cost[row][column]: the cheapest alignment of expected[row...] with played[column...], so that the trace
        // runs from the front and its ties fall to the earliest notes.
        var cost = Array(
            repeating: Array(repeating: Cost(edits: 0, semitones: 0), count: columns + 1), count: rows + 1)
        for row in 0...rows { cost[row][columns] = Cost(edits: rows - row, semitones: 0) }
        for column in 0...columns { cost[rows][column] = Cost(edits: columns - column, semitones: 0) }
        if rows > 0, columns > 0 {
            for row in (0..<rows).reversed() {
                for column in (0..<columns).reversed() {
                    let pair = cost[row + 1][column + 1] + pairCost(row, column)
                    let missed = cost[row + 1][column] + Cost(edits: 1, semitones: 0)
                    let added = cost[row][column + 1] + Cost(edits: 1, semitones: 0)
                    cost[row][column] = min(pair, missed, added)
                }
            }
        }
        var marks: [MelodyMark] = []
        var answeredBy: [Int?] = []
        var extra: [Int] = []
        var row = 0
        var column = 0
        while row < rows || column < columns {
            if row < rows, column < columns {
                let pair = pairCost(row, column)
                if cost[row][column] == cost[row + 1][column + 1] + pair {
                    marks.append(pair.edits == 0 ? .right : .wrong(played: played[column]))
                    answeredBy.append(column)
                    row += 1
                    column += 1
                    continue
                }
            }
            if row < rows, cost[row][column] == cost[row + 1][column] + Cost(edits: 1, semitones: 0) {
                marks.append(.missing)
                answeredBy.append(nil)
                row += 1
            } else {
                extra.append(column)
                column += 1
            }
        }
        return (marks, answeredBy, extra)
    }

    /// An alignment's cost: its edits first, then how far its wrong notes are from the notes they stand for.
    private struct Cost: Comparable {
        var edits: Int
        var semitones: Int

        static func < (left: Cost, right: Cost) -> Bool {
            (left.edits, left.semitones) < (right.edits, right.semitones)
        }

        static func + (left: Cost, right: Cost) -> Cost {
            Cost(edits: left.edits + right.edits, semitones: left.semitones + right.semitones)
        }
    }
}
