// TimingSettings: what shapes a timing trial: the tempo, which click is offset, which steps are gaps.

/// The settings of the two timing disciplines. Sessions read them at the start of every trial.
public struct TimingSettings: Hashable, Sendable {
    /// The tempo.
    public var tempo: Tempo
    /// Offset detection: which of the four clicks (2–4) comes early or late.
    public private(set) var offsetClick: Int
    /// Fill the gap: the steps (1–4) of each cycle that are silent and to be struck, in order.
    public private(set) var gapPositions: [Int]
    /// Offset detection: how long the answer's feedback shows before the next trial, seconds.
    public var feedbackDuration: Double

    /// The clicks an offset may fall on: not the first, which sets the time the others are heard against.
    public static let offsetClicks = 2...4
    /// The steps of a cycle.
    public static let positions = 1...4

    /// The defaults of Peach on iOS: 80 BPM, the third click offset, the fourth step a gap, 0.4 s feedback.
    public static let defaults = TimingSettings(
        tempo: .standard, uncheckedOffsetClick: 3, gapPositions: [4], feedbackDuration: 0.4)

    private init(tempo: Tempo, uncheckedOffsetClick: Int, gapPositions: [Int], feedbackDuration: Double) {
        self.tempo = tempo
        offsetClick = uncheckedOffsetClick
        self.gapPositions = gapPositions
        self.feedbackDuration = feedbackDuration
    }

    /// Settings with each value checked.
    /// - Throws: ``DomainValueError`` for an offset click outside 2–4 or gap positions that are empty, outside
    ///   1–4, or all four steps.
    public init(
        tempo: Tempo = Self.defaults.tempo, offsetClick: Int = Self.defaults.offsetClick,
        gapPositions: [Int] = Self.defaults.gapPositions,
        feedbackDuration: Double = Self.defaults.feedbackDuration
    ) throws(DomainValueError) {
        guard Self.offsetClicks.contains(offsetClick) else { throw .offsetClickOutOfRange(offsetClick) }
        let positions = Array(Set(gapPositions)).sorted()
        guard !positions.isEmpty, positions.count < Self.positions.count,
            positions.allSatisfy(Self.positions.contains)
        else { throw .invalidGapPositions(gapPositions) }
        self.init(
            tempo: tempo, uncheckedOffsetClick: offsetClick, gapPositions: positions,
            feedbackDuration: feedbackDuration)
    }

    /// Reads gap positions as a user types them: `4`, `2,4`.
    /// - Throws: ``DomainValueError/invalidGapPositionsText(_:)`` when the text is not such a list.
    public static func parseGapPositions(_ text: String) throws(DomainValueError) -> [Int] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        var positions: [Int] = []
        for part in parts {
            guard let number = Int(String(part).trimmingWhitespace()) else {
                throw .invalidGapPositionsText(text)
            }
            positions.append(number)
        }
        return positions
    }
}
