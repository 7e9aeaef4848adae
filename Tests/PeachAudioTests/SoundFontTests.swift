// SoundFontTests: the SoundFont reader's rules and the sampled synth's pitch, loops, envelope, pan and loudness.

import Foundation
import PeachCore
import PeachTestSupport
import Testing

@testable import PeachAudio

@MainActor
@Suite("SoundFont")
struct SoundFontTests {
    typealias Builder = SoundFontBuilder

    /// A 430 Hz sine at 44.1 kHz (430 whole cycles in its 44,100-frame loop), root A4, pitch correction +30
    /// cents; the instrument adds fine tune +7 and the preset +3: 40 cents in all.
    static func sineFont(
        instrumentGenerators: [(UInt16, Int16)] = [], presetGenerators: [(UInt16, Int16)] = [],
        amplitude: Double = 0.5, period: Int = 44_100, cycles: Int = 430
    ) -> Builder {
        let sample = Builder.Sample(
            name: "sine430",
            frames: Builder.sine(count: period, period: period, cycles: cycles, amplitude: amplitude),
            sampleRate: 44_100, originalPitch: 69, pitchCorrection: 30)
        let instrument = Builder.Part(
            name: "Sine",
            zones: [Builder.Zone([Builder.generator(.fineTune, 7)] + instrumentGenerators, target: 0)])
        let preset = Builder.Part(
            name: "Looped Sine",
            zones: [Builder.Zone([Builder.generator(.fineTune, 3)] + presetGenerators, target: 0)])
        var builder = Builder(samples: [sample], instruments: [instrument], presets: [preset])
        builder.instruments[0].zones[0].generators.append(Builder.generator(.sampleModes, 1))
        return builder
    }

    static func instrument(_ builder: Builder, preset: Int = 0) throws -> SampledInstrument {
        let font = try SoundFont(bytes: builder.bytes(), path: "test.sf2")
        return try SampledInstrument(soundFont: font, preset: font.presets[preset])
    }

    /// Renders `seconds` at 48 kHz in 64-frame blocks; `script` runs after each block (a note played after
    /// block 0 starts at frame 64).
    static func render(
        _ instrument: SampledInstrument, seconds: Double, channels: Int = 1,
        _ script: (SynthNotePlayer, Int) throws -> Void
    ) throws -> [Float] {
        let engine = SynthEngine(sampleRate: 48_000)
        let player = try SynthNotePlayer(engine: engine, instrument: instrument)
        let renderer = OfflineRenderer(engine: engine, blockFrames: 64, channelCount: channels)
        var samples: [Float] = []
        var block = 0
        try renderer.render(seconds: seconds) { pointer, frames in
            try script(player, block)
            samples.append(contentsOf: UnsafeBufferPointer(start: pointer, count: frames * channels))
            block += 1
        }
        return samples
    }

    nonisolated(unsafe) static var handle: (any PlaybackHandle)?

    // MARK: - Reader

    @Test("presets are listed and found by name, bank:program or program")
    func presets() throws {
        var builder = Self.sineFont()
        builder.presets.append(
            Builder.Part(name: "Second", zones: [Builder.Zone(target: 0)], bank: 8, program: 4))
        let font = try SoundFont(bytes: builder.bytes(), path: "test.sf2")
        #expect(font.name == "Test Font")
        #expect(font.presets.map(\.name) == ["Looped Sine", "Second"])
        #expect(font.preset(named: "second")?.number == "8:4")
        #expect(font.preset(named: "8:4")?.name == "Second")
        #expect(font.preset(named: "4")?.name == "Second")
        #expect(font.preset(named: "0:0")?.name == "Looped Sine")
        #expect(font.preset(named: "Nothing") == nil)
        #expect(font.firstPreset.name == "Looped Sine")
    }

