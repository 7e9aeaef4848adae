// PracticeSessions: the recent answers grouped into sittings of one mode, for the dashboard's sessions page.

import Foundation
import PeachCore
import PeachStore
import PeachText
import PeachTraining

/// Recent answers as practice sessions: a session is answers of one mode with less than ``pause`` between
/// them (another mode, or a longer pause, begins the next). Read from the journal's last ``window`` bytes
/// (``JournalStore/recentRecords(in:bytes:)``: about 8,000 answers), so the page costs the same for a
/// store of a hundred answers or of a lifetime.
struct PracticeSessions: Sendable {
    /// One session.
    struct Session: Sendable {
        /// The mode it was practised in.
        let mode: TrainingMode
        /// Its answers, oldest first.
        let records: [StoredRecord]

        /// When it began.
        var start: Date { records.first?.timestamp ?? .distantPast }
        /// Its address: the start in milliseconds since 1970.
        var id: String { String(Int64((start.timeIntervalSince1970 * 1000).rounded(.down))) }

        /// What it came to, in a few words: how many were right, or the mean error or offset.
        func result(texts: Texts) -> String {
            var right = 0
            var answered = 0
            var errors: [Double] = []
            var echoed = (hits: 0, notes: 0)
            for record in records {
                switch record.payload {
                case .comparison(let completed):
                    answered += 1
                    if completed.isCorrect { right += 1 }
                case .playBack(let completed):
                    answered += 1
                    if completed.isCorrect { right += 1 }
                case .pitchMatching(let completed): errors.append(abs(completed.userError.rawValue))
                case .rhythm(let rhythm):
                    if let correct = rhythm.isCorrect {
                        answered += 1
                        if correct { right += 1 }
                    } else if let offset = rhythm.meanOffsetMs {
                        errors.append(abs(offset))
                    }
                case .echo(let completed):
                    echoed.hits += completed.hits
                    echoed.notes += completed.onsets.count
                }
            }
            if echoed.notes > 0 { return texts.notesEchoed(echoed.hits, of: echoed.notes) }
            if answered > 0 { return texts.sessionRight(right, of: answered) }
            let mean = errors.isEmpty ? 0 : errors.reduce(0, +) / Double(errors.count)
            return mode == .pitchMatching ? texts.sessionMeanError(mean) : texts.sessionMeanOffset(mean)
        }
    }

    /// The bytes of the journal's end that are read.
    static let window = 2 << 20
    /// The longest pause within a session, seconds.
    static let pause = 5.0 * 60
    /// The most sessions shown.
    static let shown = 30

    /// The sessions, newest first.
    let sessions: [Session]

    /// The sessions of `records` (oldest first), newest first, at most ``shown``.
    init(records: [StoredRecord]) {
        var result: [Session] = []
        var current: [StoredRecord] = []
        var mode: TrainingMode?
        for record in records {
            let recordMode = AnswerLine.mode(of: record)
            if let last = current.last,
                recordMode != mode || abs(record.timestamp.timeIntervalSince(last.timestamp)) > Self.pause,
                let mode
            {
                result.append(Session(mode: mode, records: current))
                current = []
            }
            mode = recordMode
            current.append(record)
        }
        if let mode, !current.isEmpty { result.append(Session(mode: mode, records: current)) }
        sessions = Array(result.suffix(Self.shown).reversed())
    }

    /// The sessions of the store in `directory`.
    /// - Throws: ``StoreError`` when the journal cannot be read.
    static func read(directory: String) throws -> PracticeSessions {
        PracticeSessions(records: try JournalStore.recentRecords(in: directory, bytes: window))
    }
}
