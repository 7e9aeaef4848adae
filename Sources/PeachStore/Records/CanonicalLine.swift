// CanonicalLine: a journal line as Peach writes it, decoded in one pass over its bytes (else the general decoder).

import Foundation
import PeachCore

/// Decodes a journal line laid out exactly as ``RecordCodec/encode(_:into:)`` writes it — the fields in the
/// writer's order, no spaces, no escapes, no unknown fields, the checksum last — in one pass over its bytes:
/// each key is compared with the one expected next and its value parsed where it stands, with no list of
/// fields, no key lookup and no value scanned twice. That is nearly every line of a journal; reading one was
/// four fifths of `peach data check`, of the first start after an upgrade and of an export.
///
/// It only ever accepts: anything else about a line (another order, a space, an escape, an unknown or missing
/// field, a value out of its domain, a checksum that does not match) gives nil, and the general decoder
/// (``RecordCodec/decode(_:_:using:path:)``) reads the line and decides, with its words for what is wrong. What
/// it accepts it decodes to the same record the general decoder gives, value for value (the same number and
/// time parsers and the same domain checks; a test compares the two on every kind of record and on lines
/// mutated at random).
enum CanonicalLine {
    /// The record on `line` (one line without its newline), or nil when it is not laid out as Peach writes it.
    @inline(__always)
    static func decode(_ line: UnsafeBufferPointer<UInt8>) -> StoredRecord? {
        // The checksum is the last field: `,"crc":"xxxxxxxx"}`, over the line without it, closed by `}`.
        let tail = 18
        guard line.count > tail + 8, line[line.count - 1] == 0x7D else { return nil }
        let crcStart = line.count - tail
        var cursor = Cursor(line: line, index: crcStart, end: line.count)
        guard cursor.literal(",\"crc\":\""),
            let stored = RecordCodec.hexWord(line, (crcStart + 8)..<(crcStart + 16)),
            RecordCodec.lineChecksum(line, before: crcStart) == stored
        else { return nil }
        cursor.index = crcStart + 16
        guard cursor.literal("\"}") else { return nil }

        cursor = Cursor(line: line, index: 0, end: crcStart)
        guard cursor.literal("{\"v\":"), let version = cursor.integer(),
            (1...RecordCodec.currentVersion).contains(version), cursor.literal(",\"type\":\"")
        else { return nil }
        let record: StoredRecord?
        if cursor.literal("comparison\"") {
            record = comparison(&cursor, version: version)
        } else if cursor.literal("pitchMatching\"") {
            record = pitchMatching(&cursor, version: version)
        } else if cursor.literal("rhythmOffsetDetection\"") {
            record = rhythm(&cursor, .offsetDetection, version: version)
        } else if cursor.literal("continuousRhythmMatching\"") {
            record = rhythm(&cursor, .continuousMatching, version: version)
        } else if cursor.literal("playBack\"") {
            record = playBack(&cursor, version: version)
        } else if cursor.literal("rhythmEcho\"") {
            record = echo(&cursor, version: version)
        } else {
            return nil
        }
        return cursor.index == crcStart ? record : nil
    }

    /// `,"time":"…"`: the record's time.
    private static func time(_ cursor: inout Cursor) -> Date? {
        guard cursor.literal(",\"time\":"), let text = cursor.string() else { return nil }
        return Timestamp.parse(UnsafeBufferPointer(rebasing: cursor.line[text]))
    }

    private static func comparison(_ cursor: inout Cursor, version: Int) -> StoredRecord? {
        guard let timestamp = time(&cursor),
            cursor.literal(",\"note1\":"), let note1 = cursor.note(),
            cursor.literal(",\"note2\":"), let note2 = cursor.note(),
            cursor.literal(",\"cents\":"), let cents = cursor.cents()
        else { return nil }
        var tuning = TuningSystem.equalTemperament
        if cursor.literal(",\"tuning\":") {
            guard let word = cursor.text(), let named = TuningSystem(rawValue: word) else { return nil }
            tuning = named
        }
        let answer: ComparisonAnswer
        guard cursor.literal(",\"answer\":\"") else { return nil }
        if cursor.literal("higher\"") {
            answer = .higher
        } else if cursor.literal("lower\"") {
            answer = .lower
        } else {
            return nil
        }
        guard cursor.literal(",\"correct\":"), let correct = cursor.boolean(), let context = context(&cursor),
            cursor.literal(",\"note2Gain\":"), let gain = cursor.number(),
            cursor.literal(",\"responseTime\":"), let responseTime = cursor.number(),
            cursor.literal(",\"input\":"), let input = cursor.text()
        else { return nil }
        var procedure = TrialProcedure.training
        if cursor.literal(",\"procedure\":") {
            guard let word = cursor.text(), let named = TrialProcedure(rawValue: word) else { return nil }
            procedure = named
        }
        let completed = CompletedComparison(
            comparison: Comparison(note1: note1, note2: note2, centDifference: cents, tuningSystem: tuning),
            answer: answer, timestamp: timestamp, context: context.with(procedure),
            note2AmplitudeOffset: gain, responseTime: responseTime, inputKind: InputKind(rawValue: input))
        guard completed.isCorrect == correct else { return nil }
        let payload = StoredRecord.Payload.comparison(completed)
        return StoredRecord(
            payload: payload, schemaVersion: max(version, RecordCodec.version(for: payload)), extraFields: [])
    }

