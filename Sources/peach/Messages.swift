// Messages: the one-line English texts of Peach's errors, made only here at the command-line edge.

import PeachCore
import PeachStore

/// Turns Peach's typed errors into one-line messages for the user.
enum Messages {
    /// The message for a settings error on a command-line option.
    static func describe(_ error: SettingsError, option: String) -> String {
        switch error {
        case .outOfRange(_, let value, let allowed):
            "\(option) \(value) is out of range; use \(allowed)."
        case .rangeTooNarrow(_, let range, let minimum):
            "\(option) \(range) is too narrow; the range must span at least \(minimum) semitones."
        case .invalidValue(_, let value, let expected):
            "\(option) '\(value)' is not valid; expected \(expected)."
        case .unknownKey(let key):
            "\(option): there is no setting '\(key)'."
        }
    }

    /// The message for a failure to find the data folders.
    static func describe(_ error: DataLocations.Failure) -> String {
        switch error {
        case .noHomeDirectory(let purpose):
            "cannot tell where to keep \(purpose): set HOME (or XDG_\(purpose.uppercased())_HOME) to an absolute path."
        }
    }
}
