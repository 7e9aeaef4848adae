// AnswerLine: one stored answer as a line of the dashboard's live feed.

import Foundation
import PeachCore
import PeachStore
import PeachText
import PeachTraining

/// A stored answer as one line: `09:15:02 · Pitch discrimination · Correct · 12.3 cents`, `09:16:40 · Play back:
/// chords · Incorrect · The right chord an octave too high: A4 C5 E5 — it was A3 C4 E4 (Minor triad, root position
/// (Am))` (the verdict in words, notes spelled as the question reads them), and the mode it was given in.
enum AnswerLine {
    /// The mode `record` was answered in.
    static func mode(of record: StoredRecord) -> TrainingMode {
        switch record.payload {
        case .comparison(let completed):
            completed.context.procedure == .measurement ? .measurement : .comparison
        case .pitchMatching: .pitchMatching
        case .rhythm(let rhythm): rhythm.kind == .offsetDetection ? .offsetDetection : .gapFill
        case .echo: .echo
        case .playBack(let completed):
            .playBack(completed.question.item.kind)
        }
    }

    /// The line for `record`, its time in `timeZone`.
    static func text(_ record: StoredRecord, texts: Texts, timeZone: TimeZone) -> String {
        var parts = [
            LocalTime.text(record.timestamp, timeZone: timeZone, .timeOfDay),
            texts.title(of: mode(of: record)),
        ]
        switch record.payload {
        case .comparison(let completed):
            parts.append(texts(completed.isCorrect ? .correct : .incorrect))
            parts.append(texts.cents(abs(completed.comparison.centDifference.rawValue)))
        case .pitchMatching(let completed):
            parts.append(texts.signedCents(completed.userError.rawValue, decimals: 1))
        case .rhythm(let rhythm):
            if let correct = rhythm.isCorrect { parts.append(texts(correct ? .correct : .incorrect)) }
            if let offset = rhythm.offsetMs ?? rhythm.meanOffsetMs {
                parts.append(texts.signedMilliseconds(offset))
            }
            parts.append(texts.beatsPerMinute(rhythm.tempoBPM))
        case .echo(let completed):
            parts.append(texts.notesEchoed(completed.hits, of: completed.onsets.count))
        case .playBack(let completed):
            parts.append(texts(completed.isCorrect ? .correct : .incorrect))
            parts.append(texts.playBackVerdict(completed))
        }
        return parts.joined(separator: " · ")
    }
}
