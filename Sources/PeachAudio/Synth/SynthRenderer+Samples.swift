// SynthEngine+Samples: the render side of SoundFont notes: region choice, resampling, loops and the envelope.

import CPeachDSP

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A ``SampleRegion`` converted for one engine: its envelope in frames at the engine's rate, its gain with the
/// preset's loudness and the nominal peak folded in. Plain values and a pointer: the render side reads it
/// without retaining anything.
struct RenderRegion {
    var keyLow: Int
    var keyHigh: Int
    var velocityLow: Int
    var velocityHigh: Int
    var data: UnsafePointer<Float>
    var start: Int
    var end: Int
    var loopStart: Int
    var loopEnd: Int
    /// 0 none, 1 continuous, 3 until release.
    var loopMode: Int
    /// The sample's rate over the engine's.
    var rateRatio: Double
    var rootKey: Double
    var tuning: Double
    var scaleTuning: Double
    var leftGain: Double
    var rightGain: Double
    var delayFrames: Int
    var attackFrames: Int
    var holdTimecents: Double
    var holdPerKey: Double
    var decayTimecents: Double
    var decayPerKey: Double
    var sustainLevel: Double
    /// The level factor per frame of the release (−100 dB over the release time).
    var releaseFactor: Double

    /// Attack and release are never shorter than the built-in timbres' ramp (10 ms), so no note starts or
    /// ends with a click whatever the SoundFont says.
    init(_ region: SampleRegion, gain: Double, outputRate: Double) {
        keyLow = region.keys.lowerBound
        keyHigh = region.keys.upperBound
        velocityLow = region.velocities.lowerBound
        velocityHigh = region.velocities.upperBound
        data = region.data
        start = region.start
        end = region.end
        loopStart = region.loopStart
        loopEnd = region.loopEnd
        loopMode = region.loopMode.rawValue
        rateRatio = region.sampleRate / outputRate
        rootKey = region.rootKey
        tuning = region.tuning
        scaleTuning = region.scaleTuning
        let level = gain * region.attenuation * SynthEngine.nominalPeak
        leftGain = level * region.leftGain
        rightGain = level * region.rightGain
        delayFrames = Int((region.delay * outputRate).rounded())
        attackFrames = max(1, Int((max(region.attack, SynthEngine.rampDuration) * outputRate).rounded()))
        holdTimecents = region.holdTimecents
        holdPerKey = region.holdPerKey
        decayTimecents = region.decayTimecents
        decayPerKey = region.decayPerKey
        sustainLevel = region.sustainLevel
        let releaseFrames = max(1, max(region.release, SynthEngine.rampDuration) * outputRate)
        releaseFactor = pow(10, -5 / releaseFrames)
    }
}

/// One sounding region of a sampled voice: where it is in its sample, how fast it moves, its envelope.
struct SampleLayer {
    enum Stage { case delay, attack, hold, decay, sustain, release, done }

    var region = 0
    /// Position in the sample, frames from its start (double precision: pitch stays exact).
    var position = 0.0
    /// Frames of sample per output frame.
    var increment = 0.0
    /// increment = factor × frequency ^ exponent (exponent = scaleTuning / 100).
    var factor = 0.0
    var exponent = 1.0
    var looping = false
    var stage = Stage.done
    var stageFrames = 0
    var level = 0.0
    var attackStep = 0.0
    var holdFrames = 0
    var decayFactor = 1.0
    var sustainLevel = 1.0
    var releaseFactor = 1.0
}

extension SynthRenderer {
    /// The A4 the SoundFont's keys are tuned to (the standard, whatever Peach's reference pitch).
    static let soundFontA4 = 440.0
    /// The most sample frames a layer may move per output frame (2^20: far beyond any real transposition).
    static let maximumIncrement = Double(1 << 20)

