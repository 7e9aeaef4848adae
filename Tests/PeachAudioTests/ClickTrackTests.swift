// ClickTrackTests: timing training's clicks start on their exact frame, whatever the block size, and stay clean.

import Foundation
import PeachCore
import PeachTestSupport
import Testing

@testable import PeachAudio

@MainActor
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
                for click in clicks { engine.send(.click(frame: click.frame, accent: click.accent)) }
                pushed = true
            }
            let count = min(block, frames - done)
            samples.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                engine.renderer.render(into: base + done, frameCount: count, channelCount: 1)
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
        engine.send(.click(frame: 5_000, accent: false))
        engine.send(.cancelClicks)
        var samples = [Float](repeating: 1, count: 10_000)
        samples.withUnsafeMutableBufferPointer {
            guard let base = $0.baseAddress else { return }
            engine.renderer.render(into: base, frameCount: 10_000, channelCount: 1)
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
    /// A reading's lag behind the truth on a device whose position moves in 4 ms ticks: up to a tick, and at
    /// least one reading in four taken right after a tick (the writer is woken by it).
    static func lag(_ reading: Int, _ generator: inout SeededRandomGenerator) -> Double {
        reading % 4 == 0
            ? Double.random(in: 0..<0.0002, using: &generator)
            : Double.random(in: 0..<0.004, using: &generator)
    }

    @Test(
        "readings that lag by up to a 4 ms tick give the true origin; a drifting clock is followed; no slip")
    func filter() {
        var filter = FrameTimelineFilter(sampleRate: 48_000)
        var generator = SeededRandomGenerator(seed: 5)
        let origin = 100.0
        var estimate = 0.0
        for reading in 0..<2_000 {
            let frame = reading * 256
            let lag = Self.lag(reading, &generator)
            let result = filter.add(frameHeard: frame, at: origin + Double(frame) / 48_000 + lag)
            estimate = result.origin
            #expect(!result.slipped, "reading \(reading)")
        }
        #expect(abs(estimate - origin) < 0.0002)
        // The device runs 100 ppm fast from now on: the estimate follows within a second's drift.
        for reading in 2_000..<6_000 {
            let frame = reading * 256
            let time = origin + Double(frame) / 48_000 * (1 - 100e-6)
            let result = filter.add(frameHeard: frame, at: time + Self.lag(reading, &generator))
            estimate = result.origin
            #expect(!result.slipped, "reading \(reading)")
            if reading == 5_999 { #expect(abs(estimate - (time - Double(frame) / 48_000)) < 0.0003) }
        }
        filter.reset()
        #expect(filter.add(frameHeard: 48_000, at: 7) == (6, false))
    }

    /// Readings of a 3 × 128 output every period, lagging as ``lag(_:_:)`` says, with the frames from `slipAt` on
    /// heard `slip` seconds later (a sound server's hidden underrun: + ; periods dropped: −). Returns the
    /// readings that found a slip and the final estimate.
    func run(slip: Double, slipAt: Int = 800, readings: Int = 1_600) -> (slips: [Int], estimate: Double) {
        var filter = FrameTimelineFilter(sampleRate: 48_000, buffer: 384 / 48_000, period: 128 / 48_000)
        var generator = SeededRandomGenerator(seed: 9)
        var slips: [Int] = []
        var estimate = 0.0
        for reading in 0..<readings {
            let frame = reading * 128
            let lag = Self.lag(reading, &generator)
            let shift = reading >= slipAt ? slip : 0
            let result = filter.add(frameHeard: frame, at: 50 + Double(frame) / 48_000 + shift + lag)
            if result.slipped { slips.append(reading) }
            estimate = result.origin
        }
        return (slips, estimate)
    }

    @Test(
        "a slip without an underrun (frames heard a buffer later, or earlier) is found within the buffer and a period, and the estimate starts anew",
        arguments: [0.008, 0.016, 0.064, 0.0027, -0.008, -0.0027])
    func slips(slip: Double) {
        let (slips, estimate) = run(slip: slip)
        #expect(slips.count == 1, "\(slips)")
        // Late: found once readings stayed late for the window (20 ms: 8 readings); early: by the first reading
        // right after a tick.
        #expect((800...(slip > 0 ? 810 : 803)).contains(slips.first ?? -1), "\(slips)")
        #expect(abs(estimate - (50 + slip)) < 0.0004)
    }

    @Test("a slip smaller than the tolerance (1 ms) is no slip; its readings are taken in")
    func smallSlip() {
        #expect(run(slip: 0.001).slips.isEmpty)
        #expect(run(slip: -0.001).slips.isEmpty)
    }

    @Test(
        "a start's first readings, read short (a server starting its graph), are a slip once the true ones come: the timeline is right before the first click"
    )
    func startReadShort() {
        // PipeWire's first readings came 130-310 ms short; 2.5 ms short would already misplace a click.
        for early in [0.0025, 0.13] {
            var filter = FrameTimelineFilter(sampleRate: 48_000, buffer: 768 / 48_000, period: 256 / 48_000)
            var generator = SeededRandomGenerator(seed: 13)
            var estimate = 0.0
            var slips: [Double] = []
            for reading in 0..<188 {  // 1.0 s of 256-frame periods: a session's settling time
                let frame = reading * 256
                let truth = 50 + Double(frame) / 48_000
                // Short for the first 0.3 s, then as a device reads.
                let time = truth + Self.lag(reading, &generator) - (truth - 50 < 0.3 ? early : 0)
                let result = filter.add(frameHeard: frame, at: time)
                estimate = result.origin
                if result.slipped { slips.append(truth - 50) }
            }
            #expect(abs(estimate - 50) < 0.0002, "\(estimate - 50)")
            // Found within the window after the true readings begin; the output then settles anew.
            #expect(slips.count == 1 && (0.3...0.33).contains(slips.first ?? 0), "\(slips)")
        }
    }

    @Test(
        "a server's stream that drifts 2,000 ppm from the nominal rate (PipeWire resampling it in the VM) is followed within a millisecond, with no slip",
        arguments: [2000e-6, -2000e-6])
    func fastDrift(drift: Double) {
        var filter = FrameTimelineFilter(sampleRate: 48_000, buffer: 768 / 48_000, period: 256 / 48_000)
        var generator = SeededRandomGenerator(seed: 17)
        var worst = 0.0
        var slips = 0
        for reading in 0..<2_000 {  // 10.7 s of 256-frame periods
            let frame = reading * 256
            let elapsed = Double(frame) / 48_000 * (1 + drift)
            let result = filter.add(frameHeard: frame, at: 50 + elapsed + Self.lag(reading, &generator))
            if result.slipped { slips += 1 }
            // Where the timeline puts the frame being heard now, against the truth, once settled.
            let believed = result.origin + Double(frame) / 48_000
            if elapsed > 1 { worst = max(worst, abs(believed - (50 + elapsed))) }
        }
        #expect(slips == 0)
        #expect(worst < 0.001, "\(worst * 1000) ms")
    }

    @Test("single late readings (a preempted thread) are not a slip, however late")
    func lateReadings() {
        var filter = FrameTimelineFilter(sampleRate: 48_000, buffer: 384 / 48_000, period: 128 / 48_000)
        for reading in 0..<2_000 {
            let frame = reading * 128
            let lag = reading % 5 == 0 ? 0.0 : 0.030  // four in five readings 30 ms late
            #expect(!filter.add(frameHeard: frame, at: 50 + Double(frame) / 48_000 + lag).slipped)
        }
    }
}
