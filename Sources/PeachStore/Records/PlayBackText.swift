// PlayBackText: the compact text of a play-back record's notes (`60 64 67`, `60:96:0 64:90:12.5`).

import Foundation
import PeachCore

/// How a play-back record writes its notes in one JSON string or CSV cell: the notes asked as numbers separated
/// by spaces (`60 64 67`), the notes played as `note:velocity:ms` separated by spaces (`60:96:0 64:90:12.5`,
/// the onset in milliseconds after the answer's first, to 0.1 ms).
enum PlayBackText {
    /// `60 64 67`.
    static func notes(_ notes: [MIDINote]) -> String {
        notes.map { String($0.rawValue) }.joined(separator: " ")
    }

    /// `60:96:0 64:90:12.5`.
    static func played(_ notes: [PlayedNote]) -> String {
        notes.map {
            "\($0.note.rawValue):\($0.velocity.rawValue):" + RecordCodec.number($0.time * 1000, decimals: 1)
        }.joined(separator: " ")
    }

    /// The notes of `notes(_:)`'s text, or nil.
    static func parseNotes(_ text: String) -> [MIDINote]? {
        let parts = text.split(separator: " ")
        guard !parts.isEmpty, parts.count <= 16 else { return nil }
        var result: [MIDINote] = []
        for part in parts {
            guard let value = Int(part), let note = try? MIDINote(validating: value) else { return nil }
            result.append(note)
        }
        return result
    }

    /// The played notes of `played(_:)`'s text (times in seconds), or nil. At most 64 notes, onsets
    /// 0…1000 ms (the widest chord window).
    static func parsePlayed(_ text: String) -> [PlayedNote]? {
        let parts = text.split(separator: " ")
        guard parts.count <= 64 else { return nil }
        var result: [PlayedNote] = []
        for part in parts {
            let fields = part.split(separator: ":", omittingEmptySubsequences: false)
            guard fields.count == 3, let number = Int(fields[0]), let note = try? MIDINote(validating: number),
                let strength = Int(fields[1]), let velocity = try? MIDIVelocity(validating: strength),
                let milliseconds = Double(fields[2]), milliseconds.isFinite,
                (0...PlayBackOptions.chordWindows.upperBound * 1000).contains(milliseconds)
            else { return nil }
            result.append(PlayedNote(note: note, velocity: velocity, time: milliseconds / 1000))
        }
        return result
    }
}

extension FieldReader {
    /// The play-back answer of a `playBack` line: its item of its kind, the notes asked (which must be the
    /// item's on the reference), the notes played, and a verdict that must agree with `correct` and `heardAs`.
    func playBack(at timestamp: Date) throws -> CompletedPlayBack {
        guard let item = PlayBackItem(id: try string(.item)) else { throw invalid(.item, .playBackItem) }
        if let kind = try optionalString(.kind), kind != item.kind.rawValue { throw invalid(.item, .playBackItem) }
        guard let question = PlayBackQuestion(item, reference: try note(.reference)) else {
            throw invalid(.reference, .midiNote)
        }
        guard PlayBackText.parseNotes(try string(.answerNotes)) == question.answerNotes else {
            throw invalid(.answerNotes, .noteList)
        }
        guard let played = PlayBackText.parsePlayed(try string(.played)) else {
            throw invalid(.played, .playedNotes)
        }
        let responseTime = try optionalNumber(.responseTime) ?? 0
        guard ValueDomains.answerTime.contains(responseTime) else { throw invalid(.responseTime, .seconds) }
        let completed = CompletedPlayBack(
            question: question, played: played, anyOctave: try optionalBoolean(.anyOctave) ?? false,
            anyVoicing: try optionalBoolean(.anyVoicing) ?? false, timestamp: timestamp,
            responseTime: responseTime,
            inputKind: InputKind(rawValue: try optionalString(.input) ?? InputKind.unknown.rawValue))
        guard let correct = try optionalBoolean(.correct) else { throw missing(.correct) }
        let heard = completed.isCorrect ? nil : completed.verdict.answered?.id
        guard correct == completed.isCorrect, try optionalString(.heardAs) == heard else {
            throw RecordDamage(problem: .contradictoryCorrect)
        }
        return completed
    }
}
