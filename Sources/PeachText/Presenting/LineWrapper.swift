// LineWrapper: fits a screen's lines to the terminal's width, breaking only between words.

/// Breaks lines that are wider than a terminal at spaces, never inside a word, a short parenthesised group
/// such as `(9 answers)`, between a number and its unit (`8.3 ms`, `99 %`), nor after a small whole number that
/// labels or counts what follows (`3 80 %` for a melody's third note, `step 2: -1.0`, `12 notes`) (a single word
/// wider than the width stays whole: a path is better long than cut; one that fits the width but not after the
/// indent starts at the margin). A continuation line is indented under the line's text:
/// under its leading spaces, or under the start of its last column when the line is a table row (columns
/// separated by two or more spaces) and that column leaves room for at least ``minimumColumn`` characters.
/// Every character counts one column (Peach's screens use no wide, East Asian, characters), and a terminal's
/// colour sequences (`ESC [ … m`) none: a coloured verdict wraps where a plain one would.
public struct LineWrapper: Sendable, Equatable {
    /// The width that lines must fit.
    public let width: Int

    /// The least room a hanging column must leave for its text; below it the continuation hangs under the
    /// line's leading spaces instead.
    public static let minimumColumn = 30

    /// The width used when the terminal's is unknown (not a terminal, no `COLUMNS`).
    public static let standardWidth = 80

    /// A wrapper for `width` columns (at least 20).
    public init(width: Int) { self.width = max(20, width) }

    /// `line` as one or more lines of at most ``width`` columns (a line with a newline in it is wrapped
    /// piece by piece).
    public func wrap(_ line: String) -> [String] {
        if line.contains("\n") {
            return line.split(separator: "\n", omittingEmptySubsequences: false).flatMap { wrap(String($0)) }
        }
        let (characters, units) = Self.columns(of: line)
        guard characters.count > width else { return [line] }
        let indent = hangingIndent(characters)
        func text(_ range: Range<Int>) -> String { units[range].joined() }
        let shortGroup = Self.spacesInShortGroups(characters).union(Self.spacesBeforeUnits(characters))
            .union(Self.spacesAfterLabels(characters))
        var lines: [String] = []
        var rest = characters[...]
        var prefix = ""
        while prefix.count + rest.count > width {
            let room = width - prefix.count
            // The last space at or before the room's end that has text before it on this line.
            let firstText = rest.firstIndex { $0 != " " } ?? rest.endIndex
            var breakAt: Int? = nil
            var index = min(rest.startIndex + room, rest.endIndex - 1)
            while index > firstText {
                if rest[index] == " ", !shortGroup.contains(index) {
                    breakAt = index
                    break
                }
                index -= 1
            }
            if breakAt == nil {
                // One word longer than the room: keep it whole, break at the first space after it.
                breakAt = rest[firstText...].firstIndex(of: " ")
            }
            guard let cut = breakAt else { break }
            var head = cut
            while head > rest.startIndex && rest[head - 1] == " " { head -= 1 }
            lines.append(prefix + text(rest.startIndex..<head))
            var next = cut
            while next < rest.endIndex && rest[next] == " " { next += 1 }
            rest = rest[next...]
            if rest.isEmpty { return lines }
            // A word that does not fit after the indent (a long path) starts at the margin instead.
            let nextWord = rest.prefix { $0 != " " }.count
            prefix = indent + nextWord > width ? "" : String(repeating: " ", count: indent)
        }
        lines.append(prefix + text(rest.startIndex..<rest.endIndex))
        return lines
    }

    /// The longest parenthesised group kept on one line (`(9 answers)`, `(30 attempts)`).
    static let shortGroup = 16

