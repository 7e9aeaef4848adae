// SummaryLabel: the labels of a simulation's summary rows, one column wide enough for the longest translation.

/// The label of a row of a simulation's summary (`  Threshold        8.1 cents`). The rows' values start in one
/// column: two spaces after the longest label in the user's language (``columnWidth(in:)``), so a translator
/// may write a label of any length.
enum SummaryLabel: CaseIterable {
    case comparisons, difficultyNow, sessionBest, meanDifficulty, threshold, measured, trend, virtualTime
    case attempts, meanAbsError, bias, spread
    case answers, offsetNow
    case trials, strikes, meanOffset, silentDrift, hitRate, extras, levelNow
    case savedTo

    /// The English text: the catalogue's `msgid`.
    var english: Message {
        switch self {
        case .comparisons: "Comparisons"
        case .difficultyNow: "Difficulty now"
        case .sessionBest: "Session best"
        case .meanDifficulty: "Mean difficulty"
        case .threshold: "Threshold"
        case .measured: "Measured"
        case .trend: "Trend"
        case .virtualTime: "Virtual time"
        case .attempts: "Attempts"
        case .meanAbsError: "Mean abs error"
        case .bias: "Bias"
        case .spread: "Spread"
        case .answers: "Answers"
        case .offsetNow: "Offset now"
        case .trials: "Trials"
        case .strikes: "Strikes"
        case .meanOffset: "Mean offset"
        case .silentDrift: "Silent drift"
        case .hitRate: "Notes hit"
        case .extras: "Extra strikes"
        case .levelNow: "Level now"
        case .savedTo: "Saved to"
        }
    }

    /// Where the values start in `texts`' language: the longest label and two spaces (17 in English).
    static func columnWidth(in texts: Texts) -> Int {
        (allCases.map { texts.tr($0.english).count }.max() ?? 0) + 2
    }
}
