// ClickTrackTests: timing training's clicks start on their exact frame, whatever the block size, and stay clean.

import Foundation
import PeachCore
import PeachTestSupport
import Testing

@testable import PeachAudio

@Suite("ClickTrack")
struct ClickTrackTests {
    /// Renders `frames` frames in blocks of `block`, pushing each command before the block that holds its
    /// frame is rendered (as the live player does, a lead time ahead).
    func render(
        frames: Int, block: Int, clicks: [(frame: Int, accent: Bool)], sampleRate: Double = 48_000
    ) -> [Float] {
        let engine = SynthEngine(sampleRate: sampleRate)
        var samples = [Float](repeating: 0, count: frames)
        var done = 0
        var pushed = false
        while done < frames {
            if !pushed {
                for click in clicks { engine.commands.push(.click(frame: click.frame, accent: click.accent)) }
                pushed = true
            }
            let count = min(block, frames - done)
            samples.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                engine.render(into: base + done, frameCount: count, channelCount: 1)
            }
            done += count
        }
        return samples
    }

    /// The frames where a click starts: a sample above half the click's peak after a stretch of silence.
    func onsets(_ samples: [Float]) -> [Int] {
        var result: [Int] = []
        var quietSince = 0
        for (index, sample) in samples.enumerated() {
            if abs(Double(sample)) > ClickTrack.peak / 2 {
                if index - quietSince > 1000 || result.isEmpty { result.append(index) }
                quietSince = index
            } else if abs(sample) > 1e-4 {
                quietSince = index
            }
        }
        return result
    }

    @Test(
        "every click's first sample is on its frame, for blocks of 64, 256, 1000 and 4096 frames",
        arguments: [64, 256, 1000, 4096])
    func sampleExact(block: Int) {
        let frames = [300, 4_097, 9_001, 20_000, 33_333]
        let samples = render(
            frames: 40_000, block: block, clicks: frames.enumerated().map { ($1, $0 == 0) })
        #expect(onsets(samples) == frames)
        for frame in frames {
            #expect(samples[frame - 1] == 0)
            #expect(abs(Double(samples[frame]) - ClickTrack.peak) < 1e-6)
        }
    }

    @Test("accented clicks are higher; a click dies away within 40 ms; cancelled clicks never sound")
    func soundAndCancel() {
        let track = ClickTrack(sampleRate: 48_000)
        #expect(track.length == 1920)
        #expect(track.sample(track.length - 1, accent: false) == 0)
        // Zero crossings in the first 5 ms: 1.6 kHz has 16, 2.4 kHz has 24.
        func crossings(accent: Bool) -> Int {
            (1..<240).count {
                (track.sample($0 - 1, accent: accent) > 0) != (track.sample($0, accent: accent) > 0)
            }
        }
        #expect(abs(crossings(accent: false) - 16) <= 1)
        #expect(abs(crossings(accent: true) - 24) <= 1)

        let engine = SynthEngine(sampleRate: 48_000)
        engine.commands.push(.click(frame: 5_000, accent: false))
        engine.commands.push(.cancelClicks)
        var samples = [Float](repeating: 1, count: 10_000)
        samples.withUnsafeMutableBufferPointer {
            guard let base = $0.baseAddress else { return }
            engine.render(into: base, frameCount: 10_000, channelCount: 1)
        }
        #expect(samples.allSatisfy { $0 == 0 })
    }

    @Test("a frame timeline maps time to the nearest frame and back")
    func timeline() {
        let timeline = FrameTimeline(frame: 1_000, time: 50, sampleRate: 48_000)
        #expect(timeline.frame(at: 50) == 1_000)
        #expect(timeline.frame(at: 51) == 49_000)
        #expect(timeline.frame(at: 50 + 0.4 / 48_000) == 1_000)
        #expect(timeline.frame(at: 50 + 0.6 / 48_000) == 1_001)
        #expect(timeline.time(of: 25_000) == 50.5)
    }
}

@Suite("FrameTimelineFilter")
struct FrameTimelineFilterTests {
    @Test("readings that lag by up to a 4 ms tick give the true origin; a drifting clock is followed")
    func filter() {
        var filter = FrameTimelineFilter(sampleRate: 48_000)
        var generator = SeededRandomGenerator(seed: 5)
        let origin = 100.0
        var estimate = 0.0
        for reading in 0..<2_000 {
            let frame = reading * 256
            let lag = Double.random(in: 0..<0.004, using: &generator)
            estimate = filter.add(frameHeard: frame, at: origin + Double(frame) / 48_000 + lag)
        }
        #expect(abs(estimate - origin) < 0.0002)
        // The device runs 100 ppm fast from now on: the estimate follows within a second's drift.
        for reading in 2_000..<6_000 {
            let frame = reading * 256
            let time = origin + Double(frame) / 48_000 * (1 - 100e-6)
            estimate = filter.add(
                frameHeard: frame, at: time + Double.random(in: 0..<0.004, using: &generator))
            if reading == 5_999 { #expect(abs(estimate - (time - Double(frame) / 48_000)) < 0.0003) }
        }
        filter.reset()
        #expect(filter.add(frameHeard: 48_000, at: 7) == 6)
    }
}
