// SettingsError: why a setting value is not accepted, with the key, the value and what is allowed.

/// Why a value is not accepted for a setting. Each case carries the setting's key, the value as given and
/// what is allowed (``AllowedValues``, with its unit), never prose: the command line words it, in English or
/// German, naming the settings key or the option the value came from.
public enum SettingsError: Error, Equatable, Sendable {
    /// A value outside what the key allows.
    case outOfRange(key: String, value: String, allowed: AllowedValues)
    /// A training range narrower than the minimum span.
    case rangeTooNarrow(key: String, range: String, minimumSemitones: Int)
    /// A value that cannot be read as the setting's type (e.g. `abc` for a duration).
    case invalidValue(key: String, value: String, expected: AllowedValues)
    /// A key that no setting has.
    case unknownKey(String)
    /// A controller profile name that names no profile (the profiles that exist are listed).
    case noSuchProfile(key: String, value: String, known: [String])

    /// The key (or option) the error is about.
    public var key: String {
        switch self {
        case .outOfRange(let key, _, _), .rangeTooNarrow(let key, _, _), .invalidValue(let key, _, _),
            .noSuchProfile(let key, _, _):
            key
        case .unknownKey(let key): key
        }
    }

    /// The same error about `name` (an option such as `--range`) instead of the settings key.
    public func naming(_ name: String) -> SettingsError {
        switch self {
        case .outOfRange(_, let value, let allowed): .outOfRange(key: name, value: value, allowed: allowed)
        case .rangeTooNarrow(_, let range, let minimum):
            .rangeTooNarrow(key: name, range: range, minimumSemitones: minimum)
        case .invalidValue(_, let value, let expected):
            .invalidValue(key: name, value: value, expected: expected)
        case .unknownKey: self
        case .noSuchProfile(_, let value, let known): .noSuchProfile(key: name, value: value, known: known)
        }
    }
}

/// What a setting allows, as structure: the command line words it in the user's language.
public enum AllowedValues: Hashable, Sendable {
    /// A number in a range, with its unit.
    case number(ClosedRange<Double>, SettingUnit)
    /// A whole number in a range.
    case wholeNumber(ClosedRange<Int>)
    /// Two notes within `within`, at least `minimumSemitones` apart.
    case noteRange(within: NoteRange, minimumSemitones: Int)
    /// One of these words.
    case oneOf([String])
    /// Directed intervals separated by commas (`P1` … `P8`, `up` or `down`), e.g. `P5,M3down`.
    case intervals
    /// A controller profile's name (letters, digits, `-`, `_`).
    case profileName
    /// `alsa:DEVICE`, `wav:PATH` or `null`.
    case audioOutput
    /// `synth`, `midi`, `midi:CLIENT:PORT`, `midi:NAME` or `rawmidi:PATH`.
    case midiOutput
    /// `on` or `off`.
    case onOff
    /// A SoundFont's path or file name, or `none`.
    case soundFont
    /// A SoundFont preset's name or `bank:program`, or empty for the first.
    case preset
    /// One to three of the steps 1–4, separated by commas (fill the gap's gap positions).
    case gapPositions
    /// Timing patterns (`4:x-xx`), family names (`triplets`) or `all`, separated by commas.
    case timingPatterns
    /// A key: a major key's name (`C`, `F#`, `Bb`), or a minor key's with `m` (`Am`).
    case keySignature
    /// `random` or a tonic (`C`, `Eb`, `F#`).
    case degreeKey
}

/// The unit of a numeric setting.
public enum SettingUnit: String, Hashable, Sendable {
    /// Seconds.
    case seconds
    /// Hertz.
    case hertz
    /// A share from 0 (off) to 1.
    case amount
    /// Cents.
    case cents
    /// Decibels.
    case decibels
    /// Milliseconds.
    case milliseconds
}
