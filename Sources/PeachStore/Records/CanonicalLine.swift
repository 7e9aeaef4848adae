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
///
/// The time's and the conditions' readers are inlined into each kind's reader, and the checksum's reading and
/// computing into ``decode(_:memory:into:)``: as calls, each saving and restoring its registers, they cost 0.1k
/// instructions a record at a first start, in `data check` and in an import (docs/benchmarks.md). The smaller
/// readers (a note, cents, a flag, a word) are `@inline(__always)` too, which the optimiser takes in the shorter
/// kinds' readers (1.2 M instructions fewer at 100k records) but leaves out of line in the comparison's; forced
/// there (`@_transparent`) they cost 5 M more.
enum CanonicalLine {
    /// Why a line is not read here: it is not laid out as Peach writes it (the general decoder decides).
    enum Refusal: Error { case refused }

    /// The record on `line` (one line without its newline), made in `slot` as far as the slot keeps it (the
    /// whole record, or what a load files: ``RecordSlot``; left uninitialized when it throws); ``Refusal`` when it
    /// is not laid out as Peach writes it. `memory` is what this reader keeps from line to line (the short words
    /// made into strings, the last day). A scan makes each line's record where it keeps it: every kind's reader
    /// makes its record there as the last thing it does (returned, a record of some 200 bytes was copied twice on
    /// its way to the scan's slot; returned in an optional, four times).
    @inline(__always)
    static func decode(
        _ line: UnsafeBufferPointer<UInt8>, memory: inout LineMemory, into slot: RecordSlot
    ) throws(Refusal) {
        // The checksum is the last field: `,"crc":"xxxxxxxx"}`, over the line without it, closed by `}`.
        let tail = 18
        guard line.count > tail + 8, line[line.count - 1] == 0x7D else { throw .refused }
        let crcStart = line.count - tail
        var cursor = Cursor(line: line, index: crcStart, end: line.count, memory: nil)
        guard cursor.literal(",\"crc\":\""),
            let stored = RecordCodec.hexWord(line, (crcStart + 8)..<(crcStart + 16)),
            RecordCodec.lineChecksum(line, before: crcStart, hardware: memory.hardwareCRC) == stored
        else { throw .refused }
        cursor.index = crcStart + 16
        guard cursor.literal("\"}") else { throw .refused }

        try withUnsafeMutablePointer(to: &memory) { (memory) throws(Refusal) in
            cursor = Cursor(line: line, index: 0, end: crcStart, memory: memory)
            try record(&cursor, into: slot)
        }
    }

    /// The record from the cursor at the line's start to its checksum (checked), made at `slot`.
    @inline(__always)
    private static func record(
        _ cursor: inout Cursor, into slot: RecordSlot
    ) throws(Refusal) {
        guard cursor.literal("{\"v\":"), let version = cursor.integer(),
            (1...RecordCodec.currentVersion).contains(version), cursor.literal(",\"type\":\"")
        else { throw .refused }
        // Each kind's reader checks that its last field ends at the checksum, then makes its record at `slot`.
        if cursor.literal("comparison\"") { return try comparison(&cursor, version: version, into: slot) }
        if cursor.literal("pitchMatching\"") {
            return try pitchMatching(&cursor, version: version, into: slot)
        }
        if cursor.literal("rhythmOffsetDetection\"") {
            return try rhythm(&cursor, .offsetDetection, version: version, into: slot)
        }
        if cursor.literal("continuousRhythmMatching\"") {
            return try rhythm(&cursor, .continuousMatching, version: version, into: slot)
        }
        if cursor.literal("playBack\"") { return try playBack(&cursor, version: version, into: slot) }
        if cursor.literal("rhythmEcho\"") { return try echo(&cursor, version: version, into: slot) }
        throw .refused
    }

