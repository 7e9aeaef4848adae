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
    /// an added one. In tempo (`beats`: each note's place on the response's grid and each played note's, in
    /// beats) a played note then stands for the note at whose place it came (the fewest beats in all), as a
    /// teacher counting along hears it. Then each wrong note stands for the note it is nearest to (the fewest
    /// semitones in all, to the nearest octave with `anyOctave`), as a teacher hears what was meant; then the
    /// note played first for the phrase's earliest note, so that a player who stops early has missed the end (one
    /// wrong note for `B4 C♯5 B4` is note 1's, not note 3's).
    public static func align(
        expected: [MIDINote], played: [MIDINote], anyOctave: Bool = false,
        beats: (expected: [Double], played: [Double])? = nil
    ) -> (marks: [MelodyMark], extra: [MIDINote]) {
        let aligned = alignment(expected: expected, played: played, anyOctave: anyOctave, beats: beats)
        return (aligned.marks, aligned.extra.map { played[$0] })
    }

    /// ``align(expected:played:anyOctave:beats:)`` with places: for each note of the phrase the index of the
    /// played note that answered it (nil when missing), and the indices of the played notes that belong to none.
    public static func alignment(
        expected: [MIDINote], played: [MIDINote], anyOctave: Bool = false,
        beats: (expected: [Double], played: [Double])? = nil
    ) -> (marks: [MelodyMark], answeredBy: [Int?], extra: [Int]) {
        let rows = expected.count
        let columns = played.count
        let timed = beats.flatMap { $0.expected.count == rows && $0.played.count == columns ? $0 : nil }
        // The cost of pairing two notes: no edit when the same, else an edit and how far apart they are; in
        // tempo also how far from its place the note came, in thousandths of a beat.
        func pairCost(_ row: Int, _ column: Int) -> Cost {
            let distance = abs(
                PlayBackVerdict.missDistance(
                    played: played[column], expected: expected[row], anyOctave: anyOctave))
            let away = timed.map { Int((abs($0.played[column] - $0.expected[row]) * 1000).rounded()) } ?? 0
            return Cost(edits: distance == 0 ? 0 : 1, beats: away, semitones: distance)
        }
        let one = Cost(edits: 1, beats: 0, semitones: 0)
        // cost[row][column]: the cheapest alignment of expected[row...] with played[column...], so that the trace
        // runs from the front and its ties fall to the earliest notes.
        var cost = Array(repeating: Array(repeating: Cost.none, count: columns + 1), count: rows + 1)
        for row in 0...rows { cost[row][columns] = Cost(edits: rows - row, beats: 0, semitones: 0) }
        for column in 0...columns {
            cost[rows][column] = Cost(edits: columns - column, beats: 0, semitones: 0)
        }
        if rows > 0, columns > 0 {
            for row in (0..<rows).reversed() {
                for column in (0..<columns).reversed() {
                    let pair = cost[row + 1][column + 1] + pairCost(row, column)
                    let missed = cost[row + 1][column] + one
                    let added = cost[row][column + 1] + one
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
            if row < rows, cost[row][column] == cost[row + 1][column] + one {
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

    /// An alignment's cost: its edits first, then (in tempo) how far its notes came from their places, then how
    /// far its wrong notes are from the notes they stand for.
    private struct Cost: Comparable {
        static let none = Cost(edits: 0, beats: 0, semitones: 0)

        var edits: Int
        var beats: Int
        var semitones: Int

        static func < (left: Cost, right: Cost) -> Bool {
            (left.edits, left.beats, left.semitones) < (right.edits, right.beats, right.semitones)
        }

        static func + (left: Cost, right: Cost) -> Cost {
            Cost(
                edits: left.edits + right.edits, beats: left.beats + right.beats,
                semitones: left.semitones + right.semitones)
        }
    }
}
