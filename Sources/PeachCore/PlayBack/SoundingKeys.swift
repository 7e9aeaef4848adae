// SoundingKeys: play-through's bookkeeping — which keys sound on which voice, and which the sustain pedal holds.

/// Which of the player's keys sound, each on its `Voice` (a note's handle, a synth voice's id), and which the
/// sustain pedal holds: the one bookkeeping of play-through, whoever sounds the keys (``PlayThrough`` on the main
/// actor, the internal synth's keys on the input thread). It decides; the caller stops the voices it hands back.
/// A key struck again gives back its old voice (restarted); a key let go gives back its voice unless the pedal
/// holds it; lifting the pedal gives back what it held.
public struct SoundingKeys<Voice> {
    private var voices: [Int: Voice] = [:]
    private var held: Set<Int> = []
    /// Whether the sustain pedal is down.
    public private(set) var pedalDown = false

    /// No key sounding, the pedal up.
    public init() {}

    /// The keys sounding (held, or kept by the pedal), lowest first.
    public var keys: [Int] { voices.keys.sorted() }

    /// Takes `key` out before it is struck again: its voice (to stop), if it was sounding.
    public mutating func restrike(_ key: Int) -> Voice? {
        held.remove(key)
        return voices.removeValue(forKey: key)
    }

    /// `key` sounds on `voice`.
    public mutating func sound(_ key: Int, on voice: Voice) { voices[key] = voice }

    /// `key` let go: its voice to stop, or nil when the pedal holds it (or it was not sounding).
    public mutating func letGo(_ key: Int) -> Voice? {
        guard voices[key] != nil else { return nil }
        if pedalDown {
            held.insert(key)
            return nil
        }
        return voices.removeValue(forKey: key)
    }

    /// The pedal down or up: lifted, the voices of the keys it held, to stop.
    public mutating func pedal(down: Bool) -> [Voice] {
        pedalDown = down
        guard !down else { return [] }
        defer { held.removeAll() }
        return held.compactMap { voices.removeValue(forKey: $0) }
    }

    /// Every voice, to stop; the pedal lifted.
    public mutating func releaseAll() -> [Voice] {
        defer { self = SoundingKeys() }
        return Array(voices.values)
    }
}
