// WAVFileWriter: writes float or 16-bit audio to a standard RIFF WAV file, streaming, header fixed at the end.

import PeachSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Streams interleaved samples into a WAV file: a header with placeholder sizes first, the data as it comes,
/// and the real sizes written into the header by ``finish()``.
public final class WAVFileWriter {
    /// The file's format.
    public let format: WAVFormat
    /// The file's path.
    public let path: String
    private let file: SystemFile
    private var dataBytes = 0
    private var finished = false
    private var scratch = UnsafeMutableRawBufferPointer(start: nil, count: 0)

    /// Creates (or truncates) the file at `path` and writes a provisional header.
    public init(path: String, format: WAVFormat) throws(FileError) {
        self.path = path
        self.format = format
        file = try SystemFile(path: path, flags: O_WRONLY | O_CREAT | O_TRUNC, permissions: 0o644)
        try writeBytes(format.header(dataByteCount: 0))
    }

    deinit {
        if !finished { try? finish() }
        scratch.deallocate()
    }

    /// Appends `frameCount` interleaved frames from `samples` (converted to 16-bit if that is the format).
    /// Converts into a scratch buffer that is allocated on the first call and reused, so that a paced output
    /// thread (``PacedSink``) can append without allocating.
    public func append(_ samples: UnsafePointer<Float>, frameCount: Int) throws(FileError) {
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
    public func finish() throws(FileError) {
        guard !finished else { return }
        finished = true
        defer { file.close() }
        try file.write(format.header(dataByteCount: dataBytes), atOffset: 0)
        do {
            try file.sync()
        } catch  where error.errno == .invalidArgument {
            // A FIFO or a device cannot be synced; what was written stands.
        }
    }

    private func writeBytes(_ bytes: [UInt8]) throws(FileError) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 8)
        defer { copy.deallocate() }
        copy.copyBytes(from: bytes)
        try writeBytes(UnsafeRawBufferPointer(copy))
    }

    private func writeBytes(_ bytes: UnsafeRawBufferPointer) throws(FileError) {
        try file.writeAll(bytes)
    }
}
