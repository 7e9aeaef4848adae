// JournalFollower: keeps up with a journal another Peach writes, reading only the lines added since last time.

import PeachCore
import PeachSystem

/// Follows the store in a directory without locking it, as the dashboard does while `peach serve` or `peach
/// train` writes. The first ``refresh()`` loads it as ``JournalStore/read(directory:usingSnapshot:progress:)``
/// does (the snapshot, then the lines after it); later ones read only the complete lines added since, and never
/// past an unfinished import's length (``PendingAppend``), so every state it holds is one the store had. A
/// journal that was replaced (another file at its path: an import, `peach data replace`) or is now shorter than
/// what was read is loaded anew.
public struct JournalFollower: Sendable {
    /// What a ``refresh()`` found.
    public enum Change: Sendable {
        /// Nothing new.
        case unchanged
        /// These records were added, oldest first.
        case appended([StoredRecord])
        /// The journal was loaded from the start (the first time, or after it was replaced).
        case reloaded
    }

    /// The data folder whose store is followed.
    public let directory: String
    /// The store as last read.
    public private(set) var contents = JournalContents()
    /// The number of valid records read (snapshot and lines).
    public private(set) var recordCount = 0
    /// The last records of the journal, oldest first, at most ``latestLimit``: after a load those at its end
    /// (read from its last lines, whether or not a snapshot held the rest), after an append with what was
    /// added. A dashboard opened while someone practises says so from its first page.
    public private(set) var latest: [StoredRecord] = []
    /// How many of the last records ``latest`` keeps.
    public static let latestLimit = 10
    /// How far before the journal's end a load looks for ``latest`` (dozens of lines).
    static let latestWindow = 16_384
    private var position: (offset: Int, lineNumber: Int) = (0, 0)
    private var identity: FileIdentity?
    private var loaded = false
    /// Whether ``contents`` keeps the timeline (``JournalContents/keepsTimeline``).
    public let keepsTimeline: Bool

    /// A follower of the store in `directory`; nothing is read until ``refresh()``. Without `keepsTimeline` the
    /// contents hold no timeline once loaded (the snapshot a load leaves still has it): for a reader that never
    /// draws one (the dashboard, whose pages keep a report of the contents while the follower adds to them: each
    /// added answer copied the million samples' array, 10 MB, and they took as much memory).
    public init(directory: String, keepsTimeline: Bool = true) {
        self.directory = directory
        self.keepsTimeline = keepsTimeline
    }

    /// Reads what was added since the last call (all of it the first time).
    /// - Throws: ``StoreError`` for an unsafe folder, a newer schema or a system error; what was read before stays.
    public mutating func refresh() throws(StoreError) -> Change {
        let path = JournalStore.journalPath(in: directory)
        let now = StoreFiles.identity(path)
        let size = FileSystem.status(path)?.size ?? 0
        if loaded, identity == nil, position.offset == 0, now != nil {
            // The journal was made since the last look (the first answer of a new store): all of it is new.
            identity = now
            return try append(path: path)
        }
        if loaded, now == identity {
            guard size > position.offset else {
                return size == position.offset ? .unchanged : try reload(now)
            }
            return try append(path: path)
        }
        return try reload(now)
    }

    private mutating func reload(_ now: FileIdentity?) throws(StoreError) -> Change {
        if try StoreFiles.exists(directory) { try StoreFiles.requireSafeDirectory(directory) }
        let read = try JournalStore.load(directory: directory, usingSnapshot: true)
        JournalStore.saveSnapshot(of: read, directory: directory)
        let (contents, scanned) = read
        self.contents = contents
        if !keepsTimeline { self.contents.dropTimeline() }
        recordCount = contents.recordCount
        position = (scanned.completeLength, scanned.lineCount)
        identity = now
        loaded = true
        // What the dashboard's "in use" needs; a tail that cannot be read leaves none (the load said what is wrong).
        latest = Array(
            ((try? JournalStore.recentRecords(in: directory, bytes: Self.latestWindow)) ?? []).suffix(
                Self.latestLimit))
        return .reloaded
    }

    private mutating func append(path: String) throws(StoreError) -> Change {
        var added: [StoredRecord] = []
        let summary = try JournalScan.scanRecords(
            path: path, from: position, end: JournalStore.readableLength(in: directory)
        ) { added.append($0) }
        for record in added { contents.add(record) }
        recordCount += added.count
        latest = Array((latest + added).suffix(Self.latestLimit))
        contents.note(summary)
        position = (summary.completeLength, summary.lineCount)
        return added.isEmpty ? .unchanged : .appended(added)
    }
}
