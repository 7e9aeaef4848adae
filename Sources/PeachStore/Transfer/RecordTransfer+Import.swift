// RecordTransfer+Import: reading a file to import (Peach's JSON, JSON Lines, CSV, the iOS/web CSV), all or nothing.

import Foundation
import PeachCore
import PeachSystem

extension RecordTransfer {
    /// Reads the records of a file to import: a JSON array (an export), JSON Lines (a journal) or CSV (an
    /// export). All or nothing: any unreadable record refuses the whole file.
    /// - Throws: ``StoreError/unreadableImport(path:line:problem:)`` naming the line or row, or a read error.
    public static func readImport(
        path: String, progress: ((StoreProgress) -> Void)? = nil,
        skipped: ((InterchangeCSV.SkippedRow) -> Void)? = nil
    ) throws(StoreError) -> [StoredRecord] {
        var records: [StoredRecord] = []
        do {
            try forEachImportRecord(path: path, progress: progress, skipped: skipped) { records.append($0) }
        } catch let error as StoreError {
            throw error
        } catch {
            throw .io(path, .read, EIO)  // only the reading throws: appending does not
        }
        return records
    }

    /// Calls `visit` with every record of a file to import, in order. A JSON Lines file (a journal) that is a
    /// regular file is read in 4 MiB pieces, so memory does not grow with it; JSON arrays and CSV files are
    /// read whole. The first unreadable record throws, naming its line; records before it have been visited.
    /// A CSV of Peach on iOS or the web (``InterchangeCSV``) is the exception: a row it cannot read is handed
    /// to `skipped` and the rest is read.
    /// - Throws: ``StoreError/unreadableImport(path:line:problem:)`` or a read error; or what `visit` throws.
    public static func forEachImportRecord(
        path: String, progress: ((StoreProgress) -> Void)? = nil,
        skipped: ((InterchangeCSV.SkippedRow) -> Void)? = nil, _ visit: (StoredRecord) throws -> Void
    ) throws {
        try forEachImportRecord(
            path: path, progress: progress, pieceSize: JournalScan.chunkSize, skipped: skipped
        ) { record, _ in try visit(record) }
    }

    /// ``forEachImportRecord(path:progress:skipped:_:)`` handing on, with each record, its line when that line
    /// can go into the journal as it is (``RecordCodec/canStandAsWritten(_:for:)``: a line Peach wrote, from a
    /// journal or an export), so an import copies it instead of encoding the record again; nil otherwise.
    static func forEachImportLine(
        path: String, progress: ((StoreProgress) -> Void)? = nil,
        skipped: ((InterchangeCSV.SkippedRow) -> Void)? = nil,
        _ visit: (StoredRecord, UnsafeBufferPointer<UInt8>?) throws -> Void
    ) throws {
        try forEachImportRecord(
            path: path, progress: progress, pieceSize: JournalScan.chunkSize, skipped: skipped, visit)
    }

