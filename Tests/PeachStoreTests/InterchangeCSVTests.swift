// InterchangeCSVTests: schema 2 records (intervals, tunings, rhythm), and the CSV exchanged with Peach on iOS
// and the web in both directions.

import Foundation
import PeachCore
import Testing

@testable import PeachStore

@MainActor
@Suite("Intervals, rhythm records and the iOS/web CSV")
struct InterchangeCSVTests {
    func importing(_ text: String) throws -> (records: [StoredRecord], skipped: [InterchangeCSV.SkippedRow]) {
        let directory = TemporaryDirectory()
        directory.write(Array(text.utf8), "import.csv")
        var skipped: [InterchangeCSV.SkippedRow] = []
        let records = try RecordTransfer.readImport(
            path: directory.path + "/import.csv", skipped: { skipped.append($0) })
        return (records, skipped)
    }

    func store(_ records: [StoredRecord]) throws -> TemporaryDirectory {
        let directory = TemporaryDirectory()
        try JournalStore(directory: directory.path).append(records)
        return directory
    }

    func export(_ directory: TemporaryDirectory, _ format: ExportFormat) throws -> (String, [StoredRecord]) {
        var text = ""
        var leftOut: [StoredRecord] = []
        _ = try RecordTransfer.export(from: directory.path, format: format, leftOut: { leftOut.append($0) }) {
            text += $0
        }
        return (text, leftOut)
    }

