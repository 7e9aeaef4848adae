// PseudoLanguageTests: every text goes through the catalogue: rendered in a pseudo-language, none escapes.

import Foundation
import PeachAudio
import PeachCore
import PeachMIDI
import PeachStore
import PeachSystem
import PeachTestSupport
import PeachText
import PeachTraining
import Testing

@Suite("The pseudo-language")
struct PseudoLanguageTests {
    /// Words a user types or a file holds as they are in any language: actions, event names, setting keys.
    static let identifiers = CatalogueTests.identifiers.union(
        SettingKey.allCases.map { $0.rawValue.lowercased() })

    /// The words of the values `value` holds (its strings, and the system's text of an errno), found by
    /// reflection: a value (a path, a field's name, the system's own words) is not Peach's text.
    static func valueWords(of value: Any) -> Set<String> {
        var words = Set<String>()
        if let text = value as? String { words.formUnion(GermanProse.words(text)) }
        if let error = value as? FileError {
            words.formUnion(GermanProse.words(String(cString: strerror(error.code))))
        }
        for child in Mirror(reflecting: value).children { words.formUnion(valueWords(of: child.value)) }
        return words
    }

    /// Checks that `text` has no prose outside the markers but the words of `values`.
    static func check(_ text: String, _ what: String, values: Any? = nil) {
        let allowed = identifiers.union(values.map(valueWords(of:)) ?? [])
        let escaped = PseudoLanguage.escaped(in: text, allowed: allowed)
        #expect(escaped.isEmpty, "\(what): \(escaped) escaped the catalogue in «\(text)»")
        #expect(text.contains(PseudoLanguage.open), "\(what): no text from the catalogue in «\(text)»")
    }

    @Test("every phrase, help text, error, ending and notice comes from the catalogue")
    func everyText() throws {
        let texts = try PseudoLanguage.texts()
        for phrase in Phrase.allCases { Self.check(texts(phrase), "\(phrase)") }
        for key in Help.allCases { Self.check(texts.help(key, current: "C3-C5"), "\(key)") }
        for error in CatalogueTests.errors {
            Self.check(texts.message(for: error), "\(error)", values: error)
        }
        var progress = TrainingProgress()
        progress.answered = 3
        progress.correct = 2
        progress.matched = 1
        for ending in CatalogueTests.endings {
            Self.check(texts.closing(ending, progress: progress, storeLocation: "/d"), "\(ending)")
        }
        for notice in CatalogueTests.notices { Self.check(texts.notice(notice), "\(notice)") }
        for mode in TrainingMode.allCases { Self.check(texts.keysHelp(for: mode), "\(mode)") }
        for line in texts.startCommands { Self.check(line, "start commands") }
        Self.check(texts.cents(1.5), "cents")
        Self.check(texts.answers(2), "answers")
    }
}
