// RecordCodec: a result as one line of JSON (schema version 1), written and read by hand for speed.

import Foundation
import PeachCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes and reads records as single JSON lines.
///
/// Schema version 1, one object per line (fields in this order; unknown fields are kept and written back):
///
///     {"v":1,"type":"comparison","time":"2026-11-21T09:00:00.123Z","note1":60,"note2":60,"cents":-12.3,
///      "answer":"lower","correct":true,"referencePitch":440,"timbre":"sine","noteDuration":1,"gap":0,
///      "velocity":63,"note2Gain":0,"responseTime":0.41,"input":"keyboard"}
///     {"v":1,"type":"pitchMatching","time":"…","referenceNote":57,"initialCents":43.2,"errorCents":-3.1,
///      "referencePitch":440,"timbre":"sine","noteDuration":1,"gap":0,"velocity":63,"timeTaken":4.2,
///      "tuneControl":"pitch-bend"}
///
/// Schema version 2 adds intervals, tunings and rhythm records. A comparison's interval is the distance from
/// `note1` to `note2`; `"tuning":"just"` (or `"pythagorean"`) follows the cents when not equal temperament. A
/// pitch-matching record adds `"targetNote":64` after the reference note when it is an interval away, and the
/// tuning likewise. Rhythm records from Peach on iOS or the web are kept with their own fields:
///
///     {"v":2,"type":"rhythmOffsetDetection","time":"…","tempoBPM":120,"offsetMs":-12.5,"correct":true,
///      "pattern":"3:x-x","offsetPosition":3}
///     {"v":2,"type":"continuousRhythmMatching","time":"…","tempoBPM":90,"meanOffsetMs":8.1,
///      "meanOffsetMsPosition0":3.2}
///
/// An offset-detection answer trained here says its pattern (``TimingPattern/id``) and the step of its offset
/// note; one without them (Peach on iOS, Peach before patterns) is straight sixteenths with the third note
/// offset. They stay in version 2: an older Peach keeps them as unknown fields and writes them back.
///
/// A fill-the-gap trial trained here with silent bars adds their number and, with two strikes or more in
/// them, the strikes' count, drift and mean (`"silentBars":1,"silentStrikes":6,"driftMsPerBar":2.3,
/// "silentMeanOffsetMs":8.1`); with a tempo ramp its step and bars (`"tempoRamp":4,"rampEvery":2`); played
/// in a pattern, the pattern (`"pattern":"3:x-x"`: its rests were the gaps); with a timing calibration in use,
/// its offset last (`"calibrationMs":12.5`: what the player's chain added to every strike; the offsets stay
/// raw, and the profile takes it off).
///
/// Schema version 3 adds play-back answers (`peach play`): the item asked, the reference (the given note; for
/// chords the bass), the notes the answer must contain and the notes played (`note:velocity:ms`, the onset in
/// milliseconds after the answer's first), the verdict (`correct`, and `heardAs` for a wrong answer that is an
/// item), the response time and the judging options (`anyOctave`, `anyVoicing`, only when true):
///
///     {"v":3,"type":"playBack","time":"…","kind":"intervals","item":"M3","reference":60,"answerNotes":"64",
///      "played":"63:88:0","correct":false,"heardAs":"m3","responseTime":1.204,"input":"midi-note"}
///
/// A degree or melody asked in a key the player fixed adds its tonic as they named it where that spells the key
/// otherwise than its fewest accidentals (`"tonic":"F♯"` after `reference`: F♯ major, not G♭ major; an older
/// Peach keeps the field and spells the key its own way).
///
/// Reading checks that the notes asked are the item's on that reference and that `correct` and `heardAs` are
/// what the played notes make of it (``PlayBackVerdict/judge(_:played:options:beats:)``). A melody (`kind`
/// `melodies`) keeps its phrase in `answerNotes` in order and its tonic as `reference`; played in tempo, it adds
/// `tempoBPM` and `offsetMs` (the first note played, ms after the response's first beat, to 0.1 ms), from which
/// every note's offset from its place follows.
///
/// Schema version 4 adds rhythm echo (`peach echo`): the bar played (its four beats' figures), the level it
/// was drawn at, each note's strike offset in ms or `-` for a miss, in the bar's order, and the extra strikes:
///
///     {"v":4,"type":"rhythmEcho","time":"…","tempoBPM":90,"rhythm":"4:x-xx 2:xx 3:xxx 1:x","level":4,
///      "onsets":"-3.2 4.1 - 0.5 2 -1.5 7.25 3 12","extras":1,"input":"midi-note"}
///
/// Paired with a timing calibration, it adds the calibration's offset last (`"calibrationMs":12.5`), as fill
/// the gap does; an older Peach keeps it as an unknown field.
///
/// A record is written with the oldest version that holds it (``version(for:)``).
///
/// Cent values keep full double precision; times are kept to the millisecond and gains to 0.001 dB. The
/// conditions (reference pitch … input) are optional when reading, with the default settings' values.
enum RecordCodec {
    /// The newest schema version this Peach writes and reads.
    static let currentVersion = 4

    /// The oldest schema version that holds `payload`: 1 for unison training in equal temperament (what Peach
    /// wrote before intervals, so an older Peach still reads it), 2 for an interval, another tuning or a rhythm
    /// record (an older Peach keeps such lines and skips them, as it does any newer line).
    static func version(for payload: StoredRecord.Payload) -> Int {
        switch payload {
        case .comparison(let completed):
            return version(unison: completed.comparison.isUnison, completed.comparison.tuningSystem)
        case .pitchMatching(let completed):
            return version(unison: completed.isUnison, completed.tuningSystem)
        case .rhythm: return 2
        case .playBack: return 3
        case .echo: return 4
        }
    }

