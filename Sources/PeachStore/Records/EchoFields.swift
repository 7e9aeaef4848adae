// EchoFields: the compact text of a rhythm-echo record's echo (`-3.2 4.1 - 0.5`), and the record it makes.

import Foundation
import PeachCore

/// How a rhythm-echo record writes its echo in one JSON string or CSV cell: each note's strike offset in
/// milliseconds, in the rhythm's order, `-` for a missed note, separated by spaces (`-3.2 4.1 - 0.5`).
enum EchoFields {
    /// `-3.2 4.1 - 0.5`.
    static func onsets(_ onsets: [CompletedEcho.Onset]) -> String {
        onsets.map { $0.offsetMs.map { RecordCodec.number($0, decimals: 3) } ?? "-" }.joined(separator: " ")
    }

    /// The echo a record's values make: a bar of the vocabulary, drawn at a level that holds it, one offset
    /// (within ±1000 ms) or miss per note, the extra strikes, the calibration it was paired with (within a
    /// calibration's domain).
    /// - Throws: ``RecordDamage`` naming the field that does not fit.
    static func completed(
        tempoBPM: Int, rhythm text: String, level: Int, onsets: String, extras: Int, input: String?,
        calibrationMs: Double? = nil, at timestamp: Date
    ) throws(RecordDamage) -> CompletedEcho {
        func invalid(_ field: String, _ kind: RecordProblem.FieldKind) -> RecordDamage {
            RecordDamage(problem: .invalidField(field, expected: kind))
        }
        guard let tempo = try? Tempo(bpm: tempoBPM) else { throw invalid("tempoBPM", .tempo) }
        guard let rhythm = EchoRhythm(text: text) else { throw invalid("rhythm", .echoRhythm) }
        guard (rhythm.level...EchoRhythm.maxLevel).contains(level) else {
            throw invalid("level", .echoRhythm)
        }
        let parts = onsets.split(separator: " ")
        let beats = rhythm.onsets
        guard parts.count == beats.count else { throw invalid("onsets", .echoOnsets) }
        var result: [CompletedEcho.Onset] = []
        for (beat, part) in zip(beats, parts) {
            if part == "-" {
                result.append(CompletedEcho.Onset(beat: beat, offsetMs: nil))
                continue
            }
            guard let value = Double(part), value.isFinite, abs(value) <= 1000 else {
                throw invalid("onsets", .echoOnsets)
            }
            result.append(CompletedEcho.Onset(beat: beat, offsetMs: value))
        }
        guard (0...256).contains(extras) else { throw invalid("extras", .wholeNumber) }
        if let calibrationMs, !TimingCalibration.millisecondsDomain.contains(calibrationMs) {
            throw invalid("calibrationMs", .milliseconds)
        }
        return CompletedEcho(
            timestamp: timestamp, tempo: tempo, rhythm: rhythm, level: level, onsets: result, extras: extras,
            inputKind: InputKind(rawValue: input ?? InputKind.unknown.rawValue), calibrationMs: calibrationMs)
    }
}

extension FieldReader {
    /// The echo of a `rhythmEcho` line (see ``EchoFields/completed``).
    func echo(at timestamp: Date) throws -> CompletedEcho {
        try EchoFields.completed(
            tempoBPM: try integer(.tempoBPM), rhythm: try string(.rhythm), level: try integer(.level),
            onsets: try string(.onsets), extras: try integer(.extras), input: try optionalString(.input),
            calibrationMs: try optionalNumber(.calibrationMs), at: timestamp)
    }
}