    /// `,"time":"…"`: the record's time.
    @inline(__always)
    private static func time(_ cursor: inout Cursor) -> Date? {
        guard cursor.literal(",\"time\":") else { return nil }
        // Peach's own form between its quotes, read where it stands: its 24 bytes are digits and separators
        // (the parser checks each), so no scan for the closing quote is needed.
        let start = cursor.index &+ 1
        if start &+ 24 < cursor.end, cursor.line[start &- 1] == 0x22, cursor.line[start &+ 24] == 0x22,
            let date = Timestamp.parse(
                UnsafeBufferPointer(rebasing: cursor.line[start..<(start &+ 24)]), memory: cursor.memory)
        {
            cursor.index = start &+ 25
            return date
        }
        guard let text = cursor.string() else { return nil }
        return Timestamp.parse(UnsafeBufferPointer(rebasing: cursor.line[text]))
    }

    private static func comparison(
        _ cursor: inout Cursor, version: Int, into slot: RecordSlot
    ) throws(Refusal) {
        guard let timestamp = time(&cursor),
            cursor.literal(",\"note1\":"), let note1 = cursor.note(),
            cursor.literal(",\"note2\":"), let note2 = cursor.note(),
            cursor.literal(",\"cents\":"), let cents = cursor.cents()
        else { throw .refused }
        var tuning = TuningSystem.equalTemperament
        if cursor.literal(",\"tuning\":") {
            guard let word = cursor.text(), let named = TuningSystem(rawValue: word) else { throw .refused }
            tuning = named
        }
        let answer: ComparisonAnswer
        guard cursor.literal(",\"answer\":\"") else { throw .refused }
        if cursor.literal("higher\"") {
            answer = .higher
        } else if cursor.literal("lower\"") {
            answer = .lower
        } else {
            throw .refused
        }
        // What a filed slot does not keep (the conditions, the input) is read past and checked, not made.
        let whole = slot.keepsWholeRecord
        guard cursor.literal(",\"correct\":"), let correct = cursor.boolean(),
            let context = whole ? context(&cursor) : checkedContext(&cursor),
            cursor.literal(",\"note2Gain\":"), let gain = cursor.number(),
            cursor.literal(",\"responseTime\":"), let responseTime = cursor.number(),
            cursor.literal(",\"input\":"), let input = whole ? cursor.text() : cursor.checkedText(.input)
        else { throw .refused }
        var procedure = TrialProcedure.training
        if cursor.literal(",\"procedure\":") {
            guard let word = cursor.text(), let named = TrialProcedure(rawValue: word) else { throw .refused }
            procedure = named
        }
        guard cursor.atEnd else { throw .refused }
        let comparison = Comparison(note1: note1, note2: note2, centDifference: cents, tuningSystem: tuning)
        guard comparison.isCorrect(answer) == correct else { throw .refused }
        slot.initialize(
            comparison: comparison, answer: answer, isCorrect: correct, at: timestamp, conditions: context,
            procedure: procedure, note2Gain: gain, responseTime: responseTime, input: input, version: version)
    }

    private static func pitchMatching(
        _ cursor: inout Cursor, version: Int, into slot: RecordSlot
    ) throws(Refusal) {
        guard let timestamp = time(&cursor), cursor.literal(",\"referenceNote\":"),
            let reference = cursor.note()
        else { throw .refused }
        var target = reference
        if cursor.literal(",\"targetNote\":") {
            guard let note = cursor.note(), abs(note.rawValue - reference.rawValue) <= 12 else {
                throw .refused
            }
            target = note
        }
        var tuning = TuningSystem.equalTemperament
        if cursor.literal(",\"tuning\":") {
            guard let word = cursor.text(), let named = TuningSystem(rawValue: word) else { throw .refused }
            tuning = named
        }
        let whole = slot.keepsWholeRecord
        guard cursor.literal(",\"initialCents\":"), let initial = cursor.cents(),
            cursor.literal(",\"errorCents\":"), let error = cursor.cents(),
            let context = whole ? context(&cursor) : checkedContext(&cursor),
            cursor.literal(",\"timeTaken\":"), let timeTaken = cursor.number(),
            cursor.literal(",\"tuneControl\":"),
            let control = whole ? cursor.text() : cursor.checkedText(.control)
        else { throw .refused }
        guard cursor.atEnd else { throw .refused }
        slot.initialize(
            pitchMatchingOf: reference, target: target, tuning: tuning, initial: initial, error: error,
            at: timestamp, conditions: context, timeTaken: timeTaken, control: control, version: version)
    }