    @Test("generators: global zones, preset values added, key and velocity ranges intersected")
    func generatorRules() throws {
        let sample = Builder.Sample(
            name: "s", frames: [Int16](repeating: 1000, count: 100), sampleRate: 44_100)
        let instrument = Builder.Part(
            name: "I",
            zones: [
                Builder.Zone(
                    [Builder.generator(.coarseTune, 2), Builder.generator(.release, -1200)], target: nil),
                Builder.Zone([Builder.range(.keyRange, 0...59), Builder.generator(.fineTune, 5)], target: 0),
                Builder.Zone(
                    [
                        Builder.range(.keyRange, 60...127), Builder.range(.velocityRange, 0...80),
                        Builder.generator(.coarseTune, -1),
                    ], target: 0),
            ])
        let preset = Builder.Part(
            name: "P",
            zones: [
                Builder.Zone([Builder.generator(.fineTune, 10)], target: nil),
                Builder.Zone(
                    [Builder.range(.keyRange, 48...72), Builder.generator(.fineTune, 20)], target: 0),
            ])
        let font = try SoundFont(
            bytes: Builder(samples: [sample], instruments: [instrument], presets: [preset]).bytes(),
            path: "t.sf2")
        let regions = try font.regions(of: font.presets[0])
        #expect(regions.count == 2)
        // Zone 1: keys 0–59 ∩ 48–72; coarse 2 from the global zone; fine 5 + 20 (the preset's local replaces its global).
        #expect(regions[0].keys == 48...59)
        #expect(regions[0][.coarseTune] == 2 && regions[0][.fineTune] == 25)
        #expect(regions[0][.releaseVolumeEnvelope] == -1200)
        // Zone 2: its own coarse −1 replaces the global one; velocity 0–80.
        #expect(regions[1].keys == 60...72 && regions[1].velocities == 0...80)
        #expect(regions[1][.coarseTune] == -1 && regions[1][.fineTune] == 20)
        #expect(regions[1][.scaleTuning] == 100 && regions[1][.attackVolumeEnvelope] == -12000)
    }