    private static func pitchMatching(_ cursor: inout Cursor, version: Int) -> StoredRecord? {
        guard let timestamp = time(&cursor), cursor.literal(",\"referenceNote\":"),
            let reference = cursor.note()
        else { return nil }
        var target = reference
        if cursor.literal(",\"targetNote\":") {
            guard let note = cursor.note(), abs(note.rawValue - reference.rawValue) <= 12 else { return nil }
            target = note
        }
        var tuning = TuningSystem.equalTemperament
        if cursor.literal(",\"tuning\":") {
            guard let word = cursor.text(), let named = TuningSystem(rawValue: word) else { return nil }
            tuning = named
        }
        guard cursor.literal(",\"initialCents\":"), let initial = cursor.cents(),
            cursor.literal(",\"errorCents\":"), let error = cursor.cents(), let context = context(&cursor),
            cursor.literal(",\"timeTaken\":"), let timeTaken = cursor.number(),
            cursor.literal(",\"tuneControl\":"), let control = cursor.text()
        else { return nil }
        let payload = StoredRecord.Payload.pitchMatching(
            CompletedPitchMatching(
                referenceNote: reference, initialOffset: initial, userError: error, targetNote: target,
                tuningSystem: tuning, timestamp: timestamp, context: context.with(.training),
                timeTaken: timeTaken, tuneControl: InputKind(rawValue: control)))
        return StoredRecord(
            payload: payload, schemaVersion: max(version, RecordCodec.version(for: payload)), extraFields: [])
    }

    private static func rhythm(
        _ cursor: inout Cursor, _ kind: RhythmRecord.Kind, version: Int
    ) -> StoredRecord? {
        guard let timestamp = time(&cursor), cursor.literal(",\"tempoBPM\":"), let tempo = cursor.integer(),
            ValueDomains.tempo.contains(tempo)
        else { return nil }
        func milliseconds() -> Double? {
            guard let value = cursor.number(), ValueDomains.rhythmOffset.contains(value) else { return nil }
            return value
        }
        let record: RhythmRecord
        switch kind {
        case .offsetDetection:
            guard cursor.literal(",\"offsetMs\":"), let offset = milliseconds(),
                cursor.literal(",\"correct\":"),
                let correct = cursor.boolean()
            else { return nil }
            var pattern: TimingPattern?
            var position: Int?
            if cursor.literal(",\"pattern\":") {
                guard let name = cursor.text(), let named = TimingPattern.named(name),
                    cursor.literal(",\"offsetPosition\":"), let step = cursor.integer(),
                    RhythmRecord.isOffsetPosition(step, of: named)
                else { return nil }
                pattern = named
                position = step
            }
            record = RhythmRecord(
                offsetDetectionAt: timestamp, tempoBPM: tempo, offsetMs: offset, isCorrect: correct,
                pattern: pattern, offsetPosition: position)
        case .continuousMatching:
            guard cursor.literal(",\"meanOffsetMs\":"), let mean = milliseconds() else { return nil }
            var positions: [Double?] = [nil, nil, nil, nil]
            // `,"meanOffsetMsPosition` then the step's digit: each step that has a mean, in order.
            var next = 0
            while next < 4, cursor.literal(",\"meanOffsetMsPosition") {
                guard let digit = cursor.digit(), digit >= next, digit < 4, cursor.literal("\":"),
                    let value = milliseconds()
                else { return nil }
                positions[digit] = value
                next = digit + 1
            }
            // Fill the gap's own fields, as the writer orders them: silent bars (and their drift), the ramp, the
            // pattern.
            var silentBars: Int?
            var drift: SilentDrift?
            if cursor.literal(",\"silentBars\":") {
                guard let bars = cursor.integer() else { return nil }
                silentBars = bars
                if cursor.literal(",\"silentStrikes\":") {
                    guard let strikes = cursor.integer(), cursor.literal(",\"driftMsPerBar\":"),
                        let slope = cursor.number(), cursor.literal(",\"silentMeanOffsetMs\":"),
                        let silentMean = milliseconds()
                    else { return nil }
                    drift = SilentDrift(msPerBar: slope, meanOffsetMs: silentMean, strikes: strikes)
                }
            }
            var ramp: Int?
            var every: Int?
            if cursor.literal(",\"tempoRamp\":") {
                guard let step = cursor.integer(), cursor.literal(",\"rampEvery\":"),
                    let bars = cursor.integer()
                else { return nil }
                (ramp, every) = (step, bars)
            }
            var pattern: TimingPattern?
            if cursor.literal(",\"pattern\":") {
                guard let name = cursor.text(), let named = TimingPattern.named(name) else { return nil }
                pattern = named
            }
            record = RhythmRecord(
                continuousMatchingAt: timestamp, tempoBPM: tempo, meanOffsetMs: mean, positions: positions,
                silentBars: silentBars, drift: drift, tempoRamp: ramp, rampEvery: every, pattern: pattern)
            guard record.hasValidFillFields else { return nil }
        }
        return StoredRecord(payload: .rhythm(record), schemaVersion: max(version, 2), extraFields: [])
    }

