// JournalScan: reads a journal file line by line in chunks, decoding records and noting damage.

import Dispatch
import PeachCore

/// The input and output buffers of a parallel decode. Each thread reads the shared input and writes only its
/// own output slots, so sharing them is safe though the compiler cannot prove it.
private struct SharedBuffers: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
    let output: UnsafeMutableBufferPointer<JournalScan.Outcome>
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A line of a journal that could not be read as a record.
public struct DamagedLine: Hashable, Sendable, Codable {
    /// The line number, from 1.
    public let line: Int
    /// Why it is not a record.
    public let problem: RecordProblem
}

/// What a scan of a journal found besides the records.
public struct JournalScanSummary: Hashable, Sendable {
    /// The number of valid records.
    public var recordCount = 0
    /// Lines that are not records (each costs that line only).
    public var damagedLines: [DamagedLine] = []
    /// Lines written by a newer Peach: kept in the journal as they are, and skipped.
    public var newerRecordLines: [Int] = []
    /// The byte offset just after the last newline: everything after it is a torn last line.
    public var completeLength = 0
    /// The size of the torn last line, 0 when the journal ends with a newline.
    public var tornTailLength = 0
    /// The number of complete lines (records, blank and damaged lines), counted from the start of the journal.
    public var lineCount = 0
}

/// Reads a journal in 1 MiB chunks (memory stays small whatever the file's size) and hands each valid record
/// to a closure. Blank lines are skipped; damaged lines are noted and skipped; bytes after the last newline are
/// a torn last line (a write cut short by a crash or a power cut) and are not read as a record.
enum JournalScan {
    static let chunkSize = 4 << 20
    /// The longest line read as a record; a longer one is damage (no record comes near it).
    static let maximumLineLength = 1 << 20

    /// Scans the journal at `path`; a missing file is an empty journal. With `start`, scanning begins at that
    /// byte offset (the start of a line, `lineNumber` lines in: what a snapshot covers) instead of the beginning.
    /// - Throws: ``StoreError`` when the file cannot be read or holds a record of a newer schema.
    /// With `end`, the bytes from that offset on are not read (an unfinished import's, see ``PendingAppend``).
    static func scan(
        path: String, from start: (offset: Int, lineNumber: Int) = (0, 0), end: Int? = nil,
        progress: ((StoreProgress) -> Void)? = nil, _ visit: (StoredRecord) throws -> Void
    ) throws -> JournalScanSummary {
        try scanLines(path: path, from: start, end: end, progress: progress) { record, _ in try visit(record)
        }
    }

