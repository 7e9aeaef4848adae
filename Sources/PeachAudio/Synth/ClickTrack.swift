// ClickTrack: the synth's sample-exact clicks for timing training: scheduled by frame, mixed on the render side.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The clicks of timing training, on the render side of a ``SynthEngine``. A click is scheduled for an
/// absolute frame of the engine's output (frames rendered since it started) and starts on exactly that frame:
/// its first sample is its loudest (a woodblock-like tick, a cosine at 1.6 kHz, accented 2.4 kHz, decaying
/// with a 5 ms time constant over 40 ms), so its onset is the frame it was scheduled for, whatever the period
/// size. A click scheduled for a frame already rendered starts at once (late; the player's lead time keeps
/// that from happening).
///
/// Real-time rules: everything is allocated in `init`; ``schedule(frame:accent:)``, ``cancelPending()`` and
/// ``mix(into:from:count:)`` run on the render thread (through the engine's command queue) and never allocate,
/// lock or wait. When ``pendingCapacity`` clicks wait, a further one is dropped.
final class ClickTrack {
    /// The most clicks that can wait to start.
    static let pendingCapacity = 64
    /// The most clicks that can sound at once.
    static let activeCapacity = 8
    /// The click's length, seconds.
    static let duration = 0.040
    /// The click's decay time constant, seconds.
    static let decayTime = 0.005
    /// The click's pitch and the accented click's, hertz.
    static let frequencies = (plain: 1600.0, accent: 2400.0)
    /// The first (loudest) sample, linear: twice a 0 dB note's peak (−6 dBFS), short enough to stay clean.
    static let peak = 2 * SynthEngine.nominalPeak

    /// Samples per click.
    let length: Int
    /// The plain click, then the accented one.
    private let table: UnsafeMutablePointer<Double>
    private let pendingFrames: UnsafeMutablePointer<Int>
    private let pendingAccents: UnsafeMutablePointer<Bool>
    private var pendingCount = 0
    /// Per sounding click: its position in the table (negative: it starts that many frames into the chunk).
    private let activePositions: UnsafeMutablePointer<Int>
    private let activeAccents: UnsafeMutablePointer<Bool>
    private var activeCount = 0

    /// A track rendering at `sampleRate`.
    init(sampleRate: Double) {
        length = max(1, Int((Self.duration * sampleRate).rounded()))
        table = .allocate(capacity: 2 * length)
        let fade = max(1, length / 5)
        for (offset, frequency) in [(0, Self.frequencies.plain), (length, Self.frequencies.accent)] {
            for index in 0..<length {
                let time = Double(index) / sampleRate
                let fadePosition = Double(index - (length - fade)) / Double(max(1, fade - 1))
                let tail = index >= length - fade ? 0.5 + 0.5 * cos(Double.pi * fadePosition) : 1
                table[offset + index] =
                    Self.peak * cos(2 * Double.pi * frequency * time) * exp(-time / Self.decayTime) * tail
            }
        }
        pendingFrames = .allocate(capacity: Self.pendingCapacity)
        pendingAccents = .allocate(capacity: Self.pendingCapacity)
        activePositions = .allocate(capacity: Self.activeCapacity)
        activeAccents = .allocate(capacity: Self.activeCapacity)
    }

    deinit {
        table.deallocate()
        pendingFrames.deallocate()
        pendingAccents.deallocate()
        activePositions.deallocate()
        activeAccents.deallocate()
    }

    /// The click's samples (plain or accented), for tests.
    func sample(_ index: Int, accent: Bool) -> Double { table[(accent ? length : 0) + index] }

    /// Schedules a click to start on `frame` (render side).
    func schedule(frame: Int, accent: Bool) {
        guard pendingCount < Self.pendingCapacity else { return }
        pendingFrames[pendingCount] = frame
        pendingAccents[pendingCount] = accent
        pendingCount += 1
    }

    /// Drops every click that has not started (render side); sounding ones ring out.
    func cancelPending() { pendingCount = 0 }

    /// Whether no click is pending or ringing (render side).
    var isIdle: Bool { pendingCount == 0 && activeCount == 0 }

    /// Adds the clicks sounding in frames `start ..< start + count` to `mix` (render side).
    func mix(into mix: UnsafeMutablePointer<Double>, from start: Int, count: Int) {
        var index = 0
        while index < pendingCount {
            let frame = pendingFrames[index]
            guard frame < start + count else {
                index += 1
                continue
            }
            if activeCount < Self.activeCapacity {
                activePositions[activeCount] = -max(0, frame - start)
                activeAccents[activeCount] = pendingAccents[index]
                activeCount += 1
            }
            pendingCount -= 1
            pendingFrames[index] = pendingFrames[pendingCount]
            pendingAccents[index] = pendingAccents[pendingCount]
        }
        var voice = 0
        while voice < activeCount {
            let position = activePositions[voice]
            let samples = table + (activeAccents[voice] ? length : 0)
            let first = max(0, -position)
            let last = min(count, length - position)
            if first < last {
                for frame in first..<last { mix[frame] += samples[position + frame] }
            }
            activePositions[voice] = position + count
            if position + count >= length {
                activeCount -= 1
                activePositions[voice] = activePositions[activeCount]
                activeAccents[voice] = activeAccents[activeCount]
            } else {
                voice += 1
            }
        }
    }
}
