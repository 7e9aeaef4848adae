// Language: English or German, chosen from the locale environment variables.

import Foundation
import PeachTraining

/// The language of Peach's texts: German when the locale says `de…`, English otherwise.
public enum Language: String, CaseIterable, Sendable {
    /// English.
    case english = "en"
    /// German (informal "du", as the original app).
    case german = "de"

    /// The language `environment` asks for: the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set and not
    /// empty, German if it starts with `de`.
    public static func from(environment: [String: String]) -> Language {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first {
            !$0.isEmpty
        }
        return locale?.lowercased().hasPrefix("de") == true ? .german : .english
    }
}