    @Test("24-bit samples: the sm24 chunk's low bytes extend the 16-bit frames")
    func twentyFourBit() throws {
        let sample = Builder.Sample(name: "s", frames: [256, -1, 0, 32767], sampleRate: 48_000)
        let instrument = Builder.Part(name: "I", zones: [Builder.Zone(target: 0)])
        var builder = Builder(
            samples: [sample], instruments: [instrument],
            presets: [Builder.Part(name: "P", zones: [Builder.Zone(target: 0)])])
        builder.lowBytes = [0x80, 0x40, 0x01, 0xFF] + [UInt8](repeating: 0, count: 46)
        // A region's data points into its instrument's buffers: the instrument must outlive every read
        // (AddressSanitizer caught a read after a temporary instrument was freed).
        let loaded = try Self.instrument(builder)
        withExtendedLifetime(loaded) {
            let data = loaded.regions[0].data
            #expect(data[0] == Float(256 << 8 | 0x80) / 8_388_608)
            #expect(data[1] == Float(-256 + 0x40) / 8_388_608)
            #expect(data[2] == Float(1) / 8_388_608)
            #expect(data[3] == Float(32767 << 8 | 0xFF) / 8_388_608)
        }
        // Without sm24: 16-bit.
        builder.lowBytes = nil
        let sixteen = try Self.instrument(builder)
        withExtendedLifetime(sixteen) { #expect(sixteen.regions[0].data[0] == Float(256) / 32768) }
    }

    // MARK: - Pitch

    @Test(
        "pitch within 0.01 cent of the SoundFont's tuning on notes 21–108, far from the root, 44.1 kHz file at 48 kHz"
    )
    func pitchIsExact() throws {
        let instrument = try Self.instrument(Self.sineFont())
        let tuning = EqualTemperament.standard
        var worst = 0.0
        for (note, cents) in [
            (21, 0.0), (33, -49.9), (48, 13.7), (69, 0.05), (81, 37.3), (96, -7.1), (108, 0.3),
        ] {
            let request = tuning.frequency(of: try MIDINote(validating: note), offsetBy: Cents(cents))
            let samples = try Self.render(instrument, seconds: 2.5) { player, block in
                if block == 0 { _ = try player.play(frequency: request, velocity: 63, amplitude: 0) }
            }
            // The file: 430 Hz recorded, said to be 440 Hz − 40 cents.
            let expected = request.hertz * 430 / 440 * pow(2, 40.0 / 1200)
            let measured = Measure.frequency(samples, sampleRate: 48_000, from: 0.1, to: 2.5)
            worst = max(worst, abs(1200 * log2(measured / expected)))
        }
        #expect(worst < 0.01, "worst error \(worst) cents")
    }

    @Test("scale tuning, coarse tune and an overriding root key move the pitch as the SoundFont says")
    func tuningGenerators() throws {
        let instrument = try Self.instrument(
            Self.sineFont(instrumentGenerators: [
                Builder.generator(.scaleTuning, 50), Builder.generator(.coarseTune, -12),
                Builder.generator(.overridingRootKey, 57),
            ]))
        let request = Frequency(hertz: 880)  // key 81: 24 keys above the root, 50 cents each = one octave
        let samples = try Self.render(instrument, seconds: 1.5) { player, block in
            if block == 0 { _ = try player.play(frequency: request, velocity: 63, amplitude: 0) }
        }
        // 430 Hz at root 57 (a tuning of 40 cents): + 24 × 50 cents − 1200 cents.
        let expected = 430 * pow(2, (24.0 * 50 - 1200 + 40) / 1200)
        let measured = Measure.frequency(samples, sampleRate: 48_000, from: 0.1, to: 1.5)
        #expect(abs(1200 * log2(measured / expected)) < 0.01, "measured \(measured) Hz, expected \(expected)")
    }

    @Test("a retune glides continuously to the new pitch")
    func glide() throws {
        let instrument = try Self.instrument(Self.sineFont())
        let samples = try Self.render(instrument, seconds: 2) { player, block in
            if block == 0 {
                Self.handle = try player.play(frequency: Frequency(hertz: 440), velocity: 63, amplitude: 0)
            }
            if block == 300 { try Self.handle?.adjustFrequency(Frequency(hertz: 466.16)) }
        }
        let before = Measure.frequency(samples, sampleRate: 48_000, from: 0.1, to: 0.39)
        let after = Measure.frequency(samples, sampleRate: 48_000, from: 0.5, to: 2)
        let factor = 430 / 440 * pow(2, 40.0 / 1200)
        #expect(abs(1200 * log2(before / (440 * factor))) < 0.01)
        #expect(abs(1200 * log2(after / (466.16 * factor))) < 0.01)
        let steady = Measure.largestStep(Array(samples[10_000..<18_000]))
        #expect(Measure.largestStep(Array(samples[18_000..<21_000])) < steady * 1.1, "a jump at the glide")
    }

    // MARK: - Clicks, loops, envelope

    @Test("no clicks at note start, loop point and release")
    func noClicks() throws {
        // A 0.1 s loop (43 cycles in 4,410 frames) wraps 20 times in this note.
        let instrument = try Self.instrument(Self.sineFont(period: 4410, cycles: 43))
        let samples = try Self.render(instrument, seconds: 2.5) { player, block in
            if block == 0 {
                Self.handle = try player.play(frequency: Frequency(hertz: 880), velocity: 63, amplitude: 0)
            }
            if block == 1500 { try Self.handle?.stop() }
        }
        let steady = Measure.largestStep(Array(samples[20_000..<30_000]))
        let whole = Measure.largestStep(samples)
        #expect(whole <= steady * 1.02, "largest step \(whole), steady \(steady)")
        #expect(samples.suffix(1000).allSatisfy { $0 == 0 }, "the note ended")
    }

    @Test("a struck note (sustain 100 dB down) ends where its decay reaches −100 dB, not rendered below it")
    func struckNoteEnds() throws {
        let constant = Builder.Sample(
            name: "dc", frames: [Int16](repeating: 16384, count: 1000), sampleRate: 48_000, originalPitch: 69)
        let instrument = Builder.Part(
            name: "Struck",
            zones: [
                Builder.Zone(
                    [
                        // Attack 10 ms (the shortest), decay 100 dB in 100 ms, sustain 100 dB down (the file's floor).
                        Builder.generator(.decay, Int((1200 * log2(0.100)).rounded())),
                        Builder.generator(.sustain, 1000), Builder.generator(.sampleModes, 1),
                    ], target: 0)
            ])
        let preset = Builder.Part(name: "Struck", zones: [Builder.Zone(target: 0)])
        let sampled = try Self.instrument(
            Builder(samples: [constant], instruments: [instrument], presets: [preset]))
        let samples = try Self.render(sampled, seconds: 0.5) { player, block in
            if block == 0 {
                Self.handle = try player.play(frequency: Frequency(hertz: 440), velocity: 63, amplitude: 0)
            }
        }
        let peak = Double(samples.max() ?? 0)
        let ms = 48
        let decayStart = 64 + 10 * ms
        // Still sounding 95 ms into the decay (−95 dB), silent from 101 ms on: the layer has ended.
        #expect(Double(samples[decayStart + 95 * ms]) / peak > 1e-5 * 0.9)
        let end = samples.lastIndex { $0 != 0 } ?? 0
        #expect(
            abs(end - (decayStart + 100 * ms)) <= ms, "last sample at \(Double(end - decayStart) / 48) ms")
    }

