// ProtectedFiles: output paths that would land on Peach's own data or settings are refused before anything opens.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Guards the training data and the settings against being overwritten by an output the user names
/// (`data export FILE`, `--events FILE`, `--svg FILE`, `--audio-out wav:FILE`, `--output rawmidi:FILE`): a
/// path that is, or links to, a file in the data folder or the settings file is refused. Symbolic links are
/// resolved; a hard link is caught by its inode.
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
        var output = stat()
        guard stat(path, &output) == 0 else { return }
        for protected in [JournalStore.journalPath(in: dataDirectory), settingsFile] {
            var info = stat()
            if stat(protected, &info) == 0, info.st_dev == output.st_dev, info.st_ino == output.st_ino {
                throw .protectedOutput(path: path, protected: protected)
            }
        }
    }

    /// `path` with symbolic links resolved as far as it exists (a new file's folder is resolved).
    static func resolved(_ path: String) -> String {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let real = realpath(folder.isEmpty ? "/" : folder, nil) else { return path }
        defer { free(real) }
        let base = String(cString: real)
        return (base == "/" ? "" : base) + "/" + name
    }
}
