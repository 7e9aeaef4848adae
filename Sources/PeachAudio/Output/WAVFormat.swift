// WAVFormat: the RIFF/WAVE header of a PCM or IEEE-float audio file.

/// The format of a WAV file, and its RIFF header. Used by the `wav:` audio sink; the header is readable by any
/// tool (sox, Python's `wave`, Audacity). 16-bit files have the classic 44-byte header (`fmt ` with 16 bytes,
/// `data`); float files, as the WAVE specification asks for non-PCM formats, have the 18-byte `fmt ` chunk
/// (with its extension size, 0) and a `fact` chunk with the frame count: 58 bytes, which `soxi` reads without
/// a warning.
public struct WAVFormat: Hashable, Sendable {
    /// How samples are stored.
    public enum SampleEncoding: Hashable, Sendable {
        /// Signed 16-bit integers (format tag 1).
        case signed16
        /// 32-bit IEEE floats (format tag 3).
        case float32

        /// Bytes per sample.
        public var bytesPerSample: Int { self == .signed16 ? 2 : 4 }
        /// The WAVE format tag.
        var formatTag: UInt16 { self == .signed16 ? 1 : 3 }
    }

    /// Frames per second.
    public let sampleRate: Int
    /// Interleaved channels per frame.
    public let channelCount: Int
    /// How samples are stored.
    public let encoding: SampleEncoding

    /// The size of ``header(dataByteCount:)``: 44 bytes for 16-bit, 58 for float.
    public var headerSize: Int { encoding == .signed16 ? 44 : 58 }

    /// Creates a format; traps on a rate or channel count outside what WAV can describe.
    public init(sampleRate: Int, channelCount: Int, encoding: SampleEncoding) {
        precondition((1...768_000).contains(sampleRate), "sample rate out of range")
        precondition((1...32).contains(channelCount), "channel count out of range")
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.encoding = encoding
    }

    /// Bytes per frame (all channels).
    public var bytesPerFrame: Int { channelCount * encoding.bytesPerSample }

    /// The RIFF header for `dataByteCount` bytes of samples (sizes saturate at the 4 GiB limit of WAV).
    public func header(dataByteCount: Int) -> [UInt8] {
        let dataSize = UInt32(clamping: dataByteCount)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(headerSize)
        bytes += Array("RIFF".utf8)
        append(UInt32(clamping: Int64(dataSize) + Int64(headerSize - 8)), to: &bytes)
        bytes += Array("WAVEfmt ".utf8)
        append(UInt32(encoding == .signed16 ? 16 : 18), to: &bytes)
        append(encoding.formatTag, to: &bytes)
        append(UInt16(channelCount), to: &bytes)
        append(UInt32(sampleRate), to: &bytes)
        append(UInt32(sampleRate * bytesPerFrame), to: &bytes)
        append(UInt16(bytesPerFrame), to: &bytes)
        append(UInt16(encoding.bytesPerSample * 8), to: &bytes)
        if encoding == .float32 {
            append(UInt16(0), to: &bytes)  // the extension's size
            bytes += Array("fact".utf8)
            append(UInt32(4), to: &bytes)
            append(dataSize / UInt32(bytesPerFrame), to: &bytes)  // frames (samples per channel)
        }
        bytes += Array("data".utf8)
        append(dataSize, to: &bytes)
        return bytes
    }

    private func append(_ value: some FixedWidthInteger, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }
}
