// SampledInstrument: one SoundFont preset loaded for playback: its regions and their samples, in memory.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A SoundFont preset ready for the internal synth: its regions with every generator turned into what the
/// render side needs (tuning, loop, envelope times, gain, pan), and the samples they play, read from the file and
/// converted to floating point (24-bit when the file has `sm24`). Only this preset's samples are loaded.
///
/// Loudness is matched at the onset like the built-in timbres: one gain for the whole preset makes the mean
/// power of its first 100 ms, over the keys 21–108 at velocity 64, that of a sine at the same gain, so "vary
/// loudness" means the same in dB whatever the preset; the balance between its own zones stays as the
/// SoundFont has it (initial attenuation, pan).
///
/// Immutable after `init`; its sample memory lives as long as the instrument (the engine keeps it).
public final class SampledInstrument: @unchecked Sendable {
    /// The preset's name.
    public let name: String
    /// The preset.
    public let preset: SoundFontPreset
    /// The SoundFont's name.
    public let soundFontName: String
    /// Sample frames held in memory (4 bytes each).
    public let sampleFrameCount: Int
    /// The regions, rate-independent.
    let regions: [SampleRegion]
    /// The gain that matches the preset's onset loudness to a sine's.
    let loudnessGain: Double
    private let buffers: [UnsafeMutablePointer<Float>]

    /// The most sample frames one instrument may load (256 MB of samples).
    public static let maximumSampleFrames = 1 << 26
    /// Zero frames kept before and after each sample, so the interpolator never reads outside it.
    static let guardFrames = 4

    /// Loads `preset` of `soundFont`.
    /// - Throws: ``SoundFontError``: a sample outside the data, compressed or too large; a read error; a preset
    ///   with nothing playable.
    public init(soundFont: SoundFont, preset: SoundFontPreset) throws(SoundFontError) {
        func fail(_ problem: SoundFontError.Problem) -> SoundFontError {
            SoundFontError(path: soundFont.path, problem: problem)
        }
        let zones = try soundFont.regions(of: preset)
        var loaded: [Int: UnsafeMutablePointer<Float>] = [:]
        var buffers: [UnsafeMutablePointer<Float>] = []
        var frameCount = 0
        var regions: [SampleRegion] = []
        // On any error, free what was loaded.
        var success = false
        defer {
            if !success { for buffer in buffers { buffer.deallocate() } }
        }
        for zone in zones {
            let header = soundFont.samples[zone.sample]
            if header.type & 0x8000 != 0 { continue }  // a ROM sample: not in the file
            guard header.type & 0x10 == 0 else { throw fail(.compressedSample(header.name)) }
            guard header.start < header.end, header.end <= soundFont.sampleData.frames,
                (400...384_000).contains(header.sampleRate)
            else { throw fail(.badSample(header.name)) }
            let length = header.end - header.start
            let data: UnsafeMutablePointer<Float>
            if let existing = loaded[zone.sample] {
                data = existing
            } else {
                frameCount += length
                guard frameCount <= Self.maximumSampleFrames else { throw fail(.tooLarge) }
                let buffer = UnsafeMutablePointer<Float>.allocate(capacity: length + 2 * Self.guardFrames)
                buffers.append(buffer)
                buffer.initialize(repeating: 0, count: length + 2 * Self.guardFrames)
                try Self.readSamples(of: header, from: soundFont, into: buffer + Self.guardFrames)
                data = buffer + Self.guardFrames
                loaded[zone.sample] = data
            }
            if let region = SampleRegion(zone: zone, header: header, data: data) { regions.append(region) }
        }
        guard !regions.isEmpty else { throw fail(.emptyPreset(preset.name)) }
        name = preset.name
        self.preset = preset
        soundFontName = soundFont.name
        sampleFrameCount = frameCount
        self.regions = regions
        self.buffers = buffers
        loudnessGain = Self.loudnessGain(of: regions)
        success = true
    }

    deinit {
        for buffer in buffers { buffer.deallocate() }
    }

    /// Reads a sample's frames as floats in −1 … 1 (16-bit, or 24-bit with the `sm24` low bytes).
    private static func readSamples(
        of header: SoundFont.SampleHeader, from soundFont: SoundFont, into data: UnsafeMutablePointer<Float>
    ) throws(SoundFontError) {
        let length = header.end - header.start
        let piece = 1 << 16
        var done = 0
        while done < length {
            let count = min(piece, length - done)
            let bytes: [UInt8]
            var low: [UInt8]?
            do {
                bytes = try soundFont.source.read(
                    at: soundFont.sampleData.offset + 2 * (header.start + done), length: 2 * count)
                if let offset = soundFont.sampleData.lowBytesOffset {
                    low = try soundFont.source.read(at: offset + header.start + done, length: count)
                }
            } catch {
                throw SoundFontError(path: soundFont.path, problem: .unreadable(error))
            }
            for index in 0..<count {
                let high = Int16(bitPattern: UInt16(bytes[2 * index]) | UInt16(bytes[2 * index + 1]) << 8)
                if let low {
                    data[done + index] = Float(Int32(high) << 8 | Int32(low[index])) / 8_388_608
                } else {
                    data[done + index] = Float(high) / 32768
                }
            }
            done += count
        }
    }

