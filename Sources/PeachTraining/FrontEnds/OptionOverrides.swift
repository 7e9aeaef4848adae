// OptionOverrides: a run's options applied over the settings, each by the setting's own rules, named in errors.

import PeachCore
import PeachStore

/// Applies a run's options over its settings in order: each option changes the settings through the setting's
/// own validation (so the settings file, `peach settings set` and the options share one set of rules), and a
/// value it refuses is reported under the option's name (`--tempo 300 is out of range; use 40–200`).
public enum OptionOverrides {
    /// `value` with each given option's change applied (an option not given has no change).
    /// - Throws: ``CommandError/option(_:)`` naming the first option whose value is refused.
    public static func apply<Value>(
        _ changes: [(option: String, change: ((Value) throws -> Value)?)], to value: Value
    ) throws -> Value {
        var result = value
        for (option, change) in changes {
            guard let change else { continue }
            do {
                result = try change(result)
            } catch let error as SettingsError {
                throw CommandError.option(error.naming(option))
            }
        }
        return result
    }

    /// `settings` with each setting whose option was given (its text not nil) set from the text, as
    /// `peach settings set` would set it.
    /// - Throws: ``CommandError/option(_:)`` naming the setting's option (``SettingKey/option``).
    public static func apply(
        _ options: [(key: SettingKey, text: String?)], to settings: PeachSettings
    ) throws -> PeachSettings {
        let changes: [(option: String, change: ((PeachSettings) throws -> PeachSettings)?)] = options.map {
            key, text in
            (key.option, text.map { text in { try $0.setting(key, toText: text) } })
        }
        return try apply(changes, to: settings)
    }
}
