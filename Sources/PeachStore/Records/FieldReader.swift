// FieldReader: typed access to the fields of one scanned record line, for RecordCodec's decoder.

import Foundation
import PeachCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Typed access to the fields of one scanned line. The fields and their slots are the decoder's, borrowed
/// through buffer pointers for the one record read: held as arrays, they were retained and released with each
/// reader and checked at each look-up.
struct FieldReader {
    let line: UnsafeBufferPointer<UInt8>
    /// The scanned fields (``RecordCodec/Decoder/fields``).
    let fields: UnsafeBufferPointer<JSONField>
    /// For each ``RecordCodec/Key``, the position of its field in `fields`, or -1.
    let slots: UnsafeBufferPointer<Int>
    /// What the reader keeps from record to record (its short words, the last day), when it reads many.
    var memory: UnsafeMutablePointer<LineMemory>? = nil

    func span(_ key: RecordCodec.Key) -> JSONValueSpan? {
        let position = slots[key.rawValue]
        return position < 0 ? nil : fields[position].value
    }

    func missing(_ key: RecordCodec.Key) -> RecordDamage {
        RecordDamage(problem: .missingField("\(key.name)"))
    }
    func invalid(_ key: RecordCodec.Key, _ kind: RecordProblem.FieldKind) -> RecordDamage {
        RecordDamage(problem: .invalidField("\(key.name)", expected: kind))
    }

    func optionalNumber(_ key: RecordCodec.Key) throws -> Double? {
        guard let span = span(key) else { return nil }
        guard span.kind == .number, let value = NumberParser.double(line, span.range) else {
            throw invalid(key, .number)
        }
        return value
    }

    func number(_ key: RecordCodec.Key) throws -> Double {
        guard let value = try optionalNumber(key) else { throw missing(key) }
        return value
    }

    func integer(_ key: RecordCodec.Key) throws -> Int {
        guard let span = span(key) else { throw missing(key) }
        guard span.kind == .number, let value = NumberParser.integer(line, span.range) else {
            throw invalid(key, .wholeNumber)
        }
        return value
    }

    /// Whether the field is the unescaped string `literal` (compared as bytes, no string made).
    func isText(_ key: RecordCodec.Key, _ literal: StaticString) -> Bool {
        guard let span = span(key), case .string(false) = span.kind,
            span.range.count == literal.utf8CodeUnitCount, let base = line.baseAddress
        else { return false }
        return memcmp(base + span.range.lowerBound, literal.utf8Start, span.range.count) == 0
    }

    func optionalString(_ key: RecordCodec.Key) throws -> String? {
        guard let span = span(key) else { return nil }
        guard case .string(let escaped) = span.kind else { throw invalid(key, .text) }
        guard escaped else {
            // A short word (`sine`, `midi-note`) handed out again when the last records had it.
            if let memory, let base = line.baseAddress, span.range.lowerBound &+ 16 <= line.count {
                let loaded = (
                    ByteLanes.load(base, span.range.lowerBound),
                    ByteLanes.load(base, span.range.lowerBound &+ 8)
                )
                if let word = memory.pointee.word(
                    loaded: loaded, count: span.range.count, { RecordCodec.text(line, span.range) })
                {
                    return word
                }
            }
            return RecordCodec.text(line, span.range)
        }
        guard let text = JSONString.unescape(UnsafeBufferPointer(rebasing: line[span.range])) else {
            throw invalid(key, .text)
        }
        return text
    }

    func string(_ key: RecordCodec.Key) throws -> String {
        guard let value = try optionalString(key) else { throw missing(key) }
        return value
    }

    func optionalBoolean(_ key: RecordCodec.Key) throws -> Bool? {
        guard let span = span(key) else { return nil }
        guard case .boolean(let value) = span.kind else { throw invalid(key, .boolean) }
        return value
    }

    func note(_ key: RecordCodec.Key) throws -> MIDINote {
        guard let note = try? MIDINote(validating: try integer(key)) else {
            throw invalid(key, .midiNote)
        }
        return note
    }

    /// Cents within ±2400 (two octaves; no trial of Peach's comes near): `1e308` is damage, not a value that
    /// turns every statistic into infinity.
    func cents(_ key: RecordCodec.Key) throws -> Cents {
        guard let cents = try? Cents(validating: try number(key)), ValueDomains.cents.contains(cents.rawValue)
        else {
            throw invalid(key, .cents)
        }
        return cents
    }

    func tuning() throws -> TuningSystem {
        guard let word = try optionalString(.tuning) else { return .equalTemperament }
        guard let tuning = TuningSystem(rawValue: word) else { throw invalid(.tuning, .tuning) }
        return tuning
    }

