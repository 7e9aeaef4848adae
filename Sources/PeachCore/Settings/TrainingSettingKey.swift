// TrainingSettingKey: the name of each training setting, its allowed values and how to read it from text.

/// The key of each training setting, as used in the settings file and by `peach settings`.
public enum TrainingSettingKey: String, CaseIterable, Sendable {
    /// The training range, e.g. `C2-C6`.
    case noteRange
    /// Seconds each note sounds.
    case noteDuration
    /// Seconds of silence between the two notes.
    case gapBetweenNotes
    /// Hertz of A4.
    case referencePitch
    /// 0 … 1: loudness rove of the second note.
    case varyLoudness
    /// Seconds feedback is shown.
    case feedbackDuration
    /// MIDI velocity 1 … 127.
    case velocity
    /// Timbre name.
    case timbre
    /// Directed intervals, e.g. `P1,P5,M3down`.
    case intervals
    /// `equal`, `just` or `pythagorean`.
    case tuningSystem

    /// What the key allows.
    public var allowed: AllowedValues {
        switch self {
        case .noteRange:
            .noteRange(
                within: TrainingSettings.allowedNotes, minimumSemitones: TrainingSettings.minimumRangeSpan)
        case .noteDuration: .number(TrainingSettings.noteDurationRange, .seconds)
        case .gapBetweenNotes: .number(TrainingSettings.gapRange, .seconds)
        case .referencePitch: .number(TrainingSettings.referencePitchRange, .hertz)
        case .varyLoudness: .number(TrainingSettings.varyLoudnessRange, .amount)
        case .feedbackDuration: .number(TrainingSettings.feedbackDurationRange, .seconds)
        case .velocity: .wholeNumber(1...127)
        case .timbre: .oneOf(TrainingSettings.timbres)
        case .intervals: .intervals
        case .tuningSystem: .oneOf(TuningSystem.allCases.map(\.rawValue))
        }
    }

    /// Reads a value for this key from text as a user types it.
    /// - Throws: ``SettingsError/invalidValue(key:value:expected:)`` when the text is not of the key's type.
    public func parse(_ text: String) throws(SettingsError) -> SettingValue {
        let trimmed = text.trimmingWhitespace()
        switch self {
        case .noteRange:
            guard let range = try? NoteRange(parsing: trimmed) else {
                throw .invalidValue(key: rawValue, value: text, expected: allowed)
            }
            return .noteRange(range)
        case .velocity:
            guard let number = Int(trimmed) else {
                throw .invalidValue(key: rawValue, value: text, expected: allowed)
            }
            return .integer(number)
        case .timbre, .intervals, .tuningSystem:
            return .text(trimmed)
        case .noteDuration, .gapBetweenNotes, .referencePitch, .varyLoudness, .feedbackDuration:
            guard let number = Double(trimmed), number.isFinite else {
                throw .invalidValue(key: rawValue, value: text, expected: allowed)
            }
            return .number(number)
        }
    }

    func wrongType(_ value: SettingValue) -> SettingsError {
        .invalidValue(key: rawValue, value: value.description, expected: allowed)
    }

    func checkedNumber(_ value: SettingValue, in range: ClosedRange<Double>) throws(SettingsError) -> Double {
        let number: Double
        switch value {
        case .number(let value): number = value
        case .integer(let value): number = Double(value)
        default: throw wrongType(value)
        }
        guard number.isFinite, range.contains(number) else {
            throw .outOfRange(key: rawValue, value: value.description, allowed: allowed)
        }
        return number
    }
}