    @Test("envelope: delay, attack, hold, decay to sustain and release land within a millisecond")
    func envelopeTimes() throws {
        func timecents(_ seconds: Double) -> Int { Int((1200 * log2(seconds)).rounded()) }
        let constant = Builder.Sample(
            name: "dc", frames: [Int16](repeating: 16384, count: 1000), sampleRate: 48_000, originalPitch: 69)
        let instrument = Builder.Part(
            name: "Env",
            zones: [
                Builder.Zone(
                    [
                        Builder.generator(.delay, timecents(0.020)),
                        Builder.generator(.attack, timecents(0.050)),
                        Builder.generator(.hold, timecents(0.030)),
                        Builder.generator(.decay, timecents(0.100)),
                        Builder.generator(.sustain, 200), Builder.generator(.release, timecents(0.080)),
                        Builder.generator(.sampleModes, 1),
                    ], target: 0)
            ])
        let preset = Builder.Part(name: "Env", zones: [Builder.Zone(target: 0)])
        let sampled = try Self.instrument(
            Builder(samples: [constant], instruments: [instrument], presets: [preset]))
        let releaseBlock = 1000  // released after block 1000: from frame 64,064 on
        let samples = try Self.render(sampled, seconds: 1.6) { player, block in
            if block == 0 {
                Self.handle = try player.play(frequency: Frequency(hertz: 440), velocity: 63, amplitude: 0)
            }
            if block == releaseBlock { try Self.handle?.stop() }
        }
        let peak = Double(samples.max() ?? 0)
        let level = samples.map { Double($0) / peak }
        func firstFrame(after start: Int, where condition: (Double) -> Bool) -> Double {
            Double((start..<level.count).first { condition(level[$0]) } ?? level.count)
        }
        let onset = 64.0
        let ms = 48.0
        #expect(level[0..<(64 + 950)].allSatisfy { $0 == 0 }, "silent through the delay")
        let peakFrame = firstFrame(after: 64) { $0 >= 0.9999 }
        #expect(abs(peakFrame - (onset + 70 * ms)) <= ms, "peak at \((peakFrame - onset) / ms) ms")
        let decayStart = firstFrame(after: Int(peakFrame)) { $0 < 0.9999 }
        #expect(abs(decayStart - (onset + 100 * ms)) <= ms, "decay from \((decayStart - onset) / ms) ms")
        // −20 dB of a 100 dB-per-100 ms decay: 20 ms.
        let sustainFrame = firstFrame(after: Int(decayStart)) { $0 <= 0.1 * 1.0001 }
        #expect(
            abs(sustainFrame - (onset + 120 * ms)) <= ms, "sustain from \((sustainFrame - onset) / ms) ms")
        #expect(abs(level[40_000] - 0.1) < 1e-4, "sustain level \(level[40_000])")
        // The release falls 100 dB in 80 ms: −60 dB after 48 ms.
        let releaseStart = Double((releaseBlock + 1) * 64)
        let fallen = firstFrame(after: Int(releaseStart)) { $0 <= 0.1 * 0.001 }
        #expect(
            abs(fallen - (releaseStart + 48 * ms)) <= ms, "−60 dB after \((fallen - releaseStart) / ms) ms")
    }

    @Test(
        "loop modes: none ends with the sample, continuous loops through the release, until-release plays out"
    )
    func loopModes() throws {
        // 4,800 frames at 48 kHz: 0.1 s; the loop is the middle 1,200 frames (12 whole cycles of 480 Hz).
        let frames = Builder.sine(count: 4800, period: 4800, cycles: 48, amplitude: 0.5)
        func render(mode: Int) throws -> [Float] {
            let sample = Builder.Sample(
                name: "s", frames: frames, sampleRate: 48_000, originalPitch: 69, loop: 1200..<2400)
            let instrument = Builder.Part(
                name: "I",
                zones: [
                    Builder.Zone(
                        [Builder.generator(.sampleModes, mode), Builder.generator(.release, 1200)], target: 0)
                ])
            let preset = Builder.Part(name: "P", zones: [Builder.Zone(target: 0)])
            let sampled = try Self.instrument(
                Builder(samples: [sample], instruments: [instrument], presets: [preset]))
            return try Self.render(sampled, seconds: 1.2) { player, block in
                if block == 0 {
                    Self.handle = try player.play(
                        frequency: Frequency(hertz: 440), velocity: 63, amplitude: 0)
                }
                if block == 375 { try Self.handle?.stop() }  // released at 0.5 s; release 1 s
            }
        }
        func lastSound(_ samples: [Float]) -> Double {
            Double(samples.lastIndex { $0 != 0 } ?? 0) / 48_000
        }
        // None: the sample's 0.1 s, held or not.
        #expect(abs(lastSound(try render(mode: 0)) - 0.101) < 0.002)
        // Continuous: still sounding at the end (the release lasts a second).
        #expect(lastSound(try render(mode: 1)) > 1.19)
        // Until release: loops to 0.501 s, then plays from where it is in the loop to the end: the 2,400 frames
        // after the loop and up to the loop's 1,200 (0.05–0.075 s), and stops long before its 1 s release.
        let untilRelease = lastSound(try render(mode: 3))
        #expect(untilRelease > 0.55 && untilRelease < 0.578, "ended at \(untilRelease) s")
    }

    /// A stereo pair: 440 Hz on the left sample (panned hard left), 660 Hz on the right, looped.
    static func stereoPair() throws -> SampledInstrument {
        let left = Builder.Sample(
            name: "L", frames: Builder.sine(count: 4800, period: 4800, cycles: 44, amplitude: 0.5),
            sampleRate: 48_000, originalPitch: 69, type: 4, link: 1)
        let right = Builder.Sample(
            name: "R", frames: Builder.sine(count: 4800, period: 4800, cycles: 66, amplitude: 0.5),
            sampleRate: 48_000, originalPitch: 69, type: 2, link: 0)
        let instrument = Builder.Part(
            name: "Stereo",
            zones: [
                Builder.Zone([Builder.generator(.pan, -500), Builder.generator(.sampleModes, 1)], target: 0),
                Builder.Zone([Builder.generator(.pan, 500), Builder.generator(.sampleModes, 1)], target: 1),
            ])
        let preset = Builder.Part(name: "Stereo", zones: [Builder.Zone(target: 0)])
        return try Self.instrument(
            Builder(samples: [left, right], instruments: [instrument], presets: [preset]))
    }

    @Test("a stereo pair plays its left sample left and its right sample right")
    func stereoPair() throws {
        let sampled = try Self.stereoPair()
        let samples = try Self.render(sampled, seconds: 1, channels: 2) { player, block in
            if block == 0 {
                _ = try player.play(frequency: Frequency(hertz: 440), velocity: 63, amplitude: 0)
            }
        }
        let leftChannel = stride(from: 0, to: samples.count, by: 2).map { samples[$0] }
        let rightChannel = stride(from: 1, to: samples.count, by: 2).map { samples[$0] }
        #expect(abs(Measure.frequency(leftChannel, sampleRate: 48_000, from: 0.1, to: 1) - 440) < 0.01)
        #expect(abs(Measure.frequency(rightChannel, sampleRate: 48_000, from: 0.1, to: 1) - 660) < 0.01)
    }

    @Test("a mono output plays a stereo pair's two channels' mean, and exact zeros once the voice has ended")
    func stereoPairOnMono() throws {
        let sampled = try Self.stereoPair()
        func script(_ player: SynthNotePlayer, _ block: Int) throws {
            if block == 0 {
                Self.handle = try player.play(frequency: Frequency(hertz: 440), velocity: 63, amplitude: 0)
            }
            if block == 300 { try Self.handle?.stop() }
        }
        let stereo = try Self.render(sampled, seconds: 0.8, channels: 2, script)
        let mono = try Self.render(sampled, seconds: 0.8, channels: 1, script)
        #expect(mono.count * 2 == stereo.count)
        var worst: Float = 0
        for frame in 0..<mono.count {
            worst = max(worst, abs(mono[frame] - (stereo[2 * frame] + stereo[2 * frame + 1]) / 2))
        }
        #expect(worst < 1e-6, "largest difference \(worst)")
        #expect(Measure.rms(mono[9_600..<19_200]) > 0.01)
        // Released after block 300 (frame 19,264): its 10 ms ramp is over long before frame 21,000.
        #expect(mono[21_000...].allSatisfy { $0 == 0 } && stereo[42_000...].allSatisfy { $0 == 0 })
    }

    @Test("presets of different levels sound as loud as a sine at the same gain")
    func loudnessIsNormalised() throws {
        var levels: [Double] = []
        for amplitude in [0.1, 0.8] {
            let sampled = try Self.instrument(Self.sineFont(amplitude: amplitude))
            let samples = try Self.render(sampled, seconds: 0.3) { player, block in
                if block == 0 {
                    _ = try player.play(frequency: Frequency(hertz: 440), velocity: 63, amplitude: -6)
                }
            }
            levels.append(Measure.rms(samples[4800..<14_400]))
        }
        let sine = SynthEngine.nominalPeak / 2.0.squareRoot() * pow(10, -6.0 / 20)
        for level in levels { #expect(abs(20 * log10(level / sine)) < 0.1, "level \(level), sine \(sine)") }
    }

    @Test("velocity chooses the velocity zone")
    func velocityZones() throws {
        let low = Builder.Sample(
            name: "low", frames: Builder.sine(count: 4800, period: 4800, cycles: 44, amplitude: 0.5),
            sampleRate: 48_000, originalPitch: 69)
        let high = Builder.Sample(
            name: "high", frames: Builder.sine(count: 4800, period: 4800, cycles: 88, amplitude: 0.5),
            sampleRate: 48_000, originalPitch: 69)
        let instrument = Builder.Part(
            name: "V",
            zones: [
                Builder.Zone(
                    [Builder.range(.velocityRange, 0...80), Builder.generator(.sampleModes, 1)], target: 0),
                Builder.Zone(
                    [Builder.range(.velocityRange, 81...127), Builder.generator(.sampleModes, 1)], target: 1),
            ])
        let preset = Builder.Part(name: "V", zones: [Builder.Zone(target: 0)])
        let sampled = try Self.instrument(
            Builder(samples: [low, high], instruments: [instrument], presets: [preset]))
        for (velocity, expected) in [(63, 440.0), (100, 880.0)] {
            let samples = try Self.render(sampled, seconds: 0.5) { player, block in
                if block == 0 {
                    _ = try player.play(
                        frequency: Frequency(hertz: 440), velocity: try MIDIVelocity(validating: velocity),
                        amplitude: 0)
                }
            }
            #expect(
                abs(Measure.frequency(samples, sampleRate: 48_000, from: 0.05, to: 0.5) - expected) < 0.01)
        }
    }

    @Test(
        "THD+N of the Hermite interpolator on a looped 1 kHz sine, 44.1 kHz file at 48 kHz, is below −85 dB (measured −89)"
    )
    func interpolationQuality() throws {
        let sample = Builder.Sample(
            name: "k", frames: Builder.sine(count: 44_100, period: 44_100, cycles: 1000, amplitude: 0.9),
            sampleRate: 44_100, originalPitch: 69)
        let instrument = Builder.Part(
            name: "K", zones: [Builder.Zone([Builder.generator(.sampleModes, 1)], target: 0)])
        let preset = Builder.Part(name: "K", zones: [Builder.Zone(target: 0)])
        let sampled = try Self.instrument(
            Builder(samples: [sample], instruments: [instrument], presets: [preset]))
        let samples = try Self.render(sampled, seconds: 1.2) { player, block in
            if block == 0 {
                _ = try player.play(frequency: Frequency(hertz: 440), velocity: 63, amplitude: 0)
            }
        }
        let thdn = Self.thdPlusNoise(Array(samples[9600..<57_600]), frequency: 1000, sampleRate: 48_000)
        #expect(thdn < -85, "THD+N \(thdn) dB")
    }

    /// THD+N in dB: the power left after removing the best-fitting sine at `frequency`, over the signal's.
    static func thdPlusNoise(_ samples: [Float], frequency: Double, sampleRate: Double) -> Double {
        var ss = 0.0, sc = 0.0, cc = 0.0, ys = 0.0, yc = 0.0, yy = 0.0
        for (index, sample) in samples.enumerated() {
            let phase = 2 * Double.pi * frequency * Double(index) / sampleRate
            let (s, c, y) = (sin(phase), cos(phase), Double(sample))
            ss += s * s; sc += s * c; cc += c * c; ys += y * s; yc += y * c; yy += y * y
        }
        let determinant = ss * cc - sc * sc
        let a = (ys * cc - yc * sc) / determinant
        let b = (yc * ss - ys * sc) / determinant
        var residual = 0.0
        for (index, sample) in samples.enumerated() {
            let phase = 2 * Double.pi * frequency * Double(index) / sampleRate
            let error = Double(sample) - a * sin(phase) - b * cos(phase)
            residual += error * error
        }
        return 10 * log10(residual / yy)
    }

    // MARK: - Real SoundFonts

    /// Debian's General MIDI SoundFonts, where installed (`.ci/run` installs `timgm6mb-soundfont`).
    nonisolated static let installedFonts = [
        "/usr/share/sounds/sf2/TimGM6mb.sf2", "/usr/share/sounds/sf2/FluidR3_GM.sf2",
    ]
    .filter { FileManager.default.fileExists(atPath: $0) }

    @Test(
        "the presets of Debian's SoundFonts load and sound at A4",
        .enabled(
            if: !installedFonts.isEmpty,
            "no SoundFont in /usr/share/sounds/sf2 (apt install timgm6mb-soundfont)"))
    func debianSoundFonts() throws {
        for path in Self.installedFonts {
            let font = try SoundFont.open(path: path)
            #expect(font.presets.count > 100, "\(path)")
            // Every preset of the small one; every sixth of FluidR3_GM's 189 (all of them take 24 s in a debug build).
            let step = path.hasSuffix("FluidR3_GM.sf2") ? 6 : 1
            for preset in stride(from: 0, to: font.presets.count, by: step).map({ font.presets[$0] }) {
                let instrument = try SampledInstrument(soundFont: font, preset: preset)
                let samples = try Self.render(instrument, seconds: 0.15) { player, block in
                    if block == 0 {
                        _ = try player.play(frequency: Frequency(hertz: 440), velocity: 63, amplitude: 0)
                    }
                }
                // Some General MIDI sounds (percussion, effects) have nothing at key 69: silent, never broken.
                #expect(samples.allSatisfy { $0.isFinite && abs($0) < 4 }, "\(path): \(preset.name)")
            }
        }
    }

    // MARK: - Broken files

    static func problem(_ bytes: [UInt8]) -> SoundFontError.Problem? {
        do {
            let font = try SoundFont(bytes: bytes, path: "broken.sf2")
            _ = try SampledInstrument(soundFont: font, preset: font.firstPreset)
            return nil
        } catch {
            return error.problem
        }
    }

    /// Replaces the 4-byte little-endian value `offset` bytes after the first `tag` in `bytes`.
    static func patch(_ bytes: [UInt8], after tag: String, offset: Int, _ values: [UInt8]) -> [UInt8] {
        var bytes = bytes
        let needle = Array(tag.utf8)
        let matches = (0...(bytes.count - needle.count)).filter {
            Array(bytes[$0..<($0 + needle.count)]) == needle
        }
        guard let start = matches.first else { return bytes }
        for (index, value) in values.enumerated() { bytes[start + offset + index] = value }
        return bytes
    }

    @Test("broken files of every kind get their own problem, never a crash")
    func brokenFiles() throws {
        let good = Self.sineFont().bytes()
        #expect(Self.problem(good) == nil)
        #expect(Self.problem(Array("RIFX".utf8) + good.dropFirst(4)) == .notSoundFont)
        #expect(Self.problem([]) == .notSoundFont)
        #expect(Self.problem(Array(good.prefix(good.count * 2 / 3))) == .truncated(chunk: "LIST"))
        // The first preset header's bag index (22 bytes after its name field) beyond the bags.
        #expect(
            Self.problem(Self.patch(good, after: "Looped Sine", offset: 24, [9, 0])) == .badIndex("phdr"))
        // The sample's end (24 bytes into its header) far beyond the sample data.
        #expect(
            Self.problem(Self.patch(good, after: "sine430", offset: 24, [0, 0, 0, 1]))
                == .badSample("sine430"))
        // Its sample rate 0.
        #expect(
            Self.problem(Self.patch(good, after: "sine430", offset: 36, [0, 0, 0, 0]))
                == .badSample("sine430"))
        // Its type: compressed (SoundFont 3).
        #expect(
            Self.problem(Self.patch(good, after: "sine430", offset: 44, [0x11, 0]))
                == .compressedSample("sine430"))
        // A chunk renamed away, and one with a size its records do not fit.
        #expect(
            Self.problem(Self.patch(good, after: "shdr", offset: 0, Array("xhdr".utf8)))
                == .missingChunk("shdr"))
        #expect(Self.problem(Self.patch(good, after: "pbag", offset: 4, [6, 0, 0, 0])) != nil)
        var empty = Self.sineFont()
        empty.presets = []
        #expect(Self.problem(empty.bytes()) == .noPresets)
        var silent = Self.sineFont()
        silent.presets[0].zones = [Builder.Zone([Builder.generator(.fineTune, 3)], target: nil)]
        #expect(Self.problem(silent.bytes()) == .emptyPreset("Looped Sine"))
        #expect(throws: SoundFontError.self) { try SoundFont.open(path: "/nonexistent/peach.sf2") }
        #expect(throws: SoundFontError.self) { try SoundFont.open(path: "/tmp") }
    }

    @Test("every truncation and thousands of corrupted bytes: an error or a playable preset, never a crash")
    func corruptedFiles() throws {
        let good = Self.sineFont(period: 441, cycles: 5).bytes()
        for length in stride(from: 0, to: good.count, by: 3) { _ = Self.problem(Array(good.prefix(length))) }
        var generator = SeededRandomGenerator(seed: 17)
        for _ in 0..<2000 {
            var bytes = good
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
                    in: 0...255, using: &generator)
            }
            guard let font = try? SoundFont(bytes: bytes, path: "fuzz.sf2"),
                let instrument = try? SampledInstrument(soundFont: font, preset: font.firstPreset)
            else { continue }
            // What loads must also play: 20 ms of every key.
            _ = try Self.render(instrument, seconds: 0.02) { player, block in
                if block == 0 {
                    for key in stride(from: 0, through: 127, by: 9) {
                        _ = try player.play(
                            frequency: EqualTemperament.standard.frequency(of: MIDINote(clamping: key)),
                            velocity: 63,
                            amplitude: 0)
                    }
                }
            }
        }
    }
}

