// ScratchPaths: fresh paths under the temporary folder for one test, each removed when the test's suite goes.

import Foundation
import Synchronization

/// Fresh paths under the system's temporary folder (`<tmp>/<prefix>-<uuid><suffix>`), for a test that makes a
/// folder, a file or a FIFO there; whatever stands at them is removed when this value goes away. Kept as a
/// stored property of a suite, it lives as long as the test (Swift Testing makes a suite value per test): a
/// helper that returns a path no longer leaves its folder behind in `/tmp` (a tmpfs in RAM on Debian 13 and
/// later, filled a little by every test run). ``TemporaryFolder`` is the one folder a test holds itself.
public final class ScratchPaths: Sendable {
    private let made = Mutex<[String]>([])

    /// No paths yet.
    public init() {}

    /// A new path, not yet made: the caller makes a folder, file or FIFO there.
    public func path(_ prefix: String, suffix: String = "") -> String {
        let path = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString + suffix
        made.withLock { $0.append(path) }
        return path
    }

    /// A new, empty folder.
    public func folder(_ prefix: String) throws -> String {
        let path = path(prefix)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    deinit {
        for path in made.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
    }
}
