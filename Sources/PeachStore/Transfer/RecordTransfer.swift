// RecordTransfer: export of the store as CSV or JSON (reading files to import is RecordTransfer+Import).

import Foundation
import PeachCore
import PeachSystem

/// Exports records and reads files to import.
public enum RecordTransfer {
    /// The CSV columns, in order: the journal's fields (see ``RecordCodec``) without the schema version; those
    /// of schema version 2 (intervals, tunings, rhythm records) after the first twenty, then those of version 3
    /// (play-back), then an offset-detection answer's pattern and offset step, then fill the gap's silent bars
    /// and tempo ramp, then rhythm echo's (schema version 4; its `rhythm` column holds a melody's rhythm too), then
    /// a fixed key's tonic as the player named it, then the timing calibration fill the gap or rhythm echo was
    /// trained with.
    public static let csvColumns = [
        "type", "time", "note1", "note2", "cents", "answer", "correct", "referenceNote", "initialCents",
        "errorCents",
        "referencePitch", "timbre", "noteDuration", "gap", "velocity", "note2Gain", "responseTime", "input",
        "timeTaken",
        "tuneControl", "targetNote", "tuning", "tempoBPM", "offsetMs", "meanOffsetMs",
        "meanOffsetMsPosition0",
        "meanOffsetMsPosition1", "meanOffsetMsPosition2", "meanOffsetMsPosition3",
        "kind", "item", "reference", "answerNotes", "played", "heardAs", "anyOctave", "anyVoicing",
        "pattern", "offsetPosition", "silentBars", "silentStrikes", "driftMsPerBar", "silentMeanOffsetMs",
        "tempoRamp", "rampEvery", "rhythm", "level", "onsets", "extras", "tonic", "calibrationMs",
    ]
    static let csvTextColumns: Set<String> = [
        "type", "time", "answer", "timbre", "input", "tuneControl", "tuning", "kind", "item", "answerNotes",
        "played", "heardAs", "pattern", "rhythm", "onsets", "tonic",
    ]
    /// The CSV columns holding `true` or `false`.
    static let csvBooleanColumns: Set<String> = ["correct", "anyOctave", "anyVoicing"]

    // MARK: - Export

    /// Writes every record of the store in `directory` in `format`, passing the text to `write` in pieces.
    /// Returns the number of records written and what the scan found (damage is skipped, as on load). A record
    /// the format cannot hold (``ExportFormat/peachCSV`` has no Pythagorean tuning) is handed to `leftOut`.
    public static func export(
        from directory: String, format: ExportFormat, progress: ((StoreProgress) -> Void)? = nil,
        leftOut: ((StoredRecord) -> Void)? = nil, write: (String) throws -> Void
    ) throws -> (count: Int, summary: JournalScanSummary) {
        try exportBytes(from: directory, format: format, progress: progress, leftOut: leftOut) {
            try write(String(decoding: $0, as: UTF8.self))
        }
    }

