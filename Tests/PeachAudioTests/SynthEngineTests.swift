// SynthEngineTests: precision, click-freedom, gain and timbres of the internal synth, measured on samples.

import Foundation
import PeachCore
import PeachTestSupport
import Testing

@testable import PeachAudio

@MainActor
@Suite("SynthEngine")
struct SynthEngineTests {
    func render(
        sampleRate: Double = 48_000, timbre: String = "sine", seconds: Double, blockFrames: Int = 64,
        _ script: (SynthNotePlayer, Int) throws -> Void
    ) throws -> [Float] {
        let engine = SynthEngine(sampleRate: sampleRate)
        let player = try SynthNotePlayer(engine: engine, timbre: timbre)
        let renderer = OfflineRenderer(engine: engine, blockFrames: blockFrames)
        var samples: [Float] = []
        var block = 0
        renderer.render(seconds: seconds) { pointer, frames in
            try? script(player, block)
            samples.append(contentsOf: UnsafeBufferPointer(start: pointer, count: frames))
            block += 1
        }
        return samples
    }

    @Test(
        "rendered frequency within 0.01 cent of the request, notes 21–108, any offset, 44.1 and 48 kHz",
        arguments: [44_100.0, 48_000.0])
    func precision(sampleRate: Double) throws {
        let tuning = EqualTemperament.standard
        var worst = 0.0
        for (number, cents) in [
            (21, 0.0), (33, -49.9), (45, 13.7), (57, 0.05), (69, -100), (81, 37.3), (96, -7.1), (108, 99.9),
        ] {
            let target = tuning.frequency(of: try MIDINote(validating: number), offsetBy: Cents(cents))
            let samples = try render(sampleRate: sampleRate, seconds: 2.5) { player, block in
                if block == 0 { _ = try player.play(frequency: target, velocity: 63, amplitude: 0) }
            }
            let measured = Measure.frequency(samples, sampleRate: sampleRate, from: 0.1, to: 2.5)
            worst = max(worst, abs(1200 * log2(measured / target.hertz)))
        }
        #expect(worst < 0.01, "worst error \(worst) cents")
    }

    @Test(
        "the rotating oscillator stays on the exact sine across long blocks (re-anchored every chunk)",
        arguments: [(21, 0.0), (69, 12.3), (108, 99.9)])
    func rotationStaysExact(note: Int, cents: Double) throws {
        let target = EqualTemperament.standard.frequency(
            of: try MIDINote(validating: note), offsetBy: Cents(cents))
        let samples = try render(seconds: 3, blockFrames: 1000) { player, block in
            if block == 0 { _ = try player.play(frequency: target, velocity: 63, amplitude: 0) }
        }
        let increment = target.hertz / 48_000
        var worst = 0.0
        // The note starts with the second block (the script runs after each block); its attack ramp is 480 frames.
        for frame in 2000..<samples.count {
            let cycles = Double(frame - 1000) * increment
            let exact = SynthEngine.nominalPeak * sin(2 * Double.pi * (cycles - cycles.rounded(.down)))
            worst = max(worst, abs(Double(samples[frame]) - exact))
        }
        // Float output resolves 0.25 to about 3e-8; a drifting rotation would be off by far more.
        #expect(worst < 1e-6, "largest deviation \(worst) from the exact sine")
    }

    @Test(
        "no clicks: every sample step stays within the sine's own slope at start, stop, retrigger and glides")
    func noClicks() throws {
        let frequency = 880.0
        let samples = try render(seconds: 1.5) { player, block in
            switch block {
            case 10:
                Holder.handle = try player.play(
                    frequency: Frequency(hertz: frequency), velocity: 63, amplitude: 0)
            case 200: try Holder.handle?.adjustFrequency(Frequency(hertz: frequency * 1.05))
            case 202: try Holder.handle?.adjustFrequency(Frequency(hertz: frequency * 0.97))
            case 400:
                try Holder.handle?.stop()
                Holder.handle = try player.play(
                    frequency: Frequency(hertz: frequency), velocity: 63, amplitude: 0)
            case 700: try Holder.handle?.stop()
            default: break
            }
        }
        let limit = 2 * Double.pi * frequency * 1.06 * SynthEngine.nominalPeak / 48_000
        #expect(Measure.largestStep(samples) <= limit * 1.02)
        #expect(samples[0..<640].allSatisfy { $0 == 0 })
        #expect(samples.suffix(10_000).allSatisfy { $0 == 0 })
    }

