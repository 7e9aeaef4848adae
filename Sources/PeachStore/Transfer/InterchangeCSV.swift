// InterchangeCSV: the CSV that Peach on iOS and the web read and write (format versions 1–3).

import Foundation
import PeachCore

/// The CSV exchange format of Peach on iOS and the web (`peach-csv`), as their `CSVExportSchema`, import
/// parser and v1→v2→v3 migrations define it (mschuerig/peach-ios):
///
///     # peach-export-format:3
///     trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,tuningSystem,…
///     pitchDiscrimination,2026-03-03T14:30:00Z,60,C4,67,G4,P5,justIntonation,-4.5,true,,,,,,,,,
///
/// Reading takes versions 1–3 by column name: v1 calls discrimination `pitchComparison`, v2 calls continuous
/// rhythm matching `rhythmMatching` with `userOffsetMs` for `meanOffsetMs`. Intervals are written without
/// direction (`P5`); the direction is the sign of `targetNote − referenceNote`. `centOffset` is the second
/// note's offset from the in-tune interval (+ higher), `userCentError` the matched note's from its target. The
/// apps record no playing conditions (reference pitch, timbre, durations): imported records get the defaults.
/// A row that cannot be read is skipped and reported (``SkippedRow``); the rest is imported.
public enum InterchangeCSV {
    /// The format version written.
    public static let version = 3
    /// The first line's prefix.
    public static let metadataPrefix = "# peach-export-format:"
    /// The 19 columns of version 3, in order, and Peach's own: an offset-detection answer's pattern (`4:x-xx`)
    /// and offset step; fill the gap's silent bars, their strikes, drift and mean, tempo ramp and timing
    /// calibration. The apps' importer reads columns by name and passes over ones it does not know (since June
    /// 2026), so it still reads the file; Peach reads them back, and a row without them is straight sixteenths,
    /// offset step 3.
    public static let columns = [
        "trainingType", "timestamp", "referenceNote", "referenceNoteName", "targetNote", "targetNoteName",
        "interval", "tuningSystem", "centOffset", "isCorrect", "initialCentOffset", "userCentError",
        "tempoBPM",
        "offsetMs", "meanOffsetMs", "meanOffsetMsPosition0", "meanOffsetMsPosition1", "meanOffsetMsPosition2",
        "meanOffsetMsPosition3", "pattern", "offsetPosition", "silentBars", "silentStrikes", "driftMsPerBar",
        "silentMeanOffsetMs", "tempoRamp", "rampEvery", "calibrationMs",
    ]

    /// A row that was not imported: its line, and what was wrong.
    public struct SkippedRow: Hashable, Sendable {
        /// The line of the file the row starts on.
        public let line: Int
        /// What was wrong.
        public let problem: RecordProblem
    }

    /// Whether `bytes` start like this format (after a byte-order mark or blank space).
    static func isInterchange(_ bytes: ArraySlice<UInt8>) -> Bool {
        let prefix = Array(metadataPrefix.utf8)
        return bytes.count >= prefix.count && bytes.prefix(prefix.count).elementsEqual(prefix)
    }

    // MARK: - Reading

    /// Reads the records of a file in this format (any version 1–3).
    /// - Throws: ``StoreError/unreadableImport(path:line:problem:)`` when the version is not 1–3 or the header
    ///   lacks the columns every row needs; rows that cannot be read are skipped and returned instead.
    static func read(
        _ text: String, path: String, firstLine: Int = 1
    ) throws(StoreError) -> (records: [StoredRecord], skipped: [SkippedRow]) {
        var records: [StoredRecord] = []
        var skipped: [SkippedRow] = []
        var header: [String] = []
        var columns: [String: Int] = [:]
        var text = text
        do {
            try text.withUTF8 { bytes in
                try CSVReader.forEachRow(bytes: bytes) { row in
                    let line = row.line + firstLine - 1
                    if row.line == 1 {
                        let first = row.cells.joined(separator: ",")
                        guard first.hasPrefix(metadataPrefix) else {
                            throw StoreError.unreadableImport(path: path, line: line, problem: .notACSVExport)
                        }
                        let number = first.dropFirst(metadataPrefix.count).trimmingCharacters(
                            in: .whitespaces)
                        guard let fileVersion = Int(number), (1...version).contains(fileVersion) else {
                            throw StoreError.unreadableImport(
                                path: path, line: line, problem: .unsupportedExportFormat(String(number)))
                        }
                        return
                    }
                    guard !header.isEmpty else {
                        header = row.cells.map { $0.trimmingCharacters(in: .whitespaces) }
                        guard header.contains("trainingType"), header.contains("timestamp") else {
                            throw StoreError.unreadableImport(path: path, line: line, problem: .notACSVExport)
                        }
                        for (index, column) in header.enumerated() where columns[column] == nil {
                            columns[column] = index
                        }
                        return
                    }
                    guard !row.cells.allSatisfy({ $0.isEmpty }) else { return }
                    guard row.cells.count == header.count else {
                        skipped.append(
                            SkippedRow(
                                line: line,
                                problem: .cellCount(found: row.cells.count, expected: header.count)))
                        return
                    }
                    do {
                        let record = try record(RowReader(row: row.cells, columns: columns))
                        // Every number within its domain, as for any record an import hands on (the journal
                        // then need not look again: ``JournalStore/mergeImport(path:progress:skipped:)``).
                        if let problem = record.domainProblem { throw RecordDamage(problem: problem) }
                        records.append(record)
                    } catch let damage as RecordDamage {
                        skipped.append(SkippedRow(line: line, problem: damage.problem))
                    }
                }
            }
        } catch let error as StoreError {
            throw error
        } catch {
            // Nothing else is thrown.
            throw .unreadableImport(path: path, line: firstLine, problem: .notACSVExport)
        }
        return (records, skipped)
    }

