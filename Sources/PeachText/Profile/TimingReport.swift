// TimingReport: the timing section of `peach profile`: thresholds per tempo band, fill-the-gap offsets, trend.

import PeachCore
import PeachTraining

/// The timing section of the profile, as lines and as JSON: for offset detection the fitted threshold of each
/// tempo band (as a share of the pattern's step and in milliseconds, with its likely range, and per direction),
/// each pattern family's threshold (when more than straight sixteenths were played), the trend; for fill the
/// gap the mean signed offset (on time, a little early or late, rushing or dragging) and its spread per band
/// and gap step; for rhythm echo the level and each pattern family's hits.
public struct TimingReport: Sendable {
    /// The timing history.
    public let history: TimingHistory
    /// The language.
    public let texts: Texts

    /// A report of `history`.
    public init(history: TimingHistory, texts: Texts) {
        self.history = history
        self.texts = texts
    }

    /// The start screen's headlines of fill the gap and rhythm echo, a line each where trained: fill the gap's
    /// mean at the tempo band with the most trials (`fill the gap +2.2 ms, on time (80–119 BPM, 12 trials)`),
    /// rhythm echo's level and the share of its notes hit (`rhythm echo level 3, 86 % of 412 notes hit`).
    public var startLines: [String] {
        var result: [String] = []
        var busiest: (band: TempoBand, trials: WelfordAccumulator)?
        for band in history.gapFillBands {
            guard let trials = history.gapFill(band: band), trials.count > busiest?.trials.count ?? 0 else {
                continue
            }
            busiest = (band, trials)
        }
        if let busiest { result.append(texts.startGapFill(band: busiest.band, trials: busiest.trials)) }
        if history.echoCount > 0 {
            let cells = history.echoFamilies.compactMap { history.echo(family: $0) }
            let notes = cells.reduce(0) { $0 + $1.notes }
            let hits = cells.reduce(0) { $0 + $1.hits }
            result.append(texts.startEcho(level: history.echoLevel, hits: hits, notes: notes))
        }
        return result
    }

    /// The section's lines (none when there is no timing result).
    public var lines: [String] {
        var result: [String] = []
        let families = history.offsetDetectionFamilies
        let sixteenthsOnly = families.allSatisfy { $0 == .sixteenths }
        for band in history.offsetDetectionBands {
            guard let both = history.threshold(band: band) else {
                result.append(texts.timingTooFewAnswers(band: band))
                continue
            }
            result.append(texts.timingThreshold(both, band: band, sixteenthsOnly: sixteenthsOnly))
            let early = history.threshold(band: band, direction: .early)
            let late = history.threshold(band: band, direction: .late)
            if early != nil || late != nil {
                result.append("  " + texts.timingByDirection(early: early, late: late))
            }
        }
        if !sixteenthsOnly {
            result.append(texts.timingByFamily(families.map { ($0, history.threshold(family: $0)) }))
        }
        if let trend = history.trend { result.append(texts.timingTrend(trend)) }
        for band in history.gapFillBands {
            guard let trials = history.gapFill(band: band) else { continue }
            let steps = TimingSettings.positions.compactMap { position in
                history.gapFill(band: band, position: position).map { (position, $0) }
            }
            result.append(texts.gapFillSummary(band: band, trials: trials, steps: steps))
            if let drift = history.silentDrift(band: band) {
                result.append(
                    texts.silentBarsSummary(band: band, drift: drift.msPerBar, mean: drift.meanOffset))
            }
        }
        if history.echoCount > 0 {
            result.append(texts.echoLevelNow(history.echoLevel))
            for family in history.echoFamilies {
                guard let cell = history.echo(family: family) else { continue }
                result.append(texts.echoSummary(family: family, cell: cell))
            }
        }
        return result.isEmpty ? [] : [texts.timingHeading] + result
    }