    private static func rhythm(
        _ cursor: inout Cursor, _ kind: RhythmRecord.Kind, version: Int, into slot: RecordSlot
    ) throws(Refusal) {
        guard let timestamp = time(&cursor), cursor.literal(",\"tempoBPM\":"), let tempo = cursor.integer(),
            ValueDomains.tempo.contains(tempo)
        else { throw .refused }
        func milliseconds() -> Double? {
            guard let value = cursor.number(), ValueDomains.rhythmOffset.contains(value) else { return nil }
            return value
        }
        switch kind {
        case .offsetDetection:
            guard cursor.literal(",\"offsetMs\":"), let offset = milliseconds(),
                cursor.literal(",\"correct\":"),
                let correct = cursor.boolean()
            else { throw .refused }
            var pattern: TimingPattern?
            var position: Int?
            if cursor.literal(",\"pattern\":") {
                guard let name = cursor.text(), let named = TimingPattern.named(name),
                    cursor.literal(",\"offsetPosition\":"), let step = cursor.integer(),
                    RhythmRecord.isOffsetPosition(step, of: named)
                else { throw .refused }
                pattern = named
                position = step
            }
            guard cursor.atEnd else { throw .refused }
            slot.initialize(
                offsetDetectionAt: timestamp, tempoBPM: tempo, offsetMs: offset, isCorrect: correct,
                pattern: pattern, offsetPosition: position, version: version)
        case .continuousMatching:
            guard cursor.literal(",\"meanOffsetMs\":"), let mean = milliseconds() else { throw .refused }
            var means = GapStepMeans()
            // `,"meanOffsetMsPosition` then the step's digit: each step that has a mean, in order.
            var next = 0
            while next < 4, cursor.literal(",\"meanOffsetMsPosition") {
                guard let digit = cursor.digit(), digit >= next, digit < 4, cursor.literal("\":"),
                    let value = milliseconds()
                else { throw .refused }
                means.set(value, at: digit)
                next = digit + 1
            }
            // Fill the gap's own fields, as the writer orders them: silent bars (and their drift), the ramp, the
            // pattern, the calibration.
            var silentBars: Int?
            var drift: SilentDrift?
            if cursor.literal(",\"silentBars\":") {
                guard let bars = cursor.integer() else { throw .refused }
                silentBars = bars
                if cursor.literal(",\"silentStrikes\":") {
                    guard let strikes = cursor.integer(), cursor.literal(",\"driftMsPerBar\":"),
                        let slope = cursor.number(), cursor.literal(",\"silentMeanOffsetMs\":"),
                        let silentMean = milliseconds()
                    else { throw .refused }
                    drift = SilentDrift(msPerBar: slope, meanOffsetMs: silentMean, strikes: strikes)
                }
            }
            var ramp: Int?
            var every: Int?
            if cursor.literal(",\"tempoRamp\":") {
                guard let step = cursor.integer(), cursor.literal(",\"rampEvery\":"),
                    let bars = cursor.integer()
                else { throw .refused }
                (ramp, every) = (step, bars)
            }
            var pattern: TimingPattern?
            if cursor.literal(",\"pattern\":") {
                guard let name = cursor.text(), let named = TimingPattern.named(name) else { throw .refused }
                pattern = named
            }
            var calibration: Double?
            if cursor.literal(",\"calibrationMs\":") {
                guard let value = cursor.number() else { throw .refused }
                calibration = value
            }
            guard
                RhythmRecord.hasValidFillFields(
                    pattern: pattern, silentBars: silentBars, drift: drift, tempoRamp: ramp, rampEvery: every,
                    calibrationMs: calibration),
                cursor.atEnd
            else { throw .refused }
            slot.initialize(
                gapFillAt: timestamp, tempoBPM: tempo, meanOffsetMs: mean, stepMeans: means,
                silentBars: silentBars, drift: drift, tempoRamp: ramp, rampEvery: every, pattern: pattern,
                calibrationMs: calibration, version: version)
        }
    }

