// OffsetDetectionTrial: a one-beat pattern looped, one of its notes early or late by a share of its step.

/// One offset-detection trial: a one-beat ``pattern`` at ``tempo``, played once or looped (each repetition a
/// beat long, without a break); in every repetition the note on step ``offsetPosition`` comes early or late by
/// ``offsetPercent`` of the pattern's step (a sixteenth for sixteenths, a triplet eighth for triplets).
public struct OffsetDetectionTrial: Hashable, Sendable {
    /// The tempo.
    public let tempo: Tempo
    /// The size of the offset, percent of the pattern's step (positive).
    public let offsetPercent: Double
    /// Whether the offset note is early or late.
    public let direction: TimingDirection
    /// The pattern.
    public let pattern: TimingPattern
    /// The step (from 1) whose note is offset: one of the pattern's ``TimingPattern/offsetPositions``.
    public let offsetPosition: Int

    /// A trial.
    public init(
        tempo: Tempo, offsetPercent: Double, direction: TimingDirection,
        pattern: TimingPattern = .straightSixteenths, offsetPosition: Int
    ) {
        precondition(offsetPercent > 0 && offsetPercent.isFinite, "an offset must be positive")
        precondition(pattern.offsetPositions.contains(offsetPosition), "the offset must fall on a later note")
        self.tempo = tempo
        self.offsetPercent = offsetPercent
        self.direction = direction
        self.pattern = pattern
        self.offsetPosition = offsetPosition
    }

    /// The length of the pattern's step, seconds.
    public var step: Double { pattern.stepDuration(at: tempo) }

    /// The signed offset, milliseconds (negative = early).
    public var offsetMs: Double { direction.sign * offsetPercent / 100 * step * 1000 }

    /// The length of one repetition: a beat, seconds.
    public var repetitionLength: Double { tempo.beat }

    /// When each note of one repetition is due, seconds after the repetition's start (the beat), in order.
    public var clickTimes: [Double] {
        pattern.notes.map { note in
            Double(note) * step + (note + 1 == offsetPosition ? offsetMs / 1000 : 0)
        }
    }

    /// Which of a repetition's notes (from 0) is the offset one.
    public var offsetNoteIndex: Int { pattern.notes.firstIndex(of: offsetPosition - 1) ?? 0 }
}