    /// The numbers.
    public var model: TimingJSON {
        TimingJSON(
            offsetDetection: history.offsetDetectionBands.flatMap { band in
                ([nil] + TimingDirection.allCases.map { Optional($0) }).compactMap { direction in
                    history.threshold(band: band, direction: direction).map {
                        TimingJSON.Threshold(band: band, direction: direction, threshold: $0)
                    }
                }
            },
            families: history.offsetDetectionFamilies.compactMap { family in
                history.threshold(family: family).map {
                    TimingJSON.Threshold(band: nil, direction: nil, family: family, threshold: $0)
                }
            },
            trend: history.trend?.rawValue,
            gapFill: history.gapFillBands.flatMap { band in
                ([nil] + TimingSettings.positions.map { Optional($0) }).compactMap { position in
                    history.gapFill(band: band, position: position).map {
                        TimingJSON.GapFill(band: band.rawValue, position: position, trials: $0)
                    }
                }
            },
            silentBars: history.gapFillBands.compactMap { band in
                history.silentDrift(band: band).map {
                    TimingJSON.Drift(
                        band: band.rawValue, msPerBar: $0.msPerBar.mean, meanOffsetMs: $0.meanOffset.mean,
                        trials: $0.msPerBar.count)
                }
            },
            echo: history.echoFamilies.compactMap { family in
                history.echo(family: family).map { TimingJSON.Echo(family: family, cell: $0) }
            },
            echoLevel: history.echoCount > 0 ? history.echoLevel : nil,
            progress: ProgressChart(history: ProgressHistory(), timing: history).timing.map { series in
                TimingJSON.Progress(
                    discipline: series.discipline.rawValue, band: series.band.rawValue,
                    weeks: series.points.map {
                        TimingJSON.Week(
                            week: $0.week, start: $0.start.description, milliseconds: $0.value,
                            lower68: $0.band.lowerBound, upper68: $0.band.upperBound, count: $0.count,
                            uncertain: $0.isUncertain)
                    })
            })
    }
}

/// The `timing` object of `peach profile --json`.
public struct TimingJSON: Encodable, Sendable {
    /// An offset-detection threshold of a tempo band and direction (absent: both directions), or of a pattern
    /// family (all tempos and directions).
    public struct Threshold: Encodable, Sendable {
        /// `slow` (below 80 BPM), `moderate` (80–119) or `fast` (120 and up); absent for a family.
        public let band: String?
        /// `early`, `late`, or absent for both.
        public let direction: String?
        /// The pattern family (`sixteenths`, `triplets`, …); absent for a band.
        public let family: String?
        /// The threshold (75 % correct), percent of the pattern's step (a sixteenth for sixteenths).
        public let percent: Double
        /// The threshold, milliseconds at the mean tempo of the answers.
        public let milliseconds: Double
        /// The likely range (68 %), milliseconds.
        public let lower68, upper68: Double
        /// The answers it rests on.
        public let answers: Int

        init(
            band: TempoBand?, direction: TimingDirection?, family: TimingPattern.Family? = nil,
            threshold: TimingThreshold
        ) {
            self.band = band?.rawValue
            self.direction = direction?.rawValue
            self.family = family?.rawValue
            percent = threshold.percent.cents
            milliseconds = threshold.milliseconds
            lower68 = threshold.likelyRangeMs.lowerBound
            upper68 = threshold.likelyRangeMs.upperBound
            answers = threshold.answers
        }
    }

    /// Fill the gap in a tempo band, at one step or (absent) over whole trials.
    public struct GapFill: Encodable, Sendable {
        /// The tempo band.
        public let band: String
        /// The step 1–4, or absent for the trials' means.
        public let position: Int?
        /// The mean signed offset, milliseconds (negative: rushing).
        public let meanMs: Double
        /// The likely range of the mean, milliseconds: ± one standard error, as the profile's screen shows it
        /// (``WelfordAccumulator/likelyRangeOfMean``; absent with one trial).
        public let lower68, upper68: Double?
        /// The spread of the trials' means, milliseconds (absent with one trial).
        public let stdDevMs: Double?
        /// How many trials.
        public let trials: Int

