// JournalStore: the live TrainingStore: an append-only JSON Lines journal, flushed to disk before feedback.

import Foundation
import PeachCore
import PeachSystem
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The training store on disk: `records.jsonl` in the data folder, one JSON record per line (see
/// ``RecordCodec``), created with mode 0600 in a folder with mode 0700.
///
/// Durability: each record is written as one complete line with a single `write` and flushed with
/// `fdatasync` before ``append(_:)`` returns, so a session shows feedback only for answers that are on disk.
/// If a write fails half-way (a full disk), the file is cut back to its last complete line. Nothing stored is
/// rewritten in place: a torn last line left by a power cut is copied to `records.torn-TIME.jsonl` and cut
/// off when the next writer opens the store; replacing or resetting the journal writes a new file and
/// switches atomically, keeping the old one as `records.backup-TIME.jsonl`.
///
/// One writer at a time: the writer holds `flock` on `records.lock` (with its pid). Readers take no lock:
/// they read complete lines only.
@MainActor
public final class JournalStore: TrainingStore {
    /// The journal's file name.
    nonisolated public static let journalName = "records.jsonl"
    /// The lock file's name.
    nonisolated public static let lockName = "records.lock"

    /// The data folder.
    public let directory: String
    /// What loading found.
    public private(set) var contents: JournalContents

    private let lock: FileLock
    var file: StoreFile
    private var committedLength: Int
    /// The open journal's device and inode: before each append the journal's path must still name it.
    private var identity: FileIdentity
    /// The snapshots handed to another thread, each written after the one before it (``OffloadedWork``: a
    /// wait for one a busy dispatch pool has not started writes it there and then).
    private let snapshotWrites = Mutex<[OffloadedWork]>([])
    /// The journal's complete lines (what a snapshot of it all covers).
    private var lineCount: Int
    /// Records appended since the last snapshot (or since the start, without one).
    private var recordsPastSnapshot: Int
    /// Whether ``contents`` keeps the timeline.
    private let keepsTimeline: Bool

    /// The journal's path.
    public var journalPath: String { Self.journalPath(in: directory) }

    nonisolated static func journalPath(in directory: String) -> String { directory + "/" + journalName }

    /// Opens the store in `directory` for writing (creating it if needed): takes the lock, sets aside a torn
    /// last line, and loads every record into ``contents``. Without `keepsTimeline`, ``contents`` holds no
    /// ``JournalContents/timeline`` once loaded (the snapshot still gets it): what a training run or the box
    /// opens, which never draw it — 16 bytes per comparison, 9.6 MB of their memory with a million answers.
    /// - Throws: ``StoreError`` naming the file: another writer, a newer schema, a system error.
    public init(directory: String, keepsTimeline: Bool = true) throws(StoreError) {
        self.directory = directory
        self.keepsTimeline = keepsTimeline
        try StoreFiles.createDirectory(directory)
        try StoreFiles.requireSafeDirectory(directory)
        lock = try FileLock(path: directory + "/" + Self.lockName)
        Self.removeLeftovers(in: directory)
        let path = Self.journalPath(in: directory)
        let existed = try StoreFiles.exists(path)
        file = try StoreFile(path: path, flags: O_RDWR | O_CREAT | O_APPEND | O_NOFOLLOW)
        try file.requireRegularFile()
        if !existed { try StoreFiles.syncDirectory(directory) }
        let interrupted = try Self.undoInterruptedAppend(of: file, directory: directory)
        // Without the timeline, the snapshot's samples are checked but not kept (9.6 MB at a million answers,
        // decoded only to be dropped, were the peak of a training run's start).
        var (loaded, scanned) = try Self.load(
            directory: directory, usingSnapshot: true, timeline: keepsTimeline)
        loaded.interruptedImport = interrupted
        // The snapshot is written on another thread: the first start after an upgrade (every line read) need
        // not wait for it before its first trial. The store waits for it before replacing the journal and when
        // it closes (still holding the lock); a Peach killed meanwhile leaves a temporary file, removed above.
        var snapshotWrite: OffloadedWork?
        if scanned.recordCount >= JournalSnapshot.rewriteThreshold {
            if loaded.keepsTimeline {
                let snapshot = loaded
                let (length, lines) = (scanned.completeLength, scanned.lineCount)
                snapshotWrite = OffloadedWork {
                    JournalSnapshot.write(
                        snapshot, journalLength: length, lineCount: lines, directory: directory,
                        journalPath: path)
                }
            } else {
                // Loaded from a snapshot without its timeline, which the new snapshot keeps for the readers that
                // draw it: read again with it, over there (rare: a thousand answers since the last snapshot). What
                // it covers is what that reading found, answers stored meanwhile included.
                snapshotWrite = OffloadedWork {
                    guard let full = try? Self.load(directory: directory, usingSnapshot: true, timeline: true)
                    else { return }
                    JournalSnapshot.write(
                        full.contents, journalLength: full.scanned.completeLength,
                        lineCount: full.scanned.lineCount, directory: directory, journalPath: path)
                }
            }
        }
        if let snapshotWrite { snapshotWrites.withLock { $0.append(snapshotWrite) } }
        lineCount = scanned.lineCount
        recordsPastSnapshot =
            scanned.recordCount >= JournalSnapshot.rewriteThreshold ? 0 : scanned.recordCount
        if !keepsTimeline { loaded.dropTimeline() }
        if loaded.tornTailLength > 0 {
            loaded.tornTailSetAside = try Self.setAsideTornTail(
                of: file, completeLength: try file.size() - loaded.tornTailLength, directory: directory)
        }
        contents = loaded
        committedLength = try file.size()
        identity = try file.identity()
    }

    deinit {
        waitForSnapshots()  // written under the lock, which goes with the store
    }

    /// Returns once every snapshot handed to another thread is written.
    nonisolated private func waitForSnapshots() {
        for write in snapshotWrites.withLock({ $0 }) { write.wait() }
    }

    /// Removes what an atomic rewrite killed midway left behind (`records.jsonl.tmp-PID`): only a writer
    /// holding the lock makes them, so with the lock in hand any that exist are abandoned.
    private static func removeLeftovers(in directory: String) {
        let prefixes = [
            journalName + ".tmp-", JournalSnapshot.fileName + ".tmp-", PendingAppend.fileName + ".tmp-",
        ]
        for name in FileSystem.entries(of: directory) where prefixes.contains(where: { name.hasPrefix($0) }) {
            FileSystem.removeQuietly(directory + "/" + name)
        }
    }

    /// Undoes an append of many records (an import) that did not finish (see ``PendingAppend``): copies what it
    /// had written to `records.undone-TIME.jsonl` beside the journal, cuts the journal back to where it was
    /// before it and removes the marker, all durably. A marker that does not belong to this journal cuts
    /// nothing and is removed. Returns what was done, nil when there was no marker (or an unreadable one).
    private static func undoInterruptedAppend(
        of file: StoreFile, directory: String
    ) throws(StoreError) -> InterruptedImport? {
        guard PendingAppend.exists(directory: directory) else { return nil }
        guard let marker = PendingAppend.read(directory: directory) else {
            try PendingAppend.remove(directory: directory)  // unreadable: nothing is cut on its word
            return nil
        }
        guard marker.belongs(toJournalAt: journalPath(in: directory)) else {
            try PendingAppend.remove(directory: directory)
            return InterruptedImport(
                source: marker.source, started: marker.started, linesRemoved: 0, undonePath: nil,
                markerIgnored: true)
        }
        let size = try file.size()
        var lines = 0
        var undonePath: String?
        if size > marker.journalLength {
            let path = directory + "/records.undone-" + fileTimestamp() + ".jsonl"
            let side = try StoreFile(path: path, flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW)
            var piece = [UInt8](repeating: 0, count: 1 << 20)
            var offset = marker.journalLength
            var last: UInt8 = 0x0A
            while offset < size {
                let count = try file.read(into: &piece, at: offset)
                if count == 0 { break }
                try side.writeAll(Array(piece[..<count]))
                lines += piece[..<count].count { $0 == 0x0A }
                last = piece[count - 1]
                offset += count
            }
            if last != 0x0A { lines += 1 }  // a torn last line
            try side.sync()
            try StoreFiles.syncDirectory(directory)
            undonePath = path
            try file.truncate(to: marker.journalLength)
            try file.sync()
        }
        try PendingAppend.remove(directory: directory)
        return InterruptedImport(
            source: marker.source, started: marker.started, linesRemoved: lines, undonePath: undonePath,
            markerIgnored: false)
    }

    /// The length an unlocked reader reads the journal in `directory` up to: all of it, unless an append of many
    /// records is under way or was stopped (its lines are not the store's until it finishes) and its marker
    /// belongs to this journal.
    nonisolated static func readableLength(in directory: String) -> Int? {
        PendingAppend.matching(directory: directory, journalPath: journalPath(in: directory))?.journalLength
    }

    /// Reads the store in `directory` without locking it (while another Peach may be writing). A torn last line
    /// is reported, not touched. With `usingSnapshot` (the default), a matching ``JournalSnapshot`` stands in
    /// for the lines it covers; without it every line is read (what `peach data check` does).
    /// - Throws: ``StoreError`` for a newer schema or a system error. A missing store is empty.
    nonisolated public static func read(
        directory: String, usingSnapshot: Bool = true, progress: ((StoreProgress) -> Void)? = nil
    ) throws(StoreError) -> JournalContents {
        if try StoreFiles.exists(directory) { try StoreFiles.requireSafeDirectory(directory) }
        let loaded = try load(directory: directory, usingSnapshot: usingSnapshot, progress: progress)
        if usingSnapshot { saveSnapshot(of: loaded, directory: directory) }
        return loaded.contents
    }

    /// Saves a snapshot of what a reader loaded when it read ``JournalSnapshot/rewriteThreshold`` records or more
    /// past the old snapshot (or without one), as the writer does when it opens the store: `peach profile` and
    /// the dashboard then leave one too, so only the first of them after an import or an upgrade reads every
    /// line. Without the lock, on purpose (a writer may be training): a snapshot is checked against the journal
    /// before it is believed, and one that lands late or is overwritten only makes a later load read more lines.
    nonisolated static func saveSnapshot(
        of loaded: (contents: JournalContents, scanned: JournalScanSummary), directory: String
    ) {
        guard loaded.scanned.recordCount >= JournalSnapshot.rewriteThreshold, loaded.contents.keepsTimeline
        else { return }
        JournalSnapshot.write(
            loaded.contents, journalLength: loaded.scanned.completeLength,
            lineCount: loaded.scanned.lineCount,
            directory: directory, journalPath: journalPath(in: directory))
    }

    /// What `peach data check` reports: every line of the journal in `directory` read and decoded (never the
    /// snapshot), the records counted by kind, the damage, the journal's path and its size in bytes.
    nonisolated public static func check(
        directory: String, progress: ((StoreProgress) -> Void)? = nil
    ) throws(StoreError) -> JournalCheck {
        if try StoreFiles.exists(directory) { try StoreFiles.requireSafeDirectory(directory) }
        let path = journalPath(in: directory)
        var check = JournalCheck(path: path, size: FileSystem.status(path, followingLinks: false)?.size ?? 0)
        let summary = try JournalScan.scanRecords(
            path: path, end: readableLength(in: directory), progress: progress
        ) { check.count($0) }
        check.damagedLines = summary.damagedLines
        check.newerRecordLines = summary.newerRecordLines
        check.tornTailLength = summary.tornTailLength
        return check
    }

    /// Loads the journal in `directory`: from a matching snapshot and the lines after it, or from the start.
    /// Also returns what the scan read (its records only: those past the snapshot).
    /// Without `timeline`, a snapshot's samples are checked, not kept, and the lines after it add none: the
    /// contents hold no timeline (``JournalContents/keepsTimeline`` false). Without a snapshot to use, every line
    /// is read and the timeline kept whatever `timeline` says (a new snapshot is then written from it).
    nonisolated static func load(
        directory: String, usingSnapshot: Bool, timeline: Bool = true,
        progress: ((StoreProgress) -> Void)? = nil
    ) throws(StoreError) -> (contents: JournalContents, scanned: JournalScanSummary) {
        let path = journalPath(in: directory)
        let snapshot =
            usingSnapshot
            ? JournalSnapshot.read(directory: directory, journalPath: path, timeline: timeline) : nil
        var contents = snapshot?.contents ?? JournalContents()
        // Each line's record made only as far as the contents file it (``FiledRecord``).
        let summary = try JournalScan.fileRecords(
            path: path, from: (snapshot?.journalLength ?? 0, snapshot?.lineCount ?? 0),
            end: readableLength(in: directory), progress: progress
        ) { contents.add($0) }
        contents.note(summary)
        return (contents, summary)
    }

    /// The valid records of the last `bytes` bytes of the journal in `directory` (from the first line that begins
    /// in them), oldest first, read without locking it and never past an unfinished import: the recent
    /// answers, whatever the store's size (the dashboard's sessions). A missing store has none.
    /// - Throws: ``StoreError`` for an unsafe folder, a newer schema or a system error.
    nonisolated public static func recentRecords(
        in directory: String, bytes: Int
    ) throws(StoreError)
        -> [StoredRecord]
    {
        try recentRecordsReachingStart(in: directory, bytes: bytes).records
    }

    /// ``recentRecords(in:bytes:)``, and whether they are all the journal holds (its first line in the window).
    /// - Throws: ``StoreError`` for an unsafe folder, a newer schema or a system error.
    nonisolated public static func recentRecordsReachingStart(
        in directory: String, bytes: Int
    ) throws(StoreError)
        -> (records: [StoredRecord], reachesStart: Bool)
    {
        if try StoreFiles.exists(directory) { try StoreFiles.requireSafeDirectory(directory) }
        let path = journalPath(in: directory)
        guard try StoreFiles.exists(path) else { return ([], true) }
        let file = try StoreFile(path: path, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        try file.requireRegularFile()
        let size = try file.size()
        let end = readableLength(in: directory) ?? size
        var start = max(0, end - bytes)
        let reachesStart = start == 0
        if start > 0 {
            // The first line that begins in the window: after the newline before it.
            var probe = [UInt8](repeating: 0, count: min(JournalScan.maximumLineLength, end - start))
            let count = try file.read(into: &probe, at: start - 1)
            guard let newline = probe[0..<count].firstIndex(of: 0x0A) else { return ([], false) }
            start += newline
        }
        var records: [StoredRecord] = []
        _ = try JournalScan.scanRecords(path: path, from: (start, 0), end: end) { records.append($0) }
        return (records, reachesStart)
    }

    /// Calls `visit` with every valid record of the store in `directory`, in order, without loading them all.
    nonisolated public static func forEachRecord(
        in directory: String, progress: ((StoreProgress) -> Void)? = nil,
        _ visit: (StoredRecord) throws -> Void
    ) throws -> JournalScanSummary {
        if try StoreFiles.exists(directory) { try StoreFiles.requireSafeDirectory(directory) }
        return try JournalScan.scan(
            path: journalPath(in: directory), end: readableLength(in: directory), progress: progress, visit)
    }

    /// ``forEachRecord(in:progress:_:)`` with each record's journal line (for a JSON export to copy).
    nonisolated static func forEachRecordLine(
        in directory: String, progress: ((StoreProgress) -> Void)? = nil,
        _ visit: (StoredRecord, UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws -> JournalScanSummary {
        if try StoreFiles.exists(directory) { try StoreFiles.requireSafeDirectory(directory) }
        return try JournalScan.scanLines(
            path: journalPath(in: directory), end: readableLength(in: directory), progress: progress, visit)
    }

    /// Copies the torn tail to a side file (durably), then cuts the journal back to its complete lines.
    private static func setAsideTornTail(
        of file: StoreFile, completeLength: Int, directory: String
    )
        throws(StoreError) -> String
    {
        let all = try file.readAll()
        let tail = Array(all[completeLength...])
        let sidePath = directory + "/records.torn-" + fileTimestamp() + ".jsonl"
        let side = try StoreFile(path: sidePath, flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW)
        try side.writeAll(tail)
        try side.sync()
        try StoreFiles.syncDirectory(directory)
        try file.truncate(to: completeLength)
        try file.sync()
        return sidePath
    }

    /// A time for file names, e.g. `20261121T090000Z`, unique within this process.
    static func fileTimestamp() -> String {
        let compact = Timestamp.fileName(Date())
        fileCounter += 1
        return compact + (fileCounter > 1 ? "-\(fileCounter)" : "")
    }

    private static var fileCounter = 0

    /// Appends `record` as one line and flushes it to stable storage. On failure nothing of it stays in the
    /// journal.
    public func append(_ record: StoredRecord) throws(StoreError) {
        try append([record])
    }

    /// Appends `records` (in pieces of about 4 MiB, one write for a few) and flushes them; all or none stay in
    /// the journal.
    public func append(_ records: [StoredRecord]) throws(StoreError) {
        guard !records.isEmpty else { return }
        do {
            _ = try appendAllOrNothing { add in
                for record in records { try add(record, nil) }
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw .io(journalPath, .write, EIO)  // only the writing throws
        }
    }

    /// Appends the records `produce` hands to its argument: encoded and written in pieces of about 4 MiB (an
    /// import of a million records never builds one buffer of hundreds of megabytes), flushed once at the end.
    /// Any failure — a write, or `produce` throwing (an unreadable record further on in an import) — cuts the
    /// journal back to where it was, so the records go in all together or not at all; ``contents`` takes each
    /// record as it is handed on and is read again from the journal after a failure. Returns how many.
    ///
    /// Across a crash too: before the first write of more than one record a ``PendingAppend`` marker (naming
    /// `source`) is put down, and it is removed only once every line is on the disk; a Peach killed in between
    /// leaves it, and the next writer cuts the journal back.
    ///
    /// `withinDomains`: every record `produce` hands on is known to hold each number within its domain
    /// (``StoredRecord/domainProblem``: an import's), so none is infinite or NaN and the check for those is
    /// left out (1 % of an import in another key order). Otherwise each is checked, and one holding such a
    /// value refused.
    private func appendAllOrNothing(
        pieceSize: Int = appendPieceSize, source: String? = nil, withinDomains: Bool = false,
        _ produce: (_ add: (StoredRecord, UnsafeBufferPointer<UInt8>?) throws -> Void) throws -> Void
    ) throws -> Int {
        // The path must still name the file held open: if something replaced or removed the journal (another
        // program, a copy onto it), an answer appended to the old file would be acknowledged and then lost.
        guard StoreFiles.identity(journalPath) == identity else {
            throw StoreError.journalReplaced(path: journalPath)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(pieceSize + 4096)
        var written = 0
        var count = 0
        var marked = false  // whether the PendingAppend marker is down
        func write(_ bytes: [UInt8], records: Int) throws {
            if !marked, records > 1 {
                try PendingAppend(
                    journalLength: committedLength, source: source, started: Timestamp.format(Date()),
                    identity: identity, journalPath: journalPath
                ).write(directory: directory)
                marked = true
            }
            try file.writeAll(bytes)
            written += bytes.count
        }
        // The records go into ``contents`` moved out of the store for the loop (a swap: no storage is copied),
        // and the count is the loop's own: a class's property, or a variable a local function also captures, is
        // checked for exclusive access at run time at each change (two such checks a record were 1.7 % of an
        // import). Moved back before anything else can look at it.
        var adding = Self.noContents
        swap(&adding, &contents)
        let produced = Result {
            try produce { record, line in
                if !withinDomains, let field = record.nonFiniteField {
                    throw StoreError.nonFiniteValue(path: journalPath, field: field)
                }
                // A line Peach wrote (an import from a journal or an export) goes in as it is: it reads back as
                // `record` (``RecordCodec/canStandAsWritten(_:for:)``), and encoding it again was half an import.
                if let line {
                    bytes.append(contentsOf: line)
                } else {
                    RecordCodec.encode(record, into: &bytes)
                }
                bytes.append(0x0A)
                // Into `contents` at once, in place (a copy of `contents` would copy the whole timeline): keeping
                // the records until their piece was written copied each twice, a twentieth of an import. If
                // anything fails, `contents` is read again below.
                adding.add(record)
                count += 1
                if bytes.count >= pieceSize {
                    try write(bytes, records: count)
                    bytes.removeAll(keepingCapacity: true)
                }
            }
        }
        swap(&adding, &contents)
        do {
            try produced.get()
            if !bytes.isEmpty { try write(bytes, records: count) }
            if written > 0 { try file.syncData() }
            if marked { try PendingAppend.remove(directory: directory) }
        } catch {
            try? file.truncate(to: committedLength)
            if marked, (try? file.sync()) != nil { try? PendingAppend.remove(directory: directory) }
            // The journal is as it was; so must be what it holds (read again: this is rare).
            if count > 0,
                let reloaded = try? Self.load(
                    directory: directory, usingSnapshot: true, timeline: keepsTimeline)
            {
                let setAside = contents.tornTailSetAside
                contents = reloaded.contents
                if !keepsTimeline { contents.dropTimeline() }
                contents.tornTailSetAside = setAside
            }
            throw error
        }
        committedLength += written
        noteAppended(count, inOneGo: count > 1)
        return count
    }

    /// Counts `count` lines appended and, after an import or any other append of many records at once that
    /// brings ``JournalSnapshot/rewriteThreshold`` or more past the last snapshot, saves a new one (on another
    /// thread, waited for as the one written at opening is): the next start, `peach profile` or dashboard then
    /// reads the snapshot instead of every line the import added. An answer at a time never writes one: a
    /// training run's store keeps no timeline to save, and its next opening does it.
    private func noteAppended(_ count: Int, inOneGo: Bool) {
        lineCount += count
        recordsPastSnapshot += count
        guard inOneGo, recordsPastSnapshot >= JournalSnapshot.rewriteThreshold, contents.keepsTimeline else {
            return
        }
        recordsPastSnapshot = 0
        let (snapshot, length, lines, directory, path) = (
            contents, committedLength, lineCount, directory, journalPath
        )
        snapshotWrites.withLock { writes in
            let previous = writes.last  // the older snapshot lands first, never over this one
            writes.append(
                OffloadedWork {
                    previous?.wait()
                    JournalSnapshot.write(
                        snapshot, journalLength: length, lineCount: lines, directory: directory,
                        journalPath: path)
                })
        }
    }

    /// The size of the pieces a many-record append writes.
    static let appendPieceSize = 4 << 20

    /// What ``contents`` holds while an append has moved it out
    /// (``appendAllOrNothing(pieceSize:source:withinDomains:_:)``): made once, so that moving it in makes nothing.
    private static let noContents = JournalContents()

    /// Stores an answered comparison durably.
    public func comparisonCompleted(_ completed: CompletedComparison) throws {
        try append(StoredRecord(.comparison(completed)))
    }

    /// Stores a committed pitch-matching attempt durably.
    public func pitchMatchingCompleted(_ completed: CompletedPitchMatching) throws {
        try append(StoredRecord(.pitchMatching(completed)))
    }

    /// Stores an answered offset-detection trial durably (a `rhythmOffsetDetection` record).
    public func offsetDetectionCompleted(_ completed: CompletedOffsetDetection) throws {
        try append(StoredRecord(.rhythm(RhythmRecord(completed))))
    }

    /// Stores a finished fill-the-gap trial durably (a `continuousRhythmMatching` record).
    public func gapFillCompleted(_ completed: CompletedGapFill) throws {
        try append(StoredRecord(.rhythm(RhythmRecord(completed))))
    }

    /// Stores a scored rhythm echo durably (a `rhythmEcho` record).
    public func echoCompleted(_ completed: CompletedEcho) throws {
        try append(StoredRecord(.echo(completed)))
    }

    /// Stores an answered play-back question durably (a `playBack` record).
    public func playBackCompleted(_ completed: CompletedPlayBack) throws {
        try append(StoredRecord(.playBack(completed)))
    }

    /// Replaces the whole journal with `records`: writes a new file, keeps the old one as a backup (a hard
    /// link, so nothing is copied or rewritten), and switches atomically.
    /// - Returns: the backup's path.
    @discardableResult
    public func replaceAll(with records: [StoredRecord]) throws(StoreError) -> String {
        waitForSnapshots()  // or one could land after the old snapshot is removed below
        var bytes: [UInt8] = []
        for record in records {
            if let field = record.nonFiniteField { throw .nonFiniteValue(path: journalPath, field: field) }
            RecordCodec.encode(record, into: &bytes)
            bytes.append(0x0A)
        }
        let backup = directory + "/records.backup-" + Self.fileTimestamp() + ".jsonl"
        do { try FileSystem.link(journalPath, as: backup) } catch { throw .io(error) }
        JournalSnapshot.remove(directory: directory)
        do {
            try StoreFiles.writeAtomically(bytes, to: journalPath, directory: directory)
        } catch {
            // The journal is as it was (the write went to a temporary file): its backup name goes, so attempts on
            // a full disk do not leave one each.
            FileSystem.removeQuietly(backup)
            throw error
        }
        file = try StoreFile(path: journalPath, flags: O_RDWR | O_APPEND | O_NOFOLLOW)
        committedLength = try file.size()
        identity = try file.identity()
        var fresh = JournalContents()
        if !keepsTimeline { fresh.dropTimeline() }
        for record in records { fresh.add(record) }
        contents = fresh
        (lineCount, recordsPastSnapshot) = (0, 0)
        noteAppended(records.count, inOneGo: records.count > 1)
        return backup
    }

    /// Adds the records that are not in the store yet (the same answer: ``StoredRecord/Identity``), in one durable
    /// write.
    /// - Returns: how many were added and how many were already there.
    public func merge(
        _ records: [StoredRecord], progress: ((StoreProgress) -> Void)? = nil
    ) throws -> (added: Int, duplicates: Int) {
        try merge(progress: progress) { add in
            for record in records { try add(record) }
        }
    }

    /// Merges the file to import at `path` (a JSON array, JSON Lines or CSV) into the store in one pass (see
    /// ``merge(progress:from:)``): a JSON Lines file is read piece by piece. `progress` reports the reading of
    /// the store, then of the file.
    public func mergeImport(
        path: String, progress: (store: (StoreProgress) -> Void, file: (StoreProgress) -> Void)? = nil,
        skipped: ((InterchangeCSV.SkippedRow) -> Void)? = nil
    ) throws -> (added: Int, duplicates: Int) {
        // Room for the store's identities and the file's (a journal or JSON record takes about 250 bytes), so
        // the set does not grow by copying itself: that copy was the peak memory of a large import.
        let expected = (FileSystem.status(path)?.size ?? 0) / 250
        // An import hands on only records within their domains (``RecordTransfer``'s refusal of any other, and
        // ``InterchangeCSV``'s skipping of such a row).
        return try merge(
            progress: progress?.store, pieceSize: Self.appendPieceSize, expectedNew: expected, source: path,
            withinDomains: true
        ) { add in
            try RecordTransfer.forEachImportLine(
                path: path, progress: progress?.file, skipped: skipped, add)
        }
    }

    /// Adds the records `source` hands to its argument that the store does not hold yet (same ``StoredRecord/
    /// Identity``), in one pass and in bounded memory (the store's identities, not its records, are kept):
    /// `source` may read an import file piece by piece (``RecordTransfer/forEachImportRecord(path:progress:_:)``).
    /// All or nothing: if `source` throws (an unreadable record) or a write fails, the journal is cut back to
    /// where it was. `progress` reports the reading of the store.
    public func merge(
        progress: ((StoreProgress) -> Void)? = nil,
        from source: (_ add: (StoredRecord) throws -> Void) throws -> Void
    ) throws -> (added: Int, duplicates: Int) {
        try merge(progress: progress, pieceSize: Self.appendPieceSize) { add in
            try withoutActuallyEscaping(add) { add in try source { record in try add(record, nil) } }
        }
    }

    /// ``merge(progress:from:)`` writing pieces of `pieceSize` bytes (tests make it small), with each record's
    /// line where it can go into the journal as it is (``RecordCodec/canStandAsWritten(_:for:)``), else nil.
    /// `withinDomains`: `source` hands on only records within their domains (an import's), which the journal
    /// then need not check for infinity and NaN.
    func merge(
        progress: ((StoreProgress) -> Void)?, pieceSize: Int, expectedNew: Int = 0,
        source path: String? = nil, withinDomains: Bool = false,
        from source: (_ add: (StoredRecord, UnsafeBufferPointer<UInt8>?) throws -> Void) throws -> Void
    ) throws -> (added: Int, duplicates: Int) {
        // The store's identities in a sorted array, the file's new ones hashed by key: a set of both, sized for
        // both, was the peak memory of importing a file twice (194 MB at 1M).
        var stored: [StoredRecord.Identity] = []
        stored.reserveCapacity(contents.comparisonCount + contents.pitchMatchingCount + contents.rhythmCount)
        _ = try Self.forEachRecord(in: directory, progress: progress) { stored.append($0.identity) }
        stored.sort()
        var known = IdentityIndex(sortedStored: stored, expectedNew: expectedNew)
        stored = []  // the index holds the only copy
        var duplicates = 0
        let added = try appendAllOrNothing(pieceSize: pieceSize, source: path, withinDomains: withinDomains) {
            append in
            try withoutActuallyEscaping(append) { append in
                try source { record, line in
                    // Also the neighbouring second: an export that kept whole seconds may have rounded the time.
                    let identity = record.identity  // made once: it is most of what a duplicate check costs
                    if !known.contains(identity.neighbour), known.insertIfNew(identity) {
                        try append(record, line)
                    } else {
                        duplicates += 1
                    }
                }
            }
        }
        return (added, duplicates)
    }
}