    /// ``version(for:)`` of a comparison or a pitch matching: 1 for unison in equal temperament, else 2.
    static func version(unison: Bool, _ tuning: TuningSystem) -> Int {
        unison && tuning == .equalTemperament ? 1 : 2
    }

    /// The keys of schema version 1.
    enum Key: Int, CaseIterable {
        case version, type, time, note1, note2, cents, answer, correct, referencePitch, timbre, noteDuration,
            gap
        case velocity, note2Gain, responseTime, input, referenceNote, initialCents, errorCents, timeTaken,
            tuneControl, procedure
        case tuning, targetNote, tempoBPM, offsetMs, meanOffsetMs, meanOffsetMsPosition0,
            meanOffsetMsPosition1,
            meanOffsetMsPosition2, meanOffsetMsPosition3
        case kind, item, reference, answerNotes, played, heardAs, anyOctave, anyVoicing, pattern,
            offsetPosition, silentBars, silentStrikes, driftMsPerBar, silentMeanOffsetMs, tempoRamp, rampEvery
        case rhythm, level, onsets, extras, tonic, calibrationMs
        case crc

        /// The key's bit in a set of keys (every key fits in one word).
        var bit: UInt64 { 1 &<< UInt64(rawValue) }

        /// The set of `keys` (a bit each).
        static func set(_ keys: Key...) -> UInt64 { keys.reduce(0) { $0 | $1.bit } }

        /// The keys the reader of `payload`'s kind takes: exactly those its writer may write (a test checks it).
        /// Any other known key on its line is kept as an unknown field (``decodeFields(_:using:path:)``), so
        /// that writing the record again loses nothing.
        static func read(by payload: StoredRecord.Payload) -> UInt64 {
            switch payload {
            case .comparison: readByComparison
            case .pitchMatching: readByPitchMatching
            case .rhythm(let rhythm): read(by: rhythm.kind)
            case .playBack: readByPlayBack
            case .echo: readByEcho
            }
        }

        /// The keys the reader of a rhythm record of `kind` takes.
        static func read(by kind: RhythmRecord.Kind) -> UInt64 {
            switch kind {
            case .offsetDetection: readByOffsetDetection
            case .continuousMatching: readByContinuousMatching
            }
        }

        // The decoder takes a record's set by the type it reads, before the record is made: from the record made
        // (its payload copied to be switched on), or noted at each look-up, they cost 0.15k instructions a record
        // of an import in another tool's layout.
        private static let common = set(.version, .type, .time, .crc)
        private static let context = set(.referencePitch, .timbre, .noteDuration, .gap, .velocity)
        /// The keys a comparison's reader takes.
        static let readByComparison =
            common | context
            | set(
                .note1, .note2, .cents, .tuning, .answer, .correct, .note2Gain, .responseTime, .input,
                .procedure)
        /// The keys a pitch-matching attempt's reader takes; not `procedure` (read into its context, but an attempt
        /// is always training, and its writer writes none).
        static let readByPitchMatching =
            common | context
            | set(.referenceNote, .targetNote, .tuning, .initialCents, .errorCents, .timeTaken, .tuneControl)
        private static let readByOffsetDetection =
            common | set(.tempoBPM, .offsetMs, .correct, .pattern, .offsetPosition)
        private static let readByContinuousMatching =
            common | set(.tempoBPM, .meanOffsetMs, .pattern, .calibrationMs)
            | set(
                .meanOffsetMsPosition0, .meanOffsetMsPosition1, .meanOffsetMsPosition2, .meanOffsetMsPosition3
            )
            | set(.silentBars, .silentStrikes, .driftMsPerBar, .silentMeanOffsetMs, .tempoRamp, .rampEvery)
        /// The keys a play-back answer's reader takes.
        static let readByPlayBack =
            common
            | set(
                .kind, .item, .reference, .tonic, .answerNotes, .rhythm, .played, .correct, .heardAs,
                .responseTime, .input, .anyOctave, .anyVoicing, .tempoBPM, .offsetMs)
        /// The keys a rhythm echo's reader takes.
        static let readByEcho =
            common | set(.tempoBPM, .rhythm, .level, .onsets, .extras, .input, .calibrationMs)

        /// The key as a line writes it (inlined: where the key is a constant, so is its name).
        @inline(__always)
        var name: StaticString {
            switch self {
            case .version: "v"
            case .type: "type"
            case .time: "time"
            case .note1: "note1"
            case .note2: "note2"
            case .cents: "cents"
            case .answer: "answer"
            case .correct: "correct"
            case .referencePitch: "referencePitch"
            case .timbre: "timbre"
            case .noteDuration: "noteDuration"
            case .gap: "gap"
            case .velocity: "velocity"
            case .note2Gain: "note2Gain"
            case .responseTime: "responseTime"
            case .input: "input"
            case .referenceNote: "referenceNote"
            case .initialCents: "initialCents"
            case .errorCents: "errorCents"
            case .timeTaken: "timeTaken"
            case .tuneControl: "tuneControl"
            case .procedure: "procedure"
            case .tuning: "tuning"
            case .targetNote: "targetNote"
            case .tempoBPM: "tempoBPM"
            case .offsetMs: "offsetMs"
            case .meanOffsetMs: "meanOffsetMs"
            case .meanOffsetMsPosition0: "meanOffsetMsPosition0"
            case .meanOffsetMsPosition1: "meanOffsetMsPosition1"
            case .meanOffsetMsPosition2: "meanOffsetMsPosition2"
            case .meanOffsetMsPosition3: "meanOffsetMsPosition3"
            case .kind: "kind"
            case .item: "item"
            case .reference: "reference"
            case .answerNotes: "answerNotes"
            case .played: "played"
            case .heardAs: "heardAs"
            case .anyOctave: "anyOctave"
            case .anyVoicing: "anyVoicing"
            case .pattern: "pattern"
            case .offsetPosition: "offsetPosition"
            case .silentBars: "silentBars"
            case .silentStrikes: "silentStrikes"
            case .driftMsPerBar: "driftMsPerBar"
            case .silentMeanOffsetMs: "silentMeanOffsetMs"
            case .tempoRamp: "tempoRamp"
            case .rampEvery: "rampEvery"
            case .rhythm: "rhythm"
            case .level: "level"
            case .onsets: "onsets"
            case .extras: "extras"
            case .tonic: "tonic"
            case .calibrationMs: "calibrationMs"
            case .crc: "crc"
            }
        }
    }

