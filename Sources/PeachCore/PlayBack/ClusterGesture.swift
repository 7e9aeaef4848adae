// ClusterGesture: the reserved gesture of play-back on a keys-only controller: a cluster of four adjacent keys.

/// The gesture a keyboard without pads or pedals can make during play-back, which no answer contains: a
/// **cluster** — at least ``size`` adjacent keys (every semitone, black and white) struck together, within
/// ``window`` of each other, as with the flat of the hand. A cluster whose lowest key is below middle C
/// (C4, note 60) replays the question; one from C4 up skips it; a second cluster within ``stopWithin`` of the
/// first stops the session. Its notes sound but are not an answer.
public struct ClusterGesture: Sendable {
    /// The fewest adjacent keys that make a cluster.
    public static let size = 4
    /// The longest spread of the cluster's onsets, seconds.
    public static let window = 0.1
    /// The lowest key of a cluster that skips; lower ones replay.
    public static let skipFrom = 60
    /// Two clusters within this many seconds stop the session.
    public static let stopWithin = 1.0

    private var held: [Int: Double] = [:]

    /// No key held.
    public init() {}

    /// A key went down at `time`: the cluster's lowest note when it completes one (held keys `size` or more
    /// semitones in a row including this one, struck within `window`), else nil.
    public mutating func noteOn(_ note: Int, at time: Double) -> Int? {
        held[note] = time
        let keys = held
        func recent(_ other: Int) -> Bool {
            guard let onset = keys[other] else { return false }
            return abs(time - onset) <= Self.window
        }
        var low = note
        while recent(low - 1) { low -= 1 }
        var high = note
        while recent(high + 1) { high += 1 }
        guard high - low + 1 >= Self.size else { return nil }
        // Counted once: the keys of a completed cluster no longer make another.
        for key in low...high { held[key] = -.infinity }
        return low
    }

    /// A key went up.
    public mutating func noteOff(_ note: Int) {
        held[note] = nil
    }
}
