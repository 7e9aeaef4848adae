// Language: the language Peach speaks, chosen from the locale environment variables as gettext chooses it.

import Foundation

/// The language of Peach's texts: which catalogue (`po/<code>.po`) to use. Chosen as gettext chooses: the
/// locale is the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set and not empty; `C` or `POSIX` (or
/// nothing) is English; otherwise `LANGUAGE` (a list like `de_AT:de`) comes first, then the locale's own
/// language. A code with a country (`pt_BR`) also tries the language alone (`pt`).
public struct Language: Hashable, Sendable {
    /// The codes to try, most wanted first (`["de_AT", "de"]`); empty for English.
    public let preferences: [String]

    /// English, the language of the source.
    public static let english = Language(preferences: [])
    /// German.
    public static let german = Language(code: "de")

    /// The language `code` (`de`, `pt_BR`).
    public init(code: String) { self.init(preferences: Self.expand([code])) }

    private init(preferences: [String]) { self.preferences = preferences }

    /// The main code (`de`), or `en` for English.
    public var code: String { preferences.first ?? "en" }

    /// The language `environment` asks for.
    public static func from(environment: [String: String]) -> Language {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first {
            !$0.isEmpty
        }
        guard let locale, locale != "C", locale != "POSIX", !locale.hasPrefix("C.") else { return .english }
        let listed = (environment["LANGUAGE"] ?? "").split(separator: ":").map(String.init)
        return Language(preferences: expand(listed + [locale]))
    }

    /// `de_DE.UTF-8@euro` → `de_DE`, then `de`; English codes end the list (English needs no catalogue).
    static func expand(_ codes: [String]) -> [String] {
        var result: [String] = []
        for raw in codes {
            let code = String(raw.prefix { $0 != "." && $0 != "@" })
            guard !code.isEmpty else { continue }
            if code == "en" || code.hasPrefix("en_") || code == "C" || code == "POSIX" { break }
            let language = String(code.prefix { $0 != "_" })
            for candidate in [code, language] where !result.contains(candidate) { result.append(candidate) }
        }
        return result
    }
}
