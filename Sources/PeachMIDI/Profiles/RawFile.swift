// RawFile: reads a whole small file with POSIX calls, so a failure keeps its errno.

import Foundation

/// Reads small files (profiles) keeping the system's error number on failure.
enum RawFile {
    /// A failed call's errno.
    struct Failure: Error {
        let code: Int32
    }

    /// The whole file, or the errno of the failing call.
    static func readAll(_ path: String) -> Result<Data, Failure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(Failure(code: errno)) }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(Failure(code: errno))
            }
            if count == 0 { return .success(data) }
            data.append(contentsOf: buffer[0..<count])
            if data.count > 1 << 20 { return .failure(Failure(code: EFBIG)) }
        }
    }
}