    private static func echo(
        _ cursor: inout Cursor, version: Int, into slot: RecordSlot
    ) throws(Refusal) {
        guard let timestamp = time(&cursor), cursor.literal(",\"tempoBPM\":"), let tempo = cursor.integer(),
            cursor.literal(",\"rhythm\":"), let rhythm = cursor.text(), cursor.literal(",\"level\":"),
            let level = cursor.integer(), cursor.literal(",\"onsets\":"), let onsets = cursor.text(),
            cursor.literal(",\"extras\":"), let extras = cursor.integer(), cursor.literal(",\"input\":"),
            let input = cursor.text()
        else { throw .refused }
        var calibration: Double?
        if cursor.literal(",\"calibrationMs\":") {
            guard let value = cursor.number() else { throw .refused }
            calibration = value
        }
        guard cursor.atEnd,
            let completed = try? EchoFields.completed(
                tempoBPM: tempo, rhythm: rhythm, level: level, onsets: onsets, extras: extras, input: input,
                calibrationMs: calibration, at: timestamp)
        else { throw .refused }
        slot.initialize(
            to: StoredRecord(.echo(completed), readAt: version))
    }

    private static func playBack(
        _ cursor: inout Cursor, version: Int, into slot: RecordSlot
    ) throws(Refusal) {
        guard let timestamp = time(&cursor), cursor.literal(",\"kind\":"), let kind = cursor.text(),
            cursor.literal(",\"item\":"), let item = cursor.text(), cursor.literal(",\"reference\":"),
            let reference = cursor.integer()
        else { throw .refused }
        let tonic = try cursor.optionalText(",\"tonic\":")
        guard cursor.literal(",\"answerNotes\":"), let answerNotes = cursor.text() else { throw .refused }
        let rhythm = try cursor.optionalText(",\"rhythm\":")
        guard cursor.literal(",\"played\":"), let played = cursor.text(), cursor.literal(",\"correct\":"),
            let correct = cursor.boolean()
        else { throw .refused }
        let heardAs = try cursor.optionalText(",\"heardAs\":")
        guard cursor.literal(",\"responseTime\":"), let responseTime = cursor.number(),
            cursor.literal(",\"input\":"), let input = cursor.text()
        else { throw .refused }
        let anyOctave = cursor.literal(",\"anyOctave\":true")
        let anyVoicing = cursor.literal(",\"anyVoicing\":true")
        var tempoBPM: Int?
        var offsetMs: Double?
        if cursor.literal(",\"tempoBPM\":") {
            guard let tempo = cursor.integer(), cursor.literal(",\"offsetMs\":"), let offset = cursor.number()
            else { throw .refused }
            (tempoBPM, offsetMs) = (tempo, offset)
        }
        guard cursor.atEnd,
            let completed = try? PlayBackFields.completed(
                item: item, kind: kind, reference: reference, tonic: tonic, answerNotes: answerNotes,
                rhythm: rhythm, played: played, correct: correct, heardAs: heardAs,
                responseTime: responseTime, input: input,
                anyOctave: anyOctave, anyVoicing: anyVoicing, tempoBPM: tempoBPM, offsetMs: offsetMs,
                at: timestamp)
        else { throw .refused }
        slot.initialize(
            to: StoredRecord(.playBack(completed), readAt: version))
    }

    /// The conditions a trial was played under, as the writer lays them out (the procedure comes later).
    struct Conditions {
        let referencePitch: Frequency
        let timbre: String
        let noteDuration: Double
        let gap: Double
        let velocity: MIDIVelocity

        /// What a slot that does not keep the conditions is handed for them (``checkedContext(_:)``): nothing made,
        /// nothing counted.
        static var unkept: Conditions {
            Conditions(referencePitch: 440, timbre: "", noteDuration: 0, gap: 0, velocity: 63)
        }

        func with(_ procedure: TrialProcedure) -> TrialContext {
            TrialContext(
                referencePitch: referencePitch, timbre: timbre, noteDuration: noteDuration, gap: gap,
                velocity: velocity, procedure: procedure)
        }
    }