    private static func echo(_ cursor: inout Cursor, version: Int) -> StoredRecord? {
        guard let timestamp = time(&cursor), cursor.literal(",\"tempoBPM\":"), let tempo = cursor.integer(),
            cursor.literal(",\"rhythm\":"), let rhythm = cursor.text(), cursor.literal(",\"level\":"),
            let level = cursor.integer(), cursor.literal(",\"onsets\":"), let onsets = cursor.text(),
            cursor.literal(",\"extras\":"), let extras = cursor.integer(), cursor.literal(",\"input\":"),
            let input = cursor.text(),
            let completed = try? EchoFields.completed(
                tempoBPM: tempo, rhythm: rhythm, level: level, onsets: onsets, extras: extras, input: input,
                at: timestamp)
        else { return nil }
        return StoredRecord(payload: .echo(completed), schemaVersion: max(version, 4), extraFields: [])
    }

    private static func playBack(_ cursor: inout Cursor, version: Int) -> StoredRecord? {
        guard let timestamp = time(&cursor), cursor.literal(",\"kind\":"), let kind = cursor.text(),
            cursor.literal(",\"item\":"), let item = cursor.text(), cursor.literal(",\"reference\":"),
            let reference = cursor.integer(), cursor.literal(",\"answerNotes\":"),
            let answerNotes = cursor.text(),
            cursor.literal(",\"played\":"), let played = cursor.text(), cursor.literal(",\"correct\":"),
            let correct = cursor.boolean()
        else { return nil }
        var heardAs: String?
        if cursor.literal(",\"heardAs\":") {
            guard let text = cursor.text() else { return nil }
            heardAs = text
        }
        guard cursor.literal(",\"responseTime\":"), let responseTime = cursor.number(),
            cursor.literal(",\"input\":"), let input = cursor.text()
        else { return nil }
        let anyOctave = cursor.literal(",\"anyOctave\":true")
        let anyVoicing = cursor.literal(",\"anyVoicing\":true")
        var tempoBPM: Int?
        var offsetMs: Double?
        if cursor.literal(",\"tempoBPM\":") {
            guard let tempo = cursor.integer(), cursor.literal(",\"offsetMs\":"), let offset = cursor.number()
            else { return nil }
            (tempoBPM, offsetMs) = (tempo, offset)
        }
        guard
            let completed = try? PlayBackFields.completed(
                item: item, kind: kind, reference: reference, answerNotes: answerNotes, played: played,
                correct: correct, heardAs: heardAs, responseTime: responseTime, input: input,
                anyOctave: anyOctave, anyVoicing: anyVoicing, tempoBPM: tempoBPM, offsetMs: offsetMs,
                at: timestamp)
        else { return nil }
        return StoredRecord(payload: .playBack(completed), schemaVersion: max(version, 3), extraFields: [])
    }

    /// The conditions a trial was played under, as the writer lays them out (the procedure comes later).
    private struct Conditions {
        let referencePitch: Frequency
        let timbre: String
        let noteDuration: Double
        let gap: Double
        let velocity: MIDIVelocity

        func with(_ procedure: TrialProcedure) -> TrialContext {
            TrialContext(
                referencePitch: referencePitch, timbre: timbre, noteDuration: noteDuration, gap: gap,
                velocity: velocity, procedure: procedure)
        }
    }