    @Test(
        "schema 2: intervals, tunings and rhythm records round-trip; unison stays version 1 for older Peach")
    func schemaTwo() throws {
        let records = Samples.mixed(200)
        for record in records {
            let line = RecordCodec.encode(record)
            let bytes = Array(line.utf8)
            var decoder = RecordCodec.Decoder()
            let decoded = try bytes.withUnsafeBufferPointer {
                try RecordCodec.decode($0, 0..<$0.count, using: &decoder, path: "test")
            }
            #expect(decoded == record, "\(line)")
            let unison: Bool
            switch record.payload {
            case .comparison(let completed):
                unison =
                    completed.comparison.interval == .prime
                    && completed.comparison.tuningSystem == .equalTemperament
            case .pitchMatching(let completed):
                unison = completed.interval == .prime && completed.tuningSystem == .equalTemperament
            case .rhythm, .playBack, .echo: unison = false
            }
            if case .playBack = record.payload {
                #expect(line.hasPrefix(#"{"v":3,"#), "\(line)")
                continue
            }
            if case .echo = record.payload {
                #expect(line.hasPrefix(#"{"v":4,"#), "\(line)")
                continue
            }
            #expect(line.hasPrefix(unison ? #"{"v":1,"# : #"{"v":2,"#), "\(line)")
        }
        // A hand-made version-1 line with an interval is read as version 2 (and written back so).
        var decoder = RecordCodec.Decoder(checksums: false)
        let handMade = Array(
            #"{"v":1,"type":"pitchMatching","time":"2026-03-01T12:00:00Z","referenceNote":60,"targetNote":67,"initialCents":5,"errorCents":1}"#
                .utf8)
        let record = try handMade.withUnsafeBufferPointer {
            try RecordCodec.decode($0, 0..<$0.count, using: &decoder, path: "test")
        }
        #expect(record.schemaVersion == 2)
        for (line, problem) in [
            (
                #"{"v":2,"type":"pitchMatching","time":"2026-03-01T12:00:00Z","referenceNote":60,"targetNote":80,"initialCents":5,"errorCents":1}"#,
                RecordProblem.invalidField("targetNote", expected: .midiNote)
            ),
            (
                #"{"v":2,"type":"comparison","time":"2026-03-01T12:00:00Z","note1":60,"note2":67,"cents":5,"tuning":"mean","answer":"higher"}"#,
                .invalidField("tuning", expected: .tuning)
            ),
            (
                #"{"v":2,"type":"rhythmOffsetDetection","time":"2026-03-01T12:00:00Z","tempoBPM":0,"offsetMs":5,"correct":true}"#,
                .invalidField("tempoBPM", expected: .tempo)
            ),
            (
                #"{"v":2,"type":"rhythmOffsetDetection","time":"2026-03-01T12:00:00Z","tempoBPM":90,"correct":true}"#,
                .missingField("offsetMs")
            ),
            (
                #"{"v":2,"type":"continuousRhythmMatching","time":"2026-03-01T12:00:00Z","tempoBPM":90,"meanOffsetMs":1e9}"#,
                .invalidField("meanOffsetMs", expected: .milliseconds)
            ),
        ] {
            let bytes = Array(line.utf8)
            #expect(throws: RecordDamage(problem: problem)) {
                try bytes.withUnsafeBufferPointer {
                    try RecordCodec.decode($0, 0..<$0.count, using: &decoder, path: "test")
                }
            }
        }
    }

    @Test(
        "Peach's own CSV and JSON carry intervals, tunings, rhythm and play-back records both ways; data check counts them"
    )
    func ownFormats() throws {
        let records = Samples.mixed(300)
        let directory = try store(records)
        for format in [ExportFormat.csv, .json] {
            let (text, leftOut) = try export(directory, format)
            #expect(leftOut.isEmpty)
            #expect(try importing(text).records == records, "\(format)")
        }
        let check = try JournalStore.check(directory: directory.path)
        #expect(check.rhythmCount == 50 && check.playBackCount == 50 && check.isIntact)
        #expect(check.comparisonCount + check.pitchMatchingCount == 200)
        let contents = try JournalStore.read(directory: directory.path)
        #expect(contents.rhythmCount == 50 && contents.playBackCount == 50)
        #expect(contents.playBack.answerCount == 50)
        #expect(contents.profile.comparisonCount == 52)  // unison only; the rest is per interval
    }

    /// The header the apps write (format 3): Peach's own two columns are not among them.
    static let v3Header = InterchangeCSV.columns.prefix(19).joined(separator: ",")

    @Test("the iOS fixtures of every version import: v1 pitchComparison, v2 rhythmMatching, v3 as is")
    func versions() throws {
        let v1 = """
            # peach-export-format:1
            trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,tuningSystem,centOffset,isCorrect,initialCentOffset,userCentError
            pitchComparison,2026-03-03T14:30:00Z,60,C4,64,E4,M3,equalTemperament,15.5,true,,
            pitchMatching,2026-03-03T14:31:00Z,60,C4,67,G4,P5,equalTemperament,,,25.0,3.2
            """
        let v2 = """
            # peach-export-format:2
            trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,tuningSystem,centOffset,isCorrect,initialCentOffset,userCentError,tempoBPM,offsetMs,userOffsetMs
            pitchDiscrimination,2026-03-03T14:30:00Z,60,C4,64,E4,M3,equalTemperament,15.5,true,,,,,
            rhythmOffsetDetection,2026-03-03T14:32:00Z,,,,,,,,true,,,120,5.3,
            rhythmMatching,2026-03-03T14:33:00Z,,,,,,,,,,,120,,5.3
            """
        let v3 = """
            # peach-export-format:3
            \(Self.v3Header)
            pitchDiscrimination,2026-03-03T14:30:00Z,60,C4,64,E4,M3,justIntonation,-8.3,false,,,,,,,,,
            pitchDiscrimination,2026-03-03T14:30:05.250Z,72,C5,65,F4,P5,equalTemperament,4.0,true,,,,,,,,,
            pitchMatching,2026-03-03T14:31:00Z,60,C4,67,G4,P5,justIntonation,,,25.0,3.2,,,,,,,
            rhythmOffsetDetection,2026-03-03T14:32:00Z,,,,,,,,true,,,120,-5.3,,,,,
            continuousRhythmMatching,2026-03-03T14:33:00Z,,,,,,,,,,,90,,4.5,1.0,,2.5,-1.0
            """
        let first = try importing(v1).records
        #expect(first.count == 2)
        guard case .comparison(let comparison) = first[0].payload else { throw Failure() }
        #expect(comparison.comparison.note1 == 60 && comparison.comparison.note2 == 64)
        #expect(
            comparison.comparison.centDifference == 15.5 && comparison.answer == .higher
                && comparison.isCorrect)
        guard case .pitchMatching(let matching) = first[1].payload else { throw Failure() }
        #expect(matching.targetNote == 67 && matching.initialOffset == 25 && matching.userError == 3.2)

        let second = try importing(v2).records
        #expect(second.count == 3)
        guard case .rhythm(let continuous) = second[2].payload else { throw Failure() }
        #expect(
            continuous.kind == .continuousMatching && continuous.meanOffsetMs == 5.3
                && continuous.tempoBPM == 120)

        let (third, skipped) = try importing(v3)
        #expect(skipped.isEmpty && third.count == 5)
        guard case .comparison(let just) = third[0].payload, case .comparison(let down) = third[1].payload
        else {
            throw Failure()
        }
        #expect(just.comparison.tuningSystem == .justIntonation && just.answer == .higher && !just.isCorrect)
        #expect(down.comparison.interval == DirectedInterval(.perfectFifth, down: true))
        #expect(down.timestamp.timeIntervalSince1970.truncatingRemainder(dividingBy: 1) == 0.25)
        guard case .rhythm(let positions) = third[4].payload else { throw Failure() }
        #expect(positions.meanOffsetMsPositions == [1, nil, 2.5, -1])
    }

    @Test(
        "damaged rows are skipped and named by line; the rest imports; a wrong version or header refuses the file"
    )
    func damagedRows() throws {
        let text = """
            # peach-export-format:3
            \(Self.v3Header)
            pitchDiscrimination,2026-03-03T14:30:00Z,60,C4,64,E4,M3,equalTemperament,15.5,true,,,,,,,,,
            pitchDiscrimination,2026-03-03T14:30:00Z,60,C4,64,E4,P6,equalTemperament,15.5,true,,,,,,,,,
            pitchDiscrimination,not-a-date,60,C4,64,E4,M3,equalTemperament,15.5,true,,,,,,,,,
            pitchDiscrimination,2026-03-03T14:30:00Z,60,C4,64,E4,M3,equalTemperament,15.5,True,,,,,,,,,
            pitchDiscrimination,2026-03-03T14:30:00Z,128,X,64,E4,M3,equalTemperament,15.5,true,,,,,,,,,
            pitchDiscrimination,2026-03-03T14:30:00Z,60,C4,64,E4,M3,meantone,15.5,true,,,,,,,,,
            pitchDiscrimination,2026-03-03T14:30:00Z,60
            yodel,2026-03-03T14:30:00Z,,,,,,,,,,,,,,,,,
            pitchMatching,2026-03-03T14:31:00Z,60,C4,67,G4,P5,equalTemperament,,,abc,3.2,,,,,,,
            pitchMatching,2026-03-03T14:31:00Z,60,"C,4",67,G4,P5,equalTemperament,,,25.0,3.2,,,,,,,
            """
        let (records, skipped) = try importing(text)
        #expect(records.count == 2)
        #expect(skipped.map(\.line) == [4, 5, 6, 7, 8, 9, 10, 11])
        #expect(
            skipped.map(\.problem) == [
                .invalidField("interval", expected: .interval), .invalidField("timestamp", expected: .time),
                .invalidField("isCorrect", expected: .boolean),
                .invalidField("referenceNote", expected: .midiNote),
                .invalidField("tuningSystem", expected: .tuning), .cellCount(found: 3, expected: 19),
                .unknownType("yodel"), .invalidField("initialCentOffset", expected: .number),
            ])
        #expect(
            throws: StoreError.unreadableImport(path: "", line: 1, problem: .unsupportedExportFormat("4"))
        ) {
            _ = try InterchangeCSV.read("# peach-export-format:4\n\(Self.v3Header)\n", path: "")
        }
        #expect(throws: StoreError.unreadableImport(path: "", line: 2, problem: .notACSVExport)) {
            _ = try InterchangeCSV.read("# peach-export-format:3\na,b,c\n", path: "")
        }
    }

    @Test(
        "a peach-csv export passes the iOS importer's checks (reimplemented); Pythagorean and play-back are left out"
    )
    func exportPassesTheIOSImporter() throws {
        let records = Samples.mixed(400)
        let directory = try store(records)
        let (text, leftOut) = try export(directory, .peachCSV)
        let expectedLeftOut = records.filter {
            switch $0.payload {
            case .comparison(let completed): completed.comparison.tuningSystem == .pythagorean
            case .pitchMatching(let completed): completed.tuningSystem == .pythagorean
            case .rhythm: false
            case .playBack, .echo: true
            }
        }
        #expect(leftOut == expectedLeftOut && !leftOut.isEmpty)
        let read = try IOSImporter.read(text)
        #expect(read.errors.isEmpty, "\(read.errors.prefix(3))")
        #expect(read.rows == records.count - leftOut.count)
        // Peach's two columns travel in the file: every offset-detection row that had a pattern says it.
        let patterns = records.compactMap { record -> String? in
            guard case .rhythm(let rhythm) = record.payload, rhythm.kind == .offsetDetection else {
                return nil
            }
            return rhythm.pattern.map { "\($0.id)@\(rhythm.offsetPosition ?? 0)" } ?? ""
        }
        let exported = read.cells.filter { $0["trainingType"] == "rhythmOffsetDetection" }.map { cell in
            let pattern = cell["pattern"] ?? "?"
            return pattern.isEmpty ? "" : "\(pattern)@\(cell["offsetPosition"] ?? "?")"
        }
        #expect(exported == patterns && patterns.contains { !$0.isEmpty } && patterns.contains(""))
        // And back: every record Peach exported comes back equal, but for the conditions iOS does not keep.
        let back = try importing(text)
        #expect(back.skipped.isEmpty)
        #expect(back.records.map(\.identity) == records.filter { !leftOut.contains($0) }.map(\.identity))
    }

    @Test(
        "the port of the iOS importer keeps its rules: header by name, extra columns passed over, unknown types are row errors, versions above 3 refused"
    )
    func iosImporterRules() throws {
        let rows = [
            "rhythmOffsetDetection,2026-03-03T14:32:00Z,true,120,-5.3,4:x-xx,3,anything",
            "ukulele,2026-03-03T14:33:00Z,true,120,-5.3,,,",
            "rhythmOffsetDetection,2026-03-03T14:34:00Z,false,90,7.5,,,",
        ]
        let file =
            "# peach-export-format:3\ntrainingType,timestamp,isCorrect,tempoBPM,offsetMs,pattern,offsetPosition,extra\n"
            + rows.joined(separator: "\n")
        let read = try IOSImporter.read(file)
        #expect(read.rows == 2 && read.errors.count == 1 && read.errors[0].contains("trainingType"))
        #expect(throws: IOSImporter.Refused.self) {
            _ = try IOSImporter.read(file.replacingOccurrences(of: "format:3", with: "format:4"))
        }
        #expect(throws: IOSImporter.Refused.self) {
            _ = try IOSImporter.read(file.replacingOccurrences(of: "trainingType,", with: "type,"))
        }
        // Peach reads the same file by name too: the pattern where given, straight sixteenths with the third
        // note offset where not, and the unknown type skipped.
        let (records, skipped) = try importing(file)
        #expect(skipped.count == 1 && skipped[0].line == 4)
        let rhythms = records.compactMap { if case .rhythm(let rhythm) = $0.payload { rhythm } else { nil } }
        #expect(rhythms.map(\.pattern) == [TimingPattern.named("4:x-xx"), nil])
        #expect(rhythms.map(\.timingPattern) == [TimingPattern.named("4:x-xx"), .straightSixteenths])
        #expect(rhythms.map(\.offsetStep) == [3, 3])
        // A pattern that is not in the catalogue, or a step where no later note sounds, is the row's error.
        for bad in ["4:xxxy,3", "4:x-xx,2", "4:x-xx,"] {
            let (_, rejected) = try importing(file.replacingOccurrences(of: "4:x-xx,3", with: bad))
            #expect(rejected.count == 2, "\(bad)")
        }
    }

    @Test("fill the gap's calibration travels in its own column and comes back; the apps pass over it")
    func calibrationColumn() throws {
        let time = Date(timeIntervalSince1970: 1_767_225_600)
        let records = [
            RhythmRecord(
                continuousMatchingAt: time, tempoBPM: 90, meanOffsetMs: 14.5, positions: [nil, 14.5],
                calibrationMs: 12.75),
            RhythmRecord(
                continuousMatchingAt: time.addingTimeInterval(60), tempoBPM: 90, meanOffsetMs: 3,
                positions: [3],
                silentBars: 1, calibrationMs: -4),
            RhythmRecord(
                continuousMatchingAt: time.addingTimeInterval(120), tempoBPM: 90, meanOffsetMs: 2,
                positions: []),
        ].map { StoredRecord(.rhythm($0)) }
        let (text, leftOut) = try export(try store(records), .peachCSV)
        #expect(leftOut.isEmpty)
        let read = try IOSImporter.read(text)
        #expect(read.errors.isEmpty && read.rows == 3)
        #expect(read.cells.map { $0["calibrationMs"] } == ["12.75", "-4.0", ""])
        let back = try importing(text)
        #expect(back.skipped.isEmpty && back.records == records)
        // A calibration no calibration holds is the row's error.
        let (_, rejected) = try importing(text.replacingOccurrences(of: ",12.75", with: ",1012.75"))
        #expect(rejected.count == 1)
    }

    @Test("a round trip through the phone (whole seconds, its number format) finds every record a duplicate")
    func roundTripThroughThePhone() throws {
        let records = Samples.mixed(250)
        let directory = try store(records)
        let (text, leftOut) = try export(directory, .peachCSV)
        // What the iOS app exports after importing it: whole seconds (cut or rounded), the same cells.
        for rounding in [FloatingPointRoundingRule.towardZero, .toNearestOrAwayFromZero] {
            let phone = IOSImporter.wholeSeconds(text, rounding: rounding)
            let file = directory.path + "/phone.csv"
            _ = FileManager.default.createFile(atPath: file, contents: Data(phone.utf8))
            let result = try JournalStore(directory: directory.path).mergeImport(path: file)
            #expect(result.added == 0, "\(rounding)")
            #expect(result.duplicates == records.count - leftOut.count)
        }
        // Into an empty store first, then Peach's own export: each record once.
        let other = TemporaryDirectory()
        let file = directory.path + "/phone.csv"
        let store = try JournalStore(directory: other.path)
        #expect(try store.mergeImport(path: file).added == records.count - leftOut.count)
        let own = directory.path + "/own.json"
        _ = try RecordTransfer.export(from: directory.path, format: .json, toFile: own)
        let merged = try store.mergeImport(path: own)
        #expect(merged.added == leftOut.count && merged.duplicates == records.count - leftOut.count)
    }

    struct Failure: Error {}
}

