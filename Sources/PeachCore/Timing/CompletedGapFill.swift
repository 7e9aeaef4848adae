// CompletedGapFill: a finished fill-the-gap trial with its strikes (and silent bars' drift), as it is stored.

import Foundation

/// A fill-the-gap trial (sixteen cycles, or its bars played and silent: ``GapFillSession``) with at least one
/// strike counted while the loop sounded: the tempo, every strike, and their means (overall and per gap
/// position), as Peach on iOS stores them; with silent bars, the strikes in them and their drift; with a tempo
/// ramp, the ramp.
public struct CompletedGapFill: Hashable, Sendable {
    /// When the trial ended.
    public let timestamp: Date
    /// The tempo of the trial's first cycle.
    public let tempo: Tempo
    /// The strikes counted while the loop sounded, in order (never empty).
    public let strikes: [GapStrike]
    /// The gaps the trial played (cycles × gap positions).
    public let gapCount: Int
    /// The strikes counted in the trial's silent bars, in order.
    public let silentStrikes: [GapStrike]
    /// The silent bars the trial had (0: none).
    public let silentBars: Int
    /// The tempo ramp it played: BPM a step, and bars between steps (0 BPM: steady).
    public let tempoRamp: Int
    /// Bars between the ramp's steps.
    public let rampEvery: Int
    /// The pattern whose rests were the gaps (nil: four sixteenths with silent steps).
    public let pattern: TimingPattern?
    /// The timing calibration's offset in use when the trial ended, milliseconds (nil: none): what the player's
    /// chain adds to every strike. The strikes stay raw; the profile takes it off.
    public let calibrationMs: Double?

    /// A result.
    public init(
        timestamp: Date, tempo: Tempo, strikes: [GapStrike], gapCount: Int, silentStrikes: [GapStrike] = [],
        silentBars: Int = 0, tempoRamp: Int = 0, rampEvery: Int = TimingSettings.defaults.rampEvery,
        pattern: TimingPattern? = nil, calibrationMs: Double? = nil
    ) {
        precondition(!strikes.isEmpty, "a fill-the-gap result has at least one strike")
        self.timestamp = timestamp
        self.tempo = tempo
        self.strikes = strikes
        self.gapCount = gapCount
        self.silentStrikes = silentStrikes
        self.silentBars = silentBars
        self.tempoRamp = tempoRamp
        self.rampEvery = rampEvery
        self.pattern = pattern
        self.calibrationMs = calibrationMs
    }

    /// How the strikes drifted in the silent bars; nil without silent bars or with too few strikes in them.
    public var drift: SilentDrift? { SilentDrift(silentStrikes) }

    /// The mean signed offset, milliseconds: negative means rushing, positive dragging.
    public var meanOffsetMs: Double { strikes.reduce(0) { $0 + $1.offsetMs } / Double(strikes.count) }

    /// ``meanOffsetMs`` with the trial's calibration (``calibrationMs``) taken off: what the screen, the box and
    /// the profile judge.
    public var calibratedMeanOffsetMs: Double { meanOffsetMs - (calibrationMs ?? 0) }

    /// The mean offset at each step 1–4, nil where no strike was counted (a pattern's steps beyond the fourth
    /// count in the mean only: Peach on iOS keeps four).
    public var meanOffsetMsPositions: [Double?] {
        TimingSettings.positions.map { position in
            let offsets = strikes.filter { $0.position == position }.map(\.offsetMs)
            return offsets.isEmpty ? nil : offsets.reduce(0, +) / Double(offsets.count)
        }
    }
}
