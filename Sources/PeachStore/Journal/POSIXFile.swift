// POSIXFile: the few system calls the store needs, with errors that name the file.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open file descriptor with the operations the store needs. Every error names the path and the call.
final class POSIXFile {
    let path: String
    let descriptor: Int32

    /// Opens `path` with `flags`; new files get mode 0600 (only the owner can read the answers).
    init(path: String, flags: Int32, mode: mode_t = 0o600) throws(StoreError) {
        self.path = path
        let result = open(path, flags | O_CLOEXEC, mode)
        guard result >= 0 else { throw .io(path: path, operation: "open", errno: errno) }
        descriptor = result
    }

    deinit { close(descriptor) }

    /// Writes all of `bytes`, retrying short writes and interrupted calls.
    func writeAll(_ bytes: [UInt8]) throws(StoreError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return write(descriptor, base + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw .io(path: path, operation: "write", errno: errno)
            }
            offset += written
        }
    }

    /// Flushes the file's data to stable storage.
    func sync() throws(StoreError) {
        guard fsync(descriptor) == 0 else { throw .io(path: path, operation: "fsync", errno: errno) }
    }

    /// The file's size in bytes.
    func size() throws(StoreError) -> Int {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .io(path: path, operation: "fstat", errno: errno) }
        return Int(info.st_size)
    }

    /// Throws unless this is a regular file (a journal must not be a device, a FIFO or a folder).
    func requireRegularFile() throws(StoreError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .io(path: path, operation: "fstat", errno: errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .io(path: path, operation: "open", errno: EINVAL)
        }
    }

    /// Cuts the file to `length` bytes.
    func truncate(to length: Int) throws(StoreError) {
        guard ftruncate(descriptor, off_t(length)) == 0 else {
            throw .io(path: path, operation: "ftruncate", errno: errno)
        }
    }

    /// Reads the whole file from the start.
    func readAll() throws(StoreError) -> [UInt8] {
        let length = try size()
        var bytes = [UInt8](repeating: 0, count: length)
        var offset = 0
        while offset < length {
            let count = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return pread(descriptor, base + offset, length - offset, off_t(offset))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .io(path: path, operation: "read", errno: errno)
            }
            if count == 0 { break }
            offset += count
        }
        if offset < length { bytes.removeLast(length - offset) }
        return bytes
    }
}

/// File-system helpers that name the file in their errors.
public enum FileSystem {
    /// Whether something exists at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// The modification time of `path` in nanoseconds, or nil when it does not exist.
    static func modificationTime(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
    }

    /// Creates `path` and its parents with mode 0700 when missing.
    public static func createDirectory(_ path: String) throws(StoreError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0, errno != EEXIST {
                throw .io(path: prefix, operation: "mkdir", errno: errno)
            }
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw .io(path: path, operation: "mkdir", errno: ENOTDIR)
        }
    }

    /// Renames `source` to `destination` atomically and makes the rename durable.
    static func renameDurably(_ source: String, to destination: String, directory: String) throws(StoreError)
    {
        guard rename(source, destination) == 0 else {
            throw .io(path: destination, operation: "rename", errno: errno)
        }
        try syncDirectory(directory)
    }

    /// Flushes a directory's entries (new and renamed files) to stable storage.
    static func syncDirectory(_ directory: String) throws(StoreError) {
        let file = try POSIXFile(path: directory, flags: O_RDONLY | O_DIRECTORY)
        try file.sync()
    }

    /// Writes `bytes` to `path` atomically: a temporary file, fsync, rename, fsync of the directory.
    public static func writeAtomically(
        _ bytes: [UInt8], to path: String, directory: String
    ) throws(StoreError) {
        let temporary = path + ".tmp-\(getpid())"
        do {
            let file = try POSIXFile(path: temporary, flags: O_WRONLY | O_CREAT | O_TRUNC)
            try file.writeAll(bytes)
            try file.sync()
        } catch {
            unlink(temporary)
            throw error
        }
        try renameDurably(temporary, to: path, directory: directory)
    }

    /// The text of an `errno` value, e.g. `No space left on device`.
    static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }
}
