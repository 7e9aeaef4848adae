// PlayBackFields: the compact text of a play-back record's notes (`60 64 67`, `60:96:0 64:90:12.5`).

import Foundation
import PeachCore

/// How a play-back record writes its notes in one JSON string or CSV cell: the notes asked as numbers separated
/// by spaces (`60 64 67`), a melody's rhythm as each note's length in beats (`1 0.5 0.5 2`, written only when it
/// is not even quarters with the last a half), the notes played as `note:velocity:ms` separated by spaces
/// (`60:96:0 64:90:12.5`, the onset in milliseconds after the answer's first, to 0.1 ms).
enum PlayBackFields {
    /// `60 64 67`.
    static func notes(_ notes: [MIDINote]) -> String {
        notes.map { String($0.rawValue) }.joined(separator: " ")
    }

    /// A melody's rhythm, each note's length in beats: `1 0.5 0.5 1.5 0.5 2`.
    static func lengths(_ lengths: [Double]) -> String {
        lengths.map { $0 == $0.rounded() ? String(Int($0)) : String($0) }.joined(separator: " ")
    }

    /// The lengths of `lengths(_:)`'s text, or nil (any length not among ``MelodyMaker/noteLengths``).
    static func parseLengths(_ text: String) -> [Double]? {
        parseList(text) { part in Double(part).flatMap { MelodyMaker.noteLengths.contains($0) ? $0 : nil } }
    }

    /// The values of a list of 1 to 16 words separated by spaces (the notes asked, a melody's rhythm), each read
    /// by `value`; nil when there are none, too many, or one does not read.
    private static func parseList<Value>(_ text: String, _ value: (Substring) -> Value?) -> [Value]? {
        let parts = text.split(separator: " ")
        guard !parts.isEmpty, parts.count <= 16 else { return nil }
        var result: [Value] = []
        for part in parts {
            guard let read = value(part) else { return nil }
            result.append(read)
        }
        return result
    }

    /// `60:96:0 64:90:12.5`.
    static func played(_ notes: [PlayedNote]) -> String {
        notes.map {
            "\($0.note.rawValue):\($0.velocity.rawValue):" + RecordCodec.number($0.time * 1000, decimals: 1)
        }.joined(separator: " ")
    }

    /// The notes of `notes(_:)`'s text, or nil.
    static func parseNotes(_ text: String) -> [MIDINote]? {
        parseList(text) { part in Int(part).flatMap { try? MIDINote(validating: $0) } }
    }

    /// The played notes of `played(_:)`'s text (times in seconds), or nil. At most 64 notes, onsets 0 to
    /// `span` seconds (the kind's ``PlayBackKind/onsetSpan``: the widest chord window, a melody's window).
    static func parsePlayed(
        _ text: String, span: Double = PlayBackOptions.chordWindows.upperBound
    ) -> [PlayedNote]? {
        let parts = text.split(separator: " ")
        guard parts.count <= 64 else { return nil }
        var result: [PlayedNote] = []
        for part in parts {
            let fields = part.split(separator: ":", omittingEmptySubsequences: false)
            guard fields.count == 3, let number = Int(fields[0]),
                let note = try? MIDINote(validating: number),
                let strength = Int(fields[1]), let velocity = try? MIDIVelocity(validating: strength),
                let milliseconds = Double(fields[2]), milliseconds.isFinite,
                (0...span * 1000).contains(milliseconds)
            else { return nil }
            result.append(PlayedNote(note: note, velocity: velocity, time: milliseconds / 1000))
        }
        return result
    }
}

