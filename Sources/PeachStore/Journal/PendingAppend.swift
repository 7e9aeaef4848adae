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
/// cuts the journal back to ``journalLength`` before anything else, removes the marker, and reports what it
/// took out (``InterruptedImport``); readers meanwhile read the journal only up to ``journalLength``. The import
/// happened entirely or not at all, and the user is told to run it again. A single answer (a session's) is one
/// line and one `write`: it needs no marker (a torn line is set aside as before).
struct PendingAppend: Codable, Equatable {
    /// The marker's file name in the data folder.
    static let fileName = "records.pending"

    /// The journal's length before the append: what it is cut back to if the append did not finish.
    let journalLength: Int
    /// The file being imported, if the append is an import.
    let source: String?
    /// When the append began (UTC, ISO 8601).
    let started: String

    static func path(in directory: String) -> String { directory + "/" + fileName }

    /// The marker in `directory`, if there is one that reads; nil otherwise (an unreadable one is not believed:
    /// nothing is cut on its word).
    static func read(directory: String) -> PendingAppend? {
        guard let file = try? POSIXFile(path: path(in: directory), flags: O_RDONLY | O_NOFOLLOW),
            (try? file.requireRegularFile()) != nil, let size = try? file.size(), size < 1 << 16,
            let bytes = try? file.readAll(),
            let marker = try? JSONDecoder().decode(PendingAppend.self, from: Data(bytes)),
            marker.journalLength >= 0
        else { return nil }
        return marker
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
}
