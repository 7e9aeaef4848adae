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
    private var scratch = UnsafeMutableRawBufferPointer(start: nil, count: 0)

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
        scratch.deallocate()
    }

    /// Appends `frameCount` interleaved frames from `samples` (converted to 16-bit if that is the format).
    /// Converts into a scratch buffer that is allocated on the first call and reused, so that a paced output
    /// thread (``PacedSink``) can append without allocating.
    public func append(_ samples: UnsafePointer<Float>, frameCount: Int) throws(WAVFileError) {
        let count = frameCount * format.channelCount
        let byteCount = count * format.encoding.bytesPerSample
        if scratch.count < byteCount {
            scratch.deallocate()
            scratch = .allocate(byteCount: byteCount, alignment: 8)
        }
        guard let base = scratch.baseAddress else { return }
        for index in 0..<count {
            switch format.encoding {
            case .float32:
                base.storeBytes(
                    of: samples[index].bitPattern.littleEndian, toByteOffset: index * 4, as: UInt32.self)
            case .signed16:
                let scaled = (Double(samples[index]) * 32767).rounded()
                let value = Int16(max(-32768, min(32767, scaled)))
                base.storeBytes(of: value.littleEndian, toByteOffset: index * 2, as: Int16.self)
            }
        }
        try writeBytes(UnsafeRawBufferPointer(start: base, count: byteCount))
        dataBytes += byteCount
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
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 8)
        defer { copy.deallocate() }
        copy.copyBytes(from: bytes)
        try writeBytes(UnsafeRawBufferPointer(copy))
    }

    private func writeBytes(_ bytes: UnsafeRawBufferPointer) throws(WAVFileError) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw WAVFileError(path: path, operation: "write", code: errno)
            }
            if written == 0 { throw WAVFileError(path: path, operation: "write", code: EIO) }
            offset += written
        }
    }
}
