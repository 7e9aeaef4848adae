// StoreError: why the store or the settings file could not do what was asked, with the file and the reason.

/// Why the training store or the settings file failed. Every case names the file; system errors carry the
/// `errno` text. The command line turns these into one-line messages.
public enum StoreError: Error, Equatable, Sendable {
    /// Another Peach process is writing to this store.
    case locked(path: String, ownerPID: Int32?)
    /// A system call failed on `path` (`operation` is e.g. `open`, `write`, `fsync`, `rename`).
    case io(path: String, operation: String, errno: Int32)
    /// The store was written by a newer Peach than this one.
    case newerSchema(path: String, found: Int, supported: Int)
    /// A file to import is not a Peach export or journal (the line or row says where).
    case unreadableImport(path: String, line: Int, reason: String)
    /// The settings file is not valid JSON, or a value in it is not allowed.
    case invalidSettings(path: String, key: String?, reason: String)
}
