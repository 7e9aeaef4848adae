// JournalLogHandler: a swift-log handler writing one plain line per message to stderr, for journald.

import Foundation
import Logging
import PeachSystem
import PeachTraining

/// Writes each message as one line on stderr in the form journald reads: with `journald` (the service runs
/// under systemd, which sets `JOURNAL_STREAM`) a `<N>` priority prefix (`<3>` error … `<7>` debug) so
/// `journalctl -p err` filters; otherwise `peach serve: ` and the message. No colour, no terminal codes, no
/// time stamp (the journal adds its own).
public struct JournalLogHandler: LogHandler {
    /// The messages at or above this level are written.
    public var logLevel: Logger.Level
    /// Metadata (not written: each line is a sentence of its own).
    public var metadata: Logger.Metadata = [:]
    /// Not used.
    public var metadataProvider: Logger.MetadataProvider?
    private let journald: Bool

    /// A handler; `journald` chooses the `<N>` prefixes.
    public init(level: Logger.Level = .info, journald: Bool) {
        logLevel = level
        self.journald = journald
    }

    /// The metadata value for `key`.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes the line.
    public func log(event: LogEvent) {
        let line = Self.line(event.message.description, level: event.level, journald: journald) + "\n"
        try? SystemFile(borrowing: STDERR_FILENO, path: "-").writeAll(Array(line.utf8))
    }

    /// The line for `message` at `level`: `<3>message` for journald, `peach serve: message` otherwise; a newline
    /// in the message becomes a space (one event, one line).
    public static func line(_ message: String, level: Logger.Level, journald: Bool) -> String {
        let flat = message.replacingOccurrences(of: "\n", with: " ")
        return journald ? "<\(priority(of: level))>" + flat : "peach serve: " + flat
    }

    /// The syslog priority of a level: critical 2, error 3, warning 4, notice 5, info 6, debug and trace 7.
    public static func priority(of level: Logger.Level) -> Int {
        switch level {
        case .critical: 2
        case .error: 3
        case .warning: 4
        case .notice: 5
        case .info: 6
        case .debug, .trace: 7
        }
    }
}