    /// ``export(from:format:progress:leftOut:write:)`` handing on bytes (UTF-8), in pieces of about 64 KiB.
    public static func exportBytes(
        from directory: String, format: ExportFormat, progress: ((StoreProgress) -> Void)? = nil,
        leftOut: ((StoredRecord) -> Void)? = nil, write: ([UInt8]) throws -> Void
    ) throws -> (count: Int, summary: JournalScanSummary) {
        var count = 0
        var pending: [UInt8] = []
        pending.reserveCapacity(1 << 17)
        func flush(force: Bool) throws {
            if force || pending.count > 1 << 16 {
                try write(pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
        switch format {
        case .csv: pending += (csvColumns.joined(separator: ",") + "\n").utf8
        case .json: pending += "[".utf8
        case .peachCSV: pending += InterchangeCSV.preamble.utf8
        }
        let summary = try JournalStore.forEachRecordLine(in: directory, progress: progress) { record, line in
            switch format {
            case .peachCSV:
                guard InterchangeCSV.appendRow(record, to: &pending) else {
                    leftOut?(record)
                    return
                }
            case .csv:
                csvRow(record, into: &pending)
                pending.append(0x0A)
            case .json:
                if count > 0 { pending.append(0x2C) }
                pending.append(0x0A)
                // A journal line Peach wrote (it ends in its checksum, which held) is the record's JSON already:
                // copied, not encoded again. Others (hand-written, no checksum) are written in Peach's form.
                if endsInChecksum(line) {
                    pending.append(contentsOf: line)
                } else {
                    RecordCodec.encode(record, into: &pending)
                }
            }
            count += 1
            try flush(force: false)
        }
        if format == .json { pending += (count == 0 ? "]\n" : "\n]\n").utf8 }
        try flush(force: true)
        return (count, summary)
    }

    /// Writes every record of the store in `directory` to the file at `path`, atomically: into a new file beside
    /// it (mode 0600: it carries answers), flushed, then renamed over `path`, so a failure (a full disk) leaves
    /// any file that was there as it was and no half-written export. A device or FIFO (`/dev/stdout`) is written
    /// in place.
    /// - Returns: the number of records written.
    /// - Throws: ``StoreError`` naming the file that could not be written or read.
    public static func export(
        from directory: String, format: ExportFormat, toFile path: String,
        progress: ((StoreProgress) -> Void)? = nil, leftOut: ((StoredRecord) -> Void)? = nil
    ) throws -> Int {
        if let status = FileSystem.status(path), status.kind != .regular {
            let file = try StoreFile(path: path, flags: O_WRONLY)
            return try exportBytes(from: directory, format: format, progress: progress, leftOut: leftOut) {
                try file.writeAll($0)
            }.count
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let temporary = path + ".tmp-\(getpid())"
        do {
            let file = try StoreFile(path: temporary, flags: O_WRONLY | O_CREAT | O_EXCL)
            let result = try exportBytes(
                from: directory, format: format, progress: progress, leftOut: leftOut
            ) {
                try file.writeAll($0)
            }
            try file.sync()
            try StoreFiles.renameDurably(temporary, to: path, directory: folder)
            return result.count
        } catch let StoreError.io(failure) {
            // The user asked for `path`: a failure of the hidden temporary file is told as one of `path`.
            FileSystem.removeQuietly(temporary)
            throw StoreError.io(failure.naming(path, insteadOf: temporary))
        } catch {
            FileSystem.removeQuietly(temporary)
            throw error
        }
    }

    /// Whether `line` ends in `,"crc":"XXXXXXXX"}`, as every line Peach writes does.
    private static func endsInChecksum(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        let suffix = Array(#","crc":""#.utf8)
        guard line.count > suffix.count + 10, line[line.count - 1] == 0x7D, line[line.count - 2] == 0x22
        else {
            return false
        }
        let start = line.count - 10 - suffix.count
        return suffix.indices.allSatisfy { line[start + $0] == suffix[$0] }
    }

    /// One CSV row of `record` (its unknown fields are not exported to CSV).
    static func csvRow(_ record: StoredRecord) -> String {
        var bytes: [UInt8] = []
        csvRow(record, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends one CSV row of `record` (no newline) to `bytes`, written from the record's values in
    /// ``csvColumns`` order: each cell is the text of the field in the journal's JSON (numbers the same
    /// digits, strings unescaped and quoted only when they hold a comma, quote or line break).
    static func csvRow(_ record: StoredRecord, into bytes: inout [UInt8]) {
        func comma() { bytes.append(0x2C) }
        func number(_ value: Double, decimals: Int? = nil) {
            comma()
            RecordCodec.appendNumber(value, decimals: decimals, to: &bytes)
        }
        func integer(_ value: some BinaryInteger) {
            comma()
            RecordCodec.appendInteger(value, to: &bytes)
        }
        func text(_ value: String) {
            comma()
            appendCSVText(value, to: &bytes)
        }
        func empty(_ count: Int) { for _ in 0..<count { comma() } }
        func flag(_ value: Bool) {
            comma()
            if value { RecordCodec.append("true", to: &bytes) }
        }
        func optional(_ value: Double?) {
            if let value { number(value) } else { comma() }
        }
        func tuning(_ system: TuningSystem) {
            if system != .equalTemperament { text(system.rawValue) } else { comma() }
        }
        func context(_ context: TrialContext) {
            number(context.referencePitch.hertz)
            text(context.timbre)
            number(context.noteDuration, decimals: 3)
            number(context.gap, decimals: 3)
            integer(context.velocity.rawValue)
        }
        var tonic: KeySignature?  // a fixed key's tonic as the player named it
        var calibration: Double?  // the last column: the timing calibration in use
        switch record.payload {
        case .comparison(let completed):
            RecordCodec.append("comparison,", to: &bytes)
            Timestamp.append(completed.timestamp, to: &bytes)
            integer(completed.comparison.note1.rawValue)
            integer(completed.comparison.note2.rawValue)
            number(completed.comparison.centDifference.rawValue)
            text(completed.answer.rawValue)
            comma()
            RecordCodec.append(completed.isCorrect ? "true" : "false", to: &bytes)
            empty(3)
            context(completed.context)
            number(completed.note2AmplitudeOffset, decimals: 3)
            number(completed.responseTime, decimals: 3)
            text(completed.inputKind.rawValue)
            empty(3)
            tuning(completed.comparison.tuningSystem)
            empty(7 + 8 + 2 + 6 + 4)
        case .pitchMatching(let completed):
            RecordCodec.append("pitchMatching,", to: &bytes)
            Timestamp.append(completed.timestamp, to: &bytes)
            empty(5)
            integer(completed.referenceNote.rawValue)
            number(completed.initialOffset.rawValue)
            number(completed.userError.rawValue)
            context(completed.context)
            empty(3)
            number(completed.timeTaken, decimals: 3)
            text(completed.tuneControl.rawValue)
            if !completed.isUnison {
                integer(completed.targetNote.rawValue)
            } else {
                comma()
            }
            tuning(completed.tuningSystem)
            empty(7 + 8 + 2 + 6 + 4)
        case .playBack(let completed):
            RecordCodec.append("playBack,", to: &bytes)
            Timestamp.append(completed.timestamp, to: &bytes)
            empty(4)
            comma()
            RecordCodec.append(completed.isCorrect ? "true" : "false", to: &bytes)
            empty(9)
            number(completed.responseTime, decimals: 3)
            text(completed.inputKind.rawValue)
            empty(4)
            if let tempo = completed.tempo, let offset = completed.gridOffset {
                integer(tempo.bpm)
                number(offset * 1000, decimals: 1)
            } else {
                empty(2)
            }
            empty(5)
            text(completed.question.item.kind.rawValue)
            text(completed.question.item.id)
            integer(completed.question.reference.rawValue)
            text(PlayBackFields.notes(completed.question.answerNotes))
            text(PlayBackFields.played(completed.played))
            if !completed.isCorrect, let heard = completed.verdict.answered {
                text(heard.id)
            } else {
                comma()
            }
            flag(completed.anyOctave)
            flag(completed.anyVoicing)
            empty(2 + 6)
            // A melody's rhythm in the `rhythm` column (rhythm echo's bar is there on its own rows).
            if completed.question.hasPlainRhythm {
                comma()
            } else {
                text(PlayBackFields.lengths(completed.question.lengths))
            }
            empty(3)
            tonic = completed.question.tonicName
        case .rhythm(let rhythm):
            bytes += rhythm.kind.rawValue.utf8
            comma()
            Timestamp.append(rhythm.timestamp, to: &bytes)
            empty(4)
            comma()
            if let correct = rhythm.isCorrect { RecordCodec.append(correct ? "true" : "false", to: &bytes) }
            empty(15)
            integer(rhythm.tempoBPM)
            optional(rhythm.offsetMs)
            optional(rhythm.meanOffsetMs)
            for position in rhythm.meanOffsetMsPositions { optional(position) }
            empty(8)
            if let pattern = rhythm.pattern {
                text(pattern.id)
                if let position = rhythm.offsetPosition { integer(position) } else { empty(1) }
            } else {
                empty(2)
            }
            if let bars = rhythm.silentBars { integer(bars) } else { empty(1) }
            if let drift = rhythm.drift {
                integer(drift.strikes)
                number(drift.msPerBar)
                number(drift.meanOffsetMs)
            } else {
                empty(3)
            }
            if let ramp = rhythm.tempoRamp, let every = rhythm.rampEvery {
                integer(ramp)
                integer(every)
            } else {
                empty(2)
            }
            empty(4)
            calibration = rhythm.calibrationMs
        case .echo(let completed):
            RecordCodec.append("rhythmEcho,", to: &bytes)
            Timestamp.append(completed.timestamp, to: &bytes)
            empty(15)
            text(completed.inputKind.rawValue)
            empty(4)
            integer(completed.tempo.bpm)
            empty(6 + 8 + 8)
            text(completed.rhythm.description)
            integer(completed.level)
            text(EchoFields.onsets(completed.onsets))
            integer(completed.extras)
            calibration = completed.calibrationMs
        }
        if let tonic { text(tonic.description) } else { comma() }
        optional(calibration)
    }

    /// A CSV cell: the text as it is, or in quotes (quotes doubled) when it holds a comma, quote or line break.
    private static func appendCSVText(_ text: String, to bytes: inout [UInt8]) {
        let needsQuotes = text.utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else {
            bytes += text.utf8
            return
        }
        bytes.append(0x22)
        for byte in text.utf8 {
            bytes.append(byte)
            if byte == 0x22 { bytes.append(0x22) }
        }
        bytes.append(0x22)
    }
}
