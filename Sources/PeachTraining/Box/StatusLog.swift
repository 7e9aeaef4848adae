// StatusLog: the practice box's small persistent log of sessions and errors, rotated, in the data folder.

import Foundation
import PeachSystem

/// The last sessions and errors of `peach serve`, one line each (`2026-11-24T09:15:02Z message`), kept in the
/// data folder so a box owner can see what happened (`peach serve --status`) without a journal. When the file
/// reaches ``limit`` bytes it becomes `serve.log.1` (replacing the older one) and a new file starts, so the log
/// never holds more than two files' worth. Each line is synced to disk when written (a box loses power
/// without warning). Writing is best effort: a log that cannot be written never stops the box (the journal on
/// stderr still has the line).
public final class StatusLog: StatusRecording {
    /// The file written now.
    public let path: String
    /// The data folder the log is in (beside the box's status file).
    public let directory: String
    /// The size at which the file is rotated.
    public let limit: Int

    /// The log's file name in the data folder.
    public static let fileName = "serve.log"

    /// The log in `directory` (the data folder), rotated at `limit` bytes (64 KiB: about 800 lines).
    public init(directory: String, limit: Int = 64 * 1024) {
        self.directory = directory
        path = directory + "/" + Self.fileName
        self.limit = limit
    }

    /// Appends `message` stamped with `time` (UTC, to the second); rotates first when the file is full.
    public func append(_ message: String, at time: Date) {
        let line = Self.stamp(time) + " " + message.replacingOccurrences(of: "\n", with: " ") + "\n"
        if let size = FileSystem.status(path)?.size, size + line.utf8.count > limit {
            try? FileSystem.rename(path, to: path + ".1")
        }
        guard let file = try? SystemFile(path: path, flags: O_WRONLY | O_CREAT | O_APPEND, permissions: 0o640)
        else { return }
        defer { file.close() }
        try? file.writeAll(Array(line.utf8))
        try? file.sync()
    }

    /// The last `count` lines, oldest first (from the rotated file too when the new one has fewer).
    public func lastLines(_ count: Int) -> [String] {
        var lines: [String] = []
        for file in [path + ".1", path] {
            guard let bytes = try? SystemFile.readRegularFile(file, limit: 2 * limit) else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            lines += text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        }
        return Array(lines.suffix(count))
    }

    /// `2026-11-24T09:15:02Z`: how a line is stamped (UTC, to the second).
    public static func stamp(_ time: Date) -> String {
        var seconds = time_t(time.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
            Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}