        init(band: String, position: Int?, trials: WelfordAccumulator) {
            self.band = band
            self.position = position
            meanMs = trials.mean
            let range = trials.likelyRangeOfMean
            lower68 = range?.lowerBound
            upper68 = range?.upperBound
            stdDevMs = trials.sampleStandardDeviation
            self.trials = trials.count
        }
    }

    /// Fill the gap's silent bars in a tempo band: how the strikes drifted, trial by trial.
    public struct Drift: Encodable, Sendable {
        /// The tempo band.
        public let band: String
        /// The mean drift, ms per bar (positive: dragging further, negative: rushing ahead).
        public let msPerBar: Double
        /// The mean offset of the strikes in the silence, ms.
        public let meanOffsetMs: Double
        /// The trials with a drift.
        public let trials: Int
    }

    /// Rhythm echo in a pattern family (the bars whose hardest figure is of it).
    public struct Echo: Encodable, Sendable {
        /// The family.
        public let family: String
        /// The bars echoed.
        public let bars: Int
        /// The notes asked, and the share hit.
        public let notes: Int
        /// The share of notes hit, 0 … 1.
        public let hitRate: Double
        /// The likely range of the share hit, 0 … 1, as the profile's screen shows it (``AccuracyEstimate``: the
        /// shortest interval holding 68 % of its posterior, so it always holds ``hitRate``).
        public let hitRateLower68, hitRateUpper68: Double
        /// Strikes that matched no note.
        public let extras: Int
        /// The hits' mean offset, ms, with the calibration each bar was paired with taken off (absent without a
        /// hit).
        public let meanOffsetMs: Double?
        /// Its likely range, ms: ± one standard error counted by echo (absent below two echoes with hits).
        public let meanOffsetLower68, meanOffsetUpper68: Double?
        /// Their spread, ms (absent with fewer than two).
        public let stdDevMs: Double?
        /// The bars' mean score, 0 … 1.
        public let meanScore: Double

        init(family: TimingPattern.Family, cell: TimingHistory.EchoCell) {
            self.family = family.rawValue
            bars = cell.echoes
            notes = cell.notes
            hitRate = cell.hitRate
            let range = AccuracyEstimate(correct: cell.hits, of: cell.notes).likelyRange
            hitRateLower68 = range.lowerBound
            hitRateUpper68 = range.upperBound
            extras = cell.extras
            meanOffsetMs = cell.offsets.meanIfAny
            meanOffsetLower68 = cell.likelyRangeOfMeanOffset?.lowerBound
            meanOffsetUpper68 = cell.likelyRangeOfMeanOffset?.upperBound
            stdDevMs = cell.offsets.sampleStandardDeviation
            meanScore = cell.scores.mean
        }
    }

    /// One week of a timing progress series.
    public struct Week: Encodable, Sendable {
        /// `2026-W47`.
        public let week: String
        /// The Monday it starts on.
        public let start: String
        /// Offset detection: the week's threshold; fill the gap: the trials' distance from on time; ms.
        public let milliseconds: Double
        /// The 68 % band, ms.
        public let lower68, upper68: Double
        /// The answers (offset detection) or trials (fill the gap) it rests on.
        public let count: Int
        /// Whether the band is too wide to show the value as a number.
        public let uncertain: Bool
    }

    /// A timing progress series: a discipline at a tempo band, week by week.
    public struct Progress: Encodable, Sendable {
        /// `offsetDetection` or `gapFill`.
        public let discipline: String
        /// The tempo band.
        public let band: String
        /// The weeks with results, oldest first (at most 26).
        public let weeks: [Week]
    }

    /// Offset detection's thresholds.
    public let offsetDetection: [Threshold]
    /// Offset detection's thresholds per pattern family.
    public let families: [Threshold]
    /// `improving`, `stable` or `declining` (absent without enough answers).
    public let trend: String?
    /// Fill the gap's offsets.
    public let gapFill: [GapFill]
    /// Fill the gap's silent bars.
    public let silentBars: [Drift]
    /// Rhythm echo by pattern family.
    public let echo: [Echo]
    /// The level rhythm echo starts at next (absent without an echo).
    public let echoLevel: Int?
    /// The progress chart's timing series.
    public let progress: [Progress]
}
