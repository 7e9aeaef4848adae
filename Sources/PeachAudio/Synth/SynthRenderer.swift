// SynthRenderer: the internal synth's render side: voices, envelopes, glides, timbres, samples and clicks.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The render side of Peach's own synth: voices, envelopes, glides, additive timbres, SoundFont samples, the
/// notes placed ahead and the clicks. It is owned by the one thread that renders (the audio thread of an
/// ``AudioOutput``, or whoever drives an ``OfflineRenderer``), and reached from the control side
/// (``SynthEngine``) only through the command queue: every field here is the render thread's, and nothing of
/// the control side is.
///
/// Real-time rules: ``render(into:frameCount:channelCount:)`` never allocates, locks, logs, throws or waits.
/// Voices, envelope tables and the instrument table are allocated in `init`; an installed instrument's regions
/// arrive ready-made through the queue. Phase is kept in double precision (cycles), so a rendered note is
/// within far less than 0.01 cent of its frequency. Starts and stops use raised-cosine ramps
/// (``SynthEngine/rampDuration``); a frequency change glides geometrically over ``SynthEngine/glideDuration``
/// with a continuous phase. Output is the sum of voices, the same signal on every channel (sampled voices are
/// panned); 0 dB is a peak of ``SynthEngine/nominalPeak`` for a sine, leaving 12 dB of headroom.
public final class SynthRenderer: @unchecked Sendable {
    /// Frames per second.
    public let sampleRate: Double
    /// The most voices that can sound at once (a new note takes the oldest releasing voice if all are busy).
    static let voiceCount = SynthEngine.voiceCount
    static let nominalPeak = SynthEngine.nominalPeak

    /// The control side's commands (this side pops).
    private let commands: CommandQueue
    /// The clicks of timing training, each on its exact frame.
    let clicks: ClickTrack
    /// The notes placed ahead (an earcon's figure), each started and released on its frame.
    let placedNotes = NoteSchedule()
    /// Frames rendered since the renderer was made: the frame numbers clicks are scheduled on.
    private(set) var framePosition = 0
    private let timbres: [Timbre] = Timbre.all
    var voices: UnsafeMutablePointer<Voice>
    /// Indices of the voices that are not idle (the first `soundingCount` entries).
    let sounding: UnsafeMutablePointer<Int>
    var soundingCount = 0
    /// Per voice × partial, the partial's level above its sustained part (amplitude × floor): amplitude ×
    /// (1 − floor) at the onset, decaying each sample.
    private let partialExcess: UnsafeMutablePointer<Double>
    /// The sum of the voices for one chunk, before it is written to every channel.
    private let mix: UnsafeMutablePointer<Double>
    /// The panned sum of the sampled voices for one chunk (left, right), added to `mix` on output.
    let sampledLeft: UnsafeMutablePointer<Double>
    let sampledRight: UnsafeMutablePointer<Double>
    /// One sample layer's envelope level for each frame of the chunk, worked out before its samples are read.
    let sampledLevels: UnsafeMutablePointer<Double>
    /// Per voice, its sample layers (``layersPerVoice`` each): every region a sampled note plays.
    let layers: UnsafeMutablePointer<SampleLayer>
    /// The most regions one sampled note plays at once (a stereo pair, or a few layers).
    static let layersPerVoice = 4
    /// The most SoundFont instruments one engine holds.
    static let instrumentSlots = 4
    /// Per instrument slot, its render regions (they arrive with ``SynthCommand/install``; this side frees them).
    let instrumentRegions: UnsafeMutablePointer<UnsafeMutablePointer<RenderRegion>?>
    let instrumentRegionCounts: UnsafeMutablePointer<Int>
    /// Frames rendered per chunk; the oscillators are re-anchored to their phase at the start of each.
    static let chunkFrames = 256
    let rampTable: UnsafeMutablePointer<Double>
    let rampLength: Int
    private let glideLength: Int
    private let decayFactors: UnsafeMutablePointer<Double>  // per timbre × partial, per sample
    private let amplitudeTable: UnsafeMutablePointer<Double>  // per timbre × partial, 0 past the last
    private let floorTable: UnsafeMutablePointer<Double>  // per timbre
    private let floorAmplitudeTable: UnsafeMutablePointer<Double>  // per timbre × partial: amplitude × floor
    private let partialCounts: UnsafeMutablePointer<Int>  // per timbre
    private static let maximumPartials = 16