    @Test("gain in dB is exact", arguments: [0.0, -6.0, -20.0, 6.0, 12.0])
    func gain(decibels: Double) throws {
        let samples = try render(seconds: 1) { player, block in
            if block == 0 {
                _ = try player.play(frequency: 500, velocity: 63, amplitude: AmplitudeDB(decibels))
            }
        }
        let rms = Measure.rms(samples[4800..<48_000])
        let expected = SynthEngine.nominalPeak / 2.0.squareRoot() * pow(10, decibels / 20)
        #expect(abs(20 * log10(rms / expected)) < 0.01)
    }

    @Test("timbres are loudness-matched at the onset and keep harmonics below 0.45 × sample rate")
    func timbres() throws {
        var levels: [String: Double] = [:]
        for timbre in Timbre.all {
            let samples = try render(timbre: timbre.name, seconds: 0.2) { player, block in
                if block == 0 { _ = try player.play(frequency: 220, velocity: 63, amplitude: 0) }
            }
            levels[timbre.name] = Measure.rms(samples[480..<1440])
        }
        let sine = try #require(levels["sine"])
        for (name, level) in levels {
            #expect(abs(20 * log10(level / sine)) < 0.5, "\(name): \(level) vs \(sine)")
        }
        for timbre in Timbre.all {
            let high = try render(timbre: timbre.name, seconds: 0.3) { player, block in
                if block == 0 { _ = try player.play(frequency: 6000, velocity: 63, amplitude: 0) }
            }
            // 6 kHz: the 5th partial would be 30 kHz (aliasing to 18 kHz); only partials up to 21.6 kHz sound.
            let measured = Measure.frequency(high, sampleRate: 48_000, from: 0.05, to: 0.3)
            #expect(abs(measured - 6000) < 1, "\(timbre.name)")
        }
    }

    @Test("the tunable note glides and lands exactly; handles are idempotent")
    func glide() throws {
        let samples = try render(seconds: 2) { player, block in
            if block == 0 { Holder.handle = try player.play(frequency: 440, velocity: 63, amplitude: 0) }
            if block == 300 {
                try Holder.handle?.adjustFrequency(Frequency(hertz: 440 * pow(2, 12.5 / 1200)))
            }
            if block == 1400 {
                try Holder.handle?.stop()
                try Holder.handle?.stop()
                try Holder.handle?.adjustFrequency(1000)  // after stop: ignored
            }
        }
        let before = Measure.frequency(samples, sampleRate: 48_000, from: 0.05, to: 0.35)
        let after = Measure.frequency(samples, sampleRate: 48_000, from: 0.45, to: 1.8)
        #expect(abs(1200 * log2(before / 440)) < 0.01)
        #expect(abs(1200 * log2(after / 440) - 12.5) < 0.01)
    }

    @Test("two players on one engine never share a voice: stopping one's note leaves the other's sounding")
    func playersShareTheEngine() throws {
        let engine = SynthEngine(sampleRate: 48_000)
        let first = try SynthNotePlayer(engine: engine)
        let second = try SynthNotePlayer(engine: engine, timbre: "piano")
        let renderer = OfflineRenderer(engine: engine, blockFrames: 256)
        _ = try first.play(frequency: 440, velocity: 63, amplitude: 0)
        let stopped = try second.play(frequency: 660, velocity: 63, amplitude: 0)
        _ = renderer.renderSamples(seconds: 0.1)
        try stopped.stop()
        _ = renderer.renderSamples(seconds: 0.1)
        let samples = renderer.renderSamples(seconds: 0.5)
        let frequency = Measure.frequency(samples, sampleRate: 48_000, from: 0.05, to: 0.45)
        #expect(abs(1200 * log2(frequency / 440)) < 0.01, "the first player's A4 alone")
        #expect(Measure.rms(samples[...]) > 0.1)
    }

    @Test("a long piano note settles at its sustain floor instead of decaying into denormals")
    func longPianoNote() throws {
        let samples = try render(timbre: "piano", seconds: 40) { player, block in
            if block == 0 { _ = try player.play(frequency: 220, velocity: 63, amplitude: 0) }
        }
        let onset = Measure.rms(samples[480..<4800])
        let late = Measure.rms(samples[(samples.count - 48_000)...])
        #expect(samples.allSatisfy { $0.isFinite && ($0 == 0 || abs($0) > Float.leastNormalMagnitude) })
        #expect(abs(late / onset - 0.25) < 0.03, "late level \(late / onset) of the onset")
    }

    @Test("an unknown timbre is refused")
    func unknownTimbre() {
        #expect(throws: SynthError.unknownTimbre("kazoo")) {
            try SynthNotePlayer(engine: SynthEngine(sampleRate: 48_000), timbre: "kazoo")
        }
    }
}

/// Keeps a handle between render blocks of a scripted test.
@MainActor
enum Holder {
    static var handle: (any PlaybackHandle)?
}
