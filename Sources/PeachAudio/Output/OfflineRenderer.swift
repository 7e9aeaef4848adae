// OfflineRenderer: renders the synth faster than real time into a buffer or a WAV file.

/// Runs a ``SynthEngine`` without an audio device: renders block by block, so control changes (start, glide,
/// release) land at block boundaries, as they would from a live output thread.
public final class OfflineRenderer {
    /// The engine being rendered.
    public let engine: SynthEngine
    /// Frames per block (what a device period would be).
    public let blockFrames: Int
    private let block: UnsafeMutablePointer<Float>
    private let channelCount: Int

    /// A renderer of `engine` in blocks of `blockFrames` frames of `channelCount` channels.
    public init(engine: SynthEngine, blockFrames: Int = 128, channelCount: Int = 1) {
        self.engine = engine
        self.blockFrames = blockFrames
        self.channelCount = channelCount
        block = .allocate(capacity: blockFrames * channelCount)
    }

    deinit { block.deallocate() }

    /// Renders `seconds` of audio (rounded to whole blocks) and hands each block to `consume`.
    public func render(seconds: Double, _ consume: (UnsafePointer<Float>, Int) throws -> Void) rethrows {
        let blocks = Int((seconds * engine.sampleRate / Double(blockFrames)).rounded(.up))
        for _ in 0..<blocks {
            engine.renderer.render(into: block, frameCount: blockFrames, channelCount: channelCount)
            try consume(block, blockFrames)
        }
    }

    /// Renders `seconds` of audio and returns the samples (interleaved).
    public func renderSamples(seconds: Double) -> [Float] {
        var samples: [Float] = []
        render(seconds: seconds) { block, frames in
            samples.append(contentsOf: UnsafeBufferPointer(start: block, count: frames * channelCount))
        }
        return samples
    }
}
