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
    /// Where 16-bit samples (and float ones on a big-endian machine) are converted, grown to the largest block.
    private var scratch = UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 8)
    private var scratchBytes = 4096

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

    /// Appends `frameCount` interleaved frames from `samples` (converted to 16-bit if that is the format), a
    /// block at a time: float samples on a little-endian machine are the file's bytes already and are written as
    /// they are; 16-bit ones are converted in one pass over a scratch buffer allocated with the writer (grown
    /// only for a larger block than any before), so that a paced output thread (``PacedSink``) appends without
    /// allocating.
    public func append(_ samples: UnsafePointer<Float>, frameCount: Int) throws(FileError) {
        let count = frameCount * format.channelCount
        let byteCount = count * format.encoding.bytesPerSample
        guard byteCount > 0 else { return }
        switch format.encoding {
        case .float32 where Self.isLittleEndian:
            try writeBytes(UnsafeRawBufferPointer(start: samples, count: byteCount))
        case .float32:
            let base = scratchBuffer(byteCount)
            for index in 0..<count {
                base.storeBytes(
                    of: samples[index].bitPattern.littleEndian, toByteOffset: index * 4, as: UInt32.self)
            }
            try writeBytes(UnsafeRawBufferPointer(start: base, count: byteCount))
        case .signed16:
            let output = scratchBuffer(byteCount).bindMemory(to: Int16.self, capacity: count)
            for index in 0..<count {
                // In Double, where the product is exact, clamped, then rounded half away from zero by adding ±0.5
                // and truncating (exact at these magnitudes, and no libm call): the same bytes as
                // `Int16(clamping (x * 32767).rounded())`, NaN as 32767 as before.
                let scaled = max(-32768, min(32767, Double(samples[index]) * 32767))
                output[index] = Int16(scaled + (scaled < 0 ? -0.5 : 0.5)).littleEndian
            }
            try writeBytes(UnsafeRawBufferPointer(start: output, count: byteCount))
        }
        dataBytes += byteCount
    }

    /// Whether this machine stores a `Float` as the file does (little-endian): x86-64 and arm64 do.
    private static let isLittleEndian = 1.littleEndian == 1

    /// The scratch buffer, at least `byteCount` bytes (grown only when a larger block comes).
    private func scratchBuffer(_ byteCount: Int) -> UnsafeMutableRawPointer {
        if scratchBytes < byteCount {
            scratch.deallocate()
            scratch = .allocate(byteCount: byteCount, alignment: 8)
            scratchBytes = byteCount
        }
        return scratch
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