    // MARK: - Writing

    /// The record as one line of JSON, without the newline.
    static func encode(_ record: StoredRecord) -> String {
        var bytes: [UInt8] = []
        encode(record, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the record as one line of JSON (without the newline) to `bytes`. Written through a pointer into a
    /// buffer on the stack (``ByteWriter``) and appended in one copy: exports and imports encode a million
    /// records.
    static func encode(_ record: StoredRecord, into bytes: inout [UInt8]) {
        ByteWriter.append(to: &bytes) { encode(record, to: &$0) }
    }

    /// Writes the record as one line of JSON (without the newline), its checksum over what was written from
    /// the writer's start.
    private static func encode(_ record: StoredRecord, to out: inout ByteWriter) {
        out.write("{\"v\":")
        out.write(integer: record.schemaVersion)
        switch record.payload {
        case .comparison(let completed):
            out.head("\"comparison\"", completed.timestamp)
            out.integer(.note1, completed.comparison.note1.rawValue)
            out.integer(.note2, completed.comparison.note2.rawValue)
            out.number(.cents, completed.comparison.centDifference.rawValue)
            if completed.comparison.tuningSystem != .equalTemperament {
                out.string(.tuning, completed.comparison.tuningSystem.rawValue)
            }
            out.key(.answer)
            switch completed.answer {  // a constant each: no string made and scanned for escapes
            case .higher: out.write("\"higher\"")
            case .lower: out.write("\"lower\"")
            }
            out.boolean(.correct, completed.isCorrect)
            out.context(completed.context)
            out.number(.note2Gain, completed.note2AmplitudeOffset, decimals: 3)
            out.number(.responseTime, completed.responseTime, decimals: 3)
            out.string(.input, completed.inputKind.rawValue)
            if completed.context.procedure != .training {
                out.string(.procedure, completed.context.procedure.rawValue)
            }
        case .pitchMatching(let completed):
            out.head("\"pitchMatching\"", completed.timestamp)
            out.integer(.referenceNote, completed.referenceNote.rawValue)
            if !completed.isUnison {
                out.integer(.targetNote, completed.targetNote.rawValue)
            }
            if completed.tuningSystem != .equalTemperament {
                out.string(.tuning, completed.tuningSystem.rawValue)
            }
            out.number(.initialCents, completed.initialOffset.rawValue)
            out.number(.errorCents, completed.userError.rawValue)
            out.context(completed.context)
            out.number(.timeTaken, completed.timeTaken, decimals: 3)
            out.string(.tuneControl, completed.tuneControl.rawValue)
        case .playBack(let completed):
            out.head("\"playBack\"", completed.timestamp)
            out.string(.kind, completed.question.item.kind.rawValue)
            out.string(.item, completed.question.item.id)
            out.integer(.reference, completed.question.reference.rawValue)
            if let named = completed.question.tonicName { out.string(.tonic, named.description) }
            out.string(.answerNotes, PlayBackFields.notes(completed.question.answerNotes))
            if !completed.question.hasPlainRhythm {
                out.string(.rhythm, PlayBackFields.lengths(completed.question.lengths))
            }
            out.string(.played, PlayBackFields.played(completed.played))
            out.boolean(.correct, completed.isCorrect)
            if !completed.isCorrect, let heard = completed.verdict.answered { out.string(.heardAs, heard.id) }
            out.number(.responseTime, completed.responseTime, decimals: 3)
            out.string(.input, completed.inputKind.rawValue)
            if completed.anyOctave { out.boolean(.anyOctave, true) }
            if completed.anyVoicing { out.boolean(.anyVoicing, true) }
            if let tempo = completed.tempo, let offset = completed.gridOffset {
                out.integer(.tempoBPM, tempo.bpm)
                out.number(.offsetMs, offset * 1000, decimals: 1)
            }
        case .echo(let completed):
            out.head("\"rhythmEcho\"", completed.timestamp)
            out.integer(.tempoBPM, completed.tempo.bpm)
            out.string(.rhythm, completed.rhythm.description)
            out.integer(.level, completed.level)
            out.string(.onsets, EchoFields.onsets(completed.onsets))
            out.integer(.extras, completed.extras)
            out.string(.input, completed.inputKind.rawValue)
            if let calibration = completed.calibrationMs { out.number(.calibrationMs, calibration) }
        case .rhythm(let rhythm):
            out.key(.type)
            writeQuoted(rhythm.kind.rawValue, to: &out)
            out.time(rhythm.timestamp)
            out.integer(.tempoBPM, rhythm.tempoBPM)
            if let offset = rhythm.offsetMs { out.number(.offsetMs, offset) }
            if let correct = rhythm.isCorrect { out.boolean(.correct, correct) }
            if let pattern = rhythm.pattern, let position = rhythm.offsetPosition {
                out.string(.pattern, pattern.id)
                out.integer(.offsetPosition, position)
            }
            if let mean = rhythm.meanOffsetMs { out.number(.meanOffsetMs, mean) }
            // The keys follow each other (no array of them is made for each record).
            for (index, value) in rhythm.meanOffsetMsPositions.prefix(4).enumerated() {
                if let value, let position = Key(rawValue: Key.meanOffsetMsPosition0.rawValue &+ index) {
                    out.number(position, value)
                }
            }
            if let silentBars = rhythm.silentBars {
                out.integer(.silentBars, silentBars)
                if let drift = rhythm.drift {
                    out.integer(.silentStrikes, drift.strikes)
                    out.number(.driftMsPerBar, drift.msPerBar)
                    out.number(.silentMeanOffsetMs, drift.meanOffsetMs)
                }
            }
            if let ramp = rhythm.tempoRamp, let every = rhythm.rampEvery {
                out.integer(.tempoRamp, ramp)
                out.integer(.rampEvery, every)
            }
            if rhythm.kind == .continuousMatching, let pattern = rhythm.pattern {
                out.string(.pattern, pattern.id)
            }
            if let calibration = rhythm.calibrationMs { out.number(.calibrationMs, calibration) }
        }
        for extra in record.extraFields {
            out.write(",\"")
            out.write(text: extra.rawKey)  // kept escaped as it was read
            out.write("\":")
            out.write(text: extra.rawValue)
        }
        // The checksum covers the line as it would read without it (`{…}`), and closes it.
        out.write(byte: 0x7D)
        let crc = CRC32C.checksum(out.written)
        out.unwrite(1)
        out.write(",\"crc\":\"")
        var hex = hexDigits(crc).littleEndian  // the first digit in the lowest byte, first in memory
        withUnsafeBytes(of: &hex) { out.write($0) }
        out.write("\"}")
    }

    static func append(_ text: StaticString, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    static func appendInteger(_ value: some BinaryInteger, to bytes: inout [UInt8]) {
        ByteWriter.append(to: &bytes) { $0.write(integer: value) }
    }

    /// A number as JSON (see ``number(_:decimals:)``), appended.
    static func appendNumber(_ value: Double, decimals: Int?, to bytes: inout [UInt8]) {
        ByteWriter.append(to: &bytes) { writeNumber(value, decimals: decimals, to: &$0) }
    }

    /// 10^0 … 10^6, exactly.
    private static let smallPowersOfTen: [Double] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000]

    /// A number as JSON (see ``number(_:decimals:)``), written: a whole one as an integer, a measured one
    /// (no `decimals`) by ``ShortestDecimal/digits(_:)``, a rounded one of at most six decimals between 0.001
    /// and 10^8 by ``ShortestDecimal/fewDecimals(_:)`` (`description` was a seventh of encoding a record), any
    /// other by `description`.
    fileprivate static func writeNumber(_ value: Double, decimals: Int?, to writer: inout ByteWriter) {
        // A whole number (a pitch of 440, a gap of 0) stays what it is when rounded. Below 10^15 tested by a
        // conversion and back (`Int64(exactly:)` calls the C library's `trunc`).
        if value.magnitude < 1e15 {
            let whole = Int64(value)
            if Double(whole) == value {
                writer.write(integer: whole)
                return
            }
        } else if let whole = Int64(exactly: value), whole > -1_000_000_000_000_000,
            whole < 1_000_000_000_000_000
        {
            writer.write(integer: whole)
            return
        }
        let value = rounded(value, decimals: decimals)
        if abs(value) < 1e15, value == value.nearestWhole {
            writer.write(integer: Int64(value))
            return
        }
        // A measured value (a cent difference) mostly takes 16 or 17 digits, a rounded one six decimals or fewer.
        var digits = decimals == nil ? ShortestDecimal.digits(value) : nil
        if digits == nil { digits = ShortestDecimal.fewDecimals(value) }
        if let digits {
            ShortestDecimal.write(digits, negative: value < 0, to: &writer)
        } else {
            writer.write(text: value.description)
        }
    }

    /// A string as JSON, with quotes and escapes, written; plain ASCII is copied as it is.
    /// Read in place (`utf8.withContiguousStorageIfAvailable`, a native string's own bytes): the copy of the
    /// string made to call `withUTF8` on was retained and released (70 instructions a record an import writes).
    fileprivate static func writeQuoted(_ text: String, to writer: inout ByteWriter) {
        @inline(__always) func write(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            // Nothing to escape: no quote, backslash or control character (eight bytes at a time).
            guard ByteLanes.stringStop(in: bytes, from: 0, to: bytes.count) == bytes.count else {
                return false
            }
            writer.write(byte: 0x22)
            writer.write(UnsafeRawBufferPointer(bytes))
            writer.write(byte: 0x22)
            return true
        }
        let plain: Bool
        if let inPlace = text.utf8.withContiguousStorageIfAvailable(write) {
            plain = inPlace
        } else {
            var text = text
            plain = text.withUTF8(write)
        }
        if !plain { writer.write(text: quoted(text)) }
    }

    /// `value` rounded to `decimals` places; a non-finite value is 0 (``JournalStore`` refuses to write one, see
    /// ``StoredRecord/nonFiniteField``). A value too large to scale (`1e308`, whose `× 1000` was infinity and
    /// was written as `inf`, a line no reader takes) is kept as it is: it has no decimals to round.
    private static func rounded(_ value: Double, decimals: Int?) -> Double {
        guard value.isFinite else { return 0 }
        guard let decimals else { return value }
        let scale =
            decimals < smallPowersOfTen.count
            ? smallPowersOfTen[decimals] : (0..<decimals).reduce(1.0) { result, _ in result * 10 }
        let scaled = (value * scale).nearestWhole / scale
        return scaled.isFinite ? scaled : value
    }

    /// A time as `"YYYY-MM-DDTHH:MM:SS.fffZ"` (with the quotes), written.
    fileprivate static func writeTimestamp(_ date: Date, to writer: inout ByteWriter) {
        writer.write(byte: 0x22)
        Timestamp.write(date, to: &writer)
        writer.write(byte: 0x22)
    }

    /// A string as JSON, with quotes and escapes, appended; plain ASCII is copied as it is.
    static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        ByteWriter.append(to: &bytes) { writeQuoted(text, to: &$0) }
    }

    /// A number as JSON: whole numbers without a point, others in Swift's shortest exact form, optionally
    /// rounded to `decimals` first.
    static func number(_ value: Double, decimals: Int? = nil) -> String {
        var bytes: [UInt8] = []
        appendNumber(value, decimals: decimals, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A string as JSON, with quotes and escapes.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    // MARK: - Reading

    /// Reusable buffers for decoding many lines.
    struct Decoder {
        /// The fields of the object scanned last.
        var fields = JSONFields()
        fileprivate var slots = [Int](repeating: -1, count: Key.allCases.count)
        /// Whether to check each line's `crc` (a journal line as written); off for a JSON array, whose objects a
        /// tool may have re-laid out, where the field is only dropped.
        var checksums: Bool
        /// Whether a line laid out as Peach writes it is read in one pass (``CanonicalLine``); off only in tests
        /// that compare the two readers.
        var canonicalLines = true
        /// What this reader keeps from line to line (``LineMemory``).
        var memory = LineMemory()
        /// Names the scanned keys.
        let keys = KeyMatcher()
        /// The keys of the object scanned last, where they stood (``KeyLayout``): pass it to the scanner.
        var layout = KeyLayout()
        /// For each layout, the slots of the object last decoded with it when it had no unknown field (else
        /// nil): an object scanned with every key as that one had it (``KeyLayout/repeated``) is read with them.
        fileprivate var keptSlots = [[Int]?](repeating: nil, count: KeyLayout.layouts)
        /// The known keys of the object last decoded (a bit each, ``Key/bit``).
        fileprivate var present: UInt64 = 0
        /// For each layout, ``present`` as it was for its ``keptSlots``.
        fileprivate var keptPresent = [UInt64](repeating: 0, count: KeyLayout.layouts)

        init(checksums: Bool = true) {
            self.checksums = checksums
        }
    }

    /// Decodes the record in `bytes[range]` (one line without its newline).
    /// - Throws: ``RecordDamage`` for anything that is not a valid record, or ``StoreError/newerSchema`` when
    ///   the line's version is newer than this Peach reads (then `path` names the file).
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, using decoder: inout Decoder, path: String
    ) throws -> StoredRecord {
        try withUnsafeTemporaryAllocation(of: StoredRecord.self, capacity: 1) { buffer in
            guard let slot = buffer.baseAddress else { throw RecordDamage(problem: .notAnObject) }
            try decode(bytes, range, using: &decoder, path: path, into: .record(slot))
            return slot.move()
        }
    }

    /// ``decode(_:_:using:path:)`` with the record initialized at `slot` (left uninitialized when it throws),
    /// where a scan keeps it, as the slot keeps it (the whole record, or what a load files of it: ``RecordSlot``):
    /// the one-pass reader makes it there.
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, using decoder: inout Decoder, path: String,
        into slot: RecordSlot
    ) throws {
        // Nearly every journal line is laid out as Peach writes it: read in one pass (same record), else here.
        // Also without `checksums` (an array's objects): the one-pass reader takes only a line whose checksum
        // holds, and gives the record the general reader gives, which then drops the field.
        if decoder.canonicalLines {
            do throws(CanonicalLine.Refusal) {
                try CanonicalLine.decode(
                    UnsafeBufferPointer(rebasing: bytes[range]), memory: &decoder.memory, into: slot)
                return
            } catch {}
        }
        slot.initialize(to: try decodeScanned(bytes, range, using: &decoder, path: path))
    }

    /// ``decode(_:_:using:path:)`` by the general reader alone: the object scanned into fields, read from them.
    private static func decodeScanned(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, using decoder: inout Decoder, path: String
    ) throws -> StoredRecord {
        let line = UnsafeBufferPointer(rebasing: bytes[range])
        var scanner = JSONObjectScanner(bytes: line, start: 0)
        guard scanner.scanObject(into: &decoder.fields, layout: &decoder.layout) else {
            throw RecordDamage(problem: .notAnObject)
        }
        scanner.skipWhitespace()
        guard scanner.peek == nil else { throw RecordDamage(problem: .textAfterObject) }
        return try decodeFields(line, using: &decoder, path: path)
    }

    /// Decodes the record whose fields `decoder.fields` holds, already scanned from `line` (their ranges index
    /// `line`) with `decoder.layout`: a JSON array's objects are scanned once, where they stand in the file, and
    /// read from there. With ``Decoder/checksums``, `line` must be the record's line alone (the checksum covers
    /// it from its start).
    ///
    /// The keys are named once for a run of objects with the same keys in the same places (another tool's
    /// export: ``KeyLayout``); naming each object's keys again was a tenth of importing one.
    static func decodeFields(
        _ line: UnsafeBufferPointer<UInt8>, using decoder: inout Decoder, path: String
    ) throws -> StoredRecord {
        var extras: [StoredRecord.ExtraField] = []
        let layout = decoder.layout.current
        let count = decoder.fields.count
        if decoder.layout.repeated, layout >= 0, let kept = decoder.keptSlots[layout] {
            decoder.slots = kept
            decoder.present = decoder.keptPresent[layout]
        } else {
            if layout >= 0 { decoder.keptSlots[layout] = nil }
            for index in decoder.slots.indices { decoder.slots[index] = -1 }
            decoder.present = 0
            for position in 0..<count {
                let field = decoder.fields.room[position]
                if !field.keyEscaped, let key = decoder.keys.match(line, field.keyRange) {
                    guard decoder.slots[key.rawValue] < 0 else {
                        throw RecordDamage(problem: .duplicateField("\(key.name)"))
                    }
                    decoder.slots[key.rawValue] = position
                    decoder.present |= key.bit
                } else {
                    extras.append(
                        StoredRecord.ExtraField(
                            rawKey: text(line, field.keyRange), rawValue: rawText(line, field.value)))
                }
            }
            if layout >= 0, extras.isEmpty {
                decoder.keptSlots[layout] = decoder.slots
                decoder.keptPresent[layout] = decoder.present
            }
        }
        return try decoder.fields.withFields { fields in
            if decoder.checksums {
                try verifyChecksum(
                    line, fields: fields, slot: decoder.slots[Key.crc.rawValue],
                    lastIsKnown: decoder.slots.contains(count - 1))
            }
            return try decoder.slots.withUnsafeBufferPointer { slots in
                try withUnsafeMutablePointer(to: &decoder.memory) { memory in
                    try decodeRecord(
                        FieldReader(line: line, fields: fields, slots: slots, memory: memory), extras: extras,
                        present: decoder.present, path: path)
                }
            }
        }
    }

    /// `extras` (the unknown fields of the line `fields` reads) with the known keys `unread` (a bit each) among
    /// them, in the line's order: keys the line's kind does not take (a fill-the-gap field on an offset-detection
    /// line, say: what a later Peach may add to a kind in the same schema version), so that writing the record
    /// again loses nothing.
    private static func keeping(
        _ unread: UInt64, in extras: [StoredRecord.ExtraField], of fields: FieldReader
    ) -> [StoredRecord.ExtraField] {
        var keyAt = [Int](repeating: -1, count: fields.fields.count)
        for key in 0..<fields.slots.count where fields.slots[key] >= 0 { keyAt[fields.slots[key]] = key }
        var kept: [StoredRecord.ExtraField] = []
        var unknown = extras.makeIterator()
        for position in 0..<fields.fields.count {
            let key = keyAt[position]
            if key < 0, let extra = unknown.next() {
                kept.append(extra)
            } else if key >= 0, unread & (1 &<< UInt64(key)) != 0 {
                let field = fields.fields[position]
                kept.append(
                    StoredRecord.ExtraField(
                        rawKey: text(fields.line, field.keyRange), rawValue: rawText(fields.line, field.value)
                    ))
            }
        }
        return kept
    }

    /// The record the fields `fields` hold (their keys found), with the unknown fields `extras`.
    /// `present`: the known keys on the line, a bit each (``Key/bit``); those its kind does not take are kept
    /// among the unknown fields (``keeping(_:in:of:)``).
    private static func decodeRecord(
        _ fields: FieldReader, extras: [StoredRecord.ExtraField], present: UInt64, path: String
    ) throws -> StoredRecord {
        /// The unknown fields of a record of the kind that takes the keys `taken`.
        func extraFields(_ taken: UInt64) -> [StoredRecord.ExtraField] {
            let unread = present & ~taken
            return unread == 0 ? extras : keeping(unread, in: extras, of: fields)
        }
        let line = fields.line
        let version = try fields.integer(.version)
        guard version >= 1 else { throw RecordDamage(problem: .invalidVersion(version)) }
        guard version <= currentVersion else {
            throw StoreError.newerSchema(path: path, found: version, supported: currentVersion)
        }
        guard let time = fields.span(.time), case .string(false) = time.kind,
            let timestamp = Timestamp.parse(
                UnsafeBufferPointer(rebasing: line[time.range]), memory: fields.memory)
        else { throw RecordDamage(problem: .invalidTime) }

        // The types of nearly every line compared as bytes: no string is made for them.
        var isComparison = fields.isText(.type, "comparison")
        if !isComparison, !fields.isText(.type, "pitchMatching") {
            let rhythmKind: RhythmRecord.Kind? =
                fields.isText(.type, "rhythmOffsetDetection")
                ? .offsetDetection
                : fields.isText(.type, "continuousRhythmMatching") ? .continuousMatching : nil
            if let kind = rhythmKind {
                return StoredRecord(
                    payload: .rhythm(try fields.rhythm(kind, at: timestamp)), schemaVersion: max(version, 2),
                    extraFields: extraFields(Key.read(by: kind)))
            }
            let type = try fields.string(.type)
            if type == "rhythmEcho" {
                return StoredRecord(
                    payload: .echo(try fields.echo(at: timestamp)), schemaVersion: max(version, 4),
                    extraFields: extraFields(Key.readByEcho))
            }
            if type == "playBack" {
                return StoredRecord(
                    payload: .playBack(try fields.playBack(at: timestamp)), schemaVersion: max(version, 3),
                    extraFields: extraFields(Key.readByPlayBack))
            }
            if let kind = RhythmRecord.Kind(rawValue: type) {
                return StoredRecord(
                    payload: .rhythm(try fields.rhythm(kind, at: timestamp)), schemaVersion: max(version, 2),
                    extraFields: extraFields(Key.read(by: kind)))
            }
            guard type == "comparison" || type == "pitchMatching" else {  // written with escapes
                throw RecordDamage(problem: .unknownType(type))
            }
            isComparison = type == "comparison"
        }
        let context = try fields.context()
        let tuning = try fields.tuning()
        let payload: StoredRecord.Payload
        let lowest: Int  // ``version(for:)`` of the payload, found before it is made (passed, it was copied)
        if isComparison {
            let comparison = Comparison(
                note1: try fields.note(.note1), note2: try fields.note(.note2),
                centDifference: try fields.cents(.cents), tuningSystem: tuning)
            let answer: ComparisonAnswer
            if fields.isText(.answer, "higher") {
                answer = .higher
            } else if fields.isText(.answer, "lower") {
                answer = .lower
            } else {
                guard let word = ComparisonAnswer(rawValue: try fields.string(.answer)) else {
                    throw RecordDamage(problem: .invalidField("answer", expected: .answer))
                }
                answer = word  // written with escapes
            }
            let completed = CompletedComparison(
                comparison: comparison, answer: answer, timestamp: timestamp, context: context,
                note2AmplitudeOffset: try fields.optionalNumber(.note2Gain) ?? 0,
                responseTime: try fields.optionalNumber(.responseTime) ?? 0,
                inputKind: InputKind(
                    rawValue: try fields.optionalString(.input) ?? InputKind.unknown.rawValue))
            if let stored = try fields.optionalBoolean(.correct), stored != completed.isCorrect {
                throw RecordDamage(problem: .contradictoryCorrect)
            }
            payload = .comparison(completed)
            lowest = Self.version(unison: comparison.isUnison, tuning)
        } else {
            let reference = try fields.note(.referenceNote)
            let target = fields.span(.targetNote) == nil ? reference : try fields.note(.targetNote)
            guard abs(target.rawValue - reference.rawValue) <= 12 else {
                throw fields.invalid(.targetNote, .midiNote)
            }
            lowest = Self.version(unison: target == reference, tuning)
            payload = .pitchMatching(
                CompletedPitchMatching(
                    referenceNote: reference, initialOffset: try fields.cents(.initialCents),
                    userError: try fields.cents(.errorCents), targetNote: target, tuningSystem: tuning,
                    timestamp: timestamp, context: context,
                    timeTaken: try fields.optionalNumber(.timeTaken) ?? 0,
                    tuneControl: InputKind(
                        rawValue: try fields.optionalString(.tuneControl) ?? InputKind.unknown.rawValue)))
        }
        // A line that says version 1 but holds an interval (hand-made, or a CSV row) is version 2.
        return StoredRecord(
            payload: payload, schemaVersion: max(version, lowest),
            extraFields: extraFields(isComparison ? Key.readByComparison : Key.readByPitchMatching))
    }

    /// Whether `line`, read as `record` with its checksum checked, can go into a journal as it is instead of
    /// `record` encoded again: it ends in its checksum (`,"crc":"…"}`) and opens with `record`'s schema version
    /// (a line that says 1 but holds an interval is written again, as 2). It then reads back as the same record.
    static func canStandAsWritten(_ line: UnsafeBufferPointer<UInt8>, for record: StoredRecord) -> Bool {
        let suffix: StaticString = ",\"crc\":\""
        let tail = suffix.utf8CodeUnitCount + 10
        guard line.count > tail + 6, let base = line.baseAddress, line[line.count - 1] == 0x7D,
            line[line.count - 2] == 0x22,
            memcmp(base + line.count - tail, suffix.utf8Start, suffix.utf8CodeUnitCount) == 0,
            memcmp(base, "{\"v\":", 5) == 0
        else { return false }
        var index = 5
        var version = 0
        while index < 8, line[index] >= 0x30, line[index] <= 0x39 {
            version = version * 10 + Int(line[index] - 0x30)
            index += 1
        }
        return index > 5 && line[index] == 0x2C && version == record.schemaVersion
    }

    /// Checks the `crc` field, when the line has one (older lines have none): it must be the last field, and the
    /// CRC-32C of the line without it must match. A line without one whose last field is an unknown key holding
    /// eight hex digits is damage too: that is a checksum whose key name was damaged (a flipped bit in `crc`),
    /// which would otherwise take the line's protection away unnoticed.
    private static func verifyChecksum(
        _ line: UnsafeBufferPointer<UInt8>, fields: UnsafeBufferPointer<JSONField>, slot: Int,
        lastIsKnown: Bool
    ) throws {
        guard slot >= 0 else {
            if let last = fields.last, !lastIsKnown, case .string(false) = last.value.kind,
                last.value.range.count == 8, UInt32(text(line, last.value.range), radix: 16) != nil
            {
                throw RecordDamage(problem: .invalidField("crc", expected: .checksum))
            }
            return
        }
        let field = fields[slot]
        let start = field.keyRange.lowerBound - 2  // the comma before "crc"
        guard slot == fields.count - 1, start > 0, line[start] == 0x2C,
            case .string(false) = field.value.kind, field.value.range.count == 8,
            let stored = hexWord(line, field.value.range)
        else { throw RecordDamage(problem: .invalidField("crc", expected: .checksum)) }
        guard lineChecksum(line, before: start) == stored else {
            throw RecordDamage(problem: .checksumMismatch)
        }
    }

    /// The CRC-32C a line's `crc` field holds: of the line up to the comma before `"crc"` (at `start`), closed
    /// by `}` as it would read without the field. `hardware`: ``CRC32C/hardware``, asked once by a reader of
    /// many lines.
    @inline(__always)
    static func lineChecksum(
        _ line: UnsafeBufferPointer<UInt8>, before start: Int, hardware: Bool = CRC32C.hardware
    ) -> UInt32 {
        CRC32C.checksum(UnsafeBufferPointer(rebasing: line[0..<start]), closedBy: 0x7D, hardware: hardware)
    }

    /// `value` as eight lower-case hex digits, the first (most significant) in the lowest byte: its nibbles
    /// spread one a byte in three steps, then made digits or letters all at once.
    @inline(__always)
    static func hexDigits(_ value: UInt32) -> UInt64 {
        var lanes = UInt64(value >> 16) | UInt64(value & 0xFFFF) << 32
        lanes = (lanes & 0x0000_FF00_0000_FF00) >> 8 | (lanes & 0x0000_00FF_0000_00FF) << 16
        lanes = (lanes & 0x00F0_00F0_00F0_00F0) >> 4 | (lanes & 0x000F_000F_000F_000F) << 8
        let letters = ((lanes &+ 0x0606_0606_0606_0606) >> 4) & ByteLanes.ones  // 1 in a lane of 10 or more
        return lanes &+ 0x3030_3030_3030_3030 &+ letters &* 0x27  // '0' + 10 + 0x27 is 'a'
    }

    /// Eight hex digits (either case) as a number, read from the bytes without making a string: the eight at
    /// once in one 64-bit word (a table look-up a digit was 114 instructions a line; this is about 30).
    @inline(__always)
    static func hexWord(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt32? {
        guard range.count == 8, let base = line.baseAddress else { return nil }
        return hexWord(ByteLanes.load(base, range.lowerBound))
    }

    /// The eight hex digits of `word` (the first, most significant, in its lowest byte) as a number; nil when
    /// any byte is not a hex digit.
    @inline(__always)
    static func hexWord(_ word: UInt64) -> UInt32? {
        let ones = ByteLanes.ones
        let highs = ByteLanes.highs
        guard word & highs == 0 else { return nil }
        // With every byte below 0x80, adding 0x80 − bound sets a lane's top bit exactly when it is at least the
        // bound: no carry leaves a lane.
        @inline(__always) func atLeast(_ value: UInt64, _ bound: UInt8) -> UInt64 {
            (value &+ (ones &* UInt64(0x80 &- bound))) & highs
        }
        let digits = atLeast(word, 0x30) & ~atLeast(word, 0x3A)
        let lower = word | (ones &* 0x20)  // letters in either case as lower case
        let letters = atLeast(lower, 0x61) & ~atLeast(lower, 0x67)
        guard digits | letters == highs else { return nil }
        // Each lane's value: its low four bits, and 9 more for a letter (bit 6 set).
        var value = (word & (ones &* 0x0F)) &+ ((word >> 6) & ones) &* 9
        value = value.byteSwapped  // the first digit in the highest lane
        value = (value | value >> 4) & 0x00FF_00FF_00FF_00FF
        value = (value | value >> 8) & 0x0000_FFFF_0000_FFFF
        value = (value | value >> 16) & 0xFFFF_FFFF
        return UInt32(truncatingIfNeeded: value)
    }

    static func text(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self)
    }

    private static func rawText(_ line: UnsafeBufferPointer<UInt8>, _ value: JSONValueSpan) -> String {
        if case .string = value.kind { return "\"" + text(line, value.range) + "\"" }
        return text(line, value.range)
    }
}

/// The encoder's steps, each a key and its value, inlined where the encoder names the key: its name is then a
/// constant, copied as one (a look-up of where its bytes lay, and a copy of unknown length, were a sixth of
/// encoding a record), and no closure holds the writer. `@_transparent`, not `@inline(__always)`: the optimiser
/// left the latter out of line in the encoder's long switch (measured: 11 M instructions more for 100k records).
extension ByteWriter {
    /// Writes `,"name":`.
    @_transparent
    fileprivate mutating func key(_ name: RecordCodec.Key) {
        self.write(",\"")
        self.write(name.name)
        self.write("\":")
    }

