// KeyLayoutTests: objects read with the keys the reader kept from the objects before read as they read alone.

import Foundation
import PeachCore
import Testing

@testable import PeachStore

@Suite("Key layouts")
struct KeyLayoutTests {
    /// Scans `text` with `layout`: whether it is an object, and whether its keys were those kept.
    func scan(_ text: String, _ layout: inout KeyLayout) -> (scanned: Bool, repeated: Bool, keys: [String]) {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONObjectScanner(bytes: buffer, start: 0)
            var fields: [JSONField] = []
            let scanned = scanner.scanObject(into: &fields, layout: &layout)
            return (scanned, layout.repeated, fields.map { RecordCodec.text(buffer, $0.keyRange) })
        }
    }

    @Test("an object is repeated only with the same keys in the same places as the last of its layout")
    func repeated() {
        var layout = KeyLayout()
        let padding = String(repeating: " ", count: 40)  // every key's 32 bytes readable
        let first = #"{"alpha": 1, "beta": "x", "gamma": true}"# + padding
        #expect(scan(first, &layout) == (true, false, ["alpha", "beta", "gamma"]))
        #expect(scan(#"{"alpha": 2, "beta": "y", "gamma": false}"# + padding, &layout).repeated)
        // Another kind of object (another first key) keeps its own layout beside the first.
        let other = #"{"delta":1,"epsilon":2}"# + padding
        #expect(scan(other, &layout) == (true, false, ["delta", "epsilon"]))
        #expect(scan(other, &layout).repeated)
        #expect(scan(first, &layout).repeated)
        // A key changed in the middle, one of the same length, one more, one fewer, other spacing: not repeated,
        // and the keys read as they are.
        for (text, keys) in [
            (#"{"alpha": 1, "betb": "x", "gamma": true}"#, ["alpha", "betb", "gamma"]),
            (#"{"alpha": 1, "beta": "x", "gamma": true, "zeta": 0}"#, ["alpha", "beta", "gamma", "zeta"]),
            (#"{"alpha": 1, "beta": "x"}"#, ["alpha", "beta"]),
            (#"{"alpha":1,"beta":"x","gamma":true}"#, ["alpha", "beta", "gamma"]),
            (#"{"alpha" : 1 , "beta" :"x","gamma":  true}"#, ["alpha", "beta", "gamma"]),
        ] {
            var kept = layout
            _ = scan(first, &kept)
            #expect(scan(text + padding, &kept) == (true, false, keys), "\(text)")
        }
        // Extra spaces after a kept key's colon are read past.
        var kept = layout
        _ = scan(first, &kept)
        #expect(
            scan(#"{"alpha":  1, "beta":   "x", "gamma":    true}"# + padding, &kept).keys == [
                "alpha", "beta", "gamma",
            ])
        // An escaped key is never kept: read again each time, never repeated.
        let escaped = #"{"\u0061lpha": 1, "beta": "x", "gamma": true}"# + padding
        #expect(scan(escaped, &layout) == (true, false, [#"\u0061lpha"#, "beta", "gamma"]))
        #expect(scan(escaped, &layout) == (true, false, [#"\u0061lpha"#, "beta", "gamma"]))
        // A broken object forgets its layout's count: the next is read anew, not taken as repeated.
        _ = scan(first, &layout)
        #expect(scan(#"{"alpha": 1, "beta": "x", "gamma": tru}"# + padding, &layout).scanned == false)
        #expect(scan(first, &layout) == (true, false, ["alpha", "beta", "gamma"]))
        #expect(scan(first, &layout).repeated)
        // A key too near the end to be kept leaves no older key in its place: the next object with the older
        // key there is not taken for the one before it.
        _ = scan(first, &layout)
        #expect(
            scan(#"{"alpha": 1, "beta": "x", "gamme": true}"#, &layout).keys == ["alpha", "beta", "gamme"])
        #expect(scan(first, &layout) == (true, false, ["alpha", "beta", "gamma"]))
        // Near the end of the bytes nothing is read past them; those keys are searched for.
        #expect(
            scan(#"{"alpha": 1, "beta": "x", "gamma": true}"#, &layout) == (
                true, false, ["alpha", "beta", "gamma"]
            ))
    }

    /// The fields of Peach's line for `record` as (key, value as written), the checksum left out.
    static func fields(_ record: StoredRecord) -> [(String, String)] {
        let bytes = Array(RecordCodec.encode(record).utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONObjectScanner(bytes: buffer, start: 0)
            var fields: [JSONField] = []
            _ = scanner.scanObject(into: &fields)
            return fields.map { field in
                let value = RecordCodec.text(buffer, field.value.range)
                guard case .string = field.value.kind else {
                    return (RecordCodec.text(buffer, field.keyRange), value)
                }
                return (RecordCodec.text(buffer, field.keyRange), "\"" + value + "\"")
            }.filter { $0.0 != "crc" }
        }
    }

    @Test("records in other tools' layouts read by one reader as each reads alone, whatever came before")
    func differential() throws {
        var generator = SeededRandomGenerator(seed: 61)
        let records = Samples.mixed(300) + CanonicalLineTests.records
        // Each kind laid out one way most of the time (as a tool lays out its records), sometimes another.
        var orders: [String: [String]] = [:]
        var lines: [[UInt8]] = []
        for index in 0..<3_000 {
            let record = records[Int.random(in: 0..<records.count, using: &generator)]
            var fields = Self.fields(record)
            let type = fields.first { $0.0 == "type" }?.1 ?? ""
            let roll = Int.random(in: 0..<20, using: &generator)
            if roll == 0 { orders[type] = nil }
            let order = orders[type] ?? fields.map(\.0).shuffled(using: &generator)
            orders[type] = order
            fields.sort { (order.firstIndex(of: $0.0) ?? 99) < (order.firstIndex(of: $1.0) ?? 99) }
            switch roll {
            case 1:
                fields.insert(
                    ("note", "\"by hand\""), at: Int.random(in: 0...fields.count, using: &generator))
            case 2: fields.append(("\\u0063omment", "[1, {\"a\": null}]"))  // an escaped key, a nested value
            case 3: if let first = fields.first { fields.append(first) }  // a key twice: refused
            case 4: fields.removeLast()  // a field missing: maybe refused
            case 5: fields.shuffle(using: &generator)
            default: break
            }
            let (colon, comma) = index % 7 == 0 ? (":", ",") : (": ", ", ")
            let text = "{" + fields.map { "\"\($0.0)\"\(colon)\($0.1)" }.joined(separator: comma) + "}"
            lines.append(Array(text.utf8))
        }
        var kept = RecordCodec.Decoder(checksums: false)
        kept.canonicalLines = false
        var refused = 0
        for line in lines {
            let together = line.withUnsafeBufferPointer { buffer in
                Result { try RecordCodec.decode(buffer, 0..<buffer.count, using: &kept, path: "p") }
            }
            var fresh = RecordCodec.Decoder(checksums: false)
            fresh.canonicalLines = false
            let alone = line.withUnsafeBufferPointer { buffer in
                Result { try RecordCodec.decode(buffer, 0..<buffer.count, using: &fresh, path: "p") }
            }
            switch (together, alone) {
            case (.success(let a), .success(let b)):
                #expect(a == b, "\(String(decoding: line, as: UTF8.self))")
            case (.failure(let a), .failure(let b)):
                refused += 1
                #expect("\(a)" == "\(b)", "\(String(decoding: line, as: UTF8.self))")
            default: Issue.record("read differently: \(String(decoding: line, as: UTF8.self))")
            }
        }
        #expect(refused > 100 && refused < 600)  // the duplicates and some of the missing fields
    }

    @Test("an array of records in another key order imports as Peach's own lines, kinds mixed")
    func sortedArray() throws {
        let records = Samples.mixed(200)
        let objects = records.map { record in
            "{"
                + Self.fields(record).sorted { $0.0 < $1.0 }.map { "\"\($0.0)\": \($0.1)" }.joined(
                    separator: ", ")
                + "}"
        }
        let source = TemporaryDirectory()
        source.write(Array(("[" + objects.joined(separator: ", ") + "]").utf8), "import.json")
        #expect(try RecordTransfer.readImport(path: source.path + "/import.json") == records)
    }
}
