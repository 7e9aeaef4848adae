// SystemFile: the funnel every file descriptor of Peach goes through, on swift-system.

import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open file descriptor and the path it was opened from. Every call retries on EINTR (swift-system's
/// `retryOnInterrupt`, and the same policy for the calls swift-system lacks); a non-blocking descriptor that
/// has nothing to give reports `nil` from ``read(into:)`` rather than an error (the EAGAIN policy). Every
/// failure is a ``FileError`` naming the path and the operation. Closed on ``close()`` or when released.
public final class SystemFile: @unchecked Sendable {
    /// The path (or `-` for standard input/output).
    public let path: String
    /// The descriptor.
    public let descriptor: FileDescriptor
    private var owned: Bool

    /// Opens `path` with the C `flags` (`O_RDONLY`, `O_WRONLY | O_CREAT | O_APPEND`, …); `O_CLOEXEC` is always
    /// added. New files get `permissions` (0600 unless told otherwise: answers are the owner's).
    /// - Throws: ``FileError`` (`open`).
    public init(path: String, flags: Int32, permissions: mode_t = 0o600) throws(FileError) {
        self.path = path
        do {
            descriptor = try FileDescriptor.open(
                FilePath(path), FileDescriptor.AccessMode(rawValue: flags & O_ACCMODE),
                options: FileDescriptor.OpenOptions(rawValue: flags & ~O_ACCMODE).union(.closeOnExec),
                permissions: FilePermissions(rawValue: permissions), retryOnInterrupt: true)
        } catch {
            throw FileError(path: path, operation: .open, errno: error as? Errno ?? .ioError)
        }
        owned = true
    }

    /// Wraps a descriptor Peach did not open (stdin, stdout); it is not closed by this object.
    public init(borrowing descriptor: Int32, path: String) {
        self.path = path
        self.descriptor = FileDescriptor(rawValue: descriptor)
        owned = false
    }

    /// Takes over `descriptor` (a socket made by the caller): this object closes it, named `path`.
    public init(adopting descriptor: Int32, path: String) {
        self.path = path
        self.descriptor = FileDescriptor(rawValue: descriptor)
        owned = true
    }

    /// A duplicate of `descriptor` (stdin, stdout) that this object owns and closes, named `path`.
    /// - Throws: ``FileError`` (`open`).
    public init(duplicating descriptor: Int32, path: String) throws(FileError) {
        self.path = path
        let result = dup(descriptor)
        guard result >= 0 else { throw FileError(path: path, operation: .open, code: errno) }
        _ = fcntl(result, F_SETFD, FD_CLOEXEC)
        self.descriptor = FileDescriptor(rawValue: result)
        owned = true
    }

    deinit { if owned { try? descriptor.close() } }

    /// Closes the descriptor now (idempotent).
    public func close() {
        guard owned else { return }
        owned = false
        try? descriptor.close()
    }

    /// Writes all of `bytes`, retrying short writes and interrupted calls; waits (poll) while a non-blocking
    /// descriptor is full.
    /// - Throws: ``FileError`` (`write`).
    public func writeAll(_ bytes: some Sequence<UInt8>) throws(FileError) {
        let array = Array(bytes)
        var offset = 0
        while offset < array.count {
            do {
                offset += try array[offset...].withUnsafeBytes { try descriptor.write($0) }
            } catch let error as Errno where error == .wouldBlock || error == .resourceTemporarilyUnavailable
            {
                _ = try? wait(for: Int16(POLLOUT), milliseconds: 100)
            } catch {
                throw FileError(path: path, operation: .write, errno: error as? Errno ?? .ioError)
            }
        }
    }

    /// Writes all of `buffer` without allocating (for the audio thread's WAV output), retrying short writes and
    /// interrupted calls.
    /// - Throws: ``FileError`` (`write`).
    public func writeAll(_ buffer: UnsafeRawBufferPointer) throws(FileError) {
        var offset = 0
        while offset < buffer.count {
            do {
                let written = try descriptor.write(UnsafeRawBufferPointer(rebasing: buffer[offset...]))
                guard written > 0 else { throw FileError(path: path, operation: .write, errno: .ioError) }
                offset += written
            } catch let error as FileError {
                throw error
            } catch {
                throw FileError(path: path, operation: .write, errno: error as? Errno ?? .ioError)
            }
        }
    }

    /// Writes `bytes` at `offset` (a header rewritten at the end), all of them.
    /// - Throws: ``FileError`` (`write`).
    public func write(_ bytes: [UInt8], atOffset offset: Int) throws(FileError) {
        do {
            let written = try bytes.withUnsafeBytes {
                try descriptor.write(toAbsoluteOffset: Int64(offset), $0)
            }
            guard written == bytes.count else {
                throw FileError(path: path, operation: .write, errno: .ioError)
            }
        } catch let error as FileError {
            throw error
        } catch {
            throw FileError(path: path, operation: .write, errno: error as? Errno ?? .ioError)
        }
    }

    /// Reads what is there into `buffer`: the byte count (0 at the end of the file), or nil when a
    /// non-blocking descriptor has nothing now.
    /// - Throws: ``FileError`` (`read`).
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileError) -> Int? {
        do {
            return try descriptor.read(into: buffer)
        } catch let error as Errno where error == .wouldBlock || error == .resourceTemporarilyUnavailable {
            return nil
        } catch {
            throw FileError(path: path, operation: .read, errno: error as? Errno ?? .ioError)
        }
    }

    /// Reads up to `buffer.count` bytes at `offset` (0 at the end of the file), leaving the file offset alone.
    /// - Throws: ``FileError`` (`read`).
    public func read(
        into buffer: UnsafeMutableRawBufferPointer, atOffset offset: Int
    ) throws(FileError) -> Int {
        do {
            return try descriptor.read(fromAbsoluteOffset: Int64(offset), into: buffer)
        } catch {
            throw FileError(path: path, operation: .read, errno: error as? Errno ?? .ioError)
        }
    }

    /// Reads the whole file from the start (positioned reads, so the offset of an append descriptor is kept).
    /// - Throws: ``FileError`` (`stat`, `read`).
    public func readAll() throws(FileError) -> [UInt8] {
        let length = try size()
        var failure: Errno?
        // Read into the array's storage as it is made: zeroing it first cost a store's snapshot (10 MB at a
        // million answers) ten million instructions.
        let bytes = [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
            while initialized < length {
                let count: Int
                do {
                    count = try descriptor.read(
                        fromAbsoluteOffset: Int64(initialized),
                        into: UnsafeMutableRawBufferPointer(
                            UnsafeMutableBufferPointer(rebasing: buffer[initialized...])))
                } catch {
                    failure = error as? Errno ?? .ioError
                    return
                }
                if count == 0 { return }
                initialized += count
            }
        }
        if let failure { throw FileError(path: path, operation: .read, errno: failure) }
        return bytes
    }

    /// The whole of the regular file at `path`, at most `limit` bytes: the one way Peach reads a file of its
    /// own (settings, calibrations, profiles, the store's snapshot and marker, catalogues, logs) and the kernel's
    /// (/proc: read to its end, its size being 0). It is opened
    /// non-blocking, so a FIFO or a device where a file is expected is refused at once instead of hanging the
    /// command (and a signal still stops it); without `followingLinks` a symbolic link is refused too.
    /// - Throws: ``FileError``: `open` with EINVAL when it is not a regular file (ELOOP for a link refused),
    ///   `read` with EFBIG when it is larger than `limit`; any other failure of the calls.
    public static func readRegularFile(
        _ path: String, limit: Int, followingLinks: Bool = true
    ) throws(FileError) -> [UInt8] {
        let file = try SystemFile(
            path: path, flags: O_RDONLY | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
        guard try file.isRegularFile() else { throw FileError(path: path, operation: .open, code: EINVAL) }
        let size = try file.size()
        guard size <= limit else { throw FileError(path: path, operation: .read, code: EFBIG) }
        guard size == 0 else { return try file.readAll() }
        // A kernel file (/proc, /sys) says 0 and holds more: read to its end, within the limit.
        var bytes: [UInt8] = []
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let count = try file.read(into: chunk, atOffset: bytes.count)
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            guard bytes.count <= limit else { throw FileError(path: path, operation: .read, code: EFBIG) }
        }
    }

    /// Flushes the file's data to stable storage.
    /// - Throws: ``FileError`` (`sync`).
    public func sync() throws(FileError) {
        try Self.retrying(path: path, .sync) { fsync(descriptor.rawValue) }
    }

    /// Flushes the file's data (not its metadata) to stable storage.
    /// - Throws: ``FileError`` (`sync`).
    public func syncData() throws(FileError) {
        try Self.retrying(path: path, .sync) { fdatasync(descriptor.rawValue) }
    }

    /// Sets the file's permission bits to exactly `permissions` (the umask does not apply).
    /// - Throws: ``FileError`` (`write`).
    public func setPermissions(_ permissions: mode_t) throws(FileError) {
        try Self.retrying(path: path, .write) { fchmod(descriptor.rawValue, permissions) }
    }

    /// Takes an exclusive `flock(2)` lock, waiting while another open file holds it (for a lock held only for the
    /// moment of a read-modify-write, such as the settings file's). The kernel releases it when the descriptor is
    /// closed or the process dies.
    /// - Throws: ``FileError`` (`lock`).
    public func lockExclusivelyWaiting() throws(FileError) {
        try Self.retrying(path: path, .lock) { flock(descriptor.rawValue, LOCK_EX) }
    }

    /// Takes an exclusive `flock(2)` lock without waiting: false when another open file holds it. The kernel
    /// releases it when the descriptor is closed or the process dies.
    /// - Throws: ``FileError`` (`lock`) for any failure but "held by another".
    public func lockExclusively() throws(FileError) -> Bool {
        try lockWithoutWaiting(LOCK_EX)
    }

    /// Takes a `flock(2)` lock of `kind` without waiting: false when another open file holds one that excludes it.
    /// - Throws: ``FileError`` (`lock`) for any failure but "held by another".
    private func lockWithoutWaiting(_ kind: Int32) throws(FileError) -> Bool {
        while flock(descriptor.rawValue, kind | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            if code == EWOULDBLOCK { return false }
            throw FileError(path: path, operation: .lock, code: code)
        }
        return true
    }

    /// Whether another open file holds a `flock(2)` lock on this file now: a shared lock is tried without waiting
    /// and, when it is had, given back at once (a writer waiting for its exclusive lock waits that moment).
    /// - Throws: ``FileError`` (`lock`) for any failure but "held by another".
    public func isLockedByAnother() throws(FileError) -> Bool {
        guard try lockWithoutWaiting(LOCK_SH) else { return true }
        flock(descriptor.rawValue, LOCK_UN)
        return false
    }

    /// The file's status as Peach's value.
    /// - Throws: ``FileError`` (`stat`).
    public func fileStatus() throws(FileError) -> FileStatus { FileStatus(try status()) }

    /// The file's status.
    /// - Throws: ``FileError`` (`stat`).
    public func status() throws(FileError) -> stat {
        var info = stat()
        try Self.retrying(path: path, .stat) { fstat(descriptor.rawValue, &info) }
        return info
    }

    /// The file's size in bytes.
    /// - Throws: ``FileError`` (`stat`).
    public func size() throws(FileError) -> Int { Int(try status().st_size) }

    /// Whether this is a regular file (not a device, FIFO or folder).
    /// - Throws: ``FileError`` (`stat`).
    public func isRegularFile() throws(FileError) -> Bool { (try status().st_mode & S_IFMT) == S_IFREG }

    /// The number of columns of the terminal this descriptor is, or nil when it is not a terminal (or the
    /// terminal does not say).
    public func terminalColumns() -> Int? {
        var size = winsize()
        guard ioctl(descriptor.rawValue, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Cuts the file to `length` bytes.
    /// - Throws: ``FileError`` (`truncate`).
    public func truncate(to length: Int) throws(FileError) {
        do {
            try descriptor.resize(to: Int64(length))
        } catch {
            throw FileError(path: path, operation: .truncate, errno: error as? Errno ?? .ioError)
        }
    }

    /// Waits until the descriptor is ready for `events` (POLLIN, POLLOUT) or `milliseconds` pass (−1: for
    /// ever). Returns the events that happened (0 on time-out).
    /// - Throws: ``FileError`` (`poll`).
    public func wait(for events: Int16, milliseconds: Int32) throws(FileError) -> Int16 {
        var entry = pollfd(fd: descriptor.rawValue, events: events, revents: 0)
        try Self.retrying(path: path, .poll) { poll(&entry, 1, milliseconds) }
        return entry.revents
    }

    /// What ``waitReadable(orWake:milliseconds:)`` saw.
    public enum Readiness: Sendable {
        /// The descriptor is readable (or at its end, or failed: a read tells which).
        case ready
        /// The wake-up descriptor was written to.
        case woken
        /// The time ran out.
        case timedOut
    }

    /// Waits until this descriptor is readable, `wake` (the read end of a wake-up pipe) is, or `milliseconds`
    /// pass (−1: for ever).
    /// - Throws: ``FileError`` (`poll`).
    public func waitReadable(orWake wake: Int32, milliseconds: Int32 = -1) throws(FileError) -> Readiness {
        var fds = [
            pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        let ready = try Self.retrying(path: path, .poll) { poll(&fds, 2, milliseconds) }
        if fds[1].revents != 0 { return .woken }
        if fds[0].revents != 0 { return .ready }
        return ready == 0 ? .timedOut : .ready
    }

    /// Runs a C call that returns −1 and sets `errno` on failure, retrying on EINTR: the one retry policy for
    /// the calls swift-system does not wrap.
    /// - Returns: the call's result.
    /// - Throws: ``FileError`` with `operation` and `path`.
    @discardableResult
    public static func retrying(
        path: String, _ operation: FileError.Operation, _ call: () -> Int32
    ) throws(FileError) -> Int32 {
        while true {
            let result = call()
            if result >= 0 { return result }
            if errno == EINTR { continue }
            throw FileError(path: path, operation: operation, code: errno)
        }
    }
}
