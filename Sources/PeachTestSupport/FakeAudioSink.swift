// FakeAudioSink: an AudioSink that keeps every block in memory, signals when it has enough, and can fail on cue.

import Foundation
import PeachAudio
import Synchronization

/// An in-memory ``AudioSink`` for tests of the audio thread: keeps the samples written, signals
/// ``reachedTarget`` once `signalAfter` blocks have arrived, and fails for good at block `failAt` (as an
/// unplugged device would). It does not pace: the audio thread renders into it as fast as it can.
public final class FakeAudioSink: AudioSink, @unchecked Sendable {
    /// The error a fake sink fails with.
    public struct Unplugged: Error, Equatable, Sendable {}

    /// The sink as the user named it.
    public let name = "fake"
    /// Frames per second.
    public let sampleRate: Double
    /// Interleaved channels per frame.
    public let channelCount: Int
    /// Frames per block.
    public let periodFrames: Int
    /// Frames queued when full.
    public var bufferFrames: Int { 2 * periodFrames }
    /// Why the sink stopped taking audio.
    public private(set) var failure: (any Error & Sendable)?
    /// Signalled once, when `signalAfter` blocks have been written.
    public let reachedTarget = DispatchSemaphore(value: 0)

    /// What the audio thread writes and the test reads.
    private struct State {
        var stored: [Float] = []
        var blocks = 0
        var closeCount = 0
        var recoveries = 0
        var rests: [Int] = []
        var restEnds: [Int] = []
    }

    private let state = Mutex(State())
    private let signalAfter: Int
    private let failAt: Int?
    /// Whether the output may rest on it (``AudioSink/canRest``).
    public let canRest: Bool
    /// Signalled each time the output rests on it (``rest()``).
    public let rested = DispatchSemaphore(value: 0)
    /// Called (on the audio thread) when the output waits for room before rendering block number n (from 0).
    public var onWait: (@Sendable (Int) -> Void)?

    /// A sink of `channelCount` channels at `sampleRate` in `periodFrames`-frame blocks.
    public init(
        sampleRate: Double = 48_000, channelCount: Int = 1, periodFrames: Int = 128, signalAfter: Int = 1,
        failAt: Int? = nil, canRest: Bool = false
    ) {
        self.canRest = canRest
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.periodFrames = periodFrames
        self.signalAfter = signalAfter
        self.failAt = failAt
    }

    /// The samples written so far, interleaved.
    public var samples: [Float] { state.withLock { $0.stored } }

    /// Blocks written so far.
    public var blockCount: Int { state.withLock { $0.blocks } }

    /// How often ``close()`` was called.
    public var closedCount: Int { state.withLock { $0.closeCount } }

    /// Calls ``onWait`` with the number of the block about to be rendered.
    public func waitUntilWritable(frameCount: Int) {
        onWait?(blockCount)
    }

    /// Writes one block (see ``AudioSink/write(_:frameCount:)``).
    public func write(_ samples: UnsafePointer<Float>, frameCount: Int) -> Bool {
        let written = state.withLock { state -> Int? in
            if let failAt, state.blocks + 1 >= failAt { return nil }
            state.stored.append(
                contentsOf: UnsafeBufferPointer(start: samples, count: frameCount * channelCount))
            state.blocks += 1
            return state.blocks
        }
        guard let written else {
            failure = Unplugged()
            return false
        }
        if written == signalAfter { reachedTarget.signal() }
        return true
    }

    /// Underruns recovered from: only those played by ``recoverFromUnderrun()``.
    public var recoveryCount: Int { state.withLock { $0.recoveries } }

    /// Plays an underrun the sink recovered from (the stream restarted later).
    public func recoverFromUnderrun() { state.withLock { $0.recoveries += 1 } }

    /// The blocks written before each rest began.
    public var blocksAtRests: [Int] { state.withLock { $0.rests } }

    /// The blocks written before each rest ended.
    public var blocksAtRestEnds: [Int] { state.withLock { $0.restEnds } }

    /// Notes the rest and signals ``rested`` (see ``AudioSink/rest()``).
    public func rest() {
        state.withLock { $0.rests.append($0.blocks) }
        rested.signal()
    }

    /// Notes the end of the rest (see ``AudioSink/endRest()``).
    public func endRest() { state.withLock { $0.restEnds.append($0.blocks) } }

    /// Closes the sink (see ``AudioSink/close()``).
    public func close() {
        state.withLock { $0.closeCount += 1 }
    }
}
