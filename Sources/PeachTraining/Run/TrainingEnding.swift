// TrainingEnding: why a run ended, and the exit status that follows from it.

import PeachCore

/// Why a run ended. Whatever the reason, the unfinished trial was discarded, every sounding note was silenced
/// and every answer given was already stored.
public enum TrainingEnding: Sendable {
    /// The user stopped (a `stop` control, `q`).
    case user
    /// The raw MIDI input ended (a file or FIFO reached its end).
    case inputEnded
    /// A signal (SIGINT, SIGTERM, SIGHUP), by number.
    case signal(Int32)
    /// The controller went away (its name).
    case controllerDisconnected(String)
    /// Reading the controller failed.
    case controllerFailed(any Error & Sendable)
    /// The sound failed: the audio device was lost, or a note could not be played.
    case audioFailure(any Error)
    /// A measurement reached its precision or its trial count: the threshold it measured.
    case measured(ThresholdEstimate)
    /// The store could not keep an answer (a full disk): it was not acknowledged; the ones before it are kept.
    case storeFailure(any Error)
    /// The reader of the output went away: the run ends as if stopped, the notes silenced.
    case outputClosed
    /// A calibration took its strikes: what it measured (saved by the command line when it is
    /// ``TimingCalibration/isSteady``; strikes too uneven are a failure, nothing saved).
    case calibrated(TimingCalibration)

    /// The exit status: 0 for the user, the end of the input or of the output, 128 + n for signal n, 1 for a failure
    /// (a calibration too uneven to keep is one).
    public var exitStatus: Int32 {
        switch self {
        case .user, .inputEnded, .measured, .outputClosed: 0
        case .calibrated(let calibration): calibration.isSteady ? 0 : 1
        case .signal(let number): 128 + number
        case .controllerDisconnected, .controllerFailed, .audioFailure, .storeFailure: 1
        }
    }

    /// Whether the run ended by a failure (reported on stderr, exit status 1).
    public var isFailure: Bool { exitStatus == 1 }

    /// The reason's name in the events stream: `user`, `inputEnded`, `signal`, `controllerDisconnected`,
    /// `audioFailure`, `measured`, `storeFailed`, `outputClosed`, `calibrated`, `calibrationUneven`.
    public var name: String {
        switch self {
        case .user: "user"
        case .inputEnded: "inputEnded"
        case .signal: "signal"
        case .controllerDisconnected, .controllerFailed: "controllerDisconnected"
        case .audioFailure: "audioFailure"
        case .measured: "measured"
        case .storeFailure: "storeFailed"
        case .outputClosed: "outputClosed"
        case .calibrated(let calibration): calibration.isSteady ? "calibrated" : "calibrationUneven"
        }
    }

    /// The exit status of a command that a signal stopped: 128 + its number.
    public static func exitStatus(forSignal number: Int32) -> Int32 { 128 + number }

    /// The name of a signal: `SIGINT`, `SIGTERM`, `SIGHUP`, or `signal N`.
    public static func signalName(_ number: Int32) -> String {
        switch number {
        case 1: "SIGHUP"
        case 2: "SIGINT"
        case 15: "SIGTERM"
        default: "signal \(number)"
        }
    }
}
