// RealTimePacer: holds a writer to real-time pace where nothing else does (a file, the null sink, ALSA's null).

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps a stream of frames at most ``bufferFrames`` ahead of the wall clock, as a device's buffer would: after
/// each block, ``taken(_:)`` sleeps (`clock_nanosleep` to an absolute deadline on the monotonic clock, so
/// no drift accumulates) until the frames taken so far minus the buffer have been due. Used by outputs that
/// accept audio as fast as it comes. It never allocates or locks, so it may run on the audio thread; sleeping
/// there is its purpose.
public struct RealTimePacer: Sendable {
    /// Frames per second.
    public let sampleRate: Double
    /// How many frames may be taken ahead of the wall clock.
    public let bufferFrames: Int
    private var start = timespec()
    private var framesTaken = 0

    /// A pacer for `sampleRate` that lets a writer run `bufferFrames` ahead.
    public init(sampleRate: Double, bufferFrames: Int) {
        self.sampleRate = sampleRate
        self.bufferFrames = bufferFrames
    }

    /// How many of the frames taken are still ahead of the wall clock: the buffer once it has filled, fewer
    /// before. Reads the monotonic clock; never allocates.
    public var queuedFrames: Int {
        guard framesTaken > 0 else { return 0 }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let elapsed = Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9
        return max(0, framesTaken - Int(elapsed * sampleRate))
    }

    /// Starts counting anew with the next frames taken (the stream restarted after a rest).
    public mutating func reset() { framesTaken = 0 }

    /// Counts `frameCount` more frames taken, and waits until they are no more than the buffer ahead.
    public mutating func taken(_ frameCount: Int) {
        if framesTaken == 0 { clock_gettime(CLOCK_MONOTONIC, &start) }
        framesTaken += frameCount
        let ahead = Double(framesTaken - bufferFrames) / sampleRate
        guard ahead > 0 else { return }
        var deadline = start
        let nanoseconds = Int(ahead * 1e9) + deadline.tv_nsec
        deadline.tv_sec += nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, nil) == EINTR {}
    }
}
