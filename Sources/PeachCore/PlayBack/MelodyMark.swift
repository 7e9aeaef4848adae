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
    /// an added one, and take the earlier of two alignments.
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
        func same(_ a: MIDINote, _ b: MIDINote) -> Bool { anyOctave ? a.pitchClass == b.pitchClass : a == b }
        let rows = expected.count
        let columns = played.count
        var cost = Array(repeating: Array(repeating: 0, count: columns + 1), count: rows + 1)
        for row in 0...rows { cost[row][0] = row }
        for column in 0...columns { cost[0][column] = column }
        if rows > 0, columns > 0 {
            for row in 1...rows {
                for column in 1...columns {
                    let change: Int = same(expected[row - 1], played[column - 1]) ? 0 : 1
                    let pair: Int = cost[row - 1][column - 1] + change
                    let missed: Int = cost[row - 1][column] + 1
                    let added: Int = cost[row][column - 1] + 1
                    cost[row][column] = min(pair, missed, added)
                }
            }
        }
        var marks: [MelodyMark] = []
        var answeredBy: [Int?] = []
        var extra: [Int] = []
        var row = rows
        var column = columns
        while row > 0 || column > 0 {
            if row > 0, column > 0 {
                let matches = same(expected[row - 1], played[column - 1])
                let change: Int = matches ? 0 : 1
                if cost[row][column] == cost[row - 1][column - 1] + change {
                    marks.append(matches ? .right : .wrong(played: played[column - 1]))
                    answeredBy.append(column - 1)
                    row -= 1
                    column -= 1
                    continue
                }
            }
            if row > 0, cost[row][column] == cost[row - 1][column] + 1 {
                marks.append(.missing)
                answeredBy.append(nil)
                row -= 1
            } else {
                extra.append(column - 1)
                column -= 1
            }
        }
        return (marks.reversed(), answeredBy.reversed(), extra.reversed())
    }
}
