// SettingsError: why a setting value is not accepted.

/// Why a value is not accepted for a setting. Each case names the setting's key, so the message at the
/// command line (or for a settings file) can say which key and what is allowed.
public enum SettingsError: Error, Equatable, Sendable {
    /// A number outside its allowed range; `allowed` is written like `0.3…3.0`.
    case outOfRange(key: String, value: String, allowed: String)
    /// A training range narrower than the minimum span.
    case rangeTooNarrow(key: String, range: String, minimumSemitones: Int)
    /// A value that cannot be read as the setting's type (e.g. `abc` for a duration).
    case invalidValue(key: String, value: String, expected: String)
    /// A key that no setting has.
    case unknownKey(String)
}

extension SettingsError {
    /// The problem in one English sentence without a final period, naming the setting as `name` (its key in
    /// the settings file, or a command-line option such as `--range`).
    public func message(naming name: String) -> String {
        switch self {
        case .outOfRange(_, let value, let allowed): "\(name) \(value) is out of range; use \(allowed)"
        case .rangeTooNarrow(_, let range, let minimum):
            "\(name) \(range) is too narrow; the range must span at least \(minimum) semitones"
        case .invalidValue(_, let value, let expected):
            "\(name) '\(value)' is not valid; expected \(expected)"
        case .unknownKey(let key): "there is no setting '\(key)'"
        }
    }
}
