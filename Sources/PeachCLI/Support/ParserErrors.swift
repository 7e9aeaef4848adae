// ParserErrors: Peach's own errors out of swift-argument-parser's wrappers, so every bad value gets Peach's words.

import PeachTraining

/// Reads swift-argument-parser's errors, which it keeps internal, by reflection: the error a `validate()`
/// threw, and a value it could not parse, become Peach's own (``CommandError``) so the catalogue words them in
/// the user's language. The field names read here are those of swift-argument-parser 1.8 (`parserError`,
/// `userValidationError`, `unableToParseValue` and its four fields); a test of each error path fails if a
/// later version renames them. That is why Package.swift pins swift-argument-parser to 1.8.x
/// (`.upToNextMinor`): a new minor version is taken on purpose, with these tests run against it.
enum ParserErrors {
    /// The error a `validate()` threw, out of the wrapper ArgumentParser puts around it (its internal
    /// `CommandError` holding `ParserError.userValidationError(error)`), so Peach's own errors get Peach's
    /// words; anything else as it is.
    static func ownError(in error: any Error) -> any Error {
        guard let parserError = Mirror(reflecting: error).descendant("parserError") else { return error }
        let payload = Mirror(reflecting: parserError).children.first { $0.label == "userValidationError" }?
            .value
        return payload as? any Error ?? error
    }

    /// What each option's values look like, for a value ArgumentParser could not parse (a number otherwise).
    static let valueForms: [String: SpecKind] = [
        "--range": .noteRange, "--midi-in": .midiInput, "--output": .midiOutput, "--audio-out": .audioOutput,
        "--latency": .latency, "--midi-channels": .midiChannels, "--midi-tuning": .midiTuning,
        "<note>": .note,
        "--mode": .simulationMode, "--format": .exportFormat, "--kind": .playBackKind,
        "--confusions": .playBackKind,
        "--trials": .wholeNumber, "--seed": .wholeNumber, "--days": .wholeNumber,
        "--midi-program": .wholeNumber,
        "--bend-range": .wholeNumber,
    ]

    /// A value ArgumentParser could not parse (`ParserError.unableToParseValue`, inside its internal wrapper),
    /// as Peach's own ``CommandError/invalidSpec(option:value:expected:)``, so it is worded like every other
    /// bad value, in the user's language.
    static func unparsableValue(in error: any Error) -> CommandError? {
        guard let parserError = Mirror(reflecting: error).descendant("parserError"),
            let payload = Mirror(reflecting: parserError).children.first(where: {
                $0.label == "unableToParseValue"
            })?
            .value
        else { return nil }
        let fields = Array(Mirror(reflecting: payload).children)
        guard fields.count >= 4, let value = fields[2].value as? String else { return nil }
        let long =
            Mirror(reflecting: fields[1].value).children.first.map { Mirror(reflecting: $0.value) }?
            .children.first { $0.label == "long" }?.value as? String
        let key = Mirror(reflecting: fields[3].value).descendant("name") as? String
        guard let option = long.map({ "--" + $0 }) ?? key.map({ "<\($0)>" }) else { return nil }
        return .invalidSpec(option: option, value: value, expected: valueForms[option] ?? .number)
    }

    /// Whether swift-argument-parser's output `message` is a help screen (to translate and fit), not the
    /// version, a completion script or the help dump.
    static func isHelpScreen(_ message: String) -> Bool {
        message.hasPrefix("OVERVIEW: ") || message.hasPrefix("USAGE: ") || message.contains("\nUSAGE: ")
    }
}
