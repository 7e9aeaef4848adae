// RecordTransferTests: export → import round trips and the refusal of unreadable imports.

import Foundation
import PeachCore
import Testing

@testable import PeachStore

@MainActor
@Suite("RecordTransfer")
struct RecordTransferTests {
    func sampleStore() throws -> (TemporaryDirectory, [StoredRecord]) {
        let directory = TemporaryDirectory()
        let records = (0..<60).map { $0 % 3 == 0 ? Samples.matching($0) : Samples.comparison($0) }
        try JournalStore(directory: directory.path).append(records)
        return (directory, records)
    }

    func export(_ directory: TemporaryDirectory, _ format: ExportFormat) throws -> String {
        var text = ""
        let result = try RecordTransfer.export(from: directory.path, format: format) { text += $0 }
        #expect(result.count == 60)
        return text
    }

    func importing(_ text: String) throws -> [StoredRecord] {
        let directory = TemporaryDirectory()
        directory.write(Array(text.utf8), "import")
        return try RecordTransfer.readImport(path: directory.path + "/import")
    }

    @Test("JSON export → import gives the same records; the export is valid JSON")
    func jsonRoundTrip() throws {
        let (directory, records) = try sampleStore()
        let text = try export(directory, .json)
        #expect(try importing(text) == records)
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]
        #expect(parsed?.count == 60)
    }

    @Test("CSV export → import gives the same records")
    func csvRoundTrip() throws {
        let (directory, records) = try sampleStore()
        let text = try export(directory, .csv)
        #expect(text.hasPrefix(RecordTransfer.csvColumns.joined(separator: ",") + "\n"))
        #expect(try importing(text) == records)
    }

    @Test(
        "every kind round-trips through CSV, a melody's rhythm in the rhythm column; each row is its JSON's cells"
    )
    func csvEveryKind() throws {
        let directory = TemporaryDirectory()
        let records = Samples.mixed(600)
        try JournalStore(directory: directory.path).append(records)
        var text = ""
        _ = try RecordTransfer.export(from: directory.path, format: .csv) { text += $0 }
        #expect(text.contains(",0.5 0.5 1 1 1 1 1.5 2,"), "a melody's rhythm in its cell")
        #expect(try importing(text) == records)
        for record in records {
            #expect(RecordTransfer.csvRow(record) == Self.csvRowThroughJSON(record))
        }
    }

    @Test("a journal imports too; reformatted JSON is read whatever its layout")
    func otherLayouts() throws {
        let (directory, records) = try sampleStore()
        #expect(try importing(String(decoding: directory.bytes(), as: UTF8.self)) == records)
        let pretty = try JSONSerialization.data(
            withJSONObject: JSONSerialization.jsonObject(with: Data(try export(directory, .json).utf8)),
            options: [.prettyPrinted])
        #expect(try importing("\u{FEFF}" + String(decoding: pretty, as: UTF8.self)).count == 60)
        #expect(try importing("[]").isEmpty)
        #expect(try importing("").isEmpty)
    }

    @Test("JSON export copies the lines Peach wrote and writes hand-made ones (no checksum) in Peach's form")
    func jsonExportCopiesCheckedLines() throws {
        let directory = TemporaryDirectory()
        try JournalStore(directory: directory.path).append([Samples.comparison(1)])
        let written = String(decoding: directory.bytes(), as: UTF8.self).trimmingCharacters(in: .newlines)
        let handMade =
            #"{ "v": 1, "type": "comparison", "time": "2026-01-01T00:00:00Z", "note1": 60, "note2": 60, "cents": 5,"#
            + #" "answer": "higher", "correct": true }"#
        directory.write(Array((written + "\n" + handMade + "\n").utf8), JournalStore.journalName)
        var text = ""
        _ = try RecordTransfer.export(from: directory.path, format: .json) { text += $0 }
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[1] == written + ",")
        let normalised = try importing(handMade + "\n")
        #expect(lines[2] == RecordCodec.encode(try #require(normalised.first)))
        #expect(try importing(text).count == 2)
    }

    @Test("CSV cells with commas and quotes survive")
    func csvQuoting() throws {
        let record = StoredRecord(
            .comparison(
                CompletedComparison(
                    comparison: Comparison(note1: 60, note2: 60, centDifference: 3), answer: .higher,
                    timestamp: Samples.start, context: TrialContext(settings: .defaults),
                    inputKind: InputKind(rawValue: "pad, \"left\""))))
        let row = RecordTransfer.csvRow(record)
        #expect(row.contains(#""pad, ""left""""#))
        #expect(
            try importing(RecordTransfer.csvColumns.joined(separator: ",") + "\n" + row + "\n") == [record])
    }

    @Test(
        "a CSV number cell that is no number, or a correct that is no boolean, is named; a v column is read")
    func csvCellsNamed() throws {
        let (directory, records) = try sampleStore()
        let text = try export(directory, .csv)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let columns = RecordTransfer.csvColumns
        func cells(_ line: String) -> [String] {
            line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        for (column, value, kind) in [
            ("cents", "NaN", RecordProblem.FieldKind.number), ("cents", "abc", .number),
            ("correct", "yes", .boolean), ("noteDuration", "1.5.2", .number),
        ] {
            var row = cells(lines[2])
            let index = try #require(columns.firstIndex(of: column))
            row[index] = value
            var changed = lines
            changed[2] = row.joined(separator: ",")
            #expect {
                _ = try importing(changed.joined(separator: "\n"))
            } throws: { error in
                guard case StoreError.unreadableImport(_, let line, let problem) = error else { return false }
                return line == 3 && problem == .invalidField(column, expected: kind)
            }
        }
        // A `v` column (another tool's, or a hand-made file) is the schema version, not a field twice.
        lines[0] = "v," + lines[0]
        for index in 1..<lines.count where !lines[index].isEmpty { lines[index] = "1," + lines[index] }
        #expect(try importing(lines.joined(separator: "\n")) == records)
    }

    /// The CSV row as Peach once made it: the record encoded as JSON, re-scanned, each field put in its column.
    static func csvRowThroughJSON(_ record: StoredRecord) -> String {
        let line = Array(
            RecordCodec.encode(StoredRecord(payload: record.payload, schemaVersion: 1, extraFields: [])).utf8)
        return line.withUnsafeBufferPointer { buffer in
            var scanner = JSONObjectScanner(bytes: buffer, start: 0)
            var fields: [JSONField] = []
            _ = scanner.scanObject(into: &fields)
            var cells = [String](repeating: "", count: RecordTransfer.csvColumns.count)
            for field in fields {
                let key = RecordCodec.text(buffer, field.keyRange)
                guard let column = RecordTransfer.csvColumns.firstIndex(of: key) else { continue }
                let value = UnsafeBufferPointer(rebasing: buffer[field.value.range])
                guard case .string = field.value.kind else {
                    cells[column] = String(decoding: value, as: UTF8.self)
                    continue
                }
                let text = JSONString.unescape(value) ?? ""
                let quoted = text.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
                cells[column] =
                    quoted ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
            }
            return cells.joined(separator: ",")
        }
    }

    @Test("CSV rows written straight from the records equal the cells of their JSON, for every kind of value")
    func csvRowsMatchJSON() throws {
        var generator = SeededRandomGenerator(seed: 5)
        let timbres = ["sine", "piano, bright", "say \"hi\"", "line\nbreak", "Klavier ä", "organ"]
        for index in 0..<3000 {
            let context = TrialContext(
                referencePitch: Frequency(hertz: Double.random(in: 380...500, using: &generator)),
                timbre: timbres[index % timbres.count],
                noteDuration: Double.random(in: 0.3...3, using: &generator),
                gap: index % 4 == 0 ? 0 : Double.random(in: 0...5, using: &generator),
                velocity: try MIDIVelocity(validating: index % 127 + 1))
            let time = Samples.start.addingTimeInterval(Double.random(in: -1e9...1e9, using: &generator))
            let record: StoredRecord
            if index % 3 == 0 {
                record = StoredRecord(
                    .pitchMatching(
                        CompletedPitchMatching(
                            referenceNote: MIDINote(clamping: index % 128),
                            initialOffset: Cents(Double.random(in: -100...100, using: &generator)),
                            userError: Cents(Double(Int.random(in: -5000...5000, using: &generator)) / 100),
                            timestamp: time, context: context,
                            timeTaken: Double.random(in: 0...60, using: &generator),
                            tuneControl: .pitchBend)))
            } else {
                let cents = index % 7 == 0 ? 12 : Double.random(in: -200...200, using: &generator)
                record = StoredRecord(
                    .comparison(
                        CompletedComparison(
                            comparison: Comparison(
                                note1: MIDINote(clamping: index % 128),
                                note2: MIDINote(clamping: (index + 3) % 128),
                                centDifference: Cents(cents)),
                            answer: index % 2 == 0 ? .higher : .lower, timestamp: time, context: context,
                            note2AmplitudeOffset: Double.random(in: -5...5, using: &generator),
                            responseTime: Double.random(in: 0...10, using: &generator),
                            inputKind: index % 5 == 0 ? InputKind(rawValue: "pad, \"left\"") : .keyboard)))
            }
            #expect(RecordTransfer.csvRow(record) == Self.csvRowThroughJSON(record), "record \(index)")
        }
    }

    @Test(
        "unreadable imports are refused whole, naming the line",
        arguments: [
            ("[{\"v\":1}\n,{]", 1), ("{\"v\":1,\"type\":\"comparison\"}\n", 1),
            ("type,time\ncomparison,2026-01-01T00:00:00Z\n", 2), ("a,b\n1,2\n", 1),
            ("type,time,note1\ncomparison,2026-01-01T00:00:00Z\n", 2),
        ])
    func refused(text: String, line: Int) {
        do {
            _ = try importing(text)
            Issue.record("imported \(text)")
        } catch let error as StoreError {
            guard case .unreadableImport(_, let errorLine, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(errorLine == line)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test(
        "hostile imports: an oversized cell or an invalid extra field is refused; a valid extra field is kept"
    )
    func hostile() throws {
        let line = RecordCodec.encode(Samples.comparison(1))
        let header = "type,time,note1,note2,cents,answer,input\n"
        let huge = String(repeating: "x", count: 2 << 20)
        func problem(_ text: String) -> (line: Int, RecordProblem)? {
            do {
                _ = try importing(text)
            } catch let StoreError.unreadableImport(_, line, problem) {
                return (line, problem)
            } catch {}
            return nil
        }
        let oversized = problem(header + "comparison,2026-01-01T00:00:00.000Z,60,60,5,higher,\(huge)\n")
        #expect(oversized?.line == 2)
        #expect(oversized?.1 == .lineTooLong(1 << 20))
        // An array's object of a mebibyte (blanks before its brace) is as long as a line may be: refused too.
        let spread = "[" + String(line.dropLast()) + String(repeating: " ", count: 1 << 20) + "}]"
        #expect(problem(spread)?.1 == .lineTooLong(1 << 20))
        // The line without its checksum (which must come last), open for one more field.
        let open = line.replacingOccurrences(
            of: #","crc":"[0-9a-f]{8}"\}$"#, with: "", options: .regularExpression)
        #expect(open.count == line.count - 18)
        let invalidExtra = open + #","note":[}}"#
        #expect(problem(line + "\n" + invalidExtra + "\n")?.line == 2)
        let validExtra = open + #","fromTheFuture":[1,{"a":"[}"}]}"#
        let kept = try importing(validExtra + "\n")
        #expect(kept.first?.extraFields.map(\.rawValue) == [#"[1,{"a":"[}"}]"#])
    }

    @Test(
        "every number of an import is checked against its domain: 1e308, 1e5 and a negative time are refused, naming the field",
        arguments: [
            ("comparison", "gap", "1e308"), ("comparison", "noteDuration", "1e308"),
            ("comparison", "note2Gain", "1e308"), ("comparison", "responseTime", "1e308"),
            ("pitchMatching", "timeTaken", "1e308"), ("comparison", "referencePitch", "1e5"),
            ("comparison", "gap", "1e5"), ("pitchMatching", "noteDuration", "1e5"),
            ("comparison", "note2Gain", "1e5"), ("comparison", "note2Gain", "-1e5"),
            ("comparison", "noteDuration", "0.1"), ("pitchMatching", "referencePitch", "100"),
            ("comparison", "responseTime", "-0.5"), ("pitchMatching", "timeTaken", "-3"),
        ])
    func outOfDomain(kind: String, field: String, value: String) throws {
        let record = kind == "comparison" ? Samples.comparison(1) : Samples.matching(1)
        // Hand-made (no checksum), the field set to the value as the text has it.
        var line = RecordCodec.encode(record).replacingOccurrences(
            of: #","crc":"[0-9a-f]{8}"\}$"#, with: "}", options: .regularExpression)
        line = line.replacingOccurrences(
            of: "\"\(field)\":[-0-9.e]+", with: "\"\(field)\":\(value)", options: .regularExpression)
        #expect(line.contains("\"\(field)\":\(value)"), "\(line)")
        let valid = RecordCodec.encode(Samples.comparison(2))
        #expect {
            _ = try importing(valid + "\n" + line + "\n")
        } throws: { error in
            guard case StoreError.unreadableImport(_, 2, .outOfRange(let name, let allowed)) = error else {
                return false
            }
            return name == field && !allowed.contains(Double(value) ?? .nan)
        }
    }

    @Test("values at the edges of their domains import, and an import of them reads back the same")
    func edgesOfDomains() throws {
        let context = TrialContext(
            referencePitch: Frequency(hertz: ValueDomains.referencePitch.upperBound), timbre: "sine",
            noteDuration: ValueDomains.noteDuration.lowerBound, gap: ValueDomains.gap.upperBound,
            velocity: MIDIVelocity(63))
        let record = StoredRecord(
            .comparison(
                CompletedComparison(
                    comparison: Comparison(note1: 60, note2: 60, centDifference: Cents(2400)),
                    answer: .higher,
                    timestamp: Date(timeIntervalSince1970: 1_800_000_000), context: context,
                    note2AmplitudeOffset: -ValueDomains.maximumLoudnessVariation,
                    responseTime: ValueDomains.answerTime.upperBound)))
        #expect(record.domainProblem == nil)
        #expect(try importing(RecordCodec.encode(record) + "\n") == [record])
    }

    @Test("the journal refuses to write infinity or NaN, and a huge number is written as a number, never inf")
    func nonFiniteRefused() throws {
        let directory = TemporaryDirectory()
        let store = try JournalStore(directory: directory.path)
        let bad = StoredRecord(
            .comparison(
                CompletedComparison(
                    comparison: Comparison(note1: 60, note2: 60, centDifference: Cents(3)), answer: .higher,
                    timestamp: Date(timeIntervalSince1970: 1_800_000_000),
                    context: TrialContext(settings: .defaults), responseTime: .infinity)))
        #expect(throws: StoreError.nonFiniteValue(path: store.journalPath, field: "responseTime")) {
            try store.append([Samples.comparison(1), bad])
        }
        #expect(throws: StoreError.nonFiniteValue(path: store.journalPath, field: "responseTime")) {
            try store.replaceAll(with: [bad])
        }
        #expect(try JournalStore.read(directory: directory.path).comparisonCount == 0)
        var bytes: [UInt8] = []
        RecordCodec.appendNumber(1e308, decimals: 3, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "1e+308")
    }

    @Test(
        "an import hands on nothing infinite: each number of each kind of record made 1e999 (infinity when read) is refused, as a journal line and in an array, and the merge adds nothing"
    )
    func infinityRefusedOnImport() throws {
        let records = [
            Samples.comparison(1), Samples.matching(2), Samples.intervalComparison(3), Samples.rhythm(4),
            Samples.rhythm(5), Samples.echo(6), Samples.playBack(7), Samples.playBack(8),
        ]
        let number = try Regex(#"\":(-?[0-9][0-9.e+-]*)"#)  // a field's number
        var mutated = 0
        for record in records {
            // Hand-made (no checksum): the reader takes it as another tool's line.
            let line = RecordCodec.encode(record).replacingOccurrences(
                of: #","crc":"[0-9a-f]{8}"\}$"#, with: "}", options: .regularExpression)
            var texts = line.matches(of: number).compactMap { match in
                match.output[1].range.map { line.replacingCharacters(in: $0, with: "1e999") }
            }
            // And a number inside the text of an echo's onsets and of the notes played back.
            texts += [
                line.replacingOccurrences(of: #""onsets":"-2.5"#, with: #""onsets":"1e999"#),
                line.replacingOccurrences(of: "74:40:0", with: "74:40:1e999"),
            ].filter { $0 != line }
            for text in texts {
                for form in [text + "\n", "[\n" + text + "\n]\n"] {
                    mutated += 1
                    let directory = TemporaryDirectory()
                    let store = try JournalStore(directory: directory.path)
                    directory.write(Array(form.utf8), "import")
                    do {
                        _ = try store.mergeImport(path: directory.path + "/import")
                        Issue.record("imported: \(text)")
                    } catch StoreError.unreadableImport(_, _, let problem) {
                        // Out of its domain, or no whole number where one belongs (a note, a version): refused
                        // either way, and never as a value the journal would refuse to write.
                        if case .outOfRange = problem { continue }
                        if case .invalidField = problem { continue }
                        Issue.record("\(problem) for \(text)")
                    }
                    #expect(try JournalStore.read(directory: directory.path).comparisonCount == 0)
                }
            }
        }
        #expect(mutated > 60)
    }

    /// `body` (a JSON object without a checksum) with its checksum, as Peach closes a line.
    func checksummed(_ body: String) -> String {
        let bytes = Array(body.utf8)
        let crc = bytes.withUnsafeBufferPointer { RecordCodec.lineChecksum($0, before: $0.count - 1) }
        return String(body.dropLast()) + String(format: #","crc":"%08x"}"#, crc)
    }

    @Test(
        "an import copies the lines Peach wrote and encodes the rest: other key order, no checksum, old version"
    )
    func importCopiesWrittenLines() throws {
        let plain = Samples.comparison(1)
        let interval = Samples.intervalComparison(2)
        // Read as its own by the one-pass reader (its checksum holds), though Peach writes `440`: kept as it is.
        let kept = checksummed(
            RecordCodec.encode(plain).replacingOccurrences(
                of: #","crc":"[0-9a-f]{8}"\}$"#, with: "}", options: .regularExpression
            ).replacingOccurrences(of: #""referencePitch":440,"#, with: #""referencePitch":440.0,"#))
        // An interval that says version 1: written again as version 2.
        let oldVersion = checksummed(
            RecordCodec.encode(interval).replacingOccurrences(
                of: #","crc":"[0-9a-f]{8}"\}$"#, with: "}", options: .regularExpression
            ).replacingOccurrences(of: #"{"v":2,"#, with: #"{"v":1,"#))
        let other = Samples.matching(3)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(RecordCodec.encode(other).utf8)) as? [String: Any])
        let sorted = String(
            decoding: try JSONSerialization.data(
                withJSONObject: object.filter { $0.key != "crc" }, options: [.sortedKeys]),
            as: UTF8.self)
        #expect(kept.contains("440.0") && oldVersion.hasPrefix(#"{"v":1,"#))
        let expected =
            [kept, RecordCodec.encode(interval), RecordCodec.encode(other)].joined(separator: "\n") + "\n"
        for (name, text) in [
            ("array", "[\n" + [kept, oldVersion, sorted].joined(separator: ",\n") + "\n]\n"),
            ("lines", [kept, oldVersion, sorted].joined(separator: "\n") + "\n"),
        ] {
            let source = TemporaryDirectory()
            source.write(Array(text.utf8), "import")
            let target = TemporaryDirectory()
            let store = try JournalStore(directory: target.path)
            #expect(try store.mergeImport(path: source.path + "/import").added == 3, "\(name)")
            #expect(String(decoding: target.bytes(), as: UTF8.self) == expected, "\(name)")
            #expect(
                try RecordTransfer.readImport(path: target.path + "/" + JournalStore.journalName)
                    == [plain, interval, other], "\(name)")
        }
    }

    @Test("merging adds only what is new")
    func merge() throws {
        let (directory, records) = try sampleStore()
        let store = try JournalStore(directory: directory.path)
        let result = try store.merge(
            Array(records.suffix(10)) + [Samples.comparison(500), Samples.comparison(500)])
        #expect(result.added == 1)
        #expect(result.duplicates == 11)
        #expect(store.contents.comparisonCount + store.contents.pitchMatchingCount == 61)
    }
}
