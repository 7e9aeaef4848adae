// NoteRangeTests: parsing, bounds and coding of note ranges.

import Foundation
import PeachCore
import Testing

@Suite("NoteRange")
struct NoteRangeTests {
    @Test("parses names, numbers, separators and negative octaves")
    func parsing() throws {
        #expect(try NoteRange(parsing: "C2-C6") == NoteRange(36, 84))
        #expect(try NoteRange(parsing: "36-84") == NoteRange(36, 84))
        #expect(try NoteRange(parsing: "C3..C5") == NoteRange(48, 72))
        #expect(try NoteRange(parsing: "A0:C8") == NoteRange(21, 108))
        #expect(try NoteRange(parsing: "C-1-C0") == NoteRange(0, 12))
        #expect(try NoteRange(parsing: "C6-C2") == NoteRange(36, 84))
    }

    @Test("rejects malformed ranges", arguments: ["", "C2", "C2-", "-C2", "C2-X4", "C2 C6", "C2-C6-C7"])
    func parsingErrors(text: String) {
        #expect(throws: DomainValueError.self) { try NoteRange(parsing: text) }
    }

    @Test("span, count, description and membership")
    func properties() {
        let range = NoteRange(36, 84)
        #expect(range.semitoneSpan == 48)
        #expect(range.count == 49)
        #expect(range.description == "C2-C6")
        #expect(range.contains(60))
        #expect(!range.contains(85))
        #expect(range.notes.first == 36 && range.notes.last == 84)
    }

    @Test("JSON round trip")
    func coding() throws {
        let data = try JSONEncoder().encode(NoteRange(48, 72))
        #expect(try JSONDecoder().decode(NoteRange.self, from: data) == NoteRange(48, 72))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(NoteRange.self, from: Data(#"{"lower": 10, "upper": 200}"#.utf8))
        }
    }
}