    /// A renderer at `sampleRate` taking its commands from `commands` (``SynthEngine`` makes it).
    init(sampleRate: Double, commands: CommandQueue) {
        self.sampleRate = sampleRate
        self.commands = commands
        clicks = ClickTrack(sampleRate: sampleRate)
        rampLength = max(1, Int((SynthEngine.rampDuration * sampleRate).rounded()))
        glideLength = max(1, Int((SynthEngine.glideDuration * sampleRate).rounded()))
        rampTable = .allocate(capacity: rampLength + 1)
        for index in 0...rampLength {
            rampTable[index] = 0.5 - 0.5 * cos(Double.pi * Double(index) / Double(rampLength))
        }
        decayFactors = .allocate(capacity: timbres.count * Self.maximumPartials)
        for (timbreIndex, timbre) in timbres.enumerated() {
            for partial in 0..<Self.maximumPartials {
                let factor: Double
                if let decay = timbre.decayTime {
                    let time = decay / Double(partial + 1).squareRoot()  // higher partials decay faster
                    factor = exp(-1 / (time * sampleRate))
                } else {
                    factor = 1
                }
                decayFactors[timbreIndex * Self.maximumPartials + partial] = factor
            }
        }
        amplitudeTable = .allocate(capacity: timbres.count * Self.maximumPartials)
        floorTable = .allocate(capacity: timbres.count)
        floorAmplitudeTable = .allocate(capacity: timbres.count * Self.maximumPartials)
        partialCounts = .allocate(capacity: timbres.count)
        for (timbreIndex, timbre) in timbres.enumerated() {
            for partial in 0..<Self.maximumPartials {
                amplitudeTable[timbreIndex * Self.maximumPartials + partial] =
                    partial < timbre.amplitudes.count ? timbre.amplitudes[partial] : 0
            }
            floorTable[timbreIndex] = timbre.sustainFloor
            for partial in 0..<Self.maximumPartials {
                let index = timbreIndex * Self.maximumPartials + partial
                floorAmplitudeTable[index] = amplitudeTable[index] * timbre.sustainFloor
            }
            partialCounts[timbreIndex] = min(timbre.amplitudes.count, Self.maximumPartials)
        }
        voices = .allocate(capacity: Self.voiceCount)
        voices.initialize(repeating: Voice(), count: Self.voiceCount)
        sounding = .allocate(capacity: Self.voiceCount)
        mix = .allocate(capacity: Self.chunkFrames)
        partialExcess = .allocate(capacity: Self.voiceCount * Self.maximumPartials)
        partialExcess.initialize(repeating: 0, count: Self.voiceCount * Self.maximumPartials)
        sampledLeft = .allocate(capacity: Self.chunkFrames)
        sampledRight = .allocate(capacity: Self.chunkFrames)
        sampledLevels = .allocate(capacity: Self.chunkFrames)
        layers = .allocate(capacity: Self.voiceCount * Self.layersPerVoice)
        layers.initialize(repeating: SampleLayer(), count: Self.voiceCount * Self.layersPerVoice)
        instrumentRegions = .allocate(capacity: Self.instrumentSlots)
        instrumentRegions.initialize(repeating: nil, count: Self.instrumentSlots)
        instrumentRegionCounts = .allocate(capacity: Self.instrumentSlots)
        instrumentRegionCounts.initialize(repeating: 0, count: Self.instrumentSlots)
    }

    deinit {
        voices.deinitialize(count: Self.voiceCount)
        voices.deallocate()
        sounding.deallocate()
        mix.deallocate()
        partialExcess.deallocate()
        rampTable.deallocate()
        decayFactors.deallocate()
        amplitudeTable.deallocate()
        floorTable.deallocate()
        floorAmplitudeTable.deallocate()
        partialCounts.deallocate()
        sampledLeft.deallocate()
        sampledRight.deallocate()
        sampledLevels.deallocate()
        layers.deallocate()
        for slot in 0..<Self.instrumentSlots { instrumentRegions[slot]?.deallocate() }
        instrumentRegions.deallocate()
        instrumentRegionCounts.deallocate()
        // An instrument installed but never taken off the queue: its regions are this side's too.
        while let command = commands.pop() {
            if case .install(_, let regions, _) = command { regions.deallocate() }
        }
    }

    /// Whether nothing sounds or waits to: no voice sounding, no note placed ahead, no click pending or
    /// ringing, no command queued. Render side.
    var isSilent: Bool {
        soundingCount == 0 && placedNotes.count == 0 && clicks.isIdle && commands.isEmpty
    }

