// PendingAppend: the marker that makes an append of many records (an import) all or nothing across a crash.

import Foundation
import PeachSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An append of many records under way: `records.pending` in the data folder says how long the journal was
/// before it began. The writer (``JournalStore``, holding the lock) writes it durably before the first of the
/// new lines and removes it, durably, once they are all on the disk.
///
/// So an import killed half-way (`kill -9`, a power cut) leaves the marker: the next writer to open the store
/// cuts the journal back to ``journalLength`` before anything else, keeping what it took out in
/// `records.undone-TIME.jsonl` beside the journal (nothing is deleted), removes the marker, and reports it
/// (``InterruptedImport``); readers meanwhile read the journal only up to ``journalLength``. The import happened
/// entirely or not at all, and the user is told to run it again. A single answer (a session's) is one line and
/// one `write`: it needs no marker (a torn line is set aside as before).
///
/// The marker is tied to its journal: it holds the journal's device and inode and the CRC-32C of its last
/// bytes before ``journalLength`` (``JournalTail``), and it is believed (by the writer and by readers) only
/// when the journal still has them. A marker that does not match (a synced or restored folder, a hand edit, a
/// marker from an older Peach without them) cuts nothing: the writer removes it and says so.
struct PendingAppend: Codable, Equatable {
    /// The marker's file name in the data folder.
    static let fileName = "records.pending"

    /// The journal's length before the append: what it is cut back to if the append did not finish.
    let journalLength: Int
    /// The file being imported, if the append is an import.
    let source: String?
    /// When the append began (UTC, ISO 8601).
    let started: String
    /// The journal's device when the append began (nil in an older Peach's marker).
    let device: UInt64?
    /// The journal's inode when the append began (nil in an older Peach's marker).
    let inode: UInt64?
    /// The CRC-32C of the journal's last bytes before ``journalLength`` (nil in an older Peach's marker).
    let tailCRC: UInt32?

    /// A marker for an append to the journal `identity` at `journalPath`, now `journalLength` bytes long.
    init(journalLength: Int, source: String?, started: String, identity: FileIdentity, journalPath: String) {
        self.journalLength = journalLength
        self.source = source
        self.started = started
        device = identity.device
        inode = identity.inode
        tailCRC = JournalTail.crc(journalPath: journalPath, length: journalLength)
    }

    static func path(in directory: String) -> String { directory + "/" + fileName }

    /// The marker in `directory`, if there is one that reads; nil otherwise (an unreadable one is not believed:
    /// nothing is cut on its word). Only a regular file is read, without blocking, and only a small one.
    static func read(directory: String) -> PendingAppend? {
        guard
            let bytes = try? StoreFiles.readRegularFile(
                path(in: directory), limit: 1 << 16, followingLinks: false),
            let marker = try? JSONDecoder().decode(PendingAppend.self, from: Data(bytes)),
            marker.journalLength >= 0
        else { return nil }
        return marker
    }

    /// The marker in `directory` if it belongs to the journal at `journalPath` (see ``belongs(to:)``).
    static func matching(directory: String, journalPath: String) -> PendingAppend? {
        read(directory: directory).flatMap { $0.belongs(toJournalAt: journalPath) ? $0 : nil }
    }

    /// Whether this marker was written for the journal at `journalPath` as it is now: the same file (device and
    /// inode), at least ``journalLength`` bytes long, and the same bytes before that length.
    func belongs(toJournalAt journalPath: String) -> Bool {
        guard let device, let inode, let tailCRC,
            let status = FileSystem.status(journalPath, followingLinks: false),
            status.device == device, status.inode == inode, status.size >= journalLength
        else { return false }
        return JournalTail.crc(journalPath: journalPath, length: journalLength) == tailCRC
    }

    /// Whether a marker file is there at all (readable or not).
    static func exists(directory: String) -> Bool {
        FileSystem.status(path(in: directory), followingLinks: false) != nil
    }

    /// Writes the marker durably (temporary file, fsync, rename, fsync of the folder).
    func write(directory: String) throws(StoreError) {
        let encoded: Data = (try? JSONEncoder().encode(self)) ?? Data()
        let bytes = [UInt8](encoded) + [0x0A]
        try StoreFiles.writeAtomically(bytes, to: Self.path(in: directory), directory: directory)
    }

    /// Removes the marker durably; a missing one is fine.
    static func remove(directory: String) throws(StoreError) {
        try StoreFiles.remove(path(in: directory))
        try StoreFiles.syncDirectory(directory)
    }
}

/// An import (or another append of many records) that a crash or `kill` stopped half-way, found and undone
/// when the store was next opened for writing.
public struct InterruptedImport: Hashable, Sendable {
    /// The file that was being imported, if known.
    public let source: String?
    /// When it began (UTC, ISO 8601).
    public let started: String
    /// How many of its lines had reached the journal and were taken out again.
    public let linesRemoved: Int
    /// Where the lines taken out were kept (`records.undone-TIME.jsonl` beside the journal); nil when none was.
    public let undonePath: String?
    /// Whether the marker did not belong to this journal (another journal's, an older Peach's, a hand edit):
    /// then nothing was taken out, and the marker was removed.
    public let markerIgnored: Bool
}
