// FileSystem: the calls on paths (status, folders, renames, links, removal, atomic writes), on swift-system.

import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The calls Peach makes on paths rather than on open descriptors. Each failure is a ``FileError`` naming
/// the path and the operation; EINTR is retried by the one policy of ``SystemFile/retrying(path:_:_:)``.
public enum FileSystem {
    /// The status of `path`, following a final symbolic link unless `followingLinks` is false; nil when
    /// nothing is there or it cannot be looked at.
    public static func status(_ path: String, followingLinks: Bool = true) -> FileStatus? {
        var info = stat()
        let result = followingLinks ? stat(path, &info) : lstat(path, &info)
        return result == 0 ? FileStatus(info) : nil
    }

    /// The bytes an unprivileged user may still write on the file system holding `path` (`statvfs`'s
    /// `f_bavail` blocks), and its size; nil when it cannot be looked at.
    public static func space(at path: String) -> (available: Int64, total: Int64)? {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        let block = Int64(info.f_frsize)
        return (Int64(info.f_bavail) * block, Int64(info.f_blocks) * block)
    }

    /// The status of `path` (following links).
    /// - Throws: ``FileError`` (`stat`) with the call's `errno`, also when nothing is there.
    public static func requiredStatus(_ path: String) throws(FileError) -> FileStatus {
        var info = stat()
        try SystemFile.retrying(path: path, .stat) { stat(path, &info) }
        return FileStatus(info)
    }

    /// Whether something exists at `path` (without following a final symbolic link). Only "no such file" is
    /// absence: a folder Peach may not read is an error, never an empty store or default settings.
    /// - Throws: ``FileError`` (`stat`) for any other failure, e.g. permission denied.
    public static func exists(_ path: String) throws(FileError) -> Bool {
        var info = stat()
        if lstat(path, &info) == 0 { return true }
        let code = errno
        if code == ENOENT { return false }
        throw FileError(path: path, operation: .stat, code: code)
    }

    /// Whether this process may read `path`.
    public static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }

    /// Whether the descriptor `descriptor` (`STDIN_FILENO`, …) is a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// The effective user ID of this process.
    public static var effectiveUser: UInt32 { UInt32(geteuid()) }

    /// The canonical absolute path of `path` (links resolved), or nil when it cannot be resolved.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The names in `directory` (without `.` and `..`), or an empty list when it cannot be read.
    public static func entries(of directory: String) -> [String] {
        guard let folder = opendir(directory) else { return [] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Creates `path` and its missing parents with `permissions` (0700 unless told otherwise).
    /// - Throws: ``FileError`` (`makeDirectory`), ENOTDIR when `path` exists and is not a folder.
    public static func createDirectory(_ path: String, permissions: mode_t = 0o700) throws(FileError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, permissions) != 0, errno != EEXIST {
                throw FileError(path: prefix, operation: .makeDirectory, code: errno)
            }
        }
        guard status(path)?.kind == .directory else {
            throw FileError(path: path, operation: .makeDirectory, code: ENOTDIR)
        }
    }

    /// Creates the named pipe `path` with `permissions`.
    /// - Throws: ``FileError`` (`makeDirectory`: the call that makes a name in a folder).
    public static func createFIFO(_ path: String, permissions: mode_t = 0o600) throws(FileError) {
        try SystemFile.retrying(path: path, .makeDirectory) { mkfifo(path, permissions) }
    }

    /// Renames `source` to `destination` atomically (not yet durably: see ``renameDurably(_:to:directory:)``).
    /// - Throws: ``FileError`` (`rename`) naming `destination`.
    public static func rename(_ source: String, to destination: String) throws(FileError) {
        try SystemFile.retrying(path: destination, .rename) { Glibc.rename(source, destination) }
    }

    /// Renames `source` to `destination` atomically and makes the rename durable.
    /// - Throws: ``FileError`` (`rename`, `open`, `sync`).
    public static func renameDurably(
        _ source: String, to destination: String, directory: String
    )
        throws(FileError)
    {
        try rename(source, to: destination)
        try syncDirectory(directory)
    }

    /// Makes `link` a second name of the file `existing`.
    /// - Throws: ``FileError`` (`link`) naming `link`.
    public static func link(_ existing: String, as link: String) throws(FileError) {
        try SystemFile.retrying(path: link, .link) { Glibc.link(existing, link) }
    }

    /// Removes the name `path`; nothing there is not an error.
    /// - Throws: ``FileError`` (`unlink`) for any other failure.
    public static func remove(_ path: String) throws(FileError) {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw FileError(path: path, operation: .unlink, code: errno)
        }
    }

    /// Removes the name `path` if it can, for clean-up on a path that already failed.
    public static func removeQuietly(_ path: String) { _ = unlink(path) }

    /// Flushes a directory's entries (new and renamed files) to stable storage.
    /// - Throws: ``FileError`` (`open`, `sync`).
    public static func syncDirectory(_ directory: String) throws(FileError) {
        let folder = try SystemFile(path: directory, flags: O_RDONLY | O_DIRECTORY)
        try folder.sync()
    }

    /// Writes `bytes` to `path` atomically: a temporary file, fsync, rename, fsync of the directory. The file
    /// gets exactly `permissions` (0600 unless given: only the owner reads the answers). With `durable` false
    /// the two fsyncs are left out: a reader still sees the old file or the new one whole, but after a power
    /// cut either may be there (for a status that is rewritten at the next change anyway; it spares a slow
    /// SD card a flush on the caller's thread).
    /// - Throws: ``FileError``; the temporary file is removed and `path` is left as it was.
    public static func writeAtomically(
        _ bytes: [UInt8], to path: String, directory: String, permissions: mode_t = 0o600,
        durable: Bool = true
    ) throws(FileError) {
        let temporary = path + ".tmp-\(getpid())"
        do {
            let file = try SystemFile(
                path: temporary, flags: O_WRONLY | O_CREAT | O_TRUNC, permissions: permissions)
            try file.setPermissions(permissions)  // exactly: the umask applied at creation
            try file.writeAll(bytes)
            if durable { try file.sync() }
        } catch {
            removeQuietly(temporary)
            throw error.naming(path, insteadOf: temporary)
        }
        do { try rename(temporary, to: path) } catch {
            removeQuietly(temporary)
            throw error.naming(path, insteadOf: temporary)
        }
        if durable { try syncDirectory(directory) }
    }
}