    /// Whether a command waits (render side).
    var hasCommands: Bool { !commands.isEmpty }

    /// Refuses every later command: the render thread has stopped for good (its output failed), so a note
    /// player throws instead of waiting for a sound that never comes. Any thread.
    func refuseCommands() { commands.close() }

    // MARK: - Render side

    /// Renders `frameCount` interleaved frames of `channelCount` channels into `buffer`, replacing its
    /// contents. Call from one thread only. Never allocates, locks or waits.
    ///
    /// Work is done in chunks of at most ``chunkFrames``: each sounding voice (only those: an index list, not a
    /// scan of every slot) adds its chunk into a mix buffer allocated in `init`, then the mix is written out. A
    /// chunk in which nothing sounds (no voice, no click) is written as zeros at once, without mixing: the
    /// silence after the last voice costs next to nothing.
    public func render(into buffer: UnsafeMutablePointer<Float>, frameCount: Int, channelCount: Int) {
        while let command = commands.pop() { apply(command) }
        var done = 0
        while done < frameCount {
            let count = min(Self.chunkFrames, frameCount - done)
            let output = buffer + done * channelCount
            while let due = placedNotes.takeDue(before: framePosition + count) { apply(due) }
            if soundingCount == 0 && clicks.isIdle {
                output.update(repeating: 0, count: count * channelCount)
                framePosition += count
                done += count
                continue
            }
            mix.update(repeating: 0, count: count)
            var stereo = false
            var position = 0
            while position < soundingCount {
                let index = sounding[position]
                if voices[index].instrument >= 0 {
                    if !stereo {
                        sampledLeft.update(repeating: 0, count: count)
                        sampledRight.update(repeating: 0, count: count)
                        stereo = true
                    }
                    renderSampledChunk(of: index, count: count)
                } else {
                    renderChunk(of: index, count: count)
                }
                if voices[index].state == .idle {
                    soundingCount -= 1
                    sounding[position] = sounding[soundingCount]
                } else {
                    position += 1
                }
            }
            clicks.mix(into: mix, from: framePosition, count: count)
            framePosition += count
            if stereo && channelCount == 2 {
                // Sampled voices are panned: left and right (the common case, without the general loop's
                // per-channel choice: a third of a sampled voice's cost).
                for frame in 0..<count {
                    output[2 * frame] = Float(mix[frame] + sampledLeft[frame])
                    output[2 * frame + 1] = Float(mix[frame] + sampledRight[frame])
                }
            } else if stereo && channelCount == 1 {
                // A mono output: the panned voices' mean (no per-channel choice).
                for frame in 0..<count {
                    output[frame] = Float(
                        ((mix[frame] + sampledLeft[frame]) + (mix[frame] + sampledRight[frame])) / 2)
                }
            } else if stereo {
                // Sampled voices are panned: left and right on the first two channels, their mean elsewhere.
                for frame in 0..<count {
                    let left = mix[frame] + sampledLeft[frame]
                    let right = mix[frame] + sampledRight[frame]
                    let centre = Float((left + right) / 2)
                    for channel in 0..<channelCount {
                        output[frame * channelCount + channel] =
                            channelCount == 1
                            ? centre : channel == 0 ? Float(left) : channel == 1 ? Float(right) : centre
                    }
                }
            } else if channelCount == 2 {
                for frame in 0..<count {
                    let value = Float(mix[frame])
                    output[2 * frame] = value
                    output[2 * frame + 1] = value
                }
            } else if channelCount == 1 {
                for frame in 0..<count { output[frame] = Float(mix[frame]) }
            } else {
                for frame in 0..<count {
                    let value = Float(mix[frame])
                    for channel in 0..<channelCount { output[frame * channelCount + channel] = value }
                }
            }
            done += count
        }
    }

