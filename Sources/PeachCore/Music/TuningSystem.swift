// TuningSystem: how large each interval is: equal temperament, 5-limit just intonation or Pythagorean.

/// The sizes of the intervals a trial uses. The interval is always tuned from the trial's own reference note
/// (not from a fixed scale rooted on A), so a just fifth is a pure 3/2 above whichever note the trial picked.
///
/// Just intonation uses the 5-limit ratios 16/15, 9/8, 6/5, 5/4, 4/3, **45/32** (the augmented fourth, 590.22 ¢,
/// for the tritone), 3/2, 8/5, 5/3, **9/5** (the greater minor seventh, 1017.60 ¢), 15/8 and 2/1. Pythagorean
/// uses ratios of 3 and 2 only: 256/243, 9/8, 32/27, 81/64, 4/3, **1024/729** (the diminished fifth, 588.27 ¢,
/// matching the `d5` name), 3/2, 128/81, 27/16, 16/9, 243/128 and 2/1.
public enum TuningSystem: String, CaseIterable, Hashable, Sendable, Codable {
    /// Twelve-tone equal temperament: 100 cents per semitone.
    case equalTemperament = "equal"
    /// 5-limit just intonation relative to the reference note.
    case justIntonation = "just"
    /// Pythagorean tuning (pure fifths) relative to the reference note.
    case pythagorean

    /// The name the iOS and web apps write in their CSV (`equalTemperament`, `justIntonation`); Pythagorean,
    /// which they do not have, is written `pythagorean`.
    public var identifier: String {
        switch self {
        case .equalTemperament: "equalTemperament"
        case .justIntonation: "justIntonation"
        case .pythagorean: "pythagorean"
        }
    }

    /// The position in ``allCases``: equal, just, Pythagorean.
    public var order: Int {
        switch self {
        case .equalTemperament: 0
        case .justIntonation: 1
        case .pythagorean: 2
        }
    }

    /// The tuning of a settings word (`equal`, `just`, `pythagorean`) or a CSV identifier; nil for others.
    public init?(word: String) {
        let lower = word.trimmingWhitespace().lowercased()
        if let tuning = TuningSystem(rawValue: lower) {
            self = tuning
        } else if let tuning = Self.allCases.first(where: { $0.identifier.lowercased() == lower }) {
            self = tuning
        } else {
            return nil
        }
    }

    /// The size of `interval` in cents.
    public func cents(of interval: Interval) -> Double {
        switch self {
        case .equalTemperament: Double(interval.semitones * 100)
        case .justIntonation: Self.justCents[interval.rawValue]
        case .pythagorean: Self.pythagoreanCents[interval.rawValue]
        }
    }

    /// The signed size of `interval` in cents (negative downwards).
    public func cents(of interval: DirectedInterval) -> Double {
        interval.isDown ? -cents(of: interval.interval) : cents(of: interval.interval)
    }

    /// How far `interval` lies from its equal-tempered size, cents (e.g. −13.69 for a just major third).
    public func deviation(of interval: DirectedInterval) -> Double {
        cents(of: interval) - Double(interval.semitones * 100)
    }

    /// The frequency-ratio (numerator, denominator) of each interval, prime to octave.
    public var ratios: [(Int, Int)] {
        switch self {
        case .equalTemperament: []
        case .justIntonation: Self.justRatios
        case .pythagorean: Self.pythagoreanRatios
        }
    }

    private static let justRatios = [
        (1, 1), (16, 15), (9, 8), (6, 5), (5, 4), (4, 3), (45, 32), (3, 2), (8, 5), (5, 3), (9, 5), (15, 8),
        (2, 1),
    ]
    private static let pythagoreanRatios = [
        (1, 1), (256, 243), (9, 8), (32, 27), (81, 64), (4, 3), (1024, 729), (3, 2), (128, 81), (27, 16),
        (16, 9),
        (243, 128), (2, 1),
    ]
    private static let justCents = justRatios.map { 1200 * log2Double(Double($0.0) / Double($0.1)) }
    private static let pythagoreanCents = pythagoreanRatios.map {
        1200 * log2Double(Double($0.0) / Double($0.1))
    }
}

extension TuningSystem {
    /// The cents from `reference`'s equal-tempered pitch to the pitch `cents` away from `target` tuned in this
    /// system from `reference` (for targets more than an octave away, equal-tempered semitones).
    public func offset(from reference: MIDINote, to target: MIDINote, plus cents: Cents) -> Cents {
        let semitones = target.rawValue - reference.rawValue
        let size =
            DirectedInterval(semitones: semitones).map { self.cents(of: $0) } ?? Double(semitones * 100)
        return Cents(size + cents.rawValue)
    }
}

/// Written as the tuning's name (`equal`, `just`, `pythagorean`).
extension TuningSystem: SnapshotCodable {}
