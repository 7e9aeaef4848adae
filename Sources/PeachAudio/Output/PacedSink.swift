// PacedSink: a sink that takes audio at real-time pace and writes it to a WAV file, or discards it.

import PeachSystem

#if canImport(Glibc)
    import Glibc
#endif

/// The live `wav:PATH` and `null` outputs: takes one period per period of wall-clock time (paced by
/// `clock_nanosleep` on the monotonic clock, keeping ``bufferFrames`` ahead as a device would), so a live
/// session into a file sounds, and is timed, as it would on a sound card. With a writer, every block goes
/// to the WAV file from the audio thread; the writer reuses one scratch buffer, so this does not allocate,
/// but the file write itself may wait for the disk (acceptable for a file, which has no deadline).
public final class PacedSink: AudioSink {
    /// The sink as the user named it.
    public let name: String
    /// Frames per second.
    public let sampleRate: Double
    /// Interleaved channels per frame.
    public let channelCount: Int
    /// Frames per block.
    public let periodFrames: Int
    /// Frames queued when full.
    public let bufferFrames: Int
    /// Why the sink stopped taking audio.
    public private(set) var failure: (any Error & Sendable)?
    private let writer: WAVFileWriter?
    private var pacer: RealTimePacer

    /// A sink that discards audio at real-time pace.
    public convenience init(sampleRate: Double = 48_000, periodFrames: Int = 256) {
        self.init(
            name: "null", writer: nil, sampleRate: sampleRate, channelCount: 1, periodFrames: periodFrames)
    }

    /// A sink that writes a WAV file at `path` in real time (created or truncated now).
    /// - Throws: ``FileError`` when the file cannot be created.
    public convenience init(
        wavPath path: String, sampleRate: Double = 48_000, encoding: WAVFormat.SampleEncoding = .float32,
        periodFrames: Int = 256
    ) throws(FileError) {
        let writer = try WAVFileWriter(
            path: path, format: WAVFormat(sampleRate: Int(sampleRate), channelCount: 1, encoding: encoding))
        self.init(
            name: "wav:\(path)", writer: writer, sampleRate: sampleRate, channelCount: 1,
            periodFrames: periodFrames)
    }

    private init(
        name: String, writer: WAVFileWriter?, sampleRate: Double, channelCount: Int, periodFrames: Int
    ) {
        self.name = name
        self.writer = writer
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.periodFrames = periodFrames
        bufferFrames = 2 * periodFrames
        pacer = RealTimePacer(sampleRate: sampleRate, bufferFrames: 2 * periodFrames)
    }

    /// Writes one block (see ``AudioSink/write(_:frameCount:)``).
    public func write(_ samples: UnsafePointer<Float>, frameCount: Int) -> Bool {
        do {
            try writer?.append(samples, frameCount: frameCount)
        } catch {
            failure = error
            return false
        }
        pacer.taken(frameCount)
        return true
    }

    /// `null` rests; a file does not (its silence is part of the recording).
    public var canRest: Bool { writer == nil }

    /// Nothing to stop: the pacer only counts.
    public func rest() {}

    /// The pacer counts from the next write.
    public func endRest() { pacer.reset() }

    /// A file (`wav:`) or nothing (`null`).
    public var stack: AudioStack { writer == nil ? .null : .file }

    /// Frames taken ahead of the wall clock (see ``AudioSink/queuedFrames``).
    public var queuedFrames: Int { pacer.queuedFrames }

    /// Closes the sink (see ``AudioSink/close()``).
    public func close() {
        do {
            try writer?.finish()
        } catch {
            failure = failure ?? error
        }
    }
}
