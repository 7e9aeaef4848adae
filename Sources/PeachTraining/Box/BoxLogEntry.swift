// BoxLogEntry: what the practice box has to say in its log, as values; the catalogue words them.

import PeachCore

/// A line of the practice box's log (the journal on stderr and, from a notice up, the status log), as a
/// value: the box decides what happened, and the words come from outside (the catalogue, in the box's
/// language), so the application holds no text.
public enum BoxLogEntry {
    /// The box started with a controller profile and a store.
    case started(profile: String, store: String)
    /// An error, in one line.
    case error(any Error)
    /// A stop signal arrived (its name).
    case signal(name: String)
    /// SIGUSR2: the box stops so that its service starts it again (the dashboard's restart).
    case restarting
    /// The dashboard's setup page watches the controller: key presses are shown for so many seconds.
    case watchingKeys(seconds: Int)
    /// A test tone on an output (its setting), asked for by the dashboard.
    case testTone(String)
    /// A test tone was asked for on an output the box did not list.
    case testToneRefused
    /// A controller was connected (its label).
    case controllerConnected(String)
    /// The controller went away (its label).
    case controllerGone(String)
    /// The audio device was closed while nothing played.
    case audioClosed
    /// A session cannot start: there is no sound.
    case noAudioForTraining
    /// A session started.
    case sessionStarted(TrainingMode)
    /// A session ended: its mode, what was done, and why (the ending's name).
    case sessionEnded(TrainingMode, TrainingProgress, reason: String)
    /// The box stopped: every note is off.
    case finished
    /// The settings and profile were read again.
    case reloaded(profile: String)
    /// Reading them again failed; the old ones stay.
    case reloadFailed(any Error)
    /// The audio device is back after a problem (its name).
    case audioBack(String)
    /// The audio device was opened (its name).
    case audioOpened(String)
    /// The audio device cannot be opened (it is tried again).
    case audioUnavailable(any Error)
    /// The audio device was lost while open.
    case audioLost(any Error)
    /// The sound dropped out (an underrun) during timing training: the trial starts again.
    case timingDropout
    /// The sound dropped out (an underrun) during play-back: `total` times in this session (the answer still
    /// counts, unless a melody in tempo plays again).
    case playBackDropout(total: Int)
    /// A timing calibration from the menu measured its strikes; `savedIn` is the file it was kept in, nil when
    /// it was not kept (too uneven, or the box has no calibration file).
    case calibrated(TimingCalibration, savedIn: String?)
}