    private static func record(_ row: RowReader) throws -> StoredRecord {
        let timestamp = try row.time()
        switch try row.text("trainingType") {
        case "pitchDiscrimination", "pitchComparison":
            let (reference, target, tuning) = try row.trial()
            let cents = try row.cents("centOffset")
            let correct = try row.boolean("isCorrect")
            guard cents.rawValue != 0 || !correct else { throw RecordDamage(problem: .contradictoryCorrect) }
            let answer: ComparisonAnswer = correct == (cents.rawValue > 0) ? .higher : .lower
            return StoredRecord(
                .comparison(
                    CompletedComparison(
                        comparison: Comparison(
                            note1: reference, note2: target, centDifference: cents, tuningSystem: tuning),
                        answer: answer, timestamp: timestamp,
                        context: TrialContext(settings: .defaults))))
        case "pitchMatching":
            let (reference, target, tuning) = try row.trial()
            return StoredRecord(
                .pitchMatching(
                    CompletedPitchMatching(
                        referenceNote: reference, initialOffset: try row.cents("initialCentOffset"),
                        userError: try row.cents("userCentError"), targetNote: target, tuningSystem: tuning,
                        timestamp: timestamp, context: TrialContext(settings: .defaults))))
        case "rhythmOffsetDetection":
            let (pattern, position) = try row.pattern()
            return StoredRecord(
                .rhythm(
                    RhythmRecord(
                        offsetDetectionAt: timestamp, tempoBPM: try row.tempo(),
                        offsetMs: try row.milliseconds("offsetMs"), isCorrect: try row.boolean("isCorrect"),
                        pattern: pattern, offsetPosition: position)))
        case "continuousRhythmMatching", "rhythmMatching":
            let mean =
                row["meanOffsetMs"].map { !$0.isEmpty } == true
                ? try row.milliseconds("meanOffsetMs") : try row.milliseconds("userOffsetMs")
            let positions = try (0..<4).map { try row.optionalMilliseconds("meanOffsetMsPosition\($0)") }
            let record = try row.fillFields(
                RhythmRecord(
                    continuousMatchingAt: timestamp, tempoBPM: try row.tempo(), meanOffsetMs: mean,
                    positions: positions))
            return StoredRecord(.rhythm(record))
        case let other:
            throw RecordDamage(problem: .unknownType(other))
        }
    }

    /// Typed access to one row's cells by column name.
    private struct RowReader {
        let row: [String]
        let columns: [String: Int]

        /// The cell of `column`, nil when the file has no such column.
        subscript(_ column: String) -> String? { columns[column].map { row[$0] } }

        func text(_ column: String) throws -> String {
            guard let cell = self[column], !cell.isEmpty else {
                throw RecordDamage(problem: .missingField(column))
            }
            // Cells are rarely padded: only those that are pay for trimming.
            guard let first = cell.utf8.first, let last = cell.utf8.last,
                first == 0x20 || last == 0x20
                    || first == 0x09 || last == 0x09
            else { return cell }
            return cell.trimmingCharacters(in: .whitespaces)
        }

        func invalid(_ column: String, _ kind: RecordProblem.FieldKind) -> RecordDamage {
            RecordDamage(problem: .invalidField(column, expected: kind))
        }