/// The rules of the iOS app's CSV importer as it reads files since June 2026 (`CSVImportParser` and its
/// discipline parsers, reimplemented): the metadata line with a version of 1–3 (a higher one is refused whole);
/// the header read by name (it must name `trainingType` and `timestamp`; columns it does not know are passed
/// over, in any order); each row as many fields as the header; an unknown training type, or a cell a discipline
/// cannot read, is an error of that row, and the other rows are imported.
enum IOSImporter {
    struct Refused: Error, CustomStringConvertible {
        let description: String
    }

    /// What the app would import: the rows read, and an error for each row it would not import.
    struct Result {
        var rows = 0
        var errors: [String] = []
        /// The cells of each row read, by column name.
        var cells: [[String: String]] = []
    }

    /// Reads `text` as the app would; throws when it would refuse the whole file.
    static func read(_ text: String) throws -> Result {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let prefix = "# peach-export-format:"
        guard let first = lines.first, first.hasPrefix(prefix) else { throw Refused(description: "metadata") }
        guard let version = Int(first.dropFirst(prefix.count)) else { throw Refused(description: "metadata") }
        guard (1...3).contains(version) else { throw Refused(description: "version \(version)") }
        guard lines.count > 1 else { throw Refused(description: "header") }
        let header = lines[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard header.contains("trainingType"), header.contains("timestamp") else {
            throw Refused(description: "header")
        }
        let intervals = ["P1", "m2", "M2", "m3", "M3", "P4", "d5", "P5", "m6", "M6", "m7", "M7", "P8"]
        var result = Result()
        for (index, line) in lines.dropFirst(2).enumerated() where !line.isEmpty {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            func refuse(_ why: String) -> Refused {
                Refused(description: "row \(index + 1): \(why): \(line)")
            }
            do {
                guard fields.count == header.count else { throw refuse("fields") }
                var cell: [String: String] = [:]
                for (name, value) in zip(header, fields) where cell[name] == nil { cell[name] = value }
                guard let time = cell["timestamp"], isISO8601(time) else { throw refuse("timestamp") }
                func note(_ name: String) throws {
                    guard let number = Int(cell[name] ?? ""), (0...127).contains(number) else {
                        throw refuse(name)
                    }
                }
                func double(_ name: String) throws {
                    guard let value = Double(cell[name] ?? ""), value.isFinite else { throw refuse(name) }
                }
                func boolean() throws {
                    guard ["true", "false"].contains(cell["isCorrect"]) else { throw refuse("isCorrect") }
                }
                func tempo() throws {
                    guard let tempo = Int(cell["tempoBPM"] ?? ""), tempo > 0 else { throw refuse("tempoBPM") }
                }
                switch cell["trainingType"] {
                case "pitchDiscrimination", "pitchMatching":
                    try note("referenceNote")
                    try note("targetNote")
                    guard intervals.contains(cell["interval"] ?? "") else { throw refuse("interval") }
                    guard ["equalTemperament", "justIntonation"].contains(cell["tuningSystem"]) else {
                        throw refuse("tuningSystem")
                    }
                    if cell["trainingType"] == "pitchDiscrimination" {
                        try double("centOffset")
                        try boolean()
                    } else {
                        try double("initialCentOffset")
                        try double("userCentError")
                    }
                case "rhythmOffsetDetection":
                    try boolean()
                    try tempo()
                    try double("offsetMs")
                case "continuousRhythmMatching":
                    try tempo()
                    try double("meanOffsetMs")
                    for position in 0..<4 where !(cell["meanOffsetMsPosition\(position)"] ?? "").isEmpty {
                        try double("meanOffsetMsPosition\(position)")
                    }
                default: throw refuse("trainingType")
                }
                result.rows += 1
                result.cells.append(cell)
            } catch let refused as Refused {
                result.errors.append(refused.description)
            }
        }
        return result
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` or with a fraction, as `Date.ISO8601FormatStyle` parses it.
    static func isISO8601(_ text: String) -> Bool {
        text.range(
            of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$"#, options: .regularExpression) != nil
    }

    /// `text` as the app would export it again: every timestamp to whole seconds.
    static func wholeSeconds(_ text: String, rounding: FloatingPointRoundingRule) -> String {
        let formatter = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            guard index >= 2, !line.isEmpty else { return String(line) }
            var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard let date = formatter.date(from: fields[1]) ?? fractional.date(from: fields[1]) else {
                return String(line)
            }
            fields[1] = formatter.string(
                from: Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(rounding)))
            return fields.joined(separator: ",")
        }.joined(separator: "\n")
    }
}