    /// Starts a sampled voice: every region of the instrument that holds the note's nearest key and `velocity`
    /// (up to ``layersPerVoice``). A note no region holds stays silent.
    func startSampled(id: Int32, frequency: Double, gain: Double, instrument: Int, velocity: Int) {
        guard (0..<Self.instrumentSlots).contains(instrument), let regions = instrumentRegions[instrument]
        else {
            return
        }
        let keyFraction = 69 + 12 * log2(frequency / Self.soundFontA4)
        let key = Int(min(max(keyFraction.rounded(), 0), 127))
        let slot = freeVoiceIndex()
        let layerBase = layers + slot * Self.layersPerVoice
        var count = 0
        for index in 0..<instrumentRegionCounts[instrument] where count < Self.layersPerVoice {
            let region = regions[index]
            guard (region.keyLow...region.keyHigh).contains(key),
                (region.velocityLow...region.velocityHigh).contains(velocity)
            else { continue }
            var layer = SampleLayer()
            layer.region = index
            layer.position = Double(region.start)
            // increment = rateRatio × 2^(((key − root) × scale + tuning) / 1200), key = 69 + 12 log2(f / 440).
            layer.exponent = region.scaleTuning / 100
            layer.factor =
                region.rateRatio
                * pow(2, (region.tuning + (69 - region.rootKey) * region.scaleTuning) / 1200)
                / pow(Self.soundFontA4, layer.exponent)
            layer.increment = layer.factor * pow(frequency, layer.exponent)
            // A tuning no instrument has (a hostile file) would move by more than the sample per frame: skip it.
            guard layer.increment.isFinite, layer.increment < Self.maximumIncrement else { continue }
            layer.looping = region.loopMode != 0
            layer.stage = region.delayFrames > 0 ? .delay : .attack
            layer.stageFrames = region.delayFrames
            layer.attackStep = 1 / Double(region.attackFrames)
            let keyOffset = Double(60 - key)
            let hold = pow(2, (region.holdTimecents + region.holdPerKey * keyOffset) / 1200)
            layer.holdFrames = region.holdTimecents <= -12000 ? 0 : Int((hold * sampleRate).rounded())
            let decay = pow(2, (region.decayTimecents + region.decayPerKey * keyOffset) / 1200)
            layer.decayFactor = pow(10, -5 / max(1, decay * sampleRate))
            layer.sustainLevel = region.sustainLevel
            layer.releaseFactor = region.releaseFactor
            layerBase[count] = layer
            count += 1
        }
        guard count > 0 else { return }
        if voices[slot].state == .idle {
            sounding[soundingCount] = slot
            soundingCount += 1
        }
        voices[slot] = Voice(id: id, state: .sustain, frequency: frequency, gain: gain, timbre: 0)
        voices[slot].instrument = instrument
        voices[slot].layerCount = count
        voices[slot].envelope = 0
    }

    /// Adds `count` frames of sampled voice `index` to the left and right mixes.
    ///
    /// Each layer reads its sample at a double-precision position with 4-point, 3rd-order Hermite
    /// interpolation (Catmull-Rom), and wraps at the loop end while it loops (neighbours past the loop end are
    /// read from the loop start, so a loop is seamless). A glide changes the increment every frame, following
    /// the voice's frequency. When the voice is released, each layer enters its release (and a loop-until-release
    /// layer plays on past its loop). The voice goes idle when every layer is done.
    func renderSampledChunk(of index: Int, count: Int) {
        var voice = voices[index]
        defer { voices[index] = voice }
        guard let regions = instrumentRegions[voice.instrument] else {
            voice.state = .idle
            return
        }
        let layerBase = layers + index * Self.layersPerVoice
        let released = voice.state == .release
        var loudest = 0.0
        var active = 0
        for layerIndex in 0..<voice.layerCount {
            var layer = layerBase[layerIndex]
            guard layer.stage != .done else { continue }
            let region = regions[layer.region]
            if released && layer.stage != .release {
                layer.stage = .release
                if region.loopMode == 3 { layer.looping = false }
            }
            let data = region.data
            let left = region.leftGain * voice.gain
            let right = region.rightGain * voice.gain
            let loopStart = region.loopStart
            let loopEnd = region.loopEnd
            let loopLength = Double(loopEnd - loopStart)
            var frequency = voice.frequency
            var glideRemaining = voice.glideRemaining
            // The envelope first, for the whole chunk: each frame's level into `levels`, stage by stage (a run of
            // frames at a time where nothing but the level moves), and how many frames sound before the release
            // ends. The sample loop below then only reads a level per frame: one loop doing both, a stage switch
            // per frame, held more values than there are registers and was a third of a layer's cost.
            let levels = sampledLevels
            var stage = layer.stage
            var stageFrames = layer.stageFrames
            var level = layer.level
            let soundingFrames = Self.envelope(
                of: layer, into: levels, count: count, stage: &stage, stageFrames: &stageFrames, level: &level
            )
            // The layer's moving parts in locals (registers), written back after the chunk.
            var position = layer.position
            var increment = layer.increment
            let looping = layer.looping
            let end = Double(region.end - 1)
            let loopEndPosition = Double(loopEnd)
            // The mixes' addresses too: read from `self` they were loaded again for every frame (a store through
            // them could have changed `self`, as far as the compiler knows).
            let mixLeft = sampledLeft
            let mixRight = sampledRight
            // Integer steps wrap instead of trapping (a frame count, sample indices inside the sample: no overflow
            // possible, and each check was a branch and a trap site per frame).
            var frame = 0
            while frame < soundingFrames {
                defer { frame &+= 1 }
                // The sample at the position: Catmull-Rom through the four frames around it.
                // (Truncated without Swift's range check: the position stays inside the sample, by the loop and
                // end checks below and the region's bounds checked when the SoundFont was read.)
                let whole = peach_dsp_whole(position)
                let t = position - Double(whole)
                let before = Double(data[whole &- 1])
                let here = Double(data[whole])
                var next: Double
                var after: Double
                if looping && whole &+ 2 >= loopEnd {
                    let span = loopEnd &- loopStart
                    next = Double(data[whole &+ 1 >= loopEnd ? whole &+ 1 &- span : whole &+ 1])
                    after = Double(data[whole &+ 2 >= loopEnd ? whole &+ 2 &- span : whole &+ 2])
                } else {
                    next = Double(data[whole &+ 1])
                    after = Double(data[whole &+ 2])
                }
                let c1 = 0.5 * (next - before)
                let c2 = before - 2.5 * here + 2 * next - 0.5 * after
                let c3 = 0.5 * (after - before) + 1.5 * (here - next)
                let value = (((c3 * t + c2) * t + c1) * t + here) * levels[frame]
                mixLeft[frame] += value * left
                mixRight[frame] += value * right
                // Advance, loop, glide.
                position += increment
                if looping {
                    if position >= loopEndPosition {
                        position -= loopLength
                        if position >= loopEndPosition {
                            position =
                                Double(loopStart)
                                + (position - Double(loopStart)).truncatingRemainder(dividingBy: loopLength)
                        }
                    }
                } else if position >= end {
                    stage = .done
                    break
                }
                if glideRemaining > 0 {
                    glideRemaining &-= 1
                    frequency = glideRemaining == 0 ? voice.glideTarget : frequency * voice.glideRatio
                    increment = min(
                        layer.exponent == 1
                            ? layer.factor * frequency : layer.factor * pow(frequency, layer.exponent),
                        Self.maximumIncrement)
                }
            }
            layer.stage = stage
            layer.stageFrames = stageFrames
            layer.level = level
            layer.position = position
            layer.increment = increment
            layerBase[layerIndex] = layer
            if layer.stage != .done {
                active += 1
                loudest = max(loudest, layer.level)
            }
        }
        // The voice's own glide state moves on with its layers.
        if voice.glideRemaining > 0 {
            let steps = min(count, voice.glideRemaining)
            voice.glideRemaining -= steps
            voice.frequency =
                voice.glideRemaining == 0
                ? voice.glideTarget : voice.frequency * pow(voice.glideRatio, Double(steps))
        }
        voice.envelope = loudest
        if active == 0 { voice.state = .idle }
    }