extension PlayBackFields {
    /// The play-back answer a record's values make: its item of its kind, the notes asked (which must be the
    /// item's on the reference), the notes played, and a verdict that must agree with `correct` and `heardAs`.
    /// What both readers (the general decoder and ``CanonicalLine``) build a `playBack` line with.
    /// - Throws: ``RecordDamage`` naming the field that does not fit.
    static func completed(
        item id: String, kind: String?, reference: Int, tonic: String? = nil, answerNotes: String,
        rhythm: String? = nil, played: String, correct: Bool, heardAs: String?, responseTime: Double,
        input: String?,
        anyOctave: Bool, anyVoicing: Bool, tempoBPM: Int? = nil, offsetMs: Double? = nil, at timestamp: Date
    ) throws(RecordDamage) -> CompletedPlayBack {
        func invalid(_ field: String, _ kind: RecordProblem.FieldKind) -> RecordDamage {
            RecordDamage(problem: .invalidField(field, expected: kind))
        }
        guard let item = PlayBackItem(id: id), kind == nil || kind == item.kind.rawValue else {
            throw invalid("item", .playBackItem)
        }
        guard let note = try? MIDINote(validating: reference) else { throw invalid("reference", .midiNote) }
        var question: PlayBackQuestion
        if case .melody(let level) = item {
            // A melody is written, not made from its tonic: its notes are what was asked, in order, in its rhythm.
            var lengths: [Double]?
            if let rhythm {
                guard let read = parseLengths(rhythm), read.count == level.length else {
                    throw invalid("rhythm", .noteLengths)
                }
                lengths = read
            }
            guard let asked = parseNotes(answerNotes),
                let melody = PlayBackQuestion(melody: level, tonic: note, notes: asked, lengths: lengths)
            else { throw invalid("answerNotes", .noteList) }
            question = melody
        } else if rhythm != nil {
            throw invalid("rhythm", .noteLengths)  // only a melody has one
        } else if case .degree(let degree) = item, let asked = parseNotes(answerNotes), asked.count > 1 {
            // Degrees in a row: the notes before the asked degree were drawn, not made from the tonic.
            guard let row = PlayBackQuestion(degree: degree, tonic: note, row: asked) else {
                throw invalid("answerNotes", .noteList)
            }
            question = row
        } else {
            guard let made = PlayBackQuestion(item, reference: note) else {
                throw invalid("reference", .midiNote)
            }
            guard parseNotes(answerNotes) == made.answerNotes else { throw invalid("answerNotes", .noteList) }
            question = made
        }
        if let tonic {
            // A fixed key's tonic as the player named it (read as `--key` reads it): a key of the reference's pitch
            // class that spells it otherwise than its fewest accidentals (written only then).
            guard case .tonic(let signature)? = DegreeKey(parsing: tonic),
                case let named = question.naming(signature),
                named.tonicName != nil
            else { throw invalid("tonic", .keyName) }
            question = named
        }
        let span = question.isPhrase ? PlayBackKind.melodies.onsetSpan : item.kind.onsetSpan
        guard let notes = parsePlayed(played, span: span) else {
            throw invalid("played", .playedNotes)
        }
        guard ValueDomains.answerTime.contains(responseTime) else { throw invalid("responseTime", .seconds) }
        // A melody in tempo keeps its grid: the tempo and the first note's offset from the response's first beat.
        var tempo: Tempo?
        if let tempoBPM {
            guard item.kind == .melodies, let valid = try? Tempo(bpm: tempoBPM) else {
                throw invalid("tempoBPM", .tempo)
            }
            tempo = valid
        }
        let gridOffsets = -item.kind.onsetSpan * 1000...item.kind.onsetSpan * 1000
        if let offsetMs, tempo == nil || !gridOffsets.contains(offsetMs) {
            throw invalid("offsetMs", .number)
        }
        if tempo != nil, offsetMs == nil { throw invalid("offsetMs", .number) }
        let completed = CompletedPlayBack(
            question: question, played: notes, anyOctave: anyOctave, anyVoicing: anyVoicing,
            timestamp: timestamp,
            responseTime: responseTime, inputKind: InputKind(rawValue: input ?? InputKind.unknown.rawValue),
            tempo: tempo, gridOffset: offsetMs.map { $0 / 1000 })
        let heard = completed.isCorrect ? nil : completed.verdict.answered?.id
        guard correct == completed.isCorrect, heardAs == heard else {
            throw RecordDamage(problem: .contradictoryVerdict)
        }
        return completed
    }
}

extension FieldReader {
    /// The play-back answer of a `playBack` line (see ``PlayBackFields/completed``).
    func playBack(at timestamp: Date) throws -> CompletedPlayBack {
        guard let correct = try optionalBoolean(.correct) else { throw missing(.correct) }
        return try PlayBackFields.completed(
            item: try string(.item), kind: try optionalString(.kind), reference: try integer(.reference),
            tonic: try optionalString(.tonic), answerNotes: try string(.answerNotes),
            rhythm: try optionalString(.rhythm), played: try string(.played), correct: correct,
            heardAs: try optionalString(.heardAs), responseTime: try optionalNumber(.responseTime) ?? 0,
            input: try optionalString(.input), anyOctave: try optionalBoolean(.anyOctave) ?? false,
            anyVoicing: try optionalBoolean(.anyVoicing) ?? false,
            tempoBPM: try optionalNumber(.tempoBPM).map { number throws(RecordDamage) -> Int in
                guard let whole = Int(exactly: number) else { throw invalid(.tempoBPM, .tempo) }
                return whole
            }, offsetMs: try optionalNumber(.offsetMs), at: timestamp)
    }
}
