// TimingSettings: what shapes a timing trial: the tempo, the patterns, where the offset falls, which steps are gaps.

/// The settings of the two timing disciplines. Sessions read them at the start of every trial.
public struct TimingSettings: Hashable, Sendable {
    /// The tempo.
    public var tempo: Tempo
    /// Offset detection: the step of the pattern (from 1, the beat) whose note comes early or late; where a
    /// pattern has no such note, the nearest one that may (``TimingPattern/offsetPosition(nearest:)``).
    public private(set) var offsetClick: Int
    /// Fill the gap: the steps (1–4) of each cycle that are silent and to be struck, in order.
    public private(set) var gapPositions: [Int]
    /// Offset detection: how long the answer's feedback shows before the next trial, seconds.
    public var feedbackDuration: Double
    /// Offset detection: the patterns it plays, in turn (at least one, from the catalogue).
    public private(set) var patterns: [TimingPattern]
    /// Offset detection: how often a trial's pattern is played while no answer comes; nil: until answered.
    public private(set) var maxRepetitions: Int?
    /// Fill the gap: the bars (of four cycles) the loop drops out for after every ``silentEvery`` bars played;
    /// 0: never.
    public private(set) var silentBars: Int
    /// Fill the gap: the bars played between silent bars.
    public private(set) var silentEvery: Int
    /// Fill the gap: BPM the tempo changes by every ``rampEvery`` bars (negative: slowing down); 0: steady.
    public private(set) var tempoRamp: Int
    /// Fill the gap: the bars between two steps of the tempo ramp.
    public private(set) var rampEvery: Int
    /// Fill the gap: a pattern of the catalogue whose rests are the gaps (its notes click), instead of four
    /// sixteenths with ``gapPositions`` silent; nil: those.
    public private(set) var gapPattern: TimingPattern?

    /// Fill the gap: the steps a cycle (a beat) is cut into: the pattern's, or four sixteenths.
    public var gapSteps: Int { gapPattern?.steps ?? 4 }
    /// Fill the gap: the steps (from 1) to strike: the pattern's rests, or ``gapPositions``.
    public var gapTargets: [Int] { gapPattern?.rests ?? gapPositions }

    /// The positions an offset may fall on: not the first, which sets the time the others are heard against,
    /// up to the last step of the finest pattern (seven steps).
    public static let offsetClicks = 2...7
    /// The steps of a fill-the-gap cycle.
    public static let positions = 1...4
    /// The maxima of repetitions offered (besides none: until answered).
    public static let repetitionChoices = [1, 2, 3, 5, 10]
    /// The silent bars a silence may last (0: none).
    public static let silentBarsRange = 0...4
    /// The bars played between silences, or between steps of a tempo ramp.
    public static let barsRange = 1...16
    /// How far the tempo may step at a time, BPM (0: no ramp).
    public static let tempoRampRange = -20...20

    /// The defaults of Peach on iOS: 80 BPM, straight sixteenths looped until answered with the third note
    /// offset, the fourth step a gap, 0.4 s feedback.
    public static let defaults = TimingSettings(
        tempo: .standard, uncheckedOffsetClick: 3, gapPositions: [4], feedbackDuration: 0.4,
        patterns: [.straightSixteenths], maxRepetitions: nil, silentBars: 0, silentEvery: 4, tempoRamp: 0,
        rampEvery: 4, gapPattern: nil)

    private init(
        tempo: Tempo, uncheckedOffsetClick: Int, gapPositions: [Int], feedbackDuration: Double,
        patterns: [TimingPattern], maxRepetitions: Int?, silentBars: Int, silentEvery: Int, tempoRamp: Int,
        rampEvery: Int, gapPattern: TimingPattern?
    ) {
        self.tempo = tempo
        offsetClick = uncheckedOffsetClick
        self.gapPositions = gapPositions
        self.feedbackDuration = feedbackDuration
        self.patterns = patterns
        self.maxRepetitions = maxRepetitions
        self.silentBars = silentBars
        self.silentEvery = silentEvery
        self.tempoRamp = tempoRamp
        self.rampEvery = rampEvery
        self.gapPattern = gapPattern
    }

