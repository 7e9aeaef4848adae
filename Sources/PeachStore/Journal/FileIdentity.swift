// FileIdentity: a file as the kernel knows it (device and inode), to tell that a path now names another file.

/// Which file a descriptor or a path refers to: its device and inode. Two paths (or a path and an open
/// descriptor) with the same identity are the same file; a journal whose path no longer has the identity of
/// the open descriptor was replaced or removed by someone else.
struct FileIdentity: Equatable, Sendable {
    /// The device the file lives on (`st_dev`).
    let device: UInt64
    /// Its inode on that device (`st_ino`).
    let inode: UInt64
}
