// JournalScan: reads a journal file line by line in chunks, decoding records and noting damage.

import Dispatch
import PeachCore
import PeachSystem
import Synchronization

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

    /// ``scan(path:from:end:progress:_:)`` with a visitor that cannot fail, every failure a ``StoreError`` (any
    /// other reads as an I/O error on `path`): what every reader of the whole store calls.
    static func scanRecords(
        path: String, from start: (offset: Int, lineNumber: Int) = (0, 0), end: Int? = nil,
        progress: ((StoreProgress) -> Void)? = nil, _ visit: (StoredRecord) -> Void
    ) throws(StoreError) -> JournalScanSummary {
        try readingErrors(path) {
            try scanLines(path: path, from: start, end: end, mode: .journal, progress: progress) { slot, _ in
                visit(slot.move())
            }
        }
    }

    /// ``scanRecords(path:from:end:progress:_:)`` handing on only what the store's contents file of each record
    /// (``FiledRecord``): what a load of the whole journal reads.
    static func fileRecords(
        path: String, from start: (offset: Int, lineNumber: Int) = (0, 0), end: Int? = nil,
        progress: ((StoreProgress) -> Void)? = nil, _ file: (consuming FiledRecord) -> Void
    ) throws(StoreError) -> JournalScanSummary {
        try readingErrors(path) {
            try scanLines(path: path, from: start, end: end, mode: .filing, progress: progress) { slot, _ in
                file(slot.move())
            }
        }
    }

    /// What `scan` returns, every failure a ``StoreError`` (any other reads as an I/O error on `path`).
    private static func readingErrors(
        _ path: String, _ scan: () throws -> JournalScanSummary
    ) throws(StoreError) -> JournalScanSummary {
        do {
            return try scan()
        } catch let error as StoreError {
            throw error
        } catch {
            throw .io(path, .read, EIO)
        }
    }

    /// ``scan(path:from:progress:_:)`` handing each record on with its line as it is in the journal (valid: it
    /// decoded, its checksum held), for a JSON export to copy instead of encoding the record again.
    ///
    /// A pipeline over two buffers: while the calling thread hands on the records of one chunk (`visit`: the
    /// profile's sums, an export's encoding), a second thread already decodes the next; once the calling thread
    /// is done it helps decode, taking lines in blocks from the same counter. Reading a journal was bound by the
    /// calling thread (it decoded half of each chunk, then visited all of it while the other core idled).
    static func scanLines(
        path: String, from start: (offset: Int, lineNumber: Int) = (0, 0), end: Int? = nil,
        progress: ((StoreProgress) -> Void)? = nil,
        _ visit: (StoredRecord, UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws -> JournalScanSummary {
        try scanLines(path: path, from: start, end: end, mode: .journal, progress: progress) {
            try visit($0.move(), $1)
        }
    }

    /// ``scanLines(path:from:end:progress:_:)`` in `mode`, which says what is made of each record; `take` must
    /// take each record out of its slot (`move()`) before anything else.
    static func scanLines<Slot>(
        path: String, from start: (offset: Int, lineNumber: Int), end: Int?, mode: LineMode<Slot>,
        progress: ((StoreProgress) -> Void)?,
        _ take: (UnsafeMutablePointer<Slot>, UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws -> JournalScanSummary {
        guard try StoreFiles.exists(path) else { return JournalScanSummary() }
        // Non-blocking: a FIFO where the journal should be is refused at once, not waited on.
        let file = try StoreFile(path: path, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        try file.requireRegularFile()
        return try scanLines(file, path: path, from: start, end: end, mode: mode, progress: progress, take)
    }

    /// How a scan treats the lines of a journal or of a file to import, making a whole record of each.
    typealias Mode = LineMode<StoredRecord>

    /// How a scan treats what is not a record, and what it makes of each record (``RecordSlot``).
    struct LineMode<Slot>: Sendable {
        /// Whether bytes after the last newline are a line too (a file to import), not a torn tail (a journal).
        var lastLineIsALine = false
        /// Whether a byte-order mark at the start of the file is skipped (a file a spreadsheet wrote).
        var skipsByteOrderMark = false
        /// Decodes one line, writing its record (when it is one) to the slot given. A journal's mode notes damage
        /// and goes on; an import's stops at the first (``damageIsFatal``).
        var decode: Decode<Slot>
        /// Whether the first damaged line (or one too long) ends the scan with
        /// ``StoreError/unreadableImport(path:line:problem:)``.
        var damageIsFatal = false
        /// The most read at once (tests make it small, to cross many piece boundaries with a small file).
        var pieceSize = JournalScan.chunkSize
        /// Runs the second thread's decoding of a piece: on a dispatch worker (tests hold it back, to see that a
        /// scan never waits for a helper that has not started).
        var startHelper: @Sendable (@escaping @Sendable () -> Void) -> Void = {
            DispatchQueue.global().async(execute: $0)
        }
    }

    /// How a mode decodes the line `bytes[range]`: its record initialized at the slot (only for
    /// ``LineOutcome/record``), or why there is none. The record is made where it is kept until it is handed on:
    /// returned in an enum it was copied into the enum, into its slot, out of it and out of the enum again — a
    /// twelfth of reading a line.
    typealias Decode<Slot> =
        @Sendable (
            UnsafeBufferPointer<UInt8>, Range<Int>, inout RecordCodec.Decoder, UnsafeMutablePointer<Slot>
        ) -> LineOutcome

    /// ``scanLines(path:from:end:progress:_:)`` over a file already open, in `mode`.
    static func scanLines<Slot>(
        _ file: StoreFile, path: String, from start: (offset: Int, lineNumber: Int) = (0, 0), end: Int? = nil,
        mode: LineMode<Slot>, progress: ((StoreProgress) -> Void)? = nil,
        _ take: (UnsafeMutablePointer<Slot>, UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws -> JournalScanSummary {
        let total = progress == nil ? 0 : try file.size()
        var summary = JournalScanSummary()
        summary.completeLength = start.offset
        let size = max(chunkSize, maximumLineLength)
        let buffers = [
            UnsafeMutableBufferPointer<UInt8>.allocate(capacity: size),
            UnsafeMutableBufferPointer<UInt8>.allocate(capacity: size),
        ]
        var pending: DecodeJob<Slot>?  // the previous chunk: being decoded, to be visited
        defer {
            if let pending {  // not handed on (`take` threw): still decoding, reading a buffer
                pending.work()  // every slot made, so that release() finds each line's outcome
                pending.wait()
                pending.release()
            }
            for buffer in buffers { buffer.deallocate() }
        }
        var current = 0  // which buffer this chunk is read into
        var carried = 0  // bytes of an unfinished line at the start of the buffer
        var bufferStart = start.offset  // the file offset of the buffer's first byte
        var fileOffset = start.offset
        var lineNumber = start.lineNumber
        var skippingLongLine = false
        var linesInLastPiece = 0

        /// Waits for `job`'s decoding (helping with it), then hands its records on in order.
        func finish(_ job: DecodeJob<Slot>) throws {
            job.work()
            job.wait()
            defer { job.release() }
            for index in 0..<job.ranges.count {
                // Moved out of its slot and handed on, not copied (a copy and a destroy of each record were a
                // tenth of a journal scan's time).
                switch job.take(index) {
                case .record:
                    summary.recordCount += 1
                    try job.withRecord(index) {
                        try take($0, UnsafeBufferPointer(rebasing: job.bytes[job.ranges[index]]))
                    }
                case .damage(let problem):
                    if mode.damageIsFatal {
                        throw StoreError.unreadableImport(
                            path: path, line: job.lineNumbers[index], problem: problem)
                    }
                    summary.damagedLines.append(DamagedLine(line: job.lineNumbers[index], problem: problem))
                case .newer:
                    summary.newerRecordLines.append(job.lineNumbers[index])
                case .failure(let error):
                    throw error
                }
            }
            progress?(StoreProgress(done: job.fileOffset, total: total, records: summary.recordCount))
        }
        var longLine: Int?  // an import's line too long: reported once the lines before it are handed on

        while true {
            let buffer = buffers[current]
            if carried == buffer.count {  // a line longer than the buffer: damage, skipped up to its newline
                skippingLongLine = true
                bufferStart += carried
                carried = 0
            }
            let room = min(
                mode.pieceSize,
                end.map { max(0, min(buffer.count - carried, $0 - fileOffset)) } ?? buffer.count - carried)
            let count =
                room == 0
                ? 0
                : try file.read(
                    into: UnsafeMutableRawBufferPointer(
                        UnsafeMutableBufferPointer(rebasing: buffer[carried..<(carried + room)])),
                    at: fileOffset)
            fileOffset += count
            let filled = carried + count
            var lineStart = 0
            var ranges: [Range<Int>] = []
            var numbers: [Int] = []
            // Room for as many lines as the last piece had and an eighth more: the arrays grew from nothing in
            // every piece, copying themselves a dozen times (two hundredths of reading a line).
            ranges.reserveCapacity(linesInLastPiece &+ linesInLastPiece / 8)
            numbers.reserveCapacity(linesInLastPiece &+ linesInLastPiece / 8)
            if mode.skipsByteOrderMark, fileOffset == count, filled >= 3, buffer[0] == 0xEF,
                buffer[1] == 0xBB,
                buffer[2] == 0xBF
            {
                lineStart = 3  // a byte-order mark before the first line
            }
            /// Takes the line from `lineStart` to `end` (its newline or the end of the file): a line to decode
            /// unless blank, or the end of one too long (damage; for an import the end of the scan: false).
            func take(endingAt end: Int) -> Bool {
                lineNumber += 1
                if skippingLongLine {
                    skippingLongLine = false
                    if mode.damageIsFatal {
                        longLine = lineNumber
                        return false
                    }
                    summary.damagedLines.append(
                        DamagedLine(line: lineNumber, problem: .lineTooLong(maximumLineLength)))
                    return true
                }
                var stop = end
                if stop > lineStart, buffer[stop - 1] == 0x0D { stop -= 1 }
                if !isBlank(UnsafeBufferPointer(buffer), lineStart..<stop) {
                    ranges.append(lineStart..<stop)
                    numbers.append(lineNumber)
                }
                return true
            }
            if let base = buffer.baseAddress {
                var searchFrom = max(carried, lineStart)
                while searchFrom < filled, let newline = memchr(base + searchFrom, 0x0A, filled - searchFrom)
                {
                    let index = UnsafeRawPointer(newline) - UnsafeRawPointer(base)
                    searchFrom = index + 1
                    guard take(endingAt: index) else { break }
                    lineStart = index + 1
                }
                // At the end of a file to import, a last line without a newline is a line.
                if count == 0, mode.lastLineIsALine, longLine == nil, lineStart < filled {
                    _ = take(endingAt: filled)
                    lineStart = filled
                }
            }
            linesInLastPiece = ranges.count
            // Decode this chunk on the other thread while the previous one is handed on here.
            let job = DecodeJob(
                bytes: UnsafeBufferPointer(buffer), ranges: ranges, lineNumbers: numbers,
                fileOffset: fileOffset, decode: mode.decode)
            job.start(on: mode.startHelper)
            let previous = pending
            pending = job  // from here on the exit waits for it, whatever `take` throws
            if let previous { try finish(previous) }
            if let longLine {
                pending = nil
                try finish(job)  // an earlier damaged line is the one to report
                throw StoreError.unreadableImport(
                    path: path, line: longLine, problem: .lineTooLong(maximumLineLength))
            }
            if lineStart > 0 { summary.completeLength = bufferStart + lineStart }
            bufferStart += lineStart
            carried = filled - lineStart
            if count == 0 { break }
            // The unfinished line moves to the start of the other buffer (this one is still being decoded).
            let next = buffers[1 - current]
            if carried > 0, let target = next.baseAddress, let source = buffer.baseAddress {
                target.update(from: source + lineStart, count: carried)
            }
            current = 1 - current
        }
        if let last = pending {
            pending = nil
            try finish(last)
        }
        summary.tornTailLength = fileOffset - summary.completeLength
        summary.lineCount = lineNumber
        return summary
    }

    /// What decoding one of a scan's lines gave: a record (initialized in its slot) or why there is none.
    /// Indirect: the rare reasons are boxed, so the outcome of a line that is a record — nearly all — is one
    /// word to store, read and destroy (the reasons held inline made it six).
    indirect enum LineOutcome: Sendable {
        case record
        case damage(RecordProblem)
        case newer(Int)
        case failure(StoreError)
    }

    /// The lines of one chunk to decode, shared by the two threads: each takes blocks of lines from `next` and
    /// writes only their slots (the outcome, and the record when there is one), and the bytes are not changed
    /// until both are done (``wait()``), so sharing is safe though the compiler cannot prove it.
    final class DecodeJob<Slot>: @unchecked Sendable {
        let bytes: UnsafeBufferPointer<UInt8>
        let ranges: [Range<Int>]
        let lineNumbers: [Int]
        let fileOffset: Int
        private let decode: Decode<Slot>
        private let outcomes: UnsafeMutableBufferPointer<LineOutcome>
        /// A line's record, initialized where its outcome is ``LineOutcome/record``.
        private let records: UnsafeMutablePointer<Slot>
        private let next = Atomic<Int>(0)
        private static var block: Int { 128 }

        init(
            bytes: UnsafeBufferPointer<UInt8>, ranges: [Range<Int>], lineNumbers: [Int], fileOffset: Int,
            decode: @escaping Decode<Slot>
        ) {
            self.bytes = bytes
            self.ranges = ranges
            self.lineNumbers = lineNumbers
            self.fileOffset = fileOffset
            self.decode = decode
            // Left uninitialized: each slot is initialized by the block that decodes it, and every block is
            // decoded before the outcomes are read or released (`wait()`).
            outcomes = .allocate(capacity: ranges.count)
            records = .allocate(capacity: max(1, ranges.count))
        }

        /// Outcomes already moved out by ``take(_:)``: the first `taken`, in line order. Their records are moved
        /// out too (``withRecord(_:_:)``); the other outcomes and their records are destroyed by ``release()``.
        private var taken = 0

        /// The outcome of line `index` (in order, once every block is done).
        func take(_ index: Int) -> LineOutcome {
            precondition(index == taken, "outcomes are taken in line order")
            taken += 1
            // Moved out, so that ``release()`` destroys only those not taken: a copy left each line's outcome
            // to be destroyed there, a call and a release for every record (0.02k instructions a record).
            return outcomes.moveElement(from: index)
        }

        /// Hands line `index`'s slot (its outcome just taken: a record) to `body`, which takes the record out
        /// (`move()`) before anything else: a copy read from the slot counted every reference the record holds
        /// twice, and a record handed on by a generic scan as a value was copied once more on its way.
        func withRecord(_ index: Int, _ body: (UnsafeMutablePointer<Slot>) throws -> Void) rethrows {
            precondition(index == taken - 1, "a record is handed on right after its outcome is taken")
            try body(records + index)
        }

        /// The other thread's decoding of this chunk, once started.
        private var helper: OffloadedWork?

        /// Starts decoding on another thread, through `startHelper`.
        func start(on startHelper: (@escaping @Sendable () -> Void) -> Void) {
            guard !ranges.isEmpty else { return }
            helper = OffloadedWork(start: startHelper) { self.work() }
        }

        /// Returns once the other thread is done with this chunk, or at once when it has not started: then it
        /// never touches the chunk (``OffloadedWork``: the scan never waits for a thread that is not running).
        /// The calling thread has decoded every line left (``work()``) before.
        func wait() { helper?.wait() }

        /// Decodes blocks of lines until none is left.
        func work() {
            var decoder = RecordCodec.Decoder()
            while true {
                let first = next.wrappingAdd(Self.block, ordering: .relaxed).oldValue
                guard first < ranges.count else { return }
                for index in first..<min(first + Self.block, ranges.count) {
                    outcomes.initializeElement(
                        at: index, to: decode(bytes, ranges[index], &decoder, records + index))
                }
            }
        }

        /// Destroys the records not handed on (all, when handing them on threw) and every outcome, and frees
        /// the slots; after ``wait()``.
        func release() {
            for index in taken..<outcomes.count {
                if case .record = outcomes[index] { (records + index).deinitialize(count: 1) }
            }
            _ = outcomes[taken...].deinitialize()
            outcomes.deallocate()
            records.deallocate()
        }
    }

    /// One line's outcome, its record made in `slot` (as much of it as the slot keeps).
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, using decoder: inout RecordCodec.Decoder,
        path: String, into slot: RecordSlot
    ) -> LineOutcome {
        do {
            try RecordCodec.decode(bytes, range, using: &decoder, path: path, into: slot)
            return .record
        } catch let damage as RecordDamage {
            return .damage(damage.problem)
        } catch let StoreError.newerSchema(_, found, _) {
            return .newer(found)
        } catch let error as StoreError {
            return .failure(error)
        } catch {
            return .damage(.notAnObject)  // decode throws nothing else
        }
    }

    private static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        range.allSatisfy { bytes[$0] == 0x20 || bytes[$0] == 0x09 }
    }
}

extension JournalScan.LineMode<StoredRecord> {
    /// A journal's lines, each made a whole record: damage and newer records are noted and skipped, a torn tail
    /// is left alone.
    static var journal: Self {
        Self(decode: { bytes, range, decoder, slot in
            JournalScan.decode(bytes, range, using: &decoder, path: "", into: .record(slot))
        })
    }
}

extension JournalScan.LineMode<FiledRecord> {
    /// A journal's lines as ``journal`` reads them, each made only as far as the store's contents file it.
    static var filing: Self {
        Self(decode: { bytes, range, decoder, slot in
            JournalScan.decode(bytes, range, using: &decoder, path: "", into: .filed(slot))
        })
    }
}
