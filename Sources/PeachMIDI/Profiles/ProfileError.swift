// ProfileError: a controller profile that cannot be found, read or understood.

/// A controller profile that cannot be used, with the file and (for content errors) the field.
public enum ProfileError: Error, Hashable, Sendable {
    /// No profile of that name in any of the folders searched.
    case notFound(name: String, searched: [String])
    /// The file could not be read.
    case unreadable(path: String, errno: Int32)
    /// The file is not valid JSON, or a field is wrong: `field` is a path such as `actions[2].controller`
    /// (nil when the file as a whole is wrong).
    case invalid(path: String, field: String?, reason: String)
    /// The name cannot be a profile's file name.
    case invalidName(String)
}
