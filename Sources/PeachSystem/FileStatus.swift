// FileStatus: what stat(2) says about a file, as Peach's own value.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `stat(2)` says about a file: its kind, size, identity, owner, permissions and modification time.
public struct FileStatus: Hashable, Sendable {
    /// The kind of file.
    public enum Kind: Hashable, Sendable {
        /// A regular file.
        case regular
        /// A folder.
        case directory
        /// A named pipe.
        case fifo
        /// A symbolic link (only from a status that does not follow links).
        case symbolicLink
        /// A character device (a MIDI or sound device, a terminal).
        case characterDevice
        /// Anything else (a socket, a block device).
        case other
    }

    /// The kind.
    public let kind: Kind
    /// The size in bytes.
    public let size: Int
    /// The device the file lives on.
    public let device: UInt64
    /// The inode: with ``device``, what names this file whatever its path.
    public let inode: UInt64
    /// The owner's user ID.
    public let owner: UInt32
    /// The permission bits (`0o777` at most).
    public let permissions: UInt32
    /// The modification time in nanoseconds since the epoch.
    public let modificationNanoseconds: Int
    /// The status-change time in nanoseconds since the epoch: set by the kernel at every write, rename onto,
    /// or change of the inode, and unlike the modification time not settable by `cp -p` or `touch`.
    public let changeNanoseconds: Int

    /// The status `info` describes.
    public init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFIFO: kind = .fifo
        case S_IFLNK: kind = .symbolicLink
        case S_IFCHR: kind = .characterDevice
        default: kind = .other
        }
        size = Int(info.st_size)
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        owner = UInt32(info.st_uid)
        permissions = UInt32(info.st_mode & 0o777)
        modificationNanoseconds = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
        changeNanoseconds = Int(info.st_ctim.tv_sec) * 1_000_000_000 + Int(info.st_ctim.tv_nsec)
    }

    /// Whether users other than the owner and the group may write to it.
    public var isWritableByOthers: Bool { permissions & UInt32(S_IWOTH) != 0 }
}