        func time() throws -> Date {
            let cell = try text("timestamp")
            let bytes = Array(cell.utf8)
            guard let date = bytes.withUnsafeBufferPointer({ Timestamp.parse($0) }) else {
                throw invalid("timestamp", .time)
            }
            return date
        }

        func note(_ column: String) throws -> MIDINote {
            guard let number = Int(try text(column)), let note = try? MIDINote(validating: number) else {
                throw invalid(column, .midiNote)
            }
            return note
        }

        /// The reference and target notes, checked against the interval column, and the tuning.
        func trial() throws -> (MIDINote, MIDINote, TuningSystem) {
            let reference = try note("referenceNote")
            let target = try note("targetNote")
            let distance = abs(target.rawValue - reference.rawValue)
            if let cell = self["interval"], !cell.isEmpty {
                guard let interval = Interval(abbreviation: try text("interval")),
                    interval.semitones == distance
                else { throw invalid("interval", .interval) }
            } else if distance > 12 {
                throw invalid("targetNote", .interval)
            }
            var tuning = TuningSystem.equalTemperament
            if let cell = self["tuningSystem"], !cell.isEmpty {
                guard let system = TuningSystem(word: cell) else { throw invalid("tuningSystem", .tuning) }
                tuning = system
            }
            return (reference, target, tuning)
        }

        func number(_ column: String) throws -> Double {
            guard let value = Double(try text(column)), value.isFinite else { throw invalid(column, .number) }
            return value
        }

        func cents(_ column: String) throws -> Cents {
            let value = try number(column)
            guard ValueDomains.cents.contains(value) else { throw invalid(column, .cents) }
            return Cents(value)
        }

        func boolean(_ column: String) throws -> Bool {
            switch try text(column) {
            case "true": return true
            case "false": return false
            default: throw invalid(column, .boolean)
            }
        }

        func tempo() throws -> Int {
            guard let tempo = Int(try text("tempoBPM")), ValueDomains.tempo.contains(tempo) else {
                throw invalid("tempoBPM", .tempo)
            }
            return tempo
        }

        func milliseconds(_ column: String) throws -> Double {
            let value = try number(column)
            guard ValueDomains.rhythmOffset.contains(value) else { throw invalid(column, .milliseconds) }
            return value
        }

        /// Peach's `pattern` and `offsetPosition` cells, both or neither (nil, nil: the apps' rows).
        func pattern() throws -> (TimingPattern?, Int?) {
            guard let cell = self["pattern"], !cell.isEmpty else {
                if let position = self["offsetPosition"], !position.isEmpty {
                    throw RecordDamage(problem: .missingField("pattern"))
                }
                return (nil, nil)
            }
            guard let pattern = TimingPattern.named(try text("pattern")) else {
                throw invalid("pattern", .timingPattern)
            }
            guard let position = Int(try text("offsetPosition")),
                RhythmRecord.isOffsetPosition(position, of: pattern)
            else { throw invalid("offsetPosition", .offsetPosition) }
            return (pattern, position)
        }

        /// `record` with Peach's silent-bar, ramp and calibration cells of the row (none: the apps' rows).
        func fillFields(_ record: RhythmRecord) throws -> RhythmRecord {
            func whole(_ column: String) throws -> Int? {
                guard let cell = self[column], !cell.isEmpty else { return nil }
                guard let value = Int(try text(column)) else { throw invalid(column, .wholeNumber) }
                return value
            }
            let bars = try whole("silentBars")
            var drift: SilentDrift?
            if let strikes = try whole("silentStrikes") {
                drift = SilentDrift(
                    msPerBar: try number("driftMsPerBar"),
                    meanOffsetMs: try milliseconds("silentMeanOffsetMs"),
                    strikes: strikes)
            }
            let ramp = try whole("tempoRamp")
            let every = try whole("rampEvery")
            guard bars == nil ? drift == nil : true, (ramp == nil) == (every == nil) else {
                throw invalid("silentBars", .fillTheGapFields)
            }
            var pattern: TimingPattern?
            if let cell = self["pattern"], !cell.isEmpty {
                guard let named = TimingPattern.named(try text("pattern")) else {
                    throw invalid("pattern", .timingPattern)
                }
                pattern = named
            }
            var calibration: Double?
            if let cell = self["calibrationMs"], !cell.isEmpty {
                let value = try number("calibrationMs")
                guard TimingCalibration.millisecondsDomain.contains(value) else {
                    throw invalid("calibrationMs", .milliseconds)
                }
                calibration = value
            }
            guard bars != nil || ramp != nil || pattern != nil || calibration != nil,
                let mean = record.meanOffsetMs
            else { return record }
            let filled = RhythmRecord(
                continuousMatchingAt: record.timestamp, tempoBPM: record.tempoBPM, meanOffsetMs: mean,
                positions: record.meanOffsetMsPositions, silentBars: bars, drift: drift, tempoRamp: ramp,
                rampEvery: every, pattern: pattern, calibrationMs: calibration)
            guard filled.hasValidFillFields else { throw invalid("silentBars", .fillTheGapFields) }
            return filled
        }