    /// The conditions at the cursor: the last line's again when their bytes are the same (``LineMemory``), else
    /// parsed (and remembered).
    @inline(__always)
    private static func context(_ cursor: inout Cursor) -> Conditions? {
        let start = cursor.index
        if let memory = cursor.memory,
            let known = memory.pointee.conditions(in: cursor.line, at: start, end: cursor.end)
        {
            cursor.index = known.end
            return known.conditions
        }
        guard let conditions = parsedContext(&cursor) else { return nil }
        cursor.memory?.pointee.remember(
            conditions, bytes: UnsafeBufferPointer(rebasing: cursor.line[start..<cursor.index]))
        return conditions
    }

    /// The conditions at the cursor read past and checked as ``context(_:)`` checks them, for a slot that does
    /// not keep them: ``Conditions/unkept`` where they are valid, nil where they are not. The last line's
    /// conditions again (their bytes the same) are not copied: a copy counted a reference to the timbre and
    /// its release another, for every comparison and pitch matching a load filed.
    @inline(__always)
    private static func checkedContext(_ cursor: inout Cursor) -> Conditions? {
        if let memory = cursor.memory,
            let end = memory.pointee.conditionsEnd(in: cursor.line, at: cursor.index, end: cursor.end)
        {
            cursor.index = end
            return .unkept
        }
        return context(&cursor) == nil ? nil : .unkept
    }

