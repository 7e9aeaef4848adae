// JSONObjectScannerTests: the scanner's quick readings (short numbers, literals, fields in place) agree with JSON.

import Foundation
import PeachCore
import Testing

@testable import PeachStore

@Suite("JSONObjectScanner")
struct JSONObjectScannerTests {
    /// The object in `text` scanned both ways — appended to an array, and in place over the fields of an object
    /// scanned before — as (key, value text) pairs; nil when it is not well formed (the two must agree).
    func scanned(_ text: String, after before: String = #"{"a": 1}"#) -> [(String, String)]? {
        let bytes = Array(text.utf8)
        let earlier = Array(before.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONObjectScanner(bytes: buffer, start: 0)
            var appended: [JSONField] = []
            let wellFormed = scanner.scanObject(into: &appended)
            var layout = KeyLayout()
            var inPlace = JSONFields()
            earlier.withUnsafeBufferPointer {
                var first = JSONObjectScanner(bytes: $0, start: 0)
                _ = first.scanObject(into: &inPlace, layout: &layout)
            }
            var again = JSONObjectScanner(bytes: buffer, start: 0)
            let wellFormedInPlace = again.scanObject(into: &inPlace, layout: &layout)
            #expect(wellFormed == wellFormedInPlace, "\(text)")
            #expect(scanner.index == again.index, "\(text)")
            guard wellFormed else { return nil }
            let pairs = appended.map {
                (RecordCodec.text(buffer, $0.keyRange), RecordCodec.text(buffer, $0.value.range))
            }
            let inPlacePairs = inPlace.withFields { fields in
                fields.map {
                    (RecordCodec.text(buffer, $0.keyRange), RecordCodec.text(buffer, $0.value.range))
                }
            }
            #expect(pairs.map(\.0) == inPlacePairs.map(\.0) && pairs.map(\.1) == inPlacePairs.map(\.1))
            return pairs
        }
    }

    @Test(
        "numbers end where JSON's grammar says, short whole ones read in one load, at the end of the text too",
        arguments: [
            ("0", true), ("7", true), ("46", true), ("1234567", true), ("12345678", true),
            ("123456789", true),
            ("-3", true), ("-0", true), ("0.5", true), ("440.25", true), ("1e3", true), ("2E-2", true),
            ("-5.690446803802753", true), ("01", false), ("00", false), ("1.", false), ("1e", false),
            ("-", false), ("12.x", false),
        ])
    func numbers(text: String, valid: Bool) {
        // At the end of the text (fewer than eight bytes after the number) and with room after it.
        for object in [#"{"n": "# + text + "}", #"{"n": "# + text + #", "after": "                "}"#] {
            let pairs = scanned(object)
            #expect((pairs != nil) == valid, "\(object)")
            if valid { #expect(pairs?.first?.1 == text, "\(object)") }
        }
    }

    @Test(
        "true and false are read as one word; anything else beginning alike is refused",
        arguments: [
            ("true", true), ("false", true), ("tru", false), ("fals", false), ("truex", false),
            ("falsey", false), ("tRue", false), ("d", false), ("v", false),
        ])
    func literals(text: String, valid: Bool) {
        for object in [#"{"b": "# + text + "}", #"{"b": "# + text + #", "after": "                "}"#] {
            let bytes = Array(object.utf8)
            let kind: JSONValueSpan.Kind? = bytes.withUnsafeBufferPointer { buffer in
                var scanner = JSONObjectScanner(bytes: buffer, start: 0)
                var fields: [JSONField] = []
                return scanner.scanObject(into: &fields) ? fields.first?.value.kind : nil
            }
            #expect((kind != nil) == valid, "\(object)")
            if valid { #expect(kind == .boolean(text == "true"), "\(object)") }
            #expect((scanned(object) != nil) == valid, "\(object)")
        }
    }

    @Test("an object with more fields than the room holds is read whole, its layout not taken as repeated")
    func moreFieldsThanRoom() throws {
        let many = "{" + (0..<70).map { #""key\#($0)": \#($0)"# }.joined(separator: ", ") + "}"
        let pairs = try #require(scanned(many, after: many))
        #expect(pairs.count == 70 && pairs.last?.0 == "key69" && pairs.last?.1 == "69")
        // Decoded as a record's unknown fields: all kept, in order, then a record of the same keys but fewer.
        let base = #"{"v":1,"type":"comparison","time":"2026-03-01T12:00:00.000Z","note1":60,"note2":60,"#
        let record = #""cents":5,"answer":"higher","#
        let extras = (0..<40).map { #""extra\#($0)":\#($0)"# }.joined(separator: ",")
        var decoder = RecordCodec.Decoder(checksums: false)
        decoder.canonicalLines = false
        let plain = base + #""cents":5,"answer":"higher"}"#
        for text in [base + record + extras + "}", base + record + extras + "}", plain, plain] {
            let bytes = Array(text.utf8)
            let decoded = try bytes.withUnsafeBufferPointer {
                try RecordCodec.decode($0, 0..<$0.count, using: &decoder, path: "test")
            }
            let expected = text.contains("extra") ? 40 : 0
            #expect(decoded.extraFields.count == expected, "\(text)")
            #expect(decoded.extraFields.last?.rawKey == (expected > 0 ? "extra39" : nil))
        }
    }
}
