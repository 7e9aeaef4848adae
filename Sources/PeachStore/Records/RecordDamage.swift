// RecordDamage: why a line of the journal or of an import is not a valid record.

/// Why a line is not a valid record. The store reports it with the line number and skips the line.
struct RecordDamage: Error, Equatable {
    let problem: RecordProblem
}
