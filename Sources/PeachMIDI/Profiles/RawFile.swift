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
        try SystemFile.readRegularFile(path, limit: limit)
    }
}
