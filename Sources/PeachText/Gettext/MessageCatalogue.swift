// MessageCatalogue: one language's translations (from a .mo file or, in the source tree, a .po file).

import Foundation
import PeachSystem
import Synchronization

/// The translations of one language: English template (with its context) → translation, and the plural
/// rule. Loaded once per language from the first place that has it:
/// 1. `$PEACH_LOCALEDIR/<lang>/LC_MESSAGES/peach.mo`, then `$PEACH_LOCALEDIR/<lang>.po` (for a test or a
///    translator trying a catalogue out);
/// 2. `<prefix>/share/locale/<lang>/LC_MESSAGES/peach.mo` beside the installed binary (`make install`);
/// 3. the source tree's `po/<lang>.po` (`swift run`, `swift test`: no install, no build step).
///
/// Peach reads the files itself rather than through glibc's `gettext()`: that answers only when the user's
/// locale is generated on the machine (`locale-gen`), and a Raspberry Pi image often has just `en_GB.UTF-8`,
/// so `LANG=de_DE.UTF-8` would give English. The files and their rules are gettext's.
public final class MessageCatalogue: Sendable {
    /// The language code the catalogue is for (`de`, `pt_BR`); empty for English, the source language.
    public let language: String
    /// The plural rule.
    public let pluralRule: PluralRule
    private let translations: [String: [String]]

    /// English: no translations.
    public static let english = MessageCatalogue(language: "", pluralRule: .english, translations: [:])

    /// A catalogue of `entries` (a `.po` file's), for `language`. Untranslated and fuzzy entries are left out,
    /// as msgfmt leaves them out.
    public convenience init(language: String, entries: [POFile.Entry], pluralRule: PluralRule) {
        var table: [String: [String]] = [:]
        for entry in entries where !entry.id.isEmpty && !entry.flags.contains("fuzzy") {
            guard entry.translations.contains(where: { !$0.isEmpty }) else { continue }
            table[Self.key(entry.id, context: entry.context)] = entry.translations
        }
        self.init(language: language, pluralRule: pluralRule, translations: table)
    }

    private init(language: String, pluralRule: PluralRule, translations: [String: [String]]) {
        self.language = language
        self.pluralRule = pluralRule
        self.translations = translations
    }

    /// The key of an entry: gettext's `context EOT id`.
    static func key(_ id: String, context: String?) -> String {
        context.map { $0 + "\u{4}" + id } ?? id
    }

    /// The translation of `template` (in `context`), or nil when the catalogue has none.
    public func translation(of template: String, context: String? = nil) -> String? {
        translations[Self.key(template, context: context)]?.first.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The translation of the plural pair (`one`, `other`) for `count`, or nil when there is none.
    public func translation(one: String, count: Int, context: String? = nil) -> String? {
        guard let forms = translations[Self.key(one, context: context)] else { return nil }
        let form = forms[min(pluralRule.form(for: count), forms.count - 1)]
        return form.isEmpty ? nil : form
    }

    /// How many entries are translated.
    public var count: Int { translations.count }

    // MARK: Finding and loading

    /// The source tree's `po` folder, when Peach runs from it (`swift run`, `swift test`).
    public static let sourceFolder: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }  // Gettext, PeachText, Sources, the package
        return url.appendingPathComponent("po").path
    }()

    /// The installed catalogues' folder beside the running binary (`<prefix>/share/locale`).
    static var installedFolder: String? {
        guard let executable = FileSystem.realPath("/proc/self/exe") else { return nil }
        let prefix = URL(fileURLWithPath: executable).deletingLastPathComponent().deletingLastPathComponent()
        return prefix.appendingPathComponent("share/locale").path
    }

    private static let cache = Mutex<[String: MessageCatalogue]>([:])

    /// The catalogue for the first of `languages` (most wanted first, `de_AT` before `de`) that has one;
    /// English when none has. Loaded once per process.
    public static func load(languages: [String], environment: [String: String]) -> MessageCatalogue {
        let override = environment["PEACH_LOCALEDIR"].flatMap { $0.isEmpty ? nil : $0 }
        for language in languages where !language.isEmpty && language != "en" && !language.hasPrefix("en_") {
            let cacheKey = (override ?? "") + "|" + language
            if let cached = cache.withLock({ $0[cacheKey] }) { return cached }
            if let loaded = find(language, override: override) {
                cache.withLock { $0[cacheKey] = loaded }
                return loaded
            }
        }
        return .english
    }

    /// The catalogue of `language` from the first place that has it, in the order the type's summary gives.
    private static func find(_ language: String, override: String?) -> MessageCatalogue? {
        let mo = "/\(language)/LC_MESSAGES/peach.mo"
        let po = "/\(language).po"
        if let override {
            if let catalogue = readMO(override + mo, language: language)
                ?? readPO(override + po, language: language)
            {
                return catalogue
            }
        }
        if let installedFolder, let catalogue = readMO(installedFolder + mo, language: language) {
            return catalogue
        }
        return readPO(sourceFolder + po, language: language)
    }

    /// The largest catalogue read, bytes (German's is about 100 KiB).
    static let sizeLimit = 16 << 20

    /// The catalogue in the `.po` file at `path`, or nil when there is none or it does not parse.
    public static func readPO(_ path: String, language: String) -> MessageCatalogue? {
        guard let bytes = try? SystemFile.readRegularFile(path, limit: sizeLimit),
            let file = try? POFile(parsing: String(decoding: bytes, as: UTF8.self))
        else { return nil }
        let rule = file.header["Plural-Forms"].flatMap(PluralRule.init(header:)) ?? .english
        return MessageCatalogue(language: language, entries: file.entries, pluralRule: rule)
    }

    /// The catalogue in the `.mo` file at `path`, or nil when there is none or it is not one.
    static func readMO(_ path: String, language: String) -> MessageCatalogue? {
        guard let bytes = try? SystemFile.readRegularFile(path, limit: sizeLimit),
            let pairs = MOFile.pairs(bytes)
        else { return nil }
        var table: [String: [String]] = [:]
        var rule = PluralRule.english
        for (original, translation) in pairs {
            if original.isEmpty {
                for line in translation.split(separator: "\n") where line.hasPrefix("Plural-Forms:") {
                    rule = PluralRule(header: String(line.dropFirst("Plural-Forms:".count))) ?? rule
                }
                continue
            }
            // A plural entry's original is `one NUL other`; its key is the singular.
            let singular = original.split(separator: "\0", omittingEmptySubsequences: false).first.map(
                String.init)
            table[singular ?? original] = translation.split(separator: "\0", omittingEmptySubsequences: false)
                .map(String.init)
        }
        return MessageCatalogue(language: language, pluralRule: rule, translations: table)
    }
}