    /// Writes `,"type":` with the record's type (its name in quotes) and `,"time":` with its time: how every
    /// record but a timing one (whose type is its kind's name) begins after its version.
    @_transparent
    fileprivate mutating func head(_ quotedType: StaticString, _ timestamp: Date) {
        key(.type)
        self.write(quotedType)
        time(timestamp)
    }

    /// Writes `,"time":` and the time in quotes.
    @_transparent
    fileprivate mutating func time(_ timestamp: Date) {
        key(.time)
        RecordCodec.writeTimestamp(timestamp, to: &self)
    }

    /// Writes the key and `true` or `false`.
    @_transparent
    fileprivate mutating func boolean(_ name: RecordCodec.Key, _ value: Bool) {
        key(name)
        self.write(value ? "true" : "false")
    }

    /// Writes the key and a number (``RecordCodec/writeNumber(_:decimals:to:)``).
    @_transparent
    fileprivate mutating func number(_ name: RecordCodec.Key, _ value: Double, decimals: Int? = nil) {
        key(name)
        RecordCodec.writeNumber(value, decimals: decimals, to: &self)
    }

    /// Writes the key and a whole number.
    @_transparent
    fileprivate mutating func integer(_ name: RecordCodec.Key, _ value: some BinaryInteger) {
        key(name)
        self.write(integer: value)
    }

    /// Writes the key and a string, quoted and escaped.
    @_transparent
    fileprivate mutating func string(_ name: RecordCodec.Key, _ value: String) {
        key(name)
        RecordCodec.writeQuoted(value, to: &self)
    }

    /// A trial's conditions.
    fileprivate mutating func context(_ context: TrialContext) {
        number(.referencePitch, context.referencePitch.hertz)
        string(.timbre, context.timbre)
        number(.noteDuration, context.noteDuration, decimals: 3)
        number(.gap, context.gap, decimals: 3)
        integer(.velocity, context.velocity.rawValue)
    }
}