    private func apply(_ command: SynthCommand) {
        switch command {
        case .start(let id, let frequency, let gain, let timbre):
            let slot = freeVoiceIndex()
            if voices[slot].state == .idle {
                sounding[soundingCount] = slot
                soundingCount += 1
            }
            let timbreIndex = min(max(timbre, 0), timbres.count - 1)
            voices[slot] = Voice(
                id: id, state: .attack, frequency: frequency, gain: gain, timbre: timbreIndex)
            setSteadyFrequency(of: &voices[slot], frequency)
            let amplitudes = amplitudeTable + timbreIndex * Self.maximumPartials
            let floor = floorTable[timbreIndex]
            let excess = partialExcess + slot * Self.maximumPartials
            for partial in 0..<Self.maximumPartials { excess[partial] = amplitudes[partial] * (1 - floor) }
            updatePartialCount(of: &voices[slot])
        case .startSampled(let id, let frequency, let gain, let instrument, let velocity):
            startSampled(id: id, frequency: frequency, gain: gain, instrument: instrument, velocity: velocity)
        case .retune(let id, let frequency):
            for index in 0..<Self.voiceCount where voices[index].id == id && voices[index].state != .idle {
                let current = voices[index].frequency
                voices[index].glideRatio = pow(frequency / current, 1 / Double(glideLength))
                voices[index].glideRemaining = glideLength
                voices[index].glideTarget = frequency
                updatePartialCount(of: &voices[index], upTo: max(current, frequency))
            }
        case .release(let id):
            for index in 0..<Self.voiceCount where voices[index].id == id { beginRelease(&voices[index]) }
        case .releaseAll:
            for index in 0..<Self.voiceCount { beginRelease(&voices[index]) }
            placedNotes.removeAll()
        case .place(
            let id, let frequency, let gain, let timbre, let instrument, let velocity, let delay, let length):
            guard placedNotes.hasRoom(for: 2) else { return }
            let start = framePosition + max(0, delay)
            let command: SynthCommand =
                instrument >= 0
                ? .startSampled(
                    voice: id, frequency: frequency, gain: gain, instrument: instrument, velocity: velocity)
                : .start(voice: id, frequency: frequency, gain: gain, timbre: timbre)
            placedNotes.place(command, frame: start)
            placedNotes.place(.release(voice: id), frame: start + max(1, length))
        case .click(let frame, let accent):
            clicks.schedule(frame: frame, accent: accent)
        case .cancelClicks:
            clicks.cancelPending()
        case .install(let slot, let regions, let count):
            // Never freed here (a free may lock): the control side hands out each slot once, so the slot is
            // empty; the renderer frees every slot's regions when it goes.
            guard instrumentRegions[slot] == nil else { return }
            instrumentRegions[slot] = regions
            instrumentRegionCounts[slot] = count
        }
    }

    /// Sets a voice's frequency with no glide: its phase increment and its one-sample rotation.
    private func setSteadyFrequency(of voice: inout Voice, _ frequency: Double) {
        voice.frequency = frequency
        voice.increment = frequency / sampleRate
        voice.rotationCosine = cos(2 * Double.pi * voice.increment)
        voice.rotationSine = sin(2 * Double.pi * voice.increment)
    }

    private func beginRelease(_ voice: inout Voice) {
        guard voice.state == .attack || voice.state == .sustain else { return }
        voice.releaseStartLevel = voice.envelope
        voice.state = .release
        voice.rampPosition = 0
    }

    /// A free voice, else the quietest releasing one, else the oldest (lowest id) — never allocating.
    func freeVoiceIndex() -> Int {
        var best = 0
        for index in 0..<Self.voiceCount {
            if voices[index].state == .idle { return index }
            let candidate = voices[index]
            let current = voices[best]
            if candidate.state == .release
                && (current.state != .release || candidate.envelope < current.envelope)
            {
                best = index
            } else if current.state != .release && candidate.id < current.id {
                best = index
            }
        }
        return best
    }

    private func updatePartialCount(of voice: inout Voice, upTo frequency: Double? = nil) {
        let highest = frequency ?? voice.frequency
        let limit = 0.45 * sampleRate
        voice.partialCount = max(1, min(partialCounts[voice.timbre], Int(limit / highest)))
    }

