// WAVFileWriter: writes float or 16-bit audio to a standard RIFF WAV file, streaming, header fixed at the end.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a WAV file could not be written; names the file and carries the system's error.
public struct WAVFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file.
    public let path: String
    /// The failing call, e.g. `open` or `write`.
    public let operation: String
    /// The `errno` value.
    public let code: Int32

    /// `path: operation failed: reason`.
    public var description: String { "\(path): \(operation) failed: \(String(cString: strerror(code)))" }
}

/// Streams interleaved samples into a WAV file: a header with placeholder sizes first, the data as it comes,
/// and the real sizes written into the header by ``finish()``.
public final class WAVFileWriter {
    /// The file's format.
    public let format: WAVFormat
    /// The file's path.
    public let path: String
    private let descriptor: Int32
    private var dataBytes = 0
    private var finished = false

    /// Creates (or truncates) the file at `path` and writes a provisional header.
    public init(path: String, format: WAVFormat) throws(WAVFileError) {
        self.path = path
        self.format = format
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WAVFileError(path: path, operation: "open", code: errno) }
        try writeBytes(format.header(dataByteCount: 0))
    }

    deinit {
        if !finished { try? finish() }
    }

    /// Appends `frameCount` interleaved frames from `samples` (converted to 16-bit if that is the format).
    public func append(_ samples: UnsafePointer<Float>, frameCount: Int) throws(WAVFileError) {
        let count = frameCount * format.channelCount
        var bytes = [UInt8]()
        bytes.reserveCapacity(count * format.encoding.bytesPerSample)
        for index in 0..<count {
            switch format.encoding {
            case .float32:
                withUnsafeBytes(of: samples[index].bitPattern.littleEndian) { bytes += $0 }
            case .signed16:
                let scaled = (Double(samples[index]) * 32767).rounded()
                let value = Int16(max(-32768, min(32767, scaled)))
                withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
            }
        }
        try writeBytes(bytes)
        dataBytes += bytes.count
    }

    /// Writes the final sizes into the header, flushes and closes the file. Idempotent.
    public func finish() throws(WAVFileError) {
        guard !finished else { return }
        finished = true
        defer { close(descriptor) }
        let header = format.header(dataByteCount: dataBytes)
        let written = header.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        guard written == header.count else { throw WAVFileError(path: path, operation: "write", code: errno) }
        guard fsync(descriptor) == 0 || errno == EINVAL else {
            throw WAVFileError(path: path, operation: "fsync", code: errno)
        }
    }

    private func writeBytes(_ bytes: [UInt8]) throws(WAVFileError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return write(descriptor, base + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw WAVFileError(path: path, operation: "write", code: errno)
            }
            offset += written
        }
    }
}