    /// A rhythm record's fields: the tempo (1 … 1000 BPM) and the offsets (finite, within ±60 s).
    func rhythm(_ kind: RhythmRecord.Kind, at timestamp: Date) throws -> RhythmRecord {
        let tempo = try integer(.tempoBPM)
        guard ValueDomains.tempo.contains(tempo) else { throw invalid(.tempoBPM, .tempo) }
        func milliseconds(_ key: RecordCodec.Key) throws -> Double? {
            guard let value = try optionalNumber(key) else { return nil }
            guard ValueDomains.rhythmOffset.contains(value) else { throw invalid(key, .milliseconds) }
            return value
        }
        switch kind {
        case .offsetDetection:
            guard let offset = try milliseconds(.offsetMs) else { throw missing(.offsetMs) }
            guard let correct = try optionalBoolean(.correct) else { throw missing(.correct) }
            var pattern: TimingPattern?
            var position: Int?
            if let name = try optionalString(.pattern) {
                guard let named = TimingPattern.named(name) else { throw invalid(.pattern, .timingPattern) }
                pattern = named
                guard let step = try optionalNumber(.offsetPosition) else { throw missing(.offsetPosition) }
                guard let whole = Int(exactly: step), RhythmRecord.isOffsetPosition(whole, of: named) else {
                    throw invalid(.offsetPosition, .offsetPosition)
                }
                position = whole
            } else if span(.offsetPosition) != nil {
                throw missing(.pattern)
            }
            return RhythmRecord(
                offsetDetectionAt: timestamp, tempoBPM: tempo, offsetMs: offset, isCorrect: correct,
                pattern: pattern, offsetPosition: position)
        case .continuousMatching:
            guard let mean = try milliseconds(.meanOffsetMs) else { throw missing(.meanOffsetMs) }
            let positions = try [
                RecordCodec.Key.meanOffsetMsPosition0, .meanOffsetMsPosition1, .meanOffsetMsPosition2,
                .meanOffsetMsPosition3,
            ].map(milliseconds)
            func whole(_ key: RecordCodec.Key) throws -> Int? {
                guard let value = try optionalNumber(key) else { return nil }
                guard let number = Int(exactly: value) else { throw invalid(key, .wholeNumber) }
                return number
            }
            let silentBars = try whole(.silentBars)
            var drift: SilentDrift?
            if let strikes = try whole(.silentStrikes) {
                guard silentBars != nil else { throw missing(.silentBars) }
                guard let slope = try optionalNumber(.driftMsPerBar) else { throw missing(.driftMsPerBar) }
                guard let silentMean = try milliseconds(.silentMeanOffsetMs) else {
                    throw missing(.silentMeanOffsetMs)
                }
                drift = SilentDrift(msPerBar: slope, meanOffsetMs: silentMean, strikes: strikes)
            } else if span(.driftMsPerBar) != nil || span(.silentMeanOffsetMs) != nil {
                throw missing(.silentStrikes)
            }
            let ramp = try whole(.tempoRamp)
            let every = try whole(.rampEvery)
            guard (ramp == nil) == (every == nil) else {
                throw missing(ramp == nil ? .tempoRamp : .rampEvery)
            }
            var pattern: TimingPattern?
            if let name = try optionalString(.pattern) {
                guard let named = TimingPattern.named(name) else { throw invalid(.pattern, .timingPattern) }
                pattern = named
            }
            let record = RhythmRecord(
                continuousMatchingAt: timestamp, tempoBPM: tempo, meanOffsetMs: mean, positions: positions,
                silentBars: silentBars, drift: drift, tempoRamp: ramp, rampEvery: every, pattern: pattern,
                calibrationMs: try calibration())
            guard record.hasValidFillFields else { throw invalid(.silentBars, .fillTheGapFields) }
            return record
        }
    }

    /// The timing calibration's offset a fill-the-gap or rhythm-echo line was trained with (ms, within
    /// ``TimingCalibration/millisecondsDomain``), nil when it says none.
    func calibration() throws -> Double? {
        guard let value = try optionalNumber(.calibrationMs) else { return nil }
        guard TimingCalibration.millisecondsDomain.contains(value) else {
            throw invalid(.calibrationMs, .milliseconds)
        }
        return value
    }

    func context() throws -> TrialContext {
        let pitch = try optionalNumber(.referencePitch) ?? TrainingSettings.defaults.referencePitch.hertz
        guard let referencePitch = try? Frequency(validating: pitch) else {
            throw invalid(.referencePitch, .frequency)
        }
        let duration = try optionalNumber(.noteDuration) ?? TrainingSettings.defaults.noteDuration
        let gap = try optionalNumber(.gap) ?? TrainingSettings.defaults.gapBetweenNotes
        guard duration >= 0, gap >= 0 else {
            throw invalid(duration < 0 ? .noteDuration : .gap, .seconds)
        }
        let velocity: MIDIVelocity
        if span(.velocity) == nil {
            velocity = TrainingSettings.defaults.velocity
        } else {
            guard let value = try? MIDIVelocity(validating: try integer(.velocity)) else {
                throw invalid(.velocity, .velocity)
            }
            velocity = value
        }
        var procedure = TrialProcedure.training  // not written for training: no name made to be read back
        if span(.procedure) != nil {
            guard let named = TrialProcedure(rawValue: try string(.procedure)) else {
                throw invalid(.procedure, .procedure)
            }
            procedure = named
        }
        return TrialContext(
            referencePitch: referencePitch,
            timbre: try optionalString(.timbre) ?? TrainingSettings.defaults.timbre,
            noteDuration: duration, gap: gap, velocity: velocity, procedure: procedure)
    }
}