extension SoundFontTests {
    @Test(
        "an instrument reaches the renderer through the command queue: installed once, at most four, none once the renderer stops"
    )
    func installThroughQueue() throws {
        let engine = SynthEngine(sampleRate: 48_000)
        let fonts = try (0..<5).map { _ in try Self.instrument(Self.sineFont()) }
        let first = try SynthNotePlayer(engine: engine, instrument: fonts[0])
        _ = try SynthNotePlayer(engine: engine, instrument: fonts[0])  // the same slot again
        for font in fonts[1..<4] { _ = try SynthNotePlayer(engine: engine, instrument: font) }
        #expect(throws: SynthError.tooManyInstruments) {
            try SynthNotePlayer(engine: engine, instrument: fonts[4])
        }
        _ = try first.play(frequency: Frequency(hertz: 440), velocity: 100, amplitude: AmplitudeDB(0))
        let samples = OfflineRenderer(engine: engine, blockFrames: 256).renderSamples(seconds: 0.1)
        #expect(
            samples.suffix(2400).map { abs($0) }.max() ?? 0 > 0.05,
            "the note of the installed instrument sounds")

        let stopped = SynthEngine(sampleRate: 48_000)
        stopped.renderer.refuseCommands()
        #expect(throws: SynthError.outputNotRunning) {
            try SynthNotePlayer(engine: stopped, instrument: fonts[0])
        }
    }
}
