// LanguageNegotiation: the browser's Accept-Language turned into the texts of a language Peach speaks.

import Foundation
import PeachText
import Synchronization

/// Picks the language of a page from the request's `Accept-Language` (`de-DE,de;q=0.9,en;q=0.8`): the wanted
/// languages by weight, the first that Peach has a catalogue for (or English) wins; none given is English.
/// The texts of each language are loaded once.
final class LanguageNegotiation: Sendable {
    private let cache = Mutex<[String: Texts]>([:])

    /// An empty cache.
    init() {}

    /// The texts for a request whose `Accept-Language` is `header` (nil: none sent).
    func texts(for header: String?) -> Texts {
        for code in Self.preferences(header) {
            if code == "en" || code.hasPrefix("en_") { return texts(code: "en") }
            let texts = texts(code: code)
            if !texts.catalogue.language.isEmpty { return texts }
        }
        return texts(code: "en")
    }

    /// The texts of `code`, loaded once (English for a code without a catalogue).
    private func texts(code: String) -> Texts {
        if let known = cache.withLock({ $0[code] }) { return known }
        let texts = Texts(language: code == "en" ? .english : Language(code: code))
        cache.withLock { $0[code] = texts }
        return texts
    }

    /// The codes `header` asks for, by weight (ties in order), as gettext spells them (`de_AT`); at most eight,
    /// each at most 16 characters of letters, digits and `-`, so a hostile header costs nothing.
    static func preferences(_ header: String?) -> [String] {
        guard let header else { return [] }
        var wanted: [(code: String, weight: Double, index: Int)] = []
        for (index, item) in header.split(separator: ",").prefix(8).enumerated() {
            let parts = item.split(separator: ";")
            guard let first = parts.first else { continue }
            let tag = first.trimmingCharacters(in: .whitespaces)
            guard !tag.isEmpty, tag.count <= 16, tag != "*",
                tag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
            else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                if pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces) == "q" {
                    weight = Double(pair[1].trimmingCharacters(in: .whitespaces)) ?? 0
                }
            }
            guard weight > 0 else { continue }
            let subtags = tag.split(separator: "-")
            var code = subtags[0].lowercased()
            if subtags.count > 1, subtags[1].count == 2 { code += "_" + subtags[1].uppercased() }
            wanted.append((code, weight, index))
        }
        return wanted.sorted { $0.weight != $1.weight ? $0.weight > $1.weight : $0.index < $1.index }.map(
            \.code)
    }
}
