// JournalCheck: what `peach data check` found: every line read and decoded, the records counted, the damage.

/// What a check of a journal found: every line read and decoded (never the snapshot: a check is the proof that
/// the journal itself is whole), the valid records counted by kind, and what was damaged or set aside. Nothing
/// is built from the records: a check of a million needs no profile.
public struct JournalCheck: Sendable {
    /// The journal's path.
    public let path: String
    /// The journal's size in bytes.
    public let size: Int
    /// The number of comparison records.
    public internal(set) var comparisonCount = 0
    /// The number of pitch-matching records.
    public internal(set) var pitchMatchingCount = 0
    /// The number of rhythm (timing) records, rhythm echoes among them.
    public internal(set) var rhythmCount = 0
    /// The number of play-back records.
    public internal(set) var playBackCount = 0
    /// Lines that could not be read (each cost that line only).
    public internal(set) var damagedLines: [DamagedLine] = []
    /// Lines written by a newer Peach: kept as they are, skipped.
    public internal(set) var newerRecordLines: [Int] = []
    /// The size of a torn last line, 0 if none.
    public internal(set) var tornTailLength = 0

    /// Whether every line is a record (or blank) and the last line is whole.
    public var isIntact: Bool { damagedLines.isEmpty && tornTailLength == 0 }

    init(path: String, size: Int) {
        self.path = path
        self.size = size
    }

    /// Counts one valid record.
    mutating func count(_ record: StoredRecord) {
        switch record.payload {
        case .comparison: comparisonCount += 1
        case .pitchMatching: pitchMatchingCount += 1
        case .rhythm, .echo: rhythmCount += 1
        case .playBack: playBackCount += 1
        }
    }
}
