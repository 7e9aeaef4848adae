// AnswerLine: one stored answer as a line of the dashboard's live feed.

import Foundation
import PeachCore
import PeachStore
import PeachText
import PeachTraining

/// A stored answer as one line: `09:15:02 · Pitch discrimination · Correct · 12.3 cents`, and the mode it was
/// given in.
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
            TrainingMode.allCases.first { $0.playBackKind == completed.question.item.kind } ?? .playNotes
        }
    }

    /// The line for `record`, its time in `timeZone`.
    static func text(_ record: StoredRecord, texts: Texts, timeZone: TimeZone) -> String {
        var parts = [clock(record.timestamp, timeZone: timeZone), texts.title(of: mode(of: record))]
        switch record.payload {
        case .comparison(let completed):
            parts.append(texts(completed.isCorrect ? .correct : .incorrect))
            parts.append(texts.cents(abs(completed.comparison.centDifference.rawValue)))
        case .pitchMatching(let completed):
            let error = completed.userError.rawValue
            parts.append((error > 0 ? "+" : "") + texts.cents(error))
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
        }
        return parts.joined(separator: " · ")
    }

    /// `09:15:02` in `timeZone`.
    static func clock(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { (value ?? 0) < 10 ? "0\(value ?? 0)" : "\(value ?? 0)" }
        return "\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))"
    }
}
