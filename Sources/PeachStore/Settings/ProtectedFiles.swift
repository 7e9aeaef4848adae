// ProtectedFiles: output paths that would land on Peach's own data or settings are refused before anything opens.

import PeachSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Guards the training data and the settings against being overwritten by an output the user names
/// (`data export FILE`, `--events FILE`, `--svg FILE`, `--audio-out wav:FILE`, `--output rawmidi:FILE`): a
/// path that is, or links to, a file in the data folder or the settings file is refused. Symbolic links are
/// resolved; a hard link is caught by its inode. Any other store's files are refused too, wherever they are,
/// recognised by what they are (``isPeachFile(_:)``): the data folder named for this run is not the only one
/// a user has (a practice box's, a `--data-dir` of an earlier run).
public struct ProtectedFiles: Sendable {
    /// The data folder.
    public let dataDirectory: String
    /// The settings file.
    public let settingsFile: String

    /// The files of `locations`.
    public init(_ locations: DataLocations) {
        dataDirectory = locations.dataDirectory
        settingsFile = locations.settingsFile
    }

    /// Throws when `path` would write onto a protected file; does nothing for `-` (stdout).
    /// - Throws: ``StoreError/protectedOutput(path:protected:)``.
    public func check(output path: String) throws(StoreError) {
        guard path != "-" else { return }
        let target = Self.resolved(path)
        let data = Self.resolved(dataDirectory)
        if target == data || target.hasPrefix(data + "/") {
            throw .protectedOutput(path: path, protected: dataDirectory)
        }
        let settings = Self.resolved(settingsFile)
        if target == settings || target.hasPrefix(settings + ".") {
            throw .protectedOutput(path: path, protected: settingsFile)
        }
        guard let output = StoreFiles.identity(path) else { return }
        if Self.isPeachFile(target) { throw .protectedOutput(path: path, protected: target) }
        for protected in [JournalStore.journalPath(in: dataDirectory), settingsFile] {
            if StoreFiles.identity(protected) == output {
                throw .protectedOutput(path: path, protected: protected)
            }
        }
    }

    /// The names of a store's and a settings folder's files: the journal, its snapshot and lock, the box's log
    /// and the settings.
    static let peachFileNames: Set<String> = [
        JournalStore.journalName, JournalStore.lockName, JournalSnapshot.fileName, PendingAppend.fileName,
        "serve.log", "serve.log.1",
        "settings.json",
    ]

    /// Whether the existing file at `path` (links resolved) is one of Peach's, in any folder: by its name (a
    /// journal, a snapshot, a lock, a box's log, a settings file; a journal's backup or torn tail,
    /// `records.backup-…jsonl`, `records.torn-…jsonl`), or by its first line (a journal line with its
    /// checksum, a snapshot's header), so that a renamed copy is recognised too. Only a regular file is read,
    /// without blocking.
    public static func isPeachFile(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if peachFileNames.contains(name)
            || ((name.hasPrefix("records.backup-") || name.hasPrefix("records.torn-"))
                && name.hasSuffix(".jsonl"))
        {
            return true
        }
        guard let file = try? POSIXFile(path: path, flags: O_RDONLY | O_NONBLOCK),
            (try? file.requireRegularFile()) != nil
        else { return false }
        var head = [UInt8](repeating: 0, count: 4096)
        let count = head.withUnsafeMutableBytes { (try? file.read(into: $0, at: 0)) ?? 0 }
        let firstLine =
            head[..<count].split(separator: 0x0A, maxSplits: 1, omittingEmptySubsequences: false).first ?? []
        let text = String(decoding: firstLine, as: UTF8.self)
        let journalLine =
            text.hasPrefix(#"{"v":"#) && text.contains(#","type":""#) && text.contains(#","crc":""#)
        let snapshotHeader =
            text.hasPrefix("{") && text.contains(#""journalLength":"#) && text.contains(#""tailCRC":"#)
        return journalLine || snapshotHeader
    }

    /// `path` with symbolic links resolved as far as it exists (a new file's folder is resolved).
    static func resolved(_ path: String) -> String {
        if let real = FileSystem.realPath(path) { return real }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let base = FileSystem.realPath(folder.isEmpty ? "/" : folder) else { return path }
        return (base == "/" ? "" : base) + "/" + name
    }
}
