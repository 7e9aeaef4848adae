// RecordingLogHandler: a swift-log handler that keeps every message, for tests of what the box logs.

import Logging
import Synchronization

/// Keeps every message logged through it (level and text); share one ``Lines`` between the handler copies.
public struct RecordingLogHandler: LogHandler {
    /// The lines logged, in order.
    public final class Lines: Sendable {
        private let storage = Mutex<[(level: Logger.Level, message: String)]>([])

        /// An empty record.
        public init() {}

        /// Every line so far.
        public var all: [(level: Logger.Level, message: String)] { storage.withLock { $0 } }

        fileprivate func append(_ level: Logger.Level, _ message: String) {
            storage.withLock { $0.append((level, message)) }
        }
    }

    /// Everything is recorded, debug included.
    public var logLevel: Logger.Level = .trace
    /// Metadata (kept, not recorded).
    public var metadata: Logger.Metadata = [:]
    /// Not used.
    public var metadataProvider: Logger.MetadataProvider?
    private let lines: Lines

    /// A handler recording into `lines`.
    public init(_ lines: Lines) { self.lines = lines }

    /// The metadata value for `key`.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Records the message.
    public func log(event: LogEvent) { lines.append(event.level, event.message.description) }

    /// A logger recording into `lines`.
    public static func logger(_ lines: Lines) -> Logger {
        Logger(label: "test") { _ in RecordingLogHandler(lines) }
    }
}
