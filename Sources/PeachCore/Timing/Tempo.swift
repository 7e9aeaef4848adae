// Tempo: beats per minute, and the sixteenth note the timing disciplines count in.

/// A tempo in beats (quarter notes) per minute. Timing training counts in sixteenths: four clicks a
/// sixteenth apart, or cycles of four sixteenth steps.
public struct Tempo: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Beats per minute.
    public let bpm: Int

    /// The tempos timing training offers, BPM: from a slow practice tempo to a fast one.
    public static let trainingRange = 40...200
    /// The default training tempo (as Peach on iOS).
    public static let standard = Tempo(unchecked: 80)

    /// A tempo within ``trainingRange``.
    /// - Throws: ``DomainValueError/tempoOutOfRange(_:)``.
    public init(bpm: Int) throws(DomainValueError) {
        guard Self.trainingRange.contains(bpm) else { throw .tempoOutOfRange(bpm) }
        self.bpm = bpm
    }

    init(unchecked bpm: Int) { self.bpm = bpm }

    /// The length of a beat (a quarter note), seconds: 60 / BPM (750 ms at 80 BPM).
    public var beat: Double { 60 / Double(bpm) }

    /// The length of a sixteenth note, seconds: 15 / BPM (187.5 ms at 80 BPM).
    public var sixteenth: Double { 15 / Double(bpm) }

    /// The tempo's band, for balancing and for the profile.
    public var band: TempoBand { TempoBand(self) }

    /// Tempos compare by their BPM.
    public static func < (lhs: Tempo, rhs: Tempo) -> Bool { lhs.bpm < rhs.bpm }

    /// `80 BPM`.
    public var description: String { "\(bpm) BPM" }
}

/// A band of tempos: results are balanced and summarised per band, since how early or late a note must be to
/// be heard depends on the tempo.
public enum TempoBand: String, CaseIterable, Hashable, Sendable, Comparable {
    /// Below 80 BPM.
    case slow
    /// 80–119 BPM.
    case moderate
    /// 120 BPM and faster.
    case fast

    /// The band of `tempo`.
    public init(_ tempo: Tempo) { self.init(bpm: tempo.bpm) }

    /// The band of a tempo in BPM (any positive tempo: imported records may lie outside the training range).
    public init(bpm: Int) {
        self = bpm < 80 ? .slow : bpm < 120 ? .moderate : .fast
    }

    /// Bands order from slow to fast.
    public static func < (lhs: TempoBand, rhs: TempoBand) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .slow: 0
        case .moderate: 1
        case .fast: 2
        }
    }
}
