// RecordingSimulationReporter: a simulation's report kept as values, for tests of what a simulation did.

import Foundation
import PeachCore
import PeachTraining

/// A ``SimulationReporting`` that keeps what it is told, so a test checks the simulation's outcome (what was
/// answered, saved, failed) rather than its English wording.
@MainActor
public final class RecordingSimulationReporter: SimulationReporting {
    /// The comparisons answered, in order.
    public private(set) var comparisons: [CompletedComparison] = []
    /// The fill-the-gap trials, in order.
    public private(set) var gapFills: [CompletedGapFill] = []
    /// Every strike's offset of the fill-the-gap summary, milliseconds.
    public private(set) var gapFillStrikes: WelfordAccumulator?
    /// Every echo reported.
    public private(set) var echoes: [CompletedEcho] = []
    /// The echo summary's history.
    public private(set) var echoHistory: TimingHistory?
    /// The echo summary's level reached.
    public private(set) var echoLevel: Int?
    /// The silent bars' drifts of the summary (nil without silent bars).
    public private(set) var gapFillDrift: WelfordAccumulator?
    /// The offset-detection summary's answers, when one was given.
    public private(set) var offsetDetectionHistory: TimingHistory?
    /// The play-back answers, in order.
    public private(set) var playBacks: [CompletedPlayBack] = []
    /// The play-back summary's history, when one was given.
    public private(set) var playBackHistory: PlayBackHistory?
    /// Whether the run said that no question fits the note range.
    public private(set) var hadNothingToAsk = false
    /// Where the answers were saved, and how many the store holds, each time.
    public private(set) var saves: [(path: String, total: Int)] = []
    /// Every store failure reported.
    public private(set) var failures: [any Error] = []

    /// An empty record.
    public init() {}

    /// Ignored.
    public func header(
        mode: SimulationMode, parameters: SimulatedListener.Parameters, settings: TrainingSettings,
        timing: TimingSettings, seed: UInt64
    ) {}
    /// Keeps the comparison.
    public func comparison(_ completed: CompletedComparison, number: Int) { comparisons.append(completed) }
    /// Ignored.
    public func matching(_ completed: CompletedPitchMatching, number: Int) {}
    /// Ignored.
    public func comparisonSummary(
        tracker: ProfileTracker, answered count: Int, sessionBest: Double?, nextDifference: Double?,
        elapsed: Duration, measured: ThresholdEstimate?
    ) {}
    /// Ignored.
    public func matchingSummary(elapsed: Duration) {}
    /// Ignored.
    public func offsetDetection(_ completed: CompletedOffsetDetection, number: Int) {}
    /// Keeps the answers.
    public func offsetDetectionSummary(
        history: TimingHistory, answered: Int, correct: Int, nextPercent: Double?, tempo: Tempo,
        elapsed: Duration
    ) { offsetDetectionHistory = history }
    /// Keeps the trial.
    public func gapFill(_ completed: CompletedGapFill, number: Int) { gapFills.append(completed) }
    /// Keeps the strikes and the drifts.
    public func gapFillSummary(
        strikes: WelfordAccumulator, trials: Int, elapsed: Duration, drift: WelfordAccumulator?
    ) {
        gapFillStrikes = strikes
        gapFillDrift = drift
    }
    /// Keeps the echo.
    public func echo(_ completed: CompletedEcho, number: Int) { echoes.append(completed) }
    /// Keeps the history and the level reached.
    public func echoSummary(history: TimingHistory, trials: Int, level: Int, elapsed: Duration) {
        echoHistory = history
        echoLevel = level
    }
    /// Keeps where and how many.
    public func saved(to path: String, total: Int) { saves.append((path, total)) }

    /// Keeps the answer.
    public func playBack(_ completed: CompletedPlayBack, number: Int) { playBacks.append(completed) }

    /// Where placements ended: items in play, after how many answers.
    public private(set) var placements: [(inPlay: Int, answered: Int)] = []

    /// Keeps where the placement ended.
    public func placementEnded(inPlay: Int, answered: Int) { placements.append((inPlay, answered)) }
    /// Notes that nothing could be asked.
    public func nothingToAsk() { hadNothingToAsk = true }

    /// Keeps the history.
    public func playBackSummary(
        history: PlayBackHistory, kind: PlayBackKind, answered: Int, correct: Int, elapsed: Duration
    ) {
        playBackHistory = history
    }
    /// Keeps the failure and passes its description to `error`.
    public func storeFailed(_ failure: any Error, error: (String) -> Void) {
        failures.append(failure)
        error(String(describing: failure))
    }
}
