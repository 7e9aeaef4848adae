// PseudoLanguage: a generated catalogue whose every text is wrapped in markers, to find text that escaped.

import Foundation
import PeachText

/// The pseudo-language `xx`: every entry of `po/peach.pot` translated as itself between `⟦` and `⟧` (its
/// places kept). Rendered in it, a text outside the markers is one that did not go through the catalogue.
/// The decimal separator stays `.`: it is put inside numbers, not shown as a text.
public enum PseudoLanguage {
    /// The opening marker.
    public static let open: Character = "⟦"
    /// The closing marker.
    public static let close: Character = "⟧"

    /// The repository's `po/peach.pot`.
    public static var templatePath: String { MessageCatalogue.sourceFolder + "/peach.pot" }

    /// The pseudo-language's `.po` text, made from the template at `templatePath`.
    public static func poText(template path: String = templatePath) throws -> String {
        let template = try POFile(parsing: try String(contentsOfFile: path, encoding: .utf8))
        var lines = [
            "msgid \"\"", "msgstr \"\"", "\"Content-Type: text/plain; charset=UTF-8\\n\"",
            "\"Plural-Forms: nplurals=2; plural=(n != 1);\\n\"",
        ]
        for entry in template.entries where !entry.id.isEmpty {
            lines.append("")
            if let context = entry.context { lines.append("msgctxt " + POFile.quote(context)) }
            lines.append("msgid " + POFile.quote(entry.id))
            let marked = entry.context == "decimal separator" ? entry.id : "\(open)\(entry.id)\(close)"
            if let plural = entry.pluralID {
                lines.append("msgid_plural " + POFile.quote(plural))
                lines.append("msgstr[0] " + POFile.quote(marked))
                lines.append("msgstr[1] " + POFile.quote("\(open)\(plural)\(close)"))
            } else {
                lines.append("msgstr " + POFile.quote(marked))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The pseudo-language's texts.
    public static func texts() throws -> Texts {
        let file = try POFile(parsing: try poText())
        return Texts(
            language: Language(code: "xx"),
            catalogue: MessageCatalogue(language: "xx", entries: file.entries, pluralRule: .english))
    }

    /// What of `text` lies outside the markers (markers nest: a text put into another's place), with a space
    /// for each marked stretch and its line breaks kept, so its lines are `text`'s lines.
    public static func unmarked(_ text: String) -> String {
        var result = ""
        var depth = 0
        for character in text {
            if character == open {
                depth += 1
                result.append(" ")
            } else if character == close {
                depth = max(0, depth - 1)
                result.append(" ")
            } else if depth == 0 || character == "\n" {
                result.append(character)
            }
        }
        return result
    }

    /// The prose words of `text` outside the markers (as ``GermanProse/words(_:)`` finds words), except
    /// `allowed`: the texts that escaped the catalogue.
    public static func escaped(in text: String, allowed: Set<String> = []) -> [String] {
        GermanProse.words(unmarked(text)).filter { !allowed.contains($0) }
    }
}
