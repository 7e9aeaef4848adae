// POSIXFile: the store's view of the file funnel (PeachSystem.SystemFile): the same calls, errors as StoreError.

import PeachSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open file of the store. Every call goes through ``SystemFile`` (one EINTR policy); a failure is a
/// ``StoreError/io(_:)`` carrying the ``FileError``.
final class POSIXFile {
    let file: SystemFile

    /// The path.
    var path: String { file.path }
    /// The raw descriptor (for `flock`, `fdatasync`, `pread` in the journal scan).
    var descriptor: Int32 { file.descriptor.rawValue }

    /// Opens `path` with `flags`; new files get mode 0600 (only the owner can read the answers).
    init(path: String, flags: Int32, mode: mode_t = 0o600) throws(StoreError) {
        do { file = try SystemFile(path: path, flags: flags, permissions: mode) } catch { throw .io(error) }
    }

    /// Writes all of `bytes`.
    func writeAll(_ bytes: [UInt8]) throws(StoreError) {
        do { try file.writeAll(bytes) } catch { throw .io(error) }
    }

    /// Sets the file's permission bits to exactly `mode` (the umask does not apply).
    func setPermissions(_ mode: mode_t) throws(StoreError) {
        do { _ = try SystemFile.retrying(path: path, .write) { fchmod(descriptor, mode) } } catch {
            throw .io(error)
        }
    }

    /// Flushes the file's data to stable storage.
    func sync() throws(StoreError) {
        do { try file.sync() } catch { throw .io(error) }
    }

    /// Flushes the file's data (not its metadata) to stable storage.
    func syncData() throws(StoreError) {
        do { try SystemFile.retrying(path: path, .sync) { fdatasync(descriptor) } } catch { throw .io(error) }
    }

    /// The file's size in bytes.
    func size() throws(StoreError) -> Int {
        do { return try file.size() } catch { throw .io(error) }
    }

    /// The open file's identity: its device and inode.
    func identity() throws(StoreError) -> FileIdentity {
        do {
            let info = try file.status()
            return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        } catch {
            throw .io(error)
        }
    }

    /// Throws unless this is a regular file (a journal must not be a device, a FIFO or a folder).
    func requireRegularFile() throws(StoreError) {
        let regular: Bool
        do { regular = try file.isRegularFile() } catch { throw .io(error) }
        guard regular else { throw .io(path, .open, EINVAL) }
    }

    /// Cuts the file to `length` bytes.
    func truncate(to length: Int) throws(StoreError) {
        do { try file.truncate(to: length) } catch { throw .io(error) }
    }

    /// Reads the whole file from the start.
    func readAll() throws(StoreError) -> [UInt8] {
        do { return try file.readAll() } catch { throw .io(error) }
    }

    /// Reads up to `buffer.count` bytes at `offset` (0 at the end of the file).
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(StoreError) -> Int {
        do { return try file.read(into: buffer, atOffset: offset) } catch { throw .io(error) }
    }
}

/// File-system helpers that name the file in their errors.
public enum FileSystem {
    /// Whether something exists at `path` (without following a final symbolic link). Only "no such file" is
    /// absence: a folder Peach may not read is an error, never an empty store or default settings.
    /// - Throws: ``StoreError/io(_:)`` (`stat`) for any other failure, e.g. permission denied.
    static func exists(_ path: String) throws(StoreError) -> Bool {
        var info = stat()
        if lstat(path, &info) == 0 { return true }
        let code = errno
        if code == ENOENT { return false }
        throw .io(path, .stat, code)
    }

    /// The identity (device and inode) of what `path` names now, following links; nil when nothing is there.
    static func identity(_ path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// The modification time of `path` in nanoseconds, or nil when it does not exist.
    static func modificationTime(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
    }

    /// The permission bits of `path` (following links), or nil when it does not exist.
    static func permissions(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o777
    }

    /// Throws unless `directory` is owned by this user and not writable by others: another user's folder, or one
    /// anybody may write into, could have its files swapped under Peach.
    /// - Throws: ``StoreError/unsafeDirectory(path:owner:writableByOthers:)``.
    static func requireSafeDirectory(_ directory: String) throws(StoreError) {
        var info = stat()
        guard stat(directory, &info) == 0 else { throw .io(directory, .stat, errno) }
        let othersWrite = (info.st_mode & S_IWOTH) != 0
        guard info.st_uid == geteuid(), !othersWrite else {
            throw .unsafeDirectory(
                path: directory, owner: info.st_uid == geteuid() ? nil : Int(info.st_uid),
                writableByOthers: othersWrite)
        }
    }

    /// Throws when the settings folder `directory` belongs to a user who is neither this one nor root, or anybody
    /// may write into it (as sshd's StrictModes asks of `~/.ssh`): a root-owned `/etc/peach` read by a service
    /// user is trusted. A folder that does not exist holds no settings and passes.
    /// - Throws: ``StoreError/unsafeSettingsDirectory(path:owner:writableByOthers:)``.
    static func requireTrustedSettingsDirectory(_ directory: String) throws(StoreError) {
        var info = stat()
        guard stat(directory, &info) == 0 else { return }
        let othersWrite = (info.st_mode & S_IWOTH) != 0
        let trustedOwner = info.st_uid == geteuid() || info.st_uid == 0
        guard trustedOwner, !othersWrite else {
            throw .unsafeSettingsDirectory(
                path: directory, owner: trustedOwner ? nil : Int(info.st_uid), writableByOthers: othersWrite)
        }
    }

    /// Creates `path` and its parents with mode 0700 when missing.
    public static func createDirectory(_ path: String) throws(StoreError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0, errno != EEXIST { throw .io(prefix, .makeDirectory, errno) }
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw .io(path, .makeDirectory, ENOTDIR)
        }
    }

    /// Renames `source` to `destination` atomically and makes the rename durable.
    static func renameDurably(_ source: String, to destination: String, directory: String) throws(StoreError)
    {
        guard rename(source, destination) == 0 else { throw .io(destination, .rename, errno) }
        try syncDirectory(directory)
    }

    /// Flushes a directory's entries (new and renamed files) to stable storage.
    static func syncDirectory(_ directory: String) throws(StoreError) {
        let file = try POSIXFile(path: directory, flags: O_RDONLY | O_DIRECTORY)
        try file.sync()
    }

    /// Writes `bytes` to `path` atomically: a temporary file, fsync, rename, fsync of the directory. The file
    /// gets `permissions` (0600 unless given: only the owner reads the answers).
    public static func writeAtomically(
        _ bytes: [UInt8], to path: String, directory: String, permissions: mode_t = 0o600
    ) throws(StoreError) {
        let temporary = path + ".tmp-\(getpid())"
        do {
            let file = try POSIXFile(path: temporary, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: permissions)
            try file.setPermissions(permissions)  // exactly: the umask applied at creation
            try file.writeAll(bytes)
            try file.sync()
        } catch {
            unlink(temporary)
            throw error
        }
        try renameDurably(temporary, to: path, directory: directory)
    }
}