    private static func parsedContext(_ cursor: inout Cursor) -> Conditions? {
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
        /// What the reader keeps from line to line (nil: everything made anew).
        let memory: UnsafeMutablePointer<LineMemory>?

        /// The text of an optional field whose key (`,"heardAs":`) is `key`, where it comes next; nil where
        /// another comes; ``Refusal`` where its value is not a plain string.
        mutating func optionalText(_ key: StaticString) throws(Refusal) -> String? {
            guard literal(key) else { return nil }
            guard let text = text() else { throw .refused }
            return text
        }

        /// Consumes `text` if it comes next: compared eight bytes at a time, the last word overlapping the one
        /// before it, and a shorter text as two four-byte words that may overlap (keys are 8–26 bytes with their
        /// quotes; a byte at a time was the pass's largest cost, and the tail of each key a byte at a time another
        /// 0.04k instructions a record).
        @inline(__always)
        mutating func literal(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard end &- index >= count, let base = line.baseAddress else { return false }
            let here = UnsafeRawPointer(base + index)
            let expected = UnsafeRawPointer(text.utf8Start)
            @inline(__always) func same<Word: FixedWidthInteger>(_: Word.Type, at offset: Int) -> Bool {
                here.loadUnaligned(fromByteOffset: offset, as: Word.self)
                    == expected.loadUnaligned(fromByteOffset: offset, as: Word.self)
            }
            if count >= 8 {
                var offset = 0
                while offset &+ 8 < count {
                    guard same(UInt64.self, at: offset) else { return false }
                    offset &+= 8
                }
                guard same(UInt64.self, at: count &- 8) else { return false }
            } else if count >= 4 {
                guard same(UInt32.self, at: 0), same(UInt32.self, at: count &- 4) else { return false }
            } else {
                var offset = 0
                while offset < count {
                    guard same(UInt8.self, at: offset) else { return false }
                    offset &+= 1
                }
            }
            index &+= count
            return true
        }

        /// The range of a number's text: up to the next `,` or the end (the parsers check its grammar).
        @inline(__always)
        private mutating func numberText() -> Range<Int>? {
            let start = index
            index = ByteLanes.first(0x2C, in: line, from: index, to: end)
            return index > start ? start..<index : nil
        }

        /// Whether every field up to the checksum has been read.
        var atEnd: Bool { index == end }

        /// A number (JSON's grammar, parsed exactly as the general decoder does).
        @inline(__always)
        mutating func number() -> Double? {
            if let value = shortNumber() { return value }
            guard let range = numberText() else { return nil }
            return NumberParser.double(line, range)
        }

        /// The number at the cursor when it is what a journal mostly holds — up to 7 digits, then decimals, 19
        /// digits at most, no exponent, closed by a comma or the end — read where it stands: its digits eight at a
        /// time as they are found, no scan for its end first, no second pass to check it. Nil (the cursor
        /// unmoved) for anything else, which ``number()`` then reads the general way; the value is the one
        /// ``NumberParser/double(_:_:)`` gives (the same exact fast paths).
        @inline(__always)
        private mutating func shortNumber() -> Double? {
            guard let base = line.baseAddress else { return nil }
            var at = index
            let negative = at < end && base[at] == 0x2D
            if negative { at &+= 1 }
            guard at &+ 8 <= line.count else { return nil }
            let whole = NumberParser.leadingDigits(ByteLanes.load(base, at))
            // No digit, eight or more (a long number: the general way), or a leading zero before a digit.
            guard whole.count > 0, whole.count < 8, base[at] != 0x30 || whole.count == 1 else { return nil }
            at &+= whole.count
            var mantissa = whole.value
            var decimals = 0
            if at < end, base[at] == 0x2E {
                at &+= 1
                // Eight decimals at a time while eight are there (written out: a loop cost more than the third
                // word saves), 19 digits at most in all.
                guard at &+ 16 <= line.count else { return nil }
                let first = NumberParser.leadingDigits(ByteLanes.load(base, at))
                guard first.count > 0 else { return nil }
                var fraction = first.value
                decimals = first.count
                if first.count == 8 {
                    let second = NumberParser.leadingDigits(ByteLanes.load(base, at &+ 8))
                    fraction = fraction &* Self.powersOfTen[second.count] &+ second.value
                    decimals &+= second.count
                    if second.count == 8 {
                        guard at &+ 24 <= line.count else { return nil }
                        let third = NumberParser.leadingDigits(ByteLanes.load(base, at &+ 16))
                        guard whole.count &+ 16 &+ third.count <= 19 else { return nil }
                        fraction = fraction &* Self.powersOfTen[third.count] &+ third.value
                        decimals &+= third.count
                    }
                }
                guard whole.count &+ decimals <= 19 else { return nil }
                mantissa = mantissa &* Self.powersOfTen[decimals] &+ fraction
                at &+= decimals
            }
            guard at == end || (at < end && base[at] == 0x2C),
                let value = NumberParser.exactValue(
                    mantissa, digits: whole.count &+ decimals, decimals: decimals, negative: negative)
            else { return nil }
            index = at
            return value
        }

        /// 10^0 … 10^19 as integers.
        private static let powersOfTen: [UInt64] = [
            1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
            10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000,
            1_000_000_000_000_000, 10_000_000_000_000_000, 100_000_000_000_000_000,
            1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
        ]

        /// A whole number, written as JSON writes one: no leading zeros, no point, no exponent.
        @inline(__always)
        mutating func integer() -> Int? {
            // One to three digits closed by a comma or the end (a note, a version, a tempo: nearly every one),
            // a byte at a time: fewer steps than a word's lanes for so few digits (0.05k instructions a record).
            if let base = line.baseAddress, index < end {
                let first = base[index] &- 0x30
                if first < 10 {
                    var value = Int(first)
                    var at = index &+ 1
                    if at < end, case let digit = base[at] &- 0x30, digit < 10, first != 0 {
                        value = value &* 10 &+ Int(digit)
                        at &+= 1
                        if at < end, case let digit = base[at] &- 0x30, digit < 10 {
                            value = value &* 10 &+ Int(digit)
                            at &+= 1
                        }
                    }
                    if at == end || base[at] == 0x2C {
                        index = at
                        return value
                    }
                }
            }
            // Up to 7 digits closed by a comma or the end, read where they stand (the longer ones, a negative one).
            if let base = line.baseAddress {
                var at = index
                let negative = at < end && base[at] == 0x2D
                if negative { at &+= 1 }
                if at &+ 8 <= line.count {
                    let digits = NumberParser.leadingDigits(ByteLanes.load(base, at))
                    let stop = at &+ digits.count
                    if digits.count > 0, digits.count < 8, base[at] != 0x30 || digits.count == 1,
                        stop == end || (stop < end && base[stop] == 0x2C)
                    {
                        index = stop
                        return negative ? -Int(digits.value) : Int(digits.value)
                    }
                }
            }
            guard let range = numberText() else { return nil }
            let digits = line[range.lowerBound] == 0x2D ? range.lowerBound + 1 : range.lowerBound
            guard digits < range.upperBound, line[digits] != 0x30 || digits + 1 == range.upperBound else {
                return nil
            }
            return NumberParser.integer(line, range)
        }

        @inline(__always)
        mutating func note() -> MIDINote? { integer().flatMap { try? MIDINote(validating: $0) } }

        /// Cents within ``ValueDomains/cents``.
        @inline(__always)
        mutating func cents() -> Cents? {
            guard let value = number(), let cents = try? Cents(validating: value),
                ValueDomains.cents.contains(cents.rawValue)
            else { return nil }
            return cents
        }

        @inline(__always)
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
        @inline(__always)
        mutating func text() -> String? {
            // A short word (a timbre, an input) found in two loads after its quote — its end among them, its
            // string from the reader's memory — without scanning for its end first.
            if let memory, let base = line.baseAddress, index &+ 17 <= line.count, index < end,
                base[index] == 0x22
            {
                let loaded = (ByteLanes.load(base, index &+ 1), ByteLanes.load(base, index &+ 9))
                let firstStops = ByteLanes.stringStops(loaded.0)
                let count =
                    firstStops != 0
                    ? ByteLanes.firstLane(firstStops)
                    : 8 &+ ByteLanes.firstLane(ByteLanes.stringStops(loaded.1) | 1 << 63)
                let close = index &+ 1 &+ count
                if count <= 15, close < end, base[close] == 0x22,
                    let word = memory.pointee.word(
                        loaded: loaded, count: count,
                        {
                            String(
                                decoding: UnsafeBufferPointer(start: base + (index &+ 1), count: count),
                                as: UTF8.self)
                        })
                {
                    index = close &+ 1
                    return word
                }
            }
            // Anything else — a longer text, one with an escape or a byte of 0x80 or more, or a reader without a
            // memory — the general way.
            guard let range = string() else { return nil }
            let bytes = UnsafeBufferPointer(rebasing: line[range])
            var high: UInt8 = 0
            for byte in bytes { high |= byte }
            if high < 0x80 { return String(decoding: bytes, as: UTF8.self) }
            return String(validating: bytes, as: UTF8.self)
        }

        /// Reads past a string and checks it as ``text()`` checks it, for a slot that does not keep it: an empty
        /// string where ``text()`` would give one, nil where it would not. A short ASCII word is found in two loads
        /// after its quote and nothing is made of it; the word remembered for `field` from the line before (an input,
        /// a tune control: the same on most lines) is known by comparing those loads alone. Anything else goes
        /// through ``text()``. Handing out a remembered word as a string and releasing it again were 0.1k
        /// instructions a comparison at a first start.
        @inline(__always)
        mutating func checkedText(_ field: LineMemory.PassedField) -> String? {
            if let memory, let base = line.baseAddress, index &+ 17 <= line.count, index < end,
                base[index] == 0x22
            {
                let loaded = (ByteLanes.load(base, index &+ 1), ByteLanes.load(base, index &+ 9))
                let known = memory.pointee[passed: field]
                var count = known.count
                if !known.begins(loaded) {
                    let firstStops = ByteLanes.stringStops(loaded.0)
                    count =
                        firstStops != 0
                        ? ByteLanes.firstLane(firstStops)
                        : 8 &+ ByteLanes.firstLane(ByteLanes.stringStops(loaded.1) | 1 << 63)
                    let word = LineMemory.PassedWord(loaded: loaded, count: count)
                    // ASCII (no lane's top bit set), which ``text()`` takes as it is.
                    guard count <= 15, (word.bytes.0 | word.bytes.1) & ByteLanes.highs == 0 else {
                        return text() == nil ? nil : ""
                    }
                    memory.pointee[passed: field] = word
                }
                let close = index &+ 1 &+ count
                if close < end, base[close] == 0x22 {
                    index = close &+ 1
                    return ""
                }
            }
            return text() == nil ? nil : ""
        }

        /// One decimal digit.
        mutating func digit() -> Int? {
            guard index < end, (0x30...0x39).contains(line[index]) else { return nil }
            index += 1
            return Int(line[index - 1] - 0x30)
        }
    }
}
