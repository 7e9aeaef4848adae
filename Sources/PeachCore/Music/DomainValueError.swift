// DomainValueError: why a value from a user or a file is not a valid domain value.

/// Why a raw value (typed by a user, read from a file or a device) is not a valid domain value.
///
/// Values written as literals in code are checked by preconditions instead; everything that crosses a
/// boundary goes through a `validating:` or `parsing:` initializer that throws this error.
public enum DomainValueError: Error, Equatable, Sendable {
    /// A MIDI note number outside 0–127.
    case midiNoteOutOfRange(Int)
    /// A text that is not a note name such as `A4`, `C#3` or `Bb-1`.
    case invalidNoteName(String)
    /// A MIDI velocity outside 1–127.
    case velocityOutOfRange(Int)
    /// A frequency that is zero, negative, infinite or not a number.
    case invalidFrequency(Double)
    /// A cent value that is infinite or not a number.
    case invalidCents(Double)
    /// A decibel value that is not a number.
    case invalidAmplitude(Double)
    /// A note range text that is not `LOW-HIGH` with two note names (e.g. `C2-C6`).
    case invalidNoteRange(String)
    /// Text that is not a directed interval such as `P5` or `M3down`.
    case invalidInterval(String)
    /// A timing tempo outside 40–200 BPM.
    case tempoOutOfRange(Int)
    /// An offset-detection position outside 2–7.
    case offsetClickOutOfRange(Int)
    /// Gap positions that are empty, outside 1–4, or every step of the cycle.
    case invalidGapPositions([Int])
    /// Text that is not a list of gap positions such as `4` or `2,4`.
    case invalidGapPositionsText(String)
    /// Text that is not a list of timing patterns such as `4:xxxx,triplets` or `all`.
    case invalidTimingPatterns(String)
    /// A maximum of repetitions other than 1, 2, 3, 5, 10 or unlimited.
    case invalidMaxRepetitions(String)
    /// A whole number outside what the named timing setting allows.
    case outOfRange(String, Int)
}

extension DomainValueError: CustomStringConvertible {
    /// The problem in English, for logs and decoding errors (the command line words its own messages).
    public var description: String {
        switch self {
        case .midiNoteOutOfRange(let value): "MIDI note must be 0–127, got \(value)"
        case .invalidNoteName(let text): "'\(text)' is not a note name such as A4 or C#3"
        case .velocityOutOfRange(let value): "MIDI velocity must be 1–127, got \(value)"
        case .invalidFrequency(let value): "frequency must be positive and finite, got \(value)"
        case .invalidCents(let value): "cents must be finite, got \(value)"
        case .invalidAmplitude(let value): "decibels must be a number, got \(value)"
        case .invalidNoteRange(let text): "'\(text)' is not a note range such as C2-C6"
        case .invalidInterval(let text): "'\(text)' is not an interval such as P5 or M3down"
        case .tempoOutOfRange(let value): "tempo must be 40–200 BPM, got \(value)"
        case .offsetClickOutOfRange(let value): "the offset position must be 2–7, got \(value)"
        case .invalidGapPositions(let value): "gap positions must be one to three of 1–4, got \(value)"
        case .invalidGapPositionsText(let text): "'\(text)' is not a list of gap positions such as 4 or 2,4"
        case .invalidTimingPatterns(let text):
            "'\(text)' is not a list of timing patterns such as 4:xxxx,triplets"
        case .invalidMaxRepetitions(let text): "'\(text)' is not 1, 2, 3, 5, 10 or unlimited"
        case .outOfRange(let name, let value): "\(name) is out of range: \(value)"
        }
    }
}
