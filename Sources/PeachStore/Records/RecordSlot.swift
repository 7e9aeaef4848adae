// RecordSlot: where a scan has a line's record made, and how much of it: the whole record, or what a load files.

import Foundation
import PeachCore

/// Where a scan has a journal line's record made, and how much of it: the whole ``StoredRecord`` (a check, an
/// export, an import), or only what the store's contents file of it (``FiledRecord``, a load of the whole
/// journal).
///
/// The one-pass reader (``CanonicalLine``) reads and checks a line's values the same way for either, then makes
/// the kinds nearly every line holds from their values: what a filed slot does not keep is never made. Any other
/// record, and every line the general decoder reads, is made whole (``initialize(to:)``).
///
/// A value to switch on, not a type to be generic over: the readers specialized for two slot types lost the
/// inlining of their field readers and constants (`peach data check` took 0.57k instructions a record more).
enum RecordSlot {
    /// A whole record's slot.
    case record(UnsafeMutablePointer<StoredRecord>)
    /// A filed record's slot.
    case filed(UnsafeMutablePointer<FiledRecord>)

    /// Whether the slot keeps the whole record: a filed slot keeps neither a trial's conditions nor its input,
    /// which the reader then reads past and checks without making them.
    var keepsWholeRecord: Bool {
        if case .record = self { return true }
        return false
    }

    /// Makes a whole record in the slot (a filed slot boxes it).
    @inline(__always)
    func initialize(to record: StoredRecord) {
        switch self {
        case .record(let slot): slot.initialize(to: record)
        case .filed(let slot): slot.initialize(to: .record(record))
        }
    }

    /// Makes a comparison whose values the reader has checked (`isCorrect` is the comparison's verdict on
    /// `answer`).
    @inline(__always)
    func initialize(
        comparison: Comparison, answer: ComparisonAnswer, isCorrect: Bool, at timestamp: Date,
        conditions: consuming CanonicalLine.Conditions, procedure: TrialProcedure, note2Gain: Double,
        responseTime: Double, input: consuming String, version: Int
    ) {
        switch self {
        case .record(let slot):
            slot.initialize(
                to: StoredRecord(
                    .comparison(
                        CompletedComparison(
                            comparison: comparison, answer: answer, timestamp: timestamp,
                            context: conditions.with(procedure), note2AmplitudeOffset: note2Gain,
                            responseTime: responseTime, inputKind: InputKind(rawValue: input))),
                    readAt: version))
        case .filed(let slot):
            slot.initialize(
                to: .comparison(
                    FiledComparison(
                        comparison: comparison, isCorrect: isCorrect, timestamp: timestamp,
                        procedure: procedure)))
        }
    }

    /// Makes a pitch matching whose values the reader has checked.
    @inline(__always)
    func initialize(
        pitchMatchingOf reference: MIDINote, target: MIDINote, tuning: TuningSystem, initial: Cents,
        error: Cents, at timestamp: Date, conditions: consuming CanonicalLine.Conditions, timeTaken: Double,
        control: consuming String, version: Int
    ) {
        switch self {
        case .record(let slot):
            slot.initialize(
                to: StoredRecord(
                    .pitchMatching(
                        CompletedPitchMatching(
                            referenceNote: reference, initialOffset: initial, userError: error,
                            targetNote: target, tuningSystem: tuning, timestamp: timestamp,
                            context: conditions.with(.training), timeTaken: timeTaken,
                            tuneControl: InputKind(rawValue: control))),
                    readAt: version))
        case .filed(let slot):
            slot.initialize(
                to: .pitchMatching(
                    FiledPitchMatching(
                        referenceNote: reference, targetNote: target, tuningSystem: tuning, userError: error,
                        timestamp: timestamp)))
        }
    }

    /// Makes a fill-the-gap trial whose values the reader has read and checked
    /// (``RhythmRecord/hasValidFillFields(pattern:silentBars:drift:tempoRamp:rampEvery:calibrationMs:)``).
    @inline(__always)
    func initialize(
        gapFillAt timestamp: Date, tempoBPM: Int, meanOffsetMs: Double, stepMeans: GapStepMeans,
        silentBars: Int?, drift: SilentDrift?, tempoRamp: Int?, rampEvery: Int?, pattern: TimingPattern?,
        calibrationMs: Double?, version: Int
    ) {
        switch self {
        case .record(let slot):
            let record = RhythmRecord(
                continuousMatchingAt: timestamp, tempoBPM: tempoBPM, meanOffsetMs: meanOffsetMs,
                positions: stepMeans.positions, silentBars: silentBars,
                drift: drift, tempoRamp: tempoRamp, rampEvery: rampEvery, pattern: pattern,
                calibrationMs: calibrationMs)
            slot.initialize(to: StoredRecord(.rhythm(record), readAt: version))
        case .filed(let slot):
            slot.initialize(
                to: .gapFill(
                    tempoBPM: tempoBPM, meanOffsetMs: meanOffsetMs, stepMeans: stepMeans, drift: drift,
                    calibrationMs: calibrationMs, at: timestamp))
        }
    }

    /// Makes an offset-detection trial whose values the reader has checked.
    @inline(__always)
    func initialize(
        offsetDetectionAt timestamp: Date, tempoBPM: Int, offsetMs: Double, isCorrect: Bool,
        pattern: TimingPattern?, offsetPosition: Int?, version: Int
    ) {
        switch self {
        case .record(let slot):
            slot.initialize(
                to: StoredRecord(
                    .rhythm(
                        RhythmRecord(
                            offsetDetectionAt: timestamp, tempoBPM: tempoBPM, offsetMs: offsetMs,
                            isCorrect: isCorrect, pattern: pattern, offsetPosition: offsetPosition)),
                    readAt: version))
        case .filed(let slot):
            let grid = TimingPattern.grid(of: pattern)
            slot.initialize(
                to: .offsetDetection(
                    tempoBPM: tempoBPM, offsetMs: offsetMs, isCorrect: isCorrect, steps: grid.steps,
                    family: grid.family, at: timestamp))
        }
    }
}
