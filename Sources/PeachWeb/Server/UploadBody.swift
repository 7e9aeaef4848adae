// UploadBody: an upload's body written to a new file as it arrives, within a limit.

import Foundation
import Hummingbird
import PeachSystem

/// The body of an upload (an import, a SoundFont) written to a file as its pieces arrive, so it is never held
/// in memory, and stopped at a limit.
enum UploadBody {
    /// Writes `request`'s body to a new file at `path` (mode `permissions`, synced when whole): the bytes
    /// written, or nil when the body is longer than `limit` (what came is in the file; the caller removes it).
    /// - Throws: ``FileError`` when the file cannot be made or written; the body's error.
    static func write(
        _ request: Request, to path: String, permissions: mode_t, limit: Int
    ) async throws -> Int? {
        let file = try SystemFile(path: path, flags: O_WRONLY | O_CREAT | O_EXCL, permissions: permissions)
        defer { file.close() }
        var received = 0
        for try await piece in request.body {
            received += piece.readableBytes
            guard received <= limit else { return nil }
            try piece.withUnsafeReadableBytes { try file.writeAll($0) }
        }
        try file.sync()
        return received
    }
}