    /// Settings with each value checked.
    /// - Throws: ``DomainValueError`` for an offset position outside 2–7, gap positions that are empty,
    ///   outside 1–4, or all four steps, no pattern, a maximum of repetitions not offered, silent bars outside
    ///   0–4, bars outside 1–16 or a ramp outside ±20 BPM.
    public init(
        tempo: Tempo = Self.defaults.tempo, offsetClick: Int = Self.defaults.offsetClick,
        gapPositions: [Int] = Self.defaults.gapPositions,
        feedbackDuration: Double = Self.defaults.feedbackDuration,
        patterns: [TimingPattern] = Self.defaults.patterns,
        maxRepetitions: Int? = Self.defaults.maxRepetitions, silentBars: Int = Self.defaults.silentBars,
        silentEvery: Int = Self.defaults.silentEvery, tempoRamp: Int = Self.defaults.tempoRamp,
        rampEvery: Int = Self.defaults.rampEvery, gapPattern: TimingPattern? = nil
    ) throws(DomainValueError) {
        guard Self.offsetClicks.contains(offsetClick) else { throw .offsetClickOutOfRange(offsetClick) }
        let positions = Array(Set(gapPositions)).sorted()
        guard !positions.isEmpty, positions.count < Self.positions.count,
            positions.allSatisfy(Self.positions.contains)
        else { throw .invalidGapPositions(gapPositions) }
        guard !patterns.isEmpty else { throw .invalidTimingPatterns("") }
        if let maxRepetitions, !Self.repetitionChoices.contains(maxRepetitions) {
            throw .invalidMaxRepetitions(String(maxRepetitions))
        }
        guard Self.silentBarsRange.contains(silentBars) else { throw .outOfRange("silentBars", silentBars) }
        guard Self.barsRange.contains(silentEvery) else { throw .outOfRange("silentEvery", silentEvery) }
        guard Self.tempoRampRange.contains(tempoRamp) else { throw .outOfRange("tempoRamp", tempoRamp) }
        guard Self.barsRange.contains(rampEvery) else { throw .outOfRange("rampEvery", rampEvery) }
        if let gapPattern, gapPattern.rests.isEmpty { throw .invalidTimingPatterns(gapPattern.id) }
        self.init(
            tempo: tempo, uncheckedOffsetClick: offsetClick, gapPositions: positions,
            feedbackDuration: feedbackDuration, patterns: patterns, maxRepetitions: maxRepetitions,
            silentBars: silentBars, silentEvery: silentEvery, tempoRamp: tempoRamp, rampEvery: rampEvery,
            gapPattern: gapPattern)
    }

    /// A copy with the values given replaced, each checked as by ``init(tempo:offsetClick:gapPositions:feedbackDuration:patterns:maxRepetitions:)``.
    /// - Parameter maxRepetitions: `.some(nil)` for until answered; nil keeps the current value.
    /// - Throws: ``DomainValueError`` as the initializer.
    public func replacing(
        tempo: Tempo? = nil, offsetClick: Int? = nil, gapPositions: [Int]? = nil,
        patterns: [TimingPattern]? = nil, maxRepetitions: Int?? = nil, silentBars: Int? = nil,
        silentEvery: Int? = nil, tempoRamp: Int? = nil, rampEvery: Int? = nil,
        gapPattern: TimingPattern?? = nil
    ) throws(DomainValueError) -> TimingSettings {
        try TimingSettings(
            tempo: tempo ?? self.tempo, offsetClick: offsetClick ?? self.offsetClick,
            gapPositions: gapPositions ?? self.gapPositions, feedbackDuration: feedbackDuration,
            patterns: patterns ?? self.patterns, maxRepetitions: maxRepetitions ?? self.maxRepetitions,
            silentBars: silentBars ?? self.silentBars, silentEvery: silentEvery ?? self.silentEvery,
            tempoRamp: tempoRamp ?? self.tempoRamp, rampEvery: rampEvery ?? self.rampEvery,
            gapPattern: gapPattern ?? self.gapPattern)
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

    /// Reads a maximum of repetitions as a user types it: `1`, `2`, `3`, `5`, `10` or `unlimited` (nil).
    /// - Throws: ``DomainValueError/invalidMaxRepetitions(_:)`` for anything else.
    public static func parseMaxRepetitions(_ text: String) throws(DomainValueError) -> Int? {
        let trimmed = text.trimmingWhitespace()
        if trimmed == "unlimited" { return nil }
        guard let number = Int(trimmed), repetitionChoices.contains(number) else {
            throw .invalidMaxRepetitions(text)
        }
        return number
    }

    /// A maximum of repetitions as ``parseMaxRepetitions(_:)`` reads it: the number, or `unlimited`.
    public static func maxRepetitionsText(_ value: Int?) -> String { value.map(String.init) ?? "unlimited" }
}
