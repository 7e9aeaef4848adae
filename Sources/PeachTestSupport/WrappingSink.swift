// WrappingSink: an audio sink that hands everything to another, for tests that change one part of a real sink.

import PeachAudio

/// Forwards every part of ``AudioSink`` to `inner`; a test subclasses it and overrides what it changes (a writer
/// that stalls, a delay reading that is noted). Not real-time safe unless the override is.
open class WrappingSink: AudioSink, @unchecked Sendable {
    /// The sink everything goes to.
    public let inner: any AudioSink

    /// A sink that forwards to `inner`.
    public init(_ inner: any AudioSink) { self.inner = inner }

    /// The inner sink's.
    open var name: String { inner.name }
    /// The inner sink's.
    open var sampleRate: Double { inner.sampleRate }
    /// The inner sink's.
    open var channelCount: Int { inner.channelCount }
    /// The inner sink's.
    open var periodFrames: Int { inner.periodFrames }
    /// The inner sink's.
    open var bufferFrames: Int { inner.bufferFrames }
    /// The inner sink's.
    open var failure: (any Error & Sendable)? { inner.failure }
    /// The inner sink's.
    open var queuedFrames: Int { inner.queuedFrames }
    /// The inner sink's.
    open var recoveryCount: Int { inner.recoveryCount }
    /// The inner sink's.
    open var stack: AudioStack { inner.stack }
    /// The inner sink's.
    open var reportsExactDelay: Bool { inner.reportsExactDelay }
    /// The inner sink's.
    open func waitUntilWritable(frameCount: Int) { inner.waitUntilWritable(frameCount: frameCount) }
    /// The inner sink's.
    open func write(_ samples: UnsafePointer<Float>, frameCount: Int) -> Bool {
        inner.write(samples, frameCount: frameCount)
    }
    /// The inner sink's.
    open var canRest: Bool { inner.canRest }
    /// The inner sink's.
    open func rest() { inner.rest() }
    /// The inner sink's.
    open func endRest() { inner.endRest() }
    /// The inner sink's.
    open func close() { inner.close() }
}
