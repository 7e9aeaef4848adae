// LineWrapperTests: screens fit the terminal, breaking only between words, continuations hanging under the text.

import PeachText
import PeachTraining
import Testing

@Suite("LineWrapper")
struct LineWrapperTests {
    @Test("a short line stays as it is; a long one breaks at the last space that fits")
    func breaksAtSpaces() {
        let wrapper = LineWrapper(width: 20)
        #expect(wrapper.wrap("fits in twenty") == ["fits in twenty"])
        #expect(
            wrapper.wrap("one two three four five six seven") == ["one two three four", "five six seven"])
        for line in wrapper.wrap("the quick brown fox jumps over the lazy dog and runs away again") {
            #expect(line.count <= 20, "\(line)")
            #expect(!line.hasSuffix(" ") && !line.hasPrefix(" "), "«\(line)»")
        }
    }

    @Test("no word is ever cut: a word wider than the screen stays whole on its own line")
    func wordsStayWhole() {
        let path = "/home/ada/.local/share/peach/records.jsonl"
        let lines = LineWrapper(width: 20).wrap("saved to \(path) now")
        #expect(lines == ["saved to", path, "now"])
        let text = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda"
        let words = LineWrapper(width: 20).wrap(text).flatMap { $0.split(separator: " ") }
        #expect(words.joined(separator: " ") == text)
    }

    @Test(
        "continuations hang under the leading spaces, or under a table row's last column when it leaves room")
    func hangingIndent() {
        let wrapper = LineWrapper(width: 40)
        #expect(
            wrapper.wrap("    an indented sentence that is longer than forty")
                == ["    an indented sentence that is longer", "    than forty"])
        #expect(
            wrapper.wrap("  train   pitch discrimination: higher or lower, by ear")
                == ["  train   pitch discrimination: higher", "          or lower, by ear"])
        // A last column too far right for 30 characters of room hangs under the leading spaces instead.
        let narrow = LineWrapper(width: 40).wrap("  a-very-long-first-column   text that goes on and on")
        #expect(narrow == ["  a-very-long-first-column   text that", "  goes on and on"])
    }

    @Test("a number keeps its unit: no line begins with the %, ms or s of the number ending the line before")
    func numberKeepsItsUnit() {
        let wrapper = LineWrapper(width: 30)
        #expect(
            wrapper.wrap("notes hit (likely range 90–99 %) · 0 extra")
                == ["notes hit (likely range", "90–99 %) · 0 extra"])
        #expect(
            wrapper.wrap("a threshold in ms of 5.2–8.3 ms and so on") == [
                "a threshold in ms of", "5.2–8.3 ms and so on",
            ])
        // A unit word not after a number, and a word that only starts like a unit, break as any other.
        #expect(
            wrapper.wrap("abcdefghij abcdefghij abcdefgh ms end") == [
                "abcdefghij abcdefghij abcdefgh", "ms end",
            ])
        #expect(
            wrapper.wrap("twenty-four letters, 120 seconds on") == ["twenty-four letters, 120", "seconds on"])
    }

    @Test(
        "a list's small label or count stays with what follows it, and a value with its short likely range"
    )
    func labelsAndRanges() {
        // A melody's places (`3 85 %`), fill the gap's steps (`3: -0.6 (-1.1 to -0.1)`), a count (`12 notes`).
        let wrapper = LineWrapper(width: 40)
        #expect(
            wrapper.wrap("by place in the phrase: 1 85 % (76–92 %) · 3 85 % (76–92 %)")
                == ["by place in the phrase: 1 85 % (76–92 %)", "· 3 85 % (76–92 %)"])
        #expect(
            wrapper.wrap("by step 2: -1.0 (-1.8 to -0.1), 3: -0.6 (-1.1 to -0.1)")
                == ["by step 2: -1.0 (-1.8 to -0.1),", "3: -0.6 (-1.1 to -0.1)"])
        let narrow = LineWrapper(width: 30)
        #expect(
            narrow.wrap("a count of all the keys was 12 notes") == [
                "a count of all the keys was", "12 notes",
            ])
        // Three digits are no label; a group after a word (not a value) may still go to the next line.
        #expect(
            narrow.wrap("a count of all the keys is 120 notes") == [
                "a count of all the keys is 120", "notes",
            ])
        #expect(
            narrow.wrap("the answers that came in (9 answers)") == [
                "the answers that came in", "(9 answers)",
            ])
    }

    @Test("lines with newlines are wrapped piece by piece; the width is at least 20")
    func pieces() {
        #expect(LineWrapper(width: 5).width == 20)
        #expect(LineWrapper(width: 20).wrap("a\n\nb") == ["a", "", "b"])
    }
}
