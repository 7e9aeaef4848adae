// ProtectedFiles: output paths that would land on Peach's own data or settings are refused before anything opens.

import PeachSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Guards the training data and the settings against being overwritten by an output the user names
/// (`data export FILE`, `--events FILE`, `--svg FILE`, `--audio-out wav:FILE`, `--output rawmidi:FILE`): a
/// path in the data folder or the settings folder (the settings, the timing calibrations, learned controller
/// profiles), whether the file is there yet or not, or one that links to a file there, is refused. Symbolic
/// links are resolved; a hard link is caught by its inode. Any other store's files are refused too, wherever
/// they are, recognised by what they are (``isPeachFile(_:)``): the data folder named for this run is not the
/// only one a user has (a practice box's, a `--data-dir` of an earlier run).
public struct ProtectedFiles: Sendable {
    /// The data folder.
    public let dataDirectory: String
    /// The settings folder (`settings.json`, `calibration.json`, `profiles/`).
    public let configDirectory: String
    /// Files of the folders that a hard link elsewhere may name: the journal, the settings, the calibrations.
    private let linkable: [String]

    /// The files of `locations`.
    public init(_ locations: DataLocations) {
        dataDirectory = locations.dataDirectory
        configDirectory = locations.configDirectory
        linkable = [
            JournalStore.journalPath(in: locations.dataDirectory), locations.settingsFile,
            locations.calibrationFile,
        ]
    }

    /// Throws when `path` would write onto a protected file; does nothing for `-` (stdout).
    /// - Throws: ``StoreError/protectedOutput(path:protected:)``.
    public func check(output path: String) throws(StoreError) {
        guard path != "-" else { return }
        let target = Self.resolved(path)
        for folder in [dataDirectory, configDirectory] {
            let resolved = Self.resolved(folder)
            if target == resolved || target.hasPrefix(resolved + "/") {
                throw .protectedOutput(path: path, protected: folder)
            }
        }
        guard let output = StoreFiles.identity(path) else { return }
        if Self.isPeachFile(target) { throw .protectedOutput(path: path, protected: target) }
        for protected in linkable where StoreFiles.identity(protected) == output {
            throw .protectedOutput(path: path, protected: protected)
        }
    }

    /// The names of a store's and a settings folder's files: the journal, its snapshot, marker and lock, the
    /// box's log and status, the settings (and their write lock) and the timing calibrations.
    static let peachFileNames: Set<String> = [
        JournalStore.journalName, JournalStore.lockName, JournalSnapshot.fileName, PendingAppend.fileName,
        "serve.log", "serve.log.1", "box-status.json",
        "settings.json", "settings.json" + SettingsFile.lockSuffix, "calibration.json",
    ]

    /// The prefixes of the files a store keeps beside its journal: a backup, a torn tail, an undone import.
    static let journalCopyPrefixes = ["records.backup-", "records.torn-", "records.undone-"]

    /// Whether the existing file at `path` (links resolved) is one of Peach's, in any folder: by its name (a
    /// journal, a snapshot, a marker, a lock, a box's log, a settings or calibration file; a journal's backup,
    /// torn tail or undone import, `records.backup-…jsonl`, `records.torn-…jsonl`, `records.undone-…jsonl`),
    /// or by its first line (a journal line with its checksum, a snapshot's header), so that a renamed copy is
    /// recognised too. Only a regular file is read, without blocking.
    public static func isPeachFile(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if peachFileNames.contains(name)
            || (journalCopyPrefixes.contains { name.hasPrefix($0) } && name.hasSuffix(".jsonl"))
        {
            return true
        }
        guard let file = try? StoreFile(path: path, flags: O_RDONLY | O_NONBLOCK),
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