    /// ``scan(path:from:progress:_:)`` handing each record on with its line as it is in the journal (valid: it
    /// decoded, its checksum held), for a JSON export to copy instead of encoding the record again.
    static func scanLines(
        path: String, from start: (offset: Int, lineNumber: Int) = (0, 0), end: Int? = nil,
        progress: ((StoreProgress) -> Void)? = nil,
        _ visit: (StoredRecord, UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws -> JournalScanSummary {
        guard try FileSystem.exists(path) else { return JournalScanSummary() }
        let file = try POSIXFile(path: path, flags: O_RDONLY | O_NOFOLLOW)
        try file.requireRegularFile()
        let total = progress == nil ? 0 : try file.size()
        var summary = JournalScanSummary()
        summary.completeLength = start.offset
        var buffer = [UInt8](repeating: 0, count: max(chunkSize, maximumLineLength))
        var carried = 0  // bytes of an unfinished line at the start of the buffer
        var bufferStart = start.offset  // the file offset of buffer[0]
        var fileOffset = start.offset
        var lineNumber = start.lineNumber
        var skippingLongLine = false
        while true {
            if carried == buffer.count {  // a line longer than the buffer: damage, skipped up to its newline
                skippingLongLine = true
                bufferStart += carried
                carried = 0
            }
            let room =
                end.map { max(0, min(buffer.count - carried, $0 - fileOffset)) } ?? buffer.count - carried
            let count =
                room == 0
                ? 0
                : try buffer.withUnsafeMutableBytes { raw throws(StoreError) -> Int in
                    try file.read(
                        into: UnsafeMutableRawBufferPointer(rebasing: raw[carried..<(carried + room)]),
                        at: fileOffset
                    )
                }
            fileOffset += count
            let filled = carried + count
            var lineStart = 0
            var lines: [(range: Range<Int>, number: Int)] = []
            try buffer.withUnsafeBufferPointer { bytes in
                guard let base = bytes.baseAddress else { return }
                var searchFrom = carried
                while searchFrom < filled, let newline = memchr(base + searchFrom, 0x0A, filled - searchFrom)
                {
                    let index = UnsafeRawPointer(newline) - UnsafeRawPointer(base)
                    searchFrom = index + 1
                    lineNumber += 1
                    if skippingLongLine {
                        skippingLongLine = false
                        summary.damagedLines.append(
                            DamagedLine(line: lineNumber, problem: .lineTooLong(maximumLineLength)))
                    } else {
                        var end = index
                        if end > lineStart, bytes[end - 1] == 0x0D { end -= 1 }
                        if !isBlank(bytes, lineStart..<end) { lines.append((lineStart..<end, lineNumber)) }
                    }
                    lineStart = index + 1
                }
                for outcome in decodeInParallel(bytes, lines.map(\.range), path: path).enumerated() {
                    switch outcome.element {
                    case .record(let record):
                        summary.recordCount += 1
                        try visit(record, UnsafeBufferPointer(rebasing: bytes[lines[outcome.offset].range]))
                    case .damage(let problem):
                        summary.damagedLines.append(
                            DamagedLine(line: lines[outcome.offset].number, problem: problem))
                    case .newer:
                        summary.newerRecordLines.append(lines[outcome.offset].number)
                    case .failure(let error):
                        throw error
                    }
                }
            }
            if lineStart > 0 { summary.completeLength = bufferStart + lineStart }
            bufferStart += lineStart
            carried = filled - lineStart
            if carried > 0, lineStart > 0 {
                buffer.withUnsafeMutableBytes { raw in
                    guard let base = raw.baseAddress else { return }
                    _ = memmove(base, base + lineStart, carried)
                }
            }
            progress?(StoreProgress(done: fileOffset, total: total, records: summary.recordCount))
            if count == 0 { break }
        }
        summary.tornTailLength = fileOffset - summary.completeLength
        summary.lineCount = lineNumber
        return summary
    }

    /// What decoding one line gave.
    enum Outcome: Sendable {
        case record(StoredRecord)
        case damage(RecordProblem)
        case newer(Int)
        case failure(StoreError)
    }

    /// Decodes `ranges` of `bytes` on two threads (each half of the lines on one), returning the outcomes in
    /// the order of the lines. Reading a large journal is bound by decoding, so this nearly halves load time.
    static func decodeInParallel(
        _ bytes: UnsafeBufferPointer<UInt8>, _ ranges: [Range<Int>], path: String
    ) -> [Outcome] {
        var outcomes = [Outcome](repeating: .damage(.notAnObject), count: ranges.count)
        guard !ranges.isEmpty else { return outcomes }
        let parts = ranges.count < 256 ? 1 : 2
        outcomes.withUnsafeMutableBufferPointer { output in
            let shared = SharedBuffers(bytes: bytes, output: output)
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                var decoder = RecordCodec.Decoder()
                let slice = part == 0 ? 0..<(ranges.count / parts) : (ranges.count / parts)..<ranges.count
                for index in slice {
                    let outcome: Outcome
                    do {
                        outcome = .record(
                            try RecordCodec.decode(shared.bytes, ranges[index], using: &decoder, path: path))
                    } catch let damage as RecordDamage {
                        outcome = .damage(damage.problem)
                    } catch let StoreError.newerSchema(_, found, _) {
                        outcome = .newer(found)
                    } catch let error as StoreError {
                        outcome = .failure(error)
                    } catch {
                        outcome = .damage(.notAnObject)  // decode throws nothing else
                    }
                    shared.output[index] = outcome
                }
            }
        }
        return outcomes
    }

    private static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        range.allSatisfy { bytes[$0] == 0x20 || bytes[$0] == 0x09 }
    }
}
