// ToneScript: the pitch of `peach tone` over time: a note, its offset, and an optional glide.

import PeachCore

/// The pitch of `peach tone` over time: the note and offset, and an optional glide that starts a quarter into
/// the note and takes `sweepTime` seconds.
public struct ToneScript: Sendable {
    /// The note.
    public let note: MIDINote
    /// Its offset in cents.
    public let offset: Cents
    /// The glide, or nil.
    public let sweep: Cents?
    /// Seconds the note sounds.
    public let duration: Double
    /// Seconds the glide takes.
    public let sweepTime: Double
    /// The tuning.
    public let tuning: EqualTemperament

    /// A tone of `note` + `offset`, `duration` seconds, with an optional glide by `sweep` over `sweepTime`.
    public init(
        note: MIDINote, offset: Cents, sweep: Cents?, duration: Double, sweepTime: Double,
        tuning: EqualTemperament
    ) {
        self.note = note
        self.offset = offset
        self.sweep = sweep
        self.duration = duration
        self.sweepTime = sweepTime
        self.tuning = tuning
    }

    /// When the glide starts.
    public var sweepStart: Double { duration / 4 }

    /// The frequency at `time` seconds into the note.
    public func frequency(at time: Double) -> Frequency {
        guard let sweep else { return tuning.frequency(of: note, offsetBy: offset) }
        let progress = min(max((time - sweepStart) / sweepTime, 0), 1)
        return tuning.frequency(of: note, offsetBy: offset + Cents(sweep.rawValue * progress))
    }

    /// Whether the pitch moves during the block from `time` to `time + step` (or just finished moving).
    public func isGliding(at time: Double, step: Double) -> Bool {
        sweep != nil && time >= sweepStart && time - step < sweepStart + sweepTime
    }
}