    /// ``forEachImportLine(path:progress:skipped:_:)`` reading JSON Lines `pieceSize` bytes at a time (tests
    /// make it small, to cross many piece boundaries with a small file).
    static func forEachImportRecord(
        path: String, progress: ((StoreProgress) -> Void)?, pieceSize: Int,
        skipped: ((InterchangeCSV.SkippedRow) -> Void)? = nil,
        _ visit: (StoredRecord, UnsafeBufferPointer<UInt8>?) throws -> Void
    ) throws {
        let file = try StoreFile(path: path, flags: O_RDONLY)
        if (try? file.file.fileStatus())?.kind == .regular {
            var head = [UInt8](repeating: 0, count: 4096)
            let count = try head.withUnsafeMutableBytes { raw throws(StoreError) in
                try file.read(into: raw, at: 0)
            }
            let first = head[..<count].first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
            if first == 0x7B {
                var mode = importing(path)
                mode.pieceSize = pieceSize
                _ = try JournalScan.scanLines(file, path: path, mode: mode, progress: progress) {
                    slot, line in
                    let record = slot.move()
                    try visit(record, RecordCodec.canStandAsWritten(line, for: record) ? line : nil)
                }
                return
            }
        }
        var bytes = try file.readAll()
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }  // a spreadsheet's byte-order mark
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if first == 0x5B {
            // Handed on as read (an import is all or nothing anyway: the journal is cut back if a later record
            // cannot be read), with each line Peach wrote: no array of a million records beside the file.
            try readJSONArray(bytes, path: path, progress: progress, visit)
            return
        }
        for record in try readWhole(bytes, path: path, progress: progress, skipped: skipped) {
            try visit(record, nil)
        }
    }

    /// The records of a whole file to import (a JSON array, a CSV export, or JSON Lines from a pipe), its
    /// bytes without a byte-order mark.
    private static func readWhole(
        _ bytes: [UInt8], path: String, progress: ((StoreProgress) -> Void)?,
        skipped: ((InterchangeCSV.SkippedRow) -> Void)?
    ) throws(StoreError) -> [StoredRecord] {
        let start = bytes.firstIndex { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if let start, InterchangeCSV.isInterchange(bytes[start...]) {
            let (records, rows) = try InterchangeCSV.read(
                String(decoding: bytes[start...], as: UTF8.self), path: path,
                firstLine: 1 + bytes[..<start].count { $0 == 0x0A })
            for row in rows { skipped?(row) }
            return records
        }
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        switch first {
        case nil: return []
        case 0x5B:
            var records: [StoredRecord] = []
            do {
                try readJSONArray(bytes, path: path, progress: progress) { record, _ in records.append(record)
                }
            } catch let error as StoreError {
                throw error
            } catch {
                throw .io(path, .read, EIO)  // only the reading throws: appending does not
            }
            return records
        case 0x7B: return try readJSONLines(bytes, path: path, progress: progress)
        default: return try readCSV(bytes, path: path, progress: progress)
        }
    }

    /// A file to import's JSON Lines, read as a journal is (in pieces, decoded on two threads) but strictly:
    /// the first unreadable line, one too long, a newer record or a value out of its domain refuses the file
    /// naming the line; a last line without a newline and a byte-order mark are fine.
    private static func importing(_ path: String) -> JournalScan.Mode {
        JournalScan.Mode(
            lastLineIsALine: true, skipsByteOrderMark: true,
            decode: { bytes, range, decoder, slot in
                // The record made in its slot by the one-pass reader, then checked there.
                if let refusal = tooLong(range.count) { return refusal.outcome }
                do {
                    try RecordCodec.decode(bytes, range, using: &decoder, path: path, into: .record(slot))
                } catch {
                    return Refusal(decoding: error).outcome
                }
                if let refusal = refusal(of: &slot.pointee, length: range.count) {
                    slot.deinitialize(count: 1)
                    return refusal.outcome
                }
                return .record
            },
            damageIsFatal: true)
    }

    /// Why a record of a file to import is not taken in (a newer record is damage to an import).
    enum Refusal: Error {
        /// The record is damaged, too long, newer than this Peach reads, or holds a value out of its domain.
        case damage(RecordProblem)
        /// The file could not be read.
        case failure(StoreError)

        /// The refusal as a scan's outcome for the line.
        var outcome: JournalScan.LineOutcome {
            switch self {
            case .damage(let problem): .damage(problem)
            case .failure(let error): .failure(error)
            }
        }

        /// The refusal for what reading a record threw.
        init(decoding error: any Error) {
            switch error {
            case StoreError.newerSchema(_, let found, let supported):
                self = .damage(.newerVersion(found: found, supported: supported))
            case let error as StoreError: self = .failure(error)
            case let damage as RecordDamage: self = .damage(damage.problem)
            default: self = .damage(.notAnObject)  // decode throws nothing else
            }
        }

        /// The error that refuses the file at `line`.
        func error(path: String, line: Int) -> StoreError {
            switch self {
            case .damage(let problem): .unreadableImport(path: path, line: line, problem: problem)
            case .failure(let error): error
            }
        }
    }

    /// The record `decode` gives, read from `length` bytes (not read at all when they are too many), as an import
    /// takes it in. It throws instead of returning an outcome holding the record: the record, some 200 bytes, then
    /// goes straight to where the caller keeps it (held in an outcome, it was copied four times more).
    /// - Throws: ``Refusal`` for a line too long, damage, a newer record or a value out of its domain.
    private static func importedRecord(
        length: Int, _ decode: () throws -> StoredRecord
    ) throws(Refusal) -> StoredRecord {
        if let refusal = tooLong(length) { throw refusal }
        var record: StoredRecord
        do {
            record = try decode()
        } catch {
            throw Refusal(decoding: error)
        }
        if let refusal = refusal(of: &record, length: length) { throw refusal }
        return record
    }

    /// The refusal of a record read from `length` bytes: more than a line may hold, not read at all.
    private static func tooLong(_ length: Int) -> Refusal? {
        length < JournalScan.maximumLineLength ? nil : .damage(.lineTooLong(JournalScan.maximumLineLength))
    }

    /// Why an import does not take in `record`, read from `length` bytes; nil when it does. In-out only so that a
    /// record in a scan's slot is read where it is: passed by value, it was copied and destroyed (390
    /// instructions a record, 7 % of importing Peach's journal).
    private static func refusal(of record: inout StoredRecord, length: Int) -> Refusal? {
        // Every number within its domain: the journal reads back what it holds, but takes in only what a
        // session could have made (`1e308` seconds of gap was stored and spoiled every average).
        if let problem = record.domainProblem { return .damage(problem) }
        // A record the journal could not read back (a 10 MB text cell) is refused here, not stored. Its line
        // holds the known fields (under 512 bytes) and the text it was read from, each byte escaped to at
        // most 6: only a long one can reach the limit, so only that one is encoded to check.
        let limit = JournalScan.maximumLineLength
        guard 512 + 6 * length < limit || RecordCodec.encode(record).utf8.count < limit else {
            return .damage(.lineTooLong(limit))
        }
        return nil
    }

    private static func decodeOne(
        _ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, using decoder: inout RecordCodec.Decoder,
        path: String, line: Int
    ) throws(StoreError) -> StoredRecord {
        do throws(Refusal) {
            return try importedRecord(length: range.count) {
                try RecordCodec.decode(buffer, range, using: &decoder, path: path)
            }
        } catch {
            throw error.error(path: path, line: line)
        }
    }

    /// Line numbers of positions met in order, counted incrementally (a whole-file count per record made a
    /// JSON import quadratic: 16k records took 41 s).
    private struct LineCounter {
        let buffer: UnsafeBufferPointer<UInt8>
        private var index = 0
        private var line = 1

        init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

        mutating func line(at position: Int) -> Int {
            let end = min(position, buffer.count)
            if end < index {
                index = 0
                line = 1
            }
            while index < end {
                if buffer[index] == 0x0A { line += 1 }
                index += 1
            }
            return line
        }
    }

    /// A JSON array's records, each object scanned once where it stands. An export's objects, one a line as
    /// Peach writes them with the checksum, are read by the one-pass reader (``CanonicalLine``); any other
    /// (another key order, no checksum, spread over lines) is scanned into fields and read from them.
    ///
    /// `visit` gets each record in order, with its line when that line can go into a journal as it is
    /// (``RecordCodec/canStandAsWritten(_:for:)``), else nil.
    /// - Throws: ``StoreError/unreadableImport(path:line:problem:)``, or what `visit` throws.
    private static func readJSONArray(
        _ bytes: [UInt8], path: String, progress: ((StoreProgress) -> Void)?,
        _ visit: (StoredRecord, UnsafeBufferPointer<UInt8>?) throws -> Void
    ) throws {
        // Where an export's object is made by the one-pass reader, then moved out to be handed on.
        let slot = UnsafeMutablePointer<StoredRecord>.allocate(capacity: 1)
        defer { slot.deallocate() }
        try bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONObjectScanner(bytes: buffer, start: 0)
            var count = 0
            var lines = LineCounter(buffer)
            var decoder = RecordCodec.Decoder(checksums: false)
            scanner.skipWhitespace()
            while let byte = scanner.peek, byte != 0x5B { _ = scanner.consume(byte) }  // a byte-order mark
            _ = scanner.consume(0x5B)
            scanner.skipWhitespace()
            if scanner.consume(0x5D) { return }
            while true {
                scanner.skipWhitespace()
                let start = scanner.index
                if let end = exportLine(buffer, at: start, memory: &decoder.memory, into: slot) {
                    let record = slot.move()
                    let written = UnsafeBufferPointer(rebasing: buffer[start..<end])
                    try visit(record, RecordCodec.canStandAsWritten(written, for: record) ? written : nil)
                    scanner.skip(to: end)
                } else {
                    guard scanner.scanObject(into: &decoder.fields, layout: &decoder.layout) else {
                        throw StoreError.unreadableImport(
                            path: path, line: lines.line(at: scanner.index),
                            problem: .notAnArray)
                    }
                    let record: StoredRecord
                    do throws(Refusal) {
                        record = try importedRecord(length: scanner.index - start) {
                            try RecordCodec.decodeFields(buffer, using: &decoder, path: path)
                        }
                    } catch {
                        throw error.error(path: path, line: lines.line(at: start))
                    }
                    try visit(record, nil)
                }
                count += 1
                if count % StoreProgress.interval == 0 {
                    progress?(StoreProgress(done: scanner.index, total: buffer.count, records: count))
                }
                scanner.skipWhitespace()
                if scanner.consume(0x2C) { continue }
                guard scanner.consume(0x5D) else {
                    throw StoreError.unreadableImport(
                        path: path, line: lines.line(at: scanner.index), problem: .missingSeparator
                    )
                }
                scanner.skipWhitespace()
                guard scanner.peek == nil else {
                    throw StoreError.unreadableImport(
                        path: path, line: lines.line(at: scanner.index),
                        problem: .textAfterArray)
                }
                return
            }
        }
    }

    /// The record of an array's object at `start` laid out as a JSON export writes it — the rest of its line,
    /// up to a comma, is a journal line (``CanonicalLine``: Peach's layout, its checksum holding) whose values
    /// are all in their domains — and where the object ends; nil for anything else. The record is made at `slot`
    /// (left uninitialized when it is nil).
    private static func exportLine(
        _ buffer: UnsafeBufferPointer<UInt8>, at start: Int, memory: inout LineMemory,
        into slot: UnsafeMutablePointer<StoredRecord>
    ) -> Int? {
        // Peach's layout opens with the version: anything else is not looked at further (another tool's object
        // was searched for its line's end first, a fiftieth of importing it).
        guard buffer.count - start > 5, let base = buffer.baseAddress, memcmp(base + start, "{\"v\":", 5) == 0
        else { return nil }
        var end = buffer.count
        if let newline = memchr(base + start, 0x0A, buffer.count - start) {
            end = UnsafeRawPointer(newline) - UnsafeRawPointer(base)
        }
        func trim() {
            while end > start, buffer[end - 1] == 0x20 || buffer[end - 1] == 0x09 || buffer[end - 1] == 0x0D {
                end -= 1
            }
        }
        trim()
        if end > start, buffer[end - 1] == 0x2C {
            end -= 1
            trim()
        }
        guard end - start < JournalScan.maximumLineLength / 8 else { return nil }
        do throws(CanonicalLine.Refusal) {
            try CanonicalLine.decode(
                UnsafeBufferPointer(rebasing: buffer[start..<end]), memory: &memory, into: .record(slot))
        } catch {
            return nil
        }
        guard refusal(of: &slot.pointee, length: end - start) == nil else {
            slot.deinitialize(count: 1)
            return nil
        }
        return end
    }

    private static func readJSONLines(
        _ bytes: [UInt8], path: String, progress: ((StoreProgress) -> Void)?
    ) throws(StoreError) -> [StoredRecord] {
        try bytes.withUnsafeBufferPointer { buffer throws(StoreError) -> [StoredRecord] in
            var records: [StoredRecord] = []
            var decoder = RecordCodec.Decoder()  // one for every line: its buffers made once
            var start = 0
            var line = 0
            while start < buffer.count {
                let end = buffer[start...].firstIndex(of: 0x0A) ?? buffer.count
                line += 1
                var stop = end
                if stop > start, buffer[stop - 1] == 0x0D { stop -= 1 }
                if buffer[start..<stop].contains(where: { $0 != 0x20 && $0 != 0x09 }) {
                    records.append(
                        try decodeOne(buffer, start..<stop, using: &decoder, path: path, line: line))
                    if records.count % StoreProgress.interval == 0 {
                        progress?(StoreProgress(done: stop, total: buffer.count, records: records.count))
                    }
                }
                start = end + 1
            }
            return records
        }
    }

    /// Whether `cell` is a JSON number (what a number column of Peach's CSV holds).
    private static func isJSONNumber(_ cell: String) -> Bool {
        var text = cell
        return text.withUTF8 { NumberParser.double($0, 0..<$0.count) != nil }
    }

    private static func readCSV(
        _ bytes: [UInt8], path: String, progress: ((StoreProgress) -> Void)?
    ) throws(StoreError) -> [StoredRecord] {
        var header: [String]?
        let lines = bytes.reduce(into: 1) { count, byte in if byte == 0x0A { count += 1 } }
        // Each column's kind decided once from the header, not looked up by name in a set for every cell.
        var columns: [(name: String, prefix: [UInt8], isText: Bool, isBoolean: Bool)?] = []
        var versionColumn: Int?
        var records: [StoredRecord] = []
        var line: [UInt8] = []
        var decoder = RecordCodec.Decoder()  // one for every row: its buffers made once
        let known = Set(csvColumns + ["v"])
        try bytes.withUnsafeBufferPointer { buffer throws(StoreError) in
            do {
                try CSVReader.forEachRow(bytes: buffer) { row in
                    guard let header else {
                        let names = row.cells.map { $0.trimmingCharacters(in: .whitespaces) }
                        guard names.contains("type"), names.contains("time") else {
                            throw StoreError.unreadableImport(path: path, line: 1, problem: .notACSVExport)
                        }
                        header = names
                        // Each known column's `,"name":` and whether its cells are text (quoted) or JSON values
                        // as they are; nil for a column Peach does not read. A `v` column (the schema version)
                        // opens the record instead of the version 1 a CSV row otherwise gets.
                        versionColumn = names.firstIndex(of: "v")
                        columns = names.map { column in
                            guard known.contains(column), column != "v" else { return nil }
                            return (
                                column, Array(("," + RecordCodec.quoted(column) + ":").utf8),
                                csvTextColumns.contains(column), csvBooleanColumns.contains(column)
                            )
                        }
                        return
                    }
                    guard !row.cells.allSatisfy({ $0.isEmpty }) else { return }
                    guard row.cells.count == header.count else {
                        throw StoreError.unreadableImport(
                            path: path, line: row.line,
                            problem: .cellCount(found: row.cells.count, expected: header.count))
                    }
                    line.removeAll(keepingCapacity: true)
                    let version = versionColumn.map { row.cells[$0] } ?? ""
                    guard version.isEmpty || Self.isJSONNumber(version) else {
                        throw StoreError.unreadableImport(
                            path: path, line: row.line, problem: .invalidField("v", expected: .wholeNumber))
                    }
                    line += #"{"v":"#.utf8
                    line += (version.isEmpty ? "1" : version).utf8
                    for (column, cell) in zip(columns, row.cells) where !cell.isEmpty {
                        guard let column else { continue }
                        line += column.prefix
                        if column.isText {
                            RecordCodec.appendQuoted(cell, to: &line)
                        } else if column.isBoolean
                            ? cell == "true" || cell == "false" : Self.isJSONNumber(cell)
                        {
                            line += cell.utf8
                        } else {
                            // `NaN`, `abc`, `1,5`: said as the field's kind, not as a line that is no JSON object.
                            throw StoreError.unreadableImport(
                                path: path, line: row.line,
                                problem: .invalidField(
                                    column.name,
                                    expected: column.isBoolean ? .boolean : .number))
                        }
                    }
                    line.append(0x7D)
                    let record = try line.withUnsafeBufferPointer { buffer throws(StoreError) in
                        try decodeOne(buffer, 0..<buffer.count, using: &decoder, path: path, line: row.line)
                    }
                    records.append(record)
                    if records.count % StoreProgress.interval == 0 {
                        progress?(StoreProgress(done: row.line, total: lines, records: records.count))
                    }
                }
            } catch let error as StoreError {
                throw error
            } catch {
                // Only StoreError is thrown.
                throw .unreadableImport(path: path, line: 1, problem: .notACSVExport)
            }
        }
        guard header != nil else { throw .unreadableImport(path: path, line: 1, problem: .notACSVExport) }
        return records
    }
}
