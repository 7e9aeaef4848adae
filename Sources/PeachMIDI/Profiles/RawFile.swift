// RawFile: reads a whole small file (a profile) through the file funnel, keeping its FileError on failure.

import Foundation
import PeachSystem

/// Reads small files (profiles), at most 1 MiB.
enum RawFile {
    /// The largest file read, bytes.
    static let limit = 1 << 20

    /// The whole file.
    /// - Throws: ``FileError`` (`read` with EFBIG for a file over ``limit``).
    static func readAll(_ path: String) throws(FileError) -> [UInt8] {
        // Non-blocking, and only a regular file: a FIFO where a profile should be must not hang the command.
        let file = try SystemFile(path: path, flags: O_RDONLY | O_NONBLOCK)
        guard try file.isRegularFile() else { throw FileError(path: path, operation: .open, code: EINVAL) }
        guard try file.size() <= limit else { throw FileError(path: path, operation: .read, code: EFBIG) }
        return try file.readAll()
    }
}
