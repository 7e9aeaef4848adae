// TemporaryFolder: a fresh folder under the system's temporary folder, removed when the value goes away.

import Foundation

/// A fresh, empty folder for one test, removed with everything in it when the value goes away.
public final class TemporaryFolder: Sendable {
    /// The folder's path.
    public let path: String

    /// Makes `<tmp>/<prefix>-<uuid>`.
    public init(prefix: String = "peach-test") {
        path = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