    /// Adds `count` samples of voice `index` to the mix, advancing its envelope, phase, glide and partial decays.
    ///
    /// The oscillator is a rotation: (cos θ, sin θ) turns by the voice's phase increment each sample (a complex
    /// multiply, no libm call), and is re-anchored to the double-precision phase at the start of every chunk, so
    /// rounding cannot accumulate and pitch stays exact. Partial k is sin(kθ), by the recurrence
    /// s(k+1) = 2·cos θ·s(k) − s(k−1). While a glide changes the frequency every sample, sin and cos are
    /// computed from the phase directly (5 ms per retune).
    @inline(__always)
    private func renderChunk(of index: Int, count: Int) {
        var voice = voices[index]
        defer { voices[index] = voice }
        let timbre = voice.timbre
        let amplitudes = amplitudeTable + timbre * Self.maximumPartials
        let floorAmplitudes = floorAmplitudeTable + timbre * Self.maximumPartials
        let decays = decayFactors + timbre * Self.maximumPartials
        let excess = partialExcess + index * Self.maximumPartials
        let floor = floorTable[timbre]
        let decaying = floor < 1
        let partialCount = voice.partialCount
        let scale = voice.gain * Self.nominalPeak
        var sine = sin(2 * Double.pi * voice.phase)
        var cosine = cos(2 * Double.pi * voice.phase)
        for frame in 0..<count {
            // Envelope.
            switch voice.state {
            case .attack:
                voice.envelope = rampTable[voice.rampPosition]
                voice.rampPosition += 1
                if voice.rampPosition > rampLength { voice.state = .sustain }
            case .sustain:
                voice.envelope = 1
            case .release:
                voice.envelope = voice.releaseStartLevel * rampTable[rampLength - voice.rampPosition]
                voice.rampPosition += 1
                if voice.rampPosition > rampLength {
                    voice.state = .idle
                    return
                }
            case .idle:
                return
            }
            // Partials: partial k's level decays from its onset towards amplitude × floor.
            // One pass per sample: each partial's level (amplitude × floor, from a table, plus what has not
            // decayed yet) and its decay (the same values and order as two passes, one load fewer a partial).
            var sum: Double
            if partialCount == 1 && !decaying {
                sum = amplitudes[0] * sine
            } else {
                sum = 0
                var previous = 0.0
                var current = sine
                let twiceCosine = 2 * cosine
                if decaying {
                    for partial in 0..<partialCount {
                        let level = excess[partial]
                        sum += (floorAmplitudes[partial] + level) * current
                        excess[partial] = level * decays[partial]
                        let next = twiceCosine * current - previous
                        previous = current
                        current = next
                    }
                } else {
                    for partial in 0..<partialCount {
                        sum += (floorAmplitudes[partial] + excess[partial]) * current
                        let next = twiceCosine * current - previous
                        previous = current
                        current = next
                    }
                }
            }
            mix[frame] += sum * scale * voice.envelope
            // Phase, glide and the next sample's sine and cosine.
            voice.phase += voice.increment
            if voice.glideRemaining > 0 {
                voice.glideRemaining -= 1
                if voice.glideRemaining == 0 {
                    setSteadyFrequency(of: &voice, voice.glideTarget)
                } else {
                    voice.frequency *= voice.glideRatio
                    voice.increment = voice.frequency / sampleRate
                }
                sine = sin(2 * Double.pi * voice.phase)
                cosine = cos(2 * Double.pi * voice.phase)
            } else {
                let rotatedCosine = cosine * voice.rotationCosine - sine * voice.rotationSine
                sine = sine * voice.rotationCosine + cosine * voice.rotationSine
                cosine = rotatedCosine
            }
        }
        // Flush decayed partials to zero before they turn denormal (slow arithmetic on some CPUs).
        if decaying {
            for partial in 0..<partialCount where abs(excess[partial]) < 1e-12 { excess[partial] = 0 }
        }
        voice.phase -= voice.phase.rounded(.down)
    }
}

/// The state of one voice. A plain value with fixed-size storage, so the voice array never allocates.
struct Voice {
    enum State { case idle, attack, sustain, release }

    var id: Int32 = -1
    var state = State.idle
    var frequency = 440.0
    var gain = 0.0
    var timbre = 0
    var phase = 0.0
    var envelope = 0.0
    var rampPosition = 0
    var releaseStartLevel = 0.0
    var glideRatio = 1.0
    var glideTarget = 440.0
    var glideRemaining = 0
    var partialCount = 1
    /// Phase advance per sample (cycles): frequency / sample rate.
    var increment = 0.0
    /// The one-sample rotation of the oscillator: cos and sin of 2π × increment.
    var rotationCosine = 1.0
    var rotationSine = 0.0
    /// The SoundFont instrument slot a sampled voice plays, −1 for a built-in timbre.
    var instrument = -1
    /// How many of its sample layers a sampled voice uses.
    var layerCount = 0

    init() {}

    init(id: Int32, state: State, frequency: Double, gain: Double, timbre: Int) {
        self.id = id
        self.state = state
        self.frequency = frequency
        self.gain = gain
        self.timbre = timbre
        glideTarget = frequency
    }
}
