// Phrase: the catalogue's plain phrases, each a case with its English (translations in po/).

/// The plain phrases of the catalogue: the English here, the translations in `po/` (a test checks every case).
public enum Phrase: CaseIterable, Sendable {
    case higher, lower, correct, incorrect, deadCenter, note1, note2, replaying, yourAnswer, reference, tuneIt
    case comparisonTitle, matchingTitle, measurementTitle, stopped, saved, savedBefore, nothingStored,
        nothingStoredTrialUnfinished, nothingSavedCalibrationUnfinished, inputEnded,
        noController
    case profileTitle, emptyProfile, noDiscriminationYet, mean, standardDeviation, meanError, bias, rolling,
        progressByDay
    case noMatching, summary, none

    /// The English text: the catalogue's `msgid` (its translations are in `po/`).
    var english: Message {
        switch self {
        case .higher: "Higher"
        case .lower: "Lower"
        case .correct: "Correct"
        case .incorrect: "Incorrect"
        case .deadCenter: "Dead center"
        case .note1: "note 1"
        case .note2: "note 2"
        case .replaying: "again"
        case .yourAnswer: "higher or lower?"
        case .reference: "reference"
        case .tuneIt: "tune it, then commit"
        case .comparisonTitle: "Pitch discrimination"
        case .matchingTitle: "Pitch matching"
        case .measurementTitle: "Threshold measurement"
        case .stopped: "Stopped."
        case .saved: "Your answers are saved"
        case .savedBefore: "The answers before it are saved"
        case .nothingStored: "Nothing was stored."
        case .nothingSavedCalibrationUnfinished:
            "Nothing was saved: a calibration is kept once it has all its strikes."
        case .nothingStoredTrialUnfinished:
            "Nothing was stored: a fill-the-gap trial is kept once its 16 cycles are done."
        case .inputEnded: "The MIDI input ended; stopped."
        case .noController:
            "No controller connected yet: plug one in, or use the computer keyboard."
        case .profileTitle: "Perceptual profile"
        case .emptyProfile: "Start training to build your profile."
        case .mean: "Mean"
        case .standardDeviation: "Std dev"
        case .meanError: "mean error"
        case .bias: "bias"
        case .rolling: "rolling"
        case .progressByDay:
            "Progress by day (the mean difficulty of each day's answers):"
        case .noDiscriminationYet: "No pitch discrimination yet: 'peach train' starts it."
        case .noMatching:
            "Pitch matching: no attempts yet; try 'peach match'."
        case .summary: "Summary"
        case .none: "(none)"
        }
    }
}
