// SynthKeysTests: the keys played through from the input thread, heard in the synth's samples.

import Foundation
import PeachCore
import PeachTestSupport
import Testing

@testable import PeachAudio

@MainActor
@Suite("Play-through on the input thread (SynthKeys)")
struct SynthKeysTests {
    /// Renders `blocks` blocks of 480 frames (10 ms at 48 kHz), running `script` before each with its index.
    func render(
        blocks: Int, _ script: (any InputPlayThrough, Int) -> Void
    ) throws -> [Float] {
        let engine = SynthEngine(sampleRate: 48_000)
        let player = try SynthNotePlayer(engine: engine)
        let keys = try #require(player.inputPlayThrough)
        var samples: [Float] = []
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 480)
        defer { buffer.deallocate() }
        for block in 0..<blocks {
            script(keys, block)
            engine.renderer.render(into: buffer, frameCount: 480, channelCount: 1)
            samples.append(contentsOf: UnsafeBufferPointer(start: buffer, count: 480))
        }
        return samples
    }

    /// The RMS of block `index` (480 frames), or of blocks `index` to `last`.
    func level(_ samples: [Float], block index: Int, through last: Int? = nil) -> Double {
        Measure.rms(samples[(index * 480)..<(((last ?? index) + 1) * 480)])
    }

    /// A sine's RMS at 0 dB: it peaks at the nominal peak.
    static let sineLevel = SynthEngine.nominalPeak / 2.squareRoot()

    @Test(
        "a key sounds only while armed, at its pitch from the reference and its velocity's loudness; a release ends it"
    )
    func armedKeys() throws {
        let a4 = try MIDINote(validating: 69)
        let samples = try render(blocks: 100) { keys, block in
            switch block {
            case 0: keys.noteOn(a4, velocity: 127, at: 0.5)  // disarmed: nothing
            case 10: keys.arm(referencePitch: Frequency(hertz: 442), gain: .nominal)
            case 11: keys.noteOn(a4, velocity: 127, at: 1.0)
            case 40: keys.noteOff(a4)
            case 60: keys.noteOn(a4, velocity: 64, at: 2.0)
            default: break
            }
        }
        #expect(level(samples, block: 5) == 0)
        let loud = level(samples, block: 20, through: 39)
        #expect(abs(loud / Self.sineLevel - 1) < 0.01)
        let measured = Measure.frequency(samples, sampleRate: 48_000, from: 0.15, to: 0.39)
        #expect(abs(1200 * log2(measured / 442)) < 0.05, "\(measured) Hz")
        #expect(level(samples, block: 55) == 0)  // released: the 10 ms ramp is long over
        // Velocity 64: 40·log10(64/127) dB below velocity 127.
        let soft = level(samples, block: 70, through: 89)
        #expect(abs(20 * log10(soft / loud) - 40 * log10(64.0 / 127)) < 0.01)
    }

    @Test(
        "the pedal holds released keys until lifted; a key struck again restarts; disarm silences and tells the stamps"
    )
    func pedalAndDisarm() throws {
        let c4 = try MIDINote(validating: 60)
        let e4 = try MIDINote(validating: 64)
        var told: [Bool] = []
        let samples = try render(blocks: 120) { keys, block in
            switch block {
            case 0: keys.arm(referencePitch: Frequency(hertz: 440), gain: .nominal)
            case 1:
                keys.sustain(true)
                keys.noteOn(c4, velocity: 127, at: 1.0)
            case 5: keys.noteOff(c4)  // held by the pedal
            case 30: keys.sustain(false)  // released here
            case 50:
                keys.noteOn(e4, velocity: 127, at: 2.0)
                keys.noteOn(e4, velocity: 127, at: 2.1)  // again: one voice, restarted
                told = [
                    keys.sounded(e4, at: 2.1), keys.sounded(e4, at: 2.0), keys.sounded(c4, at: 1.0),
                    keys.sounded(c4, at: 2.1),
                ]
            case 80: keys.disarm()
            case 100:
                keys.noteOn(c4, velocity: 127, at: 3.0)  // disarmed: silent
                told.append(keys.sounded(c4, at: 3.0))
            default: break
            }
        }
        #expect(level(samples, block: 20) > 0.1)  // still held
        #expect(level(samples, block: 40) == 0)
        // One voice for the key struck twice: the level of one sine, not two.
        #expect(abs(level(samples, block: 60, through: 79) / Self.sineLevel - 1) < 0.01)
        #expect(level(samples, block: 90) == 0)
        #expect(level(samples, block: 110) == 0)
        #expect(told == [true, false, true, false, false])
    }
}
