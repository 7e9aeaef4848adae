// FileChangeWatch: whether a file was replaced or changed since it was last read (one stat a question).

/// Whether a file changed since it was last marked as read, by its modification time in nanoseconds (an
/// atomic save is a new file with a new time; a file that appears or goes away is a change too). One `stat`
/// per question, no descriptor kept and no inotify: a running session asks before each trial.
@MainActor
public final class FileChangeWatch {
    /// The file watched.
    public let path: String
    private var seen: Int?

    /// Watches `path`, taking the file as it is now as read.
    public init(path: String) {
        self.path = path
        seen = StoreFiles.modificationTime(path)
    }

    /// Whether the file changed since it was last marked read; it is marked read now either way.
    public func changed() -> Bool {
        let now = StoreFiles.modificationTime(path)
        defer { seen = now }
        return now != seen
    }

    /// Takes the file as it is now as read (after reading it for another reason, e.g. SIGHUP).
    public func markRead() { seen = StoreFiles.modificationTime(path) }
}