    private static func context(_ cursor: inout Cursor) -> Conditions? {
        guard cursor.literal(",\"referencePitch\":"), let pitch = cursor.number(),
            let referencePitch = try? Frequency(validating: pitch),
            cursor.literal(",\"timbre\":"), let timbre = cursor.text(),
            cursor.literal(",\"noteDuration\":"), let duration = cursor.number(), duration >= 0,
            cursor.literal(",\"gap\":"), let gap = cursor.number(), gap >= 0,
            cursor.literal(",\"velocity\":"), let value = cursor.integer(),
            let velocity = try? MIDIVelocity(validating: value)
        else { return nil }
        return Conditions(
            referencePitch: referencePitch, timbre: timbre, noteDuration: duration, gap: gap,
            velocity: velocity)
    }

    /// A position in a line and the values read there, each by JSON's grammar (what the general scanner takes).
    private struct Cursor {
        let line: UnsafeBufferPointer<UInt8>
        var index: Int
        let end: Int

        /// Consumes `text` if it comes next: compared eight bytes at a time (keys are 8–26 bytes with their
        /// quotes; a byte at a time was the pass's largest cost).
        @inline(__always)
        mutating func literal(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard end - index >= count, let base = line.baseAddress else { return false }
            let here = UnsafeRawPointer(base + index)
            let expected = UnsafeRawPointer(text.utf8Start)
            var offset = 0
            while offset + 8 <= count {
                guard
                    here.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        == expected.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                else { return false }
                offset += 8
            }
            while offset < count {
                guard
                    here.load(fromByteOffset: offset, as: UInt8.self)
                        == expected.load(fromByteOffset: offset, as: UInt8.self)
                else { return false }
                offset += 1
            }
            index += count
            return true
        }

        /// The range of a number's text: up to the next `,` or the end (the parsers check its grammar).
        @inline(__always)
        private mutating func numberText() -> Range<Int>? {
            let start = index
            index = ByteLanes.first(0x2C, in: line, from: index, to: end)
            return index > start ? start..<index : nil
        }

        /// A number (JSON's grammar, parsed exactly as the general decoder does).
        mutating func number() -> Double? {
            guard let range = numberText() else { return nil }
            return NumberParser.double(line, range)
        }

        /// A whole number, written as JSON writes one: no leading zeros, no point, no exponent.
        mutating func integer() -> Int? {
            guard let range = numberText() else { return nil }
            let digits = line[range.lowerBound] == 0x2D ? range.lowerBound + 1 : range.lowerBound
            guard digits < range.upperBound, line[digits] != 0x30 || digits + 1 == range.upperBound else {
                return nil
            }
            return NumberParser.integer(line, range)
        }

        mutating func note() -> MIDINote? { integer().flatMap { try? MIDINote(validating: $0) } }

        /// Cents within ``ValueDomains/cents``.
        mutating func cents() -> Cents? {
            guard let value = number(), let cents = try? Cents(validating: value),
                ValueDomains.cents.contains(cents.rawValue)
            else { return nil }
            return cents
        }

        mutating func boolean() -> Bool? {
            if literal("true") { return true }
            if literal("false") { return false }
            return nil
        }

        /// The range of a string's contents without escapes or control characters (the cursor at its quote).
        mutating func string() -> Range<Int>? {
            guard index < end, line[index] == 0x22 else { return nil }
            let start = index + 1
            // Eight bytes at a time to the first quote, backslash or control character (a byte at a time, the
            // strings' scan was a tenth of reading a line).
            let stop = ByteLanes.stringStop(in: line, from: start, to: end)
            guard stop < end, line[stop] == 0x22 else {
                index = stop
                return nil
            }
            index = stop + 1
            return start..<stop
        }

        /// A string's text: plain ASCII (what Peach writes) as it is; other valid UTF-8 through the validator;
        /// nil for invalid UTF-8 (the general decoder's `String(decoding:)` repairs it instead).
        mutating func text() -> String? {
            guard let range = string() else { return nil }
            let bytes = UnsafeBufferPointer(rebasing: line[range])
            var high: UInt8 = 0
            for byte in bytes { high |= byte }
            if high < 0x80 { return String(decoding: bytes, as: UTF8.self) }
            return String(validating: bytes, as: UTF8.self)
        }

        /// One decimal digit.
        mutating func digit() -> Int? {
            guard index < end, (0x30...0x39).contains(line[index]) else { return nil }
            index += 1
            return Int(line[index - 1] - 0x30)
        }
    }
}