        func optionalMilliseconds(_ column: String) throws -> Double? {
            guard let cell = self[column], !cell.isEmpty else { return nil }
            return try milliseconds(column)
        }
    }

    // MARK: - Writing

    /// The metadata line and the header, each with its newline.
    static var preamble: String {
        metadataPrefix + String(version) + "\n" + columns.joined(separator: ",") + "\n"
    }

    /// Appends `record` as one row (with its newline), as the iOS importer accepts it; returns false (and
    /// appends nothing) for a record it would refuse: a tuning it does not have (Pythagorean).
    static func appendRow(_ record: StoredRecord, to bytes: inout [UInt8]) -> Bool {
        func cell(_ text: String) {
            bytes.append(0x2C)
            bytes += text.utf8
        }
        func number(_ value: Double) { cell(formatDouble(value)) }
        func empty(_ count: Int) { for _ in 0..<count { bytes.append(0x2C) } }
        func start(_ type: String, _ time: Date) {
            bytes += type.utf8
            bytes.append(0x2C)
            Timestamp.appendISO(time, to: &bytes)
        }
        func notes(_ reference: MIDINote, _ target: MIDINote, _ tuning: TuningSystem) {
            cell(String(reference.rawValue))
            cell(reference.name)
            cell(String(target.rawValue))
            cell(target.name)
            cell(Interval(rawValue: abs(target.rawValue - reference.rawValue))?.abbreviation ?? "")
            cell(tuning.identifier)
        }
        switch record.payload {
        case .playBack, .echo:
            return false  // the apps have no play-back training: their importer would reject the row
        case .comparison(let completed):
            let comparison = completed.comparison
            guard comparison.tuningSystem != .pythagorean, comparison.interval != nil else { return false }
            start("pitchDiscrimination", completed.timestamp)
            notes(comparison.note1, comparison.note2, comparison.tuningSystem)
            number(comparison.centDifference.rawValue)
            cell(completed.isCorrect ? "true" : "false")
            empty(11 + 7)
        case .pitchMatching(let completed):
            guard completed.tuningSystem != .pythagorean else { return false }
            start("pitchMatching", completed.timestamp)
            notes(completed.referenceNote, completed.targetNote, completed.tuningSystem)
            empty(2)
            number(completed.initialOffset.rawValue)
            number(completed.userError.rawValue)
            empty(9 + 7)
        case .rhythm(let rhythm):
            start(rhythm.kind.rawValue, rhythm.timestamp)
            switch rhythm.kind {
            case .offsetDetection:
                empty(7)
                cell(rhythm.isCorrect == true ? "true" : "false")
                empty(2)
                cell(String(rhythm.tempoBPM))
                number(rhythm.offsetMs ?? 0)
                empty(5)
                if let pattern = rhythm.pattern, let position = rhythm.offsetPosition {
                    cell(pattern.id)
                    cell(String(position))
                } else {
                    empty(2)
                }
                empty(7)
            case .continuousMatching:
                empty(10)
                cell(String(rhythm.tempoBPM))
                empty(1)
                number(rhythm.meanOffsetMs ?? 0)
                for position in rhythm.meanOffsetMsPositions {
                    if let position { number(position) } else { empty(1) }
                }
                if let pattern = rhythm.pattern { cell(pattern.id) } else { empty(1) }
                empty(1)
                if let bars = rhythm.silentBars { cell(String(bars)) } else { empty(1) }
                if let drift = rhythm.drift {
                    cell(String(drift.strikes))
                    number(drift.msPerBar)
                    number(drift.meanOffsetMs)
                } else {
                    empty(3)
                }
                if let ramp = rhythm.tempoRamp, let every = rhythm.rampEvery {
                    cell(String(ramp))
                    cell(String(every))
                } else {
                    empty(2)
                }
                if let calibration = rhythm.calibrationMs { number(calibration) } else { empty(1) }
            }
        }
        bytes.append(0x0A)
        return true
    }

    /// A number as the apps write it: Swift's shortest exact form, with `.0` on whole numbers (`15.0`, `-3.25`).
    static func formatDouble(_ value: Double) -> String {
        let text = String(value.isFinite ? value : 0)
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }
}