    /// The spaces inside a parenthesised group of at most ``shortGroup`` characters, and the one before it when a
    /// value stands there (`-0.6 (-1.1 to -0.1)`, `85 % (76–92 %)`: a value and its likely range): a line does not
    /// break there, so `(9` and `answers)` never end up on two lines.
    static func spacesInShortGroups(_ characters: [Character]) -> Set<Int> {
        var spaces = Set<Int>()
        var open: Int?
        for (index, character) in characters.enumerated() {
            if character == "(" {
                open = index
            } else if character == ")", let start = open {
                if index - start + 1 <= shortGroup {
                    for inside in start..<index where characters[inside] == " " { spaces.insert(inside) }
                    if start >= 2, characters[start - 1] == " ",
                        characters[start - 2].isNumber || characters[start - 2] == "%"
                    {
                        spaces.insert(start - 1)
                    }
                }
                open = nil
            }
        }
        return spaces
    }

    /// The units a line never begins with when a number stands before them: `5.2–8.3 ms`, `93 %`.
    static let units: Set<String> = ["%", "ms", "s", "Hz", "dB", "BPM"]

    /// The spaces between a number and its unit (``units``, closed by the line's end, a space or punctuation): a
    /// line does not break there, so `93–99` and `%)` never end up on two lines.
    static func spacesBeforeUnits(_ characters: [Character]) -> Set<Int> {
        var spaces = Set<Int>()
        for index in characters.indices where characters[index] == " " && index > 0 {
            guard characters[index - 1].isNumber else { continue }
            var end = index + 1
            while end < characters.count, characters[end].isLetter || characters[end] == "%" { end += 1 }
            guard end > index + 1, units.contains(String(characters[(index + 1)..<end])),
                end == characters.count || !characters[end].isNumber
            else { continue }
            spaces.insert(index)
        }
        return spaces
    }

    /// The spaces after a word that is a whole number of one or two digits, alone or with a colon (`3`, `2:`):
    /// a list's label (a place in a phrase, a step) or a count (`12 notes`) stays with what it labels or counts.
    static func spacesAfterLabels(_ characters: [Character]) -> Set<Int> {
        var spaces = Set<Int>()
        var wordStart = 0
        for (index, character) in characters.enumerated() where character == " " {
            var word = characters[wordStart..<index]
            if word.last == ":" { word = word.dropLast() }
            if (1...2).contains(word.count), word.allSatisfy({ $0.isASCII && $0.isNumber }) {
                spaces.insert(index)
            }
            wordStart = index + 1
        }
        return spaces
    }

    /// The characters of `line` that take a column, and each with the colour sequences before it (those at the
    /// end go with the last character), so a cut between two characters keeps every sequence.
    static func columns(of line: String) -> (characters: [Character], units: [String]) {
        var characters: [Character] = []
        var units: [String] = []
        var pending = ""
        var inEscape = false
        for character in line {
            if inEscape {
                pending.append(character)
                if character.isLetter { inEscape = false }
            } else if character == "\u{1B}" {
                pending.append(character)
                inEscape = true
            } else {
                characters.append(character)
                units.append(pending + String(character))
                pending = ""
            }
        }
        if !pending.isEmpty {
            if units.isEmpty { units.append(pending) } else { units[units.count - 1] += pending }
            if characters.isEmpty { characters.append(" ") }
        }
        return (characters, units)
    }

    /// Every line of `lines`, wrapped.
    public func wrap(_ lines: [String]) -> [String] { lines.flatMap { wrap($0) } }

    /// Where continuation lines start: under the last column of a table row that leaves room, else under the
    /// line's first text (at most half the width).
    private func hangingIndent(_ characters: [Character]) -> Int {
        let leading = characters.firstIndex { $0 != " " } ?? 0
        var lastColumn: Int? = nil
        var index = leading
        while index < characters.count - 1 {
            if characters[index] == " " && characters[index + 1] == " " {
                var end = index
                while end < characters.count && characters[end] == " " { end += 1 }
                if end < characters.count { lastColumn = end }
                index = end
            } else {
                index += 1
            }
        }
        if let lastColumn, width - lastColumn >= Self.minimumColumn { return lastColumn }
        return min(leading, width / 2)
    }
}
