// SynthEngine: the internal synth's render side: voices, envelopes, glides and additive timbres.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Peach's own synth. The control side (``SynthNotePlayer``) posts commands; the render side calls
/// ``render(into:frameCount:channelCount:)`` from one audio thread.
///
/// Real-time rules: `render` never allocates, locks, logs, throws or waits. Voices, envelope tables and the
/// command queue are allocated in `init`. Phase is kept in double precision (cycles), so a rendered note is
/// within far less than 0.01 cent of its frequency. Starts and stops use raised-cosine ramps
/// (``rampDuration``); a frequency change glides geometrically over ``glideDuration`` with a continuous phase.
/// Output is the sum of voices, the same signal on every channel; 0 dB is a peak of ``nominalPeak`` for a
/// sine, leaving 12 dB of headroom.
public final class SynthEngine: @unchecked Sendable {
    /// Frames per second.
    public let sampleRate: Double
    /// The peak amplitude of a sine at 0 dB (−12 dBFS).
    public static let nominalPeak = 0.25
    /// The attack and release ramp, seconds (10 ms: no click, still a crisp onset).
    public static let rampDuration = 0.010
    /// The time a frequency change takes, seconds (5 ms: no zipper noise, no audible slide).
    public static let glideDuration = 0.005
    /// The most voices that can sound at once (a new note takes the oldest releasing voice if all are busy).
    public static let voiceCount = 8

    let commands = CommandQueue(capacity: 256)
    private let timbres: [Timbre] = Timbre.all
    private var voices: UnsafeMutablePointer<Voice>
    private let rampTable: UnsafeMutablePointer<Double>
    private let rampLength: Int
    private let glideLength: Int
    private let decayFactors: UnsafeMutablePointer<Double>  // per timbre × partial, per sample
    private let amplitudeTable: UnsafeMutablePointer<Double>  // per timbre × partial, 0 past the last
    private let floorTable: UnsafeMutablePointer<Double>  // per timbre
    private let partialCounts: UnsafeMutablePointer<Int>  // per timbre
    private static let maximumPartials = 16

    /// Creates an engine rendering at `sampleRate`.
    public init(sampleRate: Double) {
        precondition(sampleRate >= 8000 && sampleRate <= 384_000, "unsupported sample rate")
        self.sampleRate = sampleRate
        rampLength = max(1, Int((Self.rampDuration * sampleRate).rounded()))
        glideLength = max(1, Int((Self.glideDuration * sampleRate).rounded()))
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
        partialCounts = .allocate(capacity: timbres.count)
        for (timbreIndex, timbre) in timbres.enumerated() {
            for partial in 0..<Self.maximumPartials {
                amplitudeTable[timbreIndex * Self.maximumPartials + partial] =
                    partial < timbre.amplitudes.count ? timbre.amplitudes[partial] : 0
            }
            floorTable[timbreIndex] = timbre.sustainFloor
            partialCounts[timbreIndex] = min(timbre.amplitudes.count, Self.maximumPartials)
        }
        voices = .allocate(capacity: Self.voiceCount)
        voices.initialize(repeating: Voice(), count: Self.voiceCount)
    }

    deinit {
        voices.deinitialize(count: Self.voiceCount)
        voices.deallocate()
        rampTable.deallocate()
        decayFactors.deallocate()
        amplitudeTable.deallocate()
        floorTable.deallocate()
        partialCounts.deallocate()
    }

    /// The index of `timbre` in this engine's table, or nil when the engine does not have it.
    func timbreIndex(of timbre: Timbre) -> Int? { timbres.firstIndex(of: timbre) }

    // MARK: - Render side

    /// Renders `frameCount` interleaved frames of `channelCount` channels into `buffer`, replacing its
    /// contents. Call from one thread only. Never allocates, locks or waits.
    public func render(into buffer: UnsafeMutablePointer<Float>, frameCount: Int, channelCount: Int) {
        while let command = commands.pop() { apply(command) }
        for frame in 0..<frameCount {
            var sample = 0.0
            for index in 0..<Self.voiceCount where voices[index].state != .idle {
                sample += nextSample(of: &voices[index])
            }
            let value = Float(sample)
            for channel in 0..<channelCount { buffer[frame * channelCount + channel] = value }
        }
    }

    private func apply(_ command: SynthCommand) {
        switch command {
        case .start(let id, let frequency, let gain, let timbre):
            let slot = freeVoiceIndex()
            voices[slot] = Voice(
                id: id, state: .attack, frequency: frequency, gain: gain,
                timbre: min(max(timbre, 0), timbres.count - 1))
            updatePartialCount(of: &voices[slot])
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
        }
    }

    private func beginRelease(_ voice: inout Voice) {
        guard voice.state == .attack || voice.state == .sustain else { return }
        voice.releaseStartLevel = voice.envelope
        voice.state = .release
        voice.rampPosition = 0
    }

    /// A free voice, else the quietest releasing one, else the oldest (lowest id) — never allocating.
    private func freeVoiceIndex() -> Int {
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

    /// One sample of `voice`, advancing its phase, glide and envelope.
    @inline(__always)
    private func nextSample(of voice: inout Voice) -> Double {
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
                return 0
            }
        case .idle:
            return 0
        }
        // Oscillator: partial k is sin(kθ), by the recurrence s(k+1) = 2·cos θ·s(k) − s(k−1).
        let theta = 2 * Double.pi * voice.phase
        let sine = sin(theta)
        let twiceCosine = 2 * cos(theta)
        let timbre = voice.timbre
        let amplitudes = amplitudeTable + timbre * Self.maximumPartials
        let floor = floorTable[timbre]
        var sum = 0.0
        var previous = 0.0
        var current = sine
        withUnsafeMutablePointer(to: &voice.partialLevels) { levels in
            levels.withMemoryRebound(to: Double.self, capacity: Self.maximumPartials) { level in
                let decays = decayFactors + timbre * Self.maximumPartials
                for partial in 0..<voice.partialCount {
                    sum += amplitudes[partial] * (floor + (1 - floor) * level[partial]) * current
                    // Flush to zero before the level turns denormal (slow arithmetic on some CPUs).
                    level[partial] = level[partial] > 1e-12 ? level[partial] * decays[partial] : 0
                    let next = twiceCosine * current - previous
                    previous = current
                    current = next
                }
            }
        }
        // Phase and glide.
        voice.phase += voice.frequency / sampleRate
        if voice.phase >= 1 { voice.phase -= voice.phase.rounded(.down) }
        if voice.glideRemaining > 0 {
            voice.glideRemaining -= 1
            voice.frequency =
                voice.glideRemaining == 0 ? voice.glideTarget : voice.frequency * voice.glideRatio
        }
        return sum * voice.gain * voice.envelope * Self.nominalPeak
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
    /// Decay state of up to 16 partials (1 = onset level).
    var partialLevels:
        (
            Double, Double, Double, Double, Double, Double, Double, Double,
            Double, Double, Double, Double, Double, Double, Double, Double
        ) =
            (1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)

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
