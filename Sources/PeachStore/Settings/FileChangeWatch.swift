// FileChangeWatch: whether a file was replaced or changed since it was last read (one stat a question).

import PeachSystem

/// Whether a file changed since it was last marked as read, by what `stat` says of it: its inode and device
/// (an atomic save is a new file), its size, its modification time and its status-change time in nanoseconds.
/// The change time is the kernel's own, so a file put back with an old modification time (`cp -p`, a restore
/// from a backup, `touch -d`) is noticed too; a file that appears or goes away is a change. One `stat` per
/// question, no descriptor kept and no inotify: a running session asks before each trial.
@MainActor
public final class FileChangeWatch {
    /// What is compared of the file: nil when there is none.
    struct Seen: Equatable {
        let device: UInt64
        let inode: UInt64
        let size: Int
        let modified: Int
        let changed: Int
    }

    /// The file watched.
    public let path: String
    private var seen: Seen?

    /// Watches `path`, taking the file as it is now as read.
    public init(path: String) {
        self.path = path
        seen = Self.look(path)
    }

    /// Whether the file changed since it was last marked read; it is marked read now either way.
    public func changed() -> Bool {
        let now = Self.look(path)
        defer { seen = now }
        return now != seen
    }

    /// Takes the file as it is now as read (after reading it for another reason, e.g. SIGHUP).
    public func markRead() { seen = Self.look(path) }

    static func look(_ path: String) -> Seen? {
        FileSystem.status(path).map {
            Seen(
                device: $0.device, inode: $0.inode, size: $0.size, modified: $0.modificationNanoseconds,
                changed: $0.changeNanoseconds)
        }
    }
}
