// SimulationReporting: the port a simulation reports through (the live one writes lines in the user's words).

import Foundation
import PeachCore

/// What a ``Simulation`` tells as it runs: its header, each trial, the summary and what was saved. The
/// application decides what happened; the report (the catalogue's `SimulationReport`) words it.
@MainActor
public protocol SimulationReporting: AnyObject {
    /// The header: the mode, the simulated listener, the settings (training or timing) and the seed.
    func header(
        mode: SimulationMode, parameters: SimulatedListener.Parameters, settings: TrainingSettings,
        timing: TimingSettings, seed: UInt64)
    /// A comparison was answered (the `number`th).
    func comparison(_ completed: CompletedComparison, number: Int)
    /// A pitch-matching attempt was committed (the `number`th).
    func matching(_ completed: CompletedPitchMatching, number: Int)
    /// The summary of pitch discrimination (or a measurement, with its estimate).
    func comparisonSummary(
        tracker: ProfileTracker, answered count: Int, sessionBest: Double?, nextDifference: Double?,
        elapsed: Duration, measured: ThresholdEstimate?)
    /// The summary of pitch matching.
    func matchingSummary(elapsed: Duration)
    /// An offset-detection trial was answered (the `number`th).
    func offsetDetection(_ completed: CompletedOffsetDetection, number: Int)
    /// The summary of offset detection: the run's answers (`history`), the next offset, the tempo.
    func offsetDetectionSummary(
        history: TimingHistory, answered: Int, correct: Int, nextPercent: Double?, tempo: Tempo,
        elapsed: Duration)
    /// A fill-the-gap trial ended with strikes (the `number`th trial).
    func gapFill(_ completed: CompletedGapFill, number: Int)
    /// The summary of fill the gap: every strike's offset while the loop sounded, the trials, and with silent
    /// bars each trial's drift (ms per bar).
    func gapFillSummary(
        strikes: WelfordAccumulator, trials: Int, elapsed: Duration, drift: WelfordAccumulator?)
    /// A rhythm echo was scored (the `number`th echo bar).
    func echo(_ completed: CompletedEcho, number: Int)
    /// The summary of rhythm echo: the run's echoes (`history`), the bars played, the level reached.
    func echoSummary(history: TimingHistory, trials: Int, level: Int, elapsed: Duration)
    /// A play-back question was answered (the `number`th).
    func playBack(_ completed: CompletedPlayBack, number: Int)
    /// A placement ended after `answered` answers with `inPlay` items in play.
    func placementEnded(inPlay: Int, answered: Int)
    /// No question of the play-back kind fits the note range: the run stops there.
    func nothingToAsk()
    /// The summary of play-back: the history (what the store held, and this run's answers), the run's answers.
    func playBackSummary(
        history: PlayBackHistory, kind: PlayBackKind, answered: Int, correct: Int, elapsed: Duration)
    /// The answers were saved: where, and how many the store holds.
    func saved(to path: String, total: Int)
    /// The store failed: `error` gets the line to show.
    func storeFailed(_ failure: any Error, error: (String) -> Void)
}
