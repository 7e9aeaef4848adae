// StoreProgress: how far a long store operation (a check, an export, an import) has come.

/// How far a long store operation has come, for a progress line: `done` of `total` units (bytes of a file, or
/// rows of a CSV) and the records read so far. Reported every few thousand records or every chunk read, never
/// per record.
public struct StoreProgress: Hashable, Sendable {
    /// Units done (bytes or rows).
    public var done: Int
    /// Units in all.
    public var total: Int
    /// Records read so far.
    public var records: Int

    /// A report of `done` of `total` units and `records` records.
    public init(done: Int, total: Int, records: Int) {
        self.done = done
        self.total = total
        self.records = records
    }

    /// How often readers report: every this many records.
    static let interval = 4096
}
