// TrainingEvent: everything a run shows, in order, to every presenter (screen, events stream, earcons).

import Foundation
import PeachAudio
import PeachCore

/// What a ``TrainingRun`` tells its presenters. Results are presented only after they are stored.
public enum TrainingEvent: Sendable {
    /// The run started: its mode, controller profile and sound output (and what that plays through, when known).
    case started(TrainingMode, profile: String, output: String, stack: AudioStack?)
    /// The run switched to another mode (a `startComparison` / `startPitchMatching` action).
    case modeChanged(TrainingMode)
    /// Something the user should know that is not part of a trial.
    case notice(TrainingNotice)
    /// A comparison event, with the run's progress after it.
    case comparison(ComparisonSessionEvent, TrainingProgress)
    /// A pitch-matching event, with the run's progress after it.
    case pitchMatching(PitchMatchingSessionEvent, TrainingProgress)
    /// An offset-detection event, with the run's progress after it.
    case offsetDetection(OffsetDetectionEvent, TrainingProgress)
    /// A fill-the-gap event, with the run's progress after it.
    case gapFill(GapFillEvent, TrainingProgress)
    /// A rhythm-echo event, with the run's progress after it.
    case echo(EchoEvent, TrainingProgress)
    /// A play-back event, with the run's progress after it.
    case playBack(PlayBackSessionEvent, TrainingProgress)
    /// A wrong answer ticked (the `wrongAnswerTick` setting).
    case tick
    /// The run ended: why, its progress, and where the answers are stored. The last event.
    case ended(TrainingEnding, TrainingProgress, storeLocation: String)
}

/// A notice: a line of information outside the trials.
public enum TrainingNotice: Sendable {
    /// No controller is connected yet (the sequencer found none); the keyboard works meanwhile.
    case noControllerYet
    /// A controller connected (its name).
    case controllerConnected(String)
    /// The controller profile changed while the run trains (the `controllerProfile` setting); its name.
    case profileChanged(String)
    /// The computer keyboard's piano now starts from this C (`z`/`x` in play-back).
    case pianoFrom(MIDINote)
    /// The settings file changed but cannot be read; the last good settings stay in force.
    case settingsProblem(any Error & Sendable)
    /// The SoundFont could not be played; the built-in timbre (named) plays instead.
    case soundFontProblem(SoundFontError, timbre: String)
    /// A controller action that means nothing in this state or mode (e.g. commit in comparison training).
    case actionNotApplicable(String, TrainingMode)
    /// Timing training whose strikes and answers are timed when Peach reads them (raw MIDI, the computer
    /// keyboard, a sequencer without timestamps), not by the kernel's stamps.
    case timedOnArrival
}

/// Shows a run: the terminal screen, the `--events` stream, the practice box's earcons.
@MainActor
public protocol TrainingPresenter: AnyObject {
    /// Shows `event`, which happened at `time` (the run's clock).
    func present(_ event: TrainingEvent, at time: Date)
}
