// Language: English or German, chosen from the locale environment variables.

import Foundation

/// The language of Peach's texts: German when the locale says `de…`, English otherwise.
enum Language: String, CaseIterable {
    /// English.
    case english = "en"
    /// German (informal "du", as the original app).
    case german = "de"

    /// The language of this process: the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set and not empty,
    /// German if it starts with `de`.
    static let current = from(environment: ProcessInfo.processInfo.environment)

    /// The language `environment` asks for.
    static func from(environment: [String: String]) -> Language {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first {
            !$0.isEmpty
        }
        return locale?.lowercased().hasPrefix("de") == true ? .german : .english
    }
}
