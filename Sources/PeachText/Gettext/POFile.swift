// POFile: the entries of a gettext catalogue's source (.po or .pot): contexts, ids, plurals, translations.

/// The entries of a `.po` file (or a `.pot` template): what `msgfmt` compiles, read directly so that `swift
/// run` and `swift test` use `po/*.po` without a build step. Comments are kept only as the `#,` flags
/// (`fuzzy` entries are not used, as msgfmt does not use them).
public struct POFile: Sendable {
    /// One entry.
    public struct Entry: Sendable, Hashable {
        /// The context (`msgctxt`), if any.
        public var context: String?
        /// The English text (`msgid`).
        public var id: String
        /// The English plural (`msgid_plural`), if any.
        public var pluralID: String?
        /// The translations: one, or one per plural form (`msgstr[n]`).
        public var translations: [String]
        /// The flags (`fuzzy`, `c-format`, …).
        public var flags: Set<String>
    }

    /// The entries, the header (the entry with an empty id) among them.
    public let entries: [Entry]

    /// The header's fields (`Plural-Forms`, `Language`, …).
    public var header: [String: String] {
        guard let header = entries.first(where: { $0.id.isEmpty && $0.context == nil }) else { return [:] }
        var fields: [String: String] = [:]
        for line in (header.translations.first ?? "").split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        return fields
    }

    /// Why a file is not a catalogue: the line and what is wrong there.
    public struct SyntaxError: Error, Hashable, Sendable {
        /// The line (from 1).
        public let line: Int
        /// What was found.
        public let found: String

        /// An error at `line`, where `found` was.
        public init(line: Int, found: String) {
            self.line = line
            self.found = found
        }
    }

    /// Parses `text`.
    /// - Throws: ``SyntaxError`` at the first line that is neither a comment, a keyword with a quoted string,
    ///   nor a continuation string.
    public init(parsing text: String) throws(SyntaxError) {
        var entries: [Entry] = []
        var current = Entry(context: nil, id: "", pluralID: nil, translations: [], flags: [])
        var started = false
        var field: String?  // the keyword the strings go to
        func finish() {
            if started { entries.append(current) }
            current = Entry(context: nil, id: "", pluralID: nil, translations: [], flags: [])
            started = false
            field = nil
        }
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            if line.hasPrefix("#") {
                if started { finish() }  // a comment belongs to the entry after it
                if line.hasPrefix("#,") {
                    current.flags.formUnion(
                        line.dropFirst(2).split(separator: ",").map {
                            $0.trimmingCharacters(in: .whitespaces)
                        })
                }
                continue
            }
            let keyword: String
            let rest: Substring
            if line.hasPrefix("\"") {
                guard let field else { throw SyntaxError(line: index + 1, found: String(line.prefix(40))) }
                keyword = field
                rest = line[...]
            } else {
                guard let space = line.firstIndex(of: " ") else {
                    throw SyntaxError(line: index + 1, found: String(line.prefix(40)))
                }
                keyword = String(line[..<space])
                rest = line[line.index(after: space)...]
                // An entry starts at its context, or at its id when it has none.
                if started && (keyword == "msgctxt" || (keyword == "msgid" && field != "msgctxt")) {
                    finish()
                }
                field = keyword
                started = true
            }
            guard let value = Self.unquote(rest.trimmingCharacters(in: .whitespaces)) else {
                throw SyntaxError(line: index + 1, found: String(line.prefix(40)))
            }
            switch keyword {
            case "msgctxt": current.context = (current.context ?? "") + value
            case "msgid": current.id += value
            case "msgid_plural": current.pluralID = (current.pluralID ?? "") + value
            case "msgstr":
                if current.translations.isEmpty { current.translations = [""] }
                current.translations[0] += value
            default:
                guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"),
                    let form = Int(keyword.dropFirst(7).dropLast()), (0..<100).contains(form)
                else { throw SyntaxError(line: index + 1, found: keyword) }
                while current.translations.count <= form { current.translations.append("") }
                current.translations[form] += value
            }
        }
        finish()
        self.entries = entries
    }

    /// The contents of a C string literal (`"a\"b\n"`), or nil when it is not one.
    static func unquote(_ text: String) -> String? {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return nil }
        var result = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if escaped {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "\"": result.append("\"")
                case "\\": result.append("\\")
                default: return nil
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return nil
            } else {
                result.append(character)
            }
        }
        return escaped ? nil : result
    }

    /// `text` as a C string literal for a `.po` file.
    public static func quote(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default: result.append(character)
            }
        }
        return result + "\""
    }
}