    /// The level at which a layer's release, or its decay toward a sustain level at or below it, ends the layer
    /// (−100 dB).
    static let silenceFloor = 1e-5

    /// Works out a layer's envelope for `count` frames: each frame's level into `levels`, the stage, the frames
    /// left in it and the level moved on as the frames go. Returns how many frames sound: `count`, or fewer when
    /// the layer falls silent (the frame where its level passes ``silenceFloor`` and those after it are silent).
    ///
    /// Delay, a linear attack, hold, an exponential decay to the sustain level and an exponential release, the
    /// level stepped once per frame; a stage whose level stays put (delay, hold, sustain) fills its frames at once.
    @inline(__always)
    static func envelope(
        of layer: SampleLayer, into levels: UnsafeMutablePointer<Double>, count: Int,
        stage: inout SampleLayer.Stage,
        stageFrames: inout Int, level: inout Double
    ) -> Int {
        var frame = 0
        while frame < count {
            switch stage {
            case .delay:
                level = 0
                let run = max(1, min(stageFrames, count &- frame))
                (levels + frame).update(repeating: 0, count: run)
                frame &+= run
                stageFrames &-= run
                if stageFrames <= 0 { stage = .attack }
            case .attack:
                while frame < count {
                    level += layer.attackStep
                    if level >= 1 {
                        level = 1
                        stage = .hold
                        stageFrames = layer.holdFrames
                        levels[frame] = level
                        frame &+= 1
                        break
                    }
                    levels[frame] = level
                    frame &+= 1
                }
            case .hold:
                let run = max(1, min(stageFrames, count &- frame))
                (levels + frame).update(repeating: level, count: run)
                frame &+= run
                stageFrames &-= run
                if stageFrames <= 0 { stage = .decay }
            case .decay:
                // A decay toward a sustain at or below the silence floor (a struck or plucked sound) ends where a
                // release ends, at the floor: below it the note is 100 dB down and only cost the render.
                let silentSustain = layer.sustainLevel <= silenceFloor
                let stop = silentSustain ? silenceFloor : layer.sustainLevel
                while frame < count {
                    level *= layer.decayFactor
                    if level <= stop {
                        if silentSustain {
                            if level < silenceFloor {
                                stage = .done
                                return frame
                            }
                        } else {
                            level = layer.sustainLevel
                            stage = .sustain
                            levels[frame] = level
                            frame &+= 1
                            break
                        }
                    }
                    levels[frame] = level
                    frame &+= 1
                }
            case .sustain:
                (levels + frame).update(repeating: level, count: count &- frame)
                frame = count
            case .release:
                while frame < count {
                    level *= layer.releaseFactor
                    if level < silenceFloor {
                        stage = .done
                        return frame
                    }
                    levels[frame] = level
                    frame &+= 1
                }
            case .done:
                return frame
            }
        }
        return count
    }
}
