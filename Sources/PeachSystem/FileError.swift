// FileError: a system call on a file or device that failed: the path, the operation and errno.

import SystemPackage

/// A system call on a file or device that failed. The one error type of Peach's file and descriptor
/// handling: it carries the path, the operation and the `errno`, never English prose; the command line words it.
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What Peach was doing.
    public enum Operation: String, Hashable, Sendable {
        /// `open(2)`.
        case open
        /// `read(2)` / `pread(2)`.
        case read
        /// `write(2)`.
        case write
        /// `fsync(2)`.
        case sync
        /// `fstat(2)` / `stat(2)`.
        case stat
        /// `ftruncate(2)`.
        case truncate
        /// `rename(2)`.
        case rename
        /// `mkdir(2)`.
        case makeDirectory
        /// `link(2)`.
        case link
        /// `unlink(2)`.
        case unlink
        /// `flock(2)`.
        case lock
        /// `poll(2)`.
        case poll
        /// `pipe(2)`.
        case pipe
        /// `pthread_create(3)`.
        case startThread
    }

    /// The file, device or folder (`-` for standard input or output).
    public let path: String
    /// The call that failed.
    public let operation: Operation
    /// The system's error number.
    public let errno: Errno

    /// An error for `operation` on `path`.
    public init(path: String, operation: Operation, errno: Errno) {
        self.path = path
        self.operation = operation
        self.errno = errno
    }

    /// An error for `operation` on `path` from a raw `errno` value.
    public init(path: String, operation: Operation, code: Int32) {
        self.init(path: path, operation: operation, errno: Errno(rawValue: code))
    }

    /// This error about `path` instead when it was about `temporary`, the hidden file a write goes to before it
    /// is renamed into place: the user asked for `path` and never sees the temporary name.
    public func naming(_ path: String, insteadOf temporary: String) -> FileError {
        self.path == temporary ? FileError(path: path, operation: operation, errno: errno) : self
    }

    /// The raw `errno` value.
    public var code: Int32 { errno.rawValue }

    /// Whether the device or file system is full (ENOSPC, EDQUOT).
    public var isDiskFull: Bool { errno == .noSpace || errno == .diskQuotaExceeded }

    /// Whether the device went away (ENODEV, ENXIO, EIO).
    public var isDeviceGone: Bool {
        errno == .operationNotSupportedByDevice || errno == .noSuchAddressOrDevice || errno == .ioError
    }

    /// `path: operation: errno text`, for logs (users get the catalogue's wording).
    public var description: String { "\(path): \(operation.rawValue): \(errno.description)" }
}
