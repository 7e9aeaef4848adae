// GermanProse: finds English words left in German text, for the catalogue's and the screens' tests.

import Foundation

/// The check that German text has no English in it: the prose words of a text (quoted parts, options,
/// paths, placeholders and code-form names left out), and which of them are common English words.
public enum GermanProse {
    /// English words that must not appear in German text (outside quotes, option names and code words).
    public static let englishWords: Set<String> = [
        "the", "is", "are", "and", "or", "not", "with", "your", "you", "must", "cannot", "failed", "found",
        "missing", "cents", "answers", "answered", "settings", "setting", "file", "folder", "use", "which",
        "this", "that", "there", "into", "when", "while", "only", "every", "stopped", "saved", "correct",
        "wrong", "higher", "lower", "none", "seconds", "device", "profile", "records", "attempts", "notes",
        "values", "options", "usage", "show", "help", "see", "for",
    ]

    /// The words of `text` a reader sees as prose, lower-cased: quoted parts, options, paths, placeholders
    /// and names in code form are left out.
    public static func words(_ text: String) -> [String] {
        var prose = text
        for pattern in [#"'[^']*'"#, #""[^"]*""#, #"`[^`]*`"#, #"„[^“]*“"#, #"peach [a-z]+( [a-z-]+)*"#] {
            prose = prose.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
        }
        return prose.split { !$0.isLetter && !"-:/_.$<>=@#0123456789".contains($0) }
            .map(String.init)
            .filter { word in
                word.allSatisfy(\.isLetter)
                    && !(word.first?.isUppercase == true && word.dropFirst().contains { $0.isUppercase })
                    && !(word.first?.isLowercase == true && word.contains { $0.isUppercase })
            }
            .map { $0.lowercased() }
    }

    /// The English words in the German `text`, except `identifiers` (what a user types in any language).
    public static func strayEnglish(in text: String, identifiers: Set<String> = []) -> [String] {
        words(text).filter { englishWords.contains($0) && !identifiers.contains($0) }
    }
}