    /// The gain that gives the preset's onset (first 100 ms, envelope aside) the RMS of a sine at the same gain:
    /// per key 21–108 the power of every region sounding at velocity 64, averaged over the keys that sound.
    private static func loudnessGain(of regions: [SampleRegion]) -> Double {
        var powers: [Int: Double] = [:]
        var total = 0.0
        var keys = 0
        for key in 21...108 {
            var power = 0.0
            var sounding = false
            for (index, region) in regions.enumerated()
            where region.keys.contains(key) && region.velocities.contains(64) {
                let onset = powers[index] ?? region.onsetPower()
                powers[index] = onset
                let panPower = (region.leftGain * region.leftGain + region.rightGain * region.rightGain) / 2
                power += onset * region.attenuation * region.attenuation * panPower
                sounding = true
            }
            if sounding {
                total += power
                keys += 1
            }
        }
        guard keys > 0, total > 0 else { return 1 }
        let sinePower = 0.5  // a unit sine's mean square
        return (sinePower / (total / Double(keys))).squareRoot()
    }
}

/// One region, rate-independent: where its sample is, how it loops, how it is tuned, its envelope and gains.
struct SampleRegion {
    /// Loop modes (`sampleModes`).
    enum LoopMode: Int {
        /// Play once to the end.
        case none = 0
        /// Loop for as long as the note sounds, the release included.
        case continuous = 1
        /// Loop until the note is released, then play on to the end.
        case untilRelease = 3
    }

    var keys: ClosedRange<Int>
    var velocities: ClosedRange<Int>
    /// The sample's frame 0 (its header's start); readable from −guard to `end` + guard.
    var data: UnsafePointer<Float>
    var start: Int
    var end: Int
    var loopStart: Int
    var loopEnd: Int
    var loopMode: LoopMode
    var sampleRate: Double
    /// The key at which the sample plays at its own rate.
    var rootKey: Double
    /// coarseTune × 100 + fineTune + the sample's pitch correction, cents.
    var tuning: Double
    /// Cents per key (`scaleTuning`, 100 for a keyboard instrument).
    var scaleTuning: Double
    /// Linear gain of the initial attenuation.
    var attenuation: Double
    /// Constant-power pan gains, 1 and 1 at the centre.
    var leftGain: Double
    var rightGain: Double
    /// Volume envelope: times in seconds; hold and decay in timecents with their per-key scaling.
    var delay: Double
    var attack: Double
    var holdTimecents: Double
    var holdPerKey: Double
    var decayTimecents: Double
    var decayPerKey: Double
    /// The sustain level as a linear gain.
    var sustainLevel: Double
    var release: Double

    init?(zone: SoundFontRegion, header: SoundFont.SampleHeader, data: UnsafePointer<Float>) {
        keys = zone.keys
        velocities = zone.velocities
        self.data = data
        let length = header.end - header.start
        func clamp(_ value: Int) -> Int { min(max(value, 0), length) }
        start = clamp(zone[.startAddressOffset] + 32768 * zone[.startAddressCoarseOffset])
        end = clamp(length + zone[.endAddressOffset] + 32768 * zone[.endAddressCoarseOffset])
        guard end - start >= 2 else { return nil }
        loopStart = min(
            max(
                header.loopStart - header.start + zone[.startLoopAddressOffset] + 32768
                    * zone[.startLoopAddressCoarseOffset], start), end)
        loopEnd = min(
            max(
                header.loopEnd - header.start + zone[.endLoopAddressOffset] + 32768
                    * zone[.endLoopAddressCoarseOffset], start), end)
        let mode = LoopMode(rawValue: zone[.sampleModes] & 3) ?? .none
        loopMode = loopEnd - loopStart >= 2 ? mode : .none
        sampleRate = Double(header.sampleRate)
        let overriding = zone[.overridingRootKey]
        let original = header.originalPitch <= 127 ? header.originalPitch : 60  // 255: unpitched
        rootKey = Double((0...127).contains(overriding) ? overriding : original)
        tuning =
            Double(min(max(zone[.coarseTune], -120), 120)) * 100 + Double(min(max(zone[.fineTune], -99), 99))
            + Double(header.pitchCorrection)
        scaleTuning = Double(min(max(zone[.scaleTuning], 0), 1200))
        attenuation = pow(10, -Double(min(max(zone[.initialAttenuation], 0), 1440)) / 200)
        let pan = Double(min(max(zone[.pan], -500), 500)) / 1000  // −0.5 … 0.5
        let angle = (pan + 0.5) * Double.pi / 2
        leftGain = cos(angle) * 2.0.squareRoot()
        rightGain = sin(angle) * 2.0.squareRoot()
        func seconds(_ generator: SoundFontGenerator, _ range: ClosedRange<Int>) -> Double {
            pow(2, Double(min(max(zone[generator], range.lowerBound), range.upperBound)) / 1200)
        }
        delay = zone[.delayVolumeEnvelope] <= -12000 ? 0 : seconds(.delayVolumeEnvelope, -12000...5000)
        attack = seconds(.attackVolumeEnvelope, -12000...8000)
        holdTimecents = Double(min(max(zone[.holdVolumeEnvelope], -12000), 5000))
        holdPerKey = Double(min(max(zone[.keyNumberToVolumeEnvelopeHold], -1200), 1200))
        decayTimecents = Double(min(max(zone[.decayVolumeEnvelope], -12000), 8000))
        decayPerKey = Double(min(max(zone[.keyNumberToVolumeEnvelopeDecay], -1200), 1200))
        sustainLevel = pow(10, -Double(min(max(zone[.sustainVolumeEnvelope], 0), 1440)) / 200)
        release = seconds(.releaseVolumeEnvelope, -12000...8000)
    }

    /// The mean square of the first 100 ms of the sample (following its loop), envelope aside.
    func onsetPower() -> Double {
        let frames = max(1, Int(0.1 * sampleRate))
        var sum = 0.0
        var position = start
        var count = 0
        while count < frames {
            if loopMode != .none, position >= loopEnd { position = loopStart }
            guard position < end else { break }
            let value = Double(data[position])
            sum += value * value
            position += 1
            count += 1
        }
        return count > 0 ? sum / Double(count) : 0
    }
}
