// LanguageNegotiation: the browser's Accept-Language turned into the texts of a language Peach speaks.

import Foundation
import PeachText
import Synchronization

/// Picks the language of a page from the request's `Accept-Language` (`de-DE,de;q=0.9,en;q=0.8`): the wanted
/// languages by weight, the first that Peach has a catalogue for (or English) wins; none given is English.
/// The texts of each catalogue are loaded once, and what is kept is bounded whatever the headers.
final class LanguageNegotiation: Sendable {
    /// The texts of each catalogue loaded (its language code; "" for English), and which catalogue each code
    /// asked for has (at most ``codesKept`` codes are remembered: a header with a new code each time costs a look
    /// for its catalogue, never memory).
    private struct Cache {
        var texts: [String: Texts] = [:]
        var codes: [String: String] = [:]
    }

    /// How many codes are remembered before the memory of them starts afresh.
    static let codesKept = 256

    private let cache = Mutex<Cache>(Cache())

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

    /// The number of catalogues and of codes held (tests: both stay bounded whatever the headers).
    var held: (catalogues: Int, codes: Int) { cache.withLock { ($0.texts.count, $0.codes.count) } }

    /// The texts of `code`, each catalogue loaded once (English for a code without a catalogue).
    private func texts(code: String) -> Texts {
        let known = cache.withLock { cache in cache.codes[code].flatMap { cache.texts[$0] } }
        if let known { return known }
        var loaded = Texts(language: code == "en" ? .english : Language(code: code))
        let language = loaded.catalogue.language
        if language.isEmpty { loaded = Texts(language: .english) }
        return cache.withLock { cache in
            if cache.codes.count >= Self.codesKept { cache.codes.removeAll(keepingCapacity: true) }
            cache.codes[code] = language
            if let kept = cache.texts[language] { return kept }
            cache.texts[language] = loaded
            return loaded
        }
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
