// PracticeSessions: the recent answers grouped into sittings of one mode, for the dashboard's sessions page.

import Foundation
import PeachCore
import PeachStore
import PeachText
import PeachTraining

/// Recent answers as practice sessions, the way a musician counts them: a **session** is a sitting, answers
/// with less than ``pause`` between them whatever was practised (a player who warms up on pitch and moves on to
/// degrees sat down once); its **parts** are its modes, each with its answers and what they came to. Read from
/// the journal's last ``window`` bytes (``JournalStore/recentRecords(in:bytes:)``: about 8,000 answers), so the
/// page costs the same for a store of a hundred answers or of a lifetime.
struct PracticeSessions: Sendable {
    /// The answers of one mode within a session.
    struct Part: Sendable {
        /// The mode they were practised in.
        let mode: TrainingMode
        /// Its answers, oldest first.
        var records: [StoredRecord]

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

    /// One session: a sitting.
    struct Session: Sendable {
        /// Its modes in the order first practised, each with its answers.
        let parts: [Part]
        /// Its answers, oldest first.
        let records: [StoredRecord]

        /// The session of `records` (oldest first), parted by mode.
        init(records: [StoredRecord]) {
            var parts: [Part] = []
            for record in records {
                let mode = AnswerLine.mode(of: record)
                if let index = parts.firstIndex(where: { $0.mode == mode }) {
                    parts[index].records.append(record)
                } else {
                    parts.append(Part(mode: mode, records: [record]))
                }
            }
            self.parts = parts
            self.records = records
        }

        /// When it began.
        var start: Date { records.first?.timestamp ?? .distantPast }
        /// How long it lasted: its first answer to its last, seconds.
        var length: Double { max(0, (records.last?.timestamp ?? start).timeIntervalSince(start)) }
        /// Its address: the start in milliseconds since 1970.
        var id: String { String(Int64((start.timeIntervalSince1970 * 1000).rounded(.down))) }
    }

    /// The bytes of the journal's end that are read.
    static let window = 2 << 20
    /// The longest pause within a session, seconds.
    static let pause = 5.0 * 60
    /// The most sessions shown.
    static let shown = 30

    /// The sessions, newest first.
    let sessions: [Session]
    /// Every session read (not only the ones shown), oldest first: its start and length, for the practice time.
    let sittings: [(start: Date, length: Double)]

    /// The sessions of `records` (oldest first), newest first, at most ``shown``.
    init(records: [StoredRecord]) {
        var result: [Session] = []
        var current: [StoredRecord] = []
        for record in records {
            if let last = current.last, abs(record.timestamp.timeIntervalSince(last.timestamp)) > Self.pause {
                result.append(Session(records: current))
                current = []
            }
            current.append(record)
        }
        if !current.isEmpty { result.append(Session(records: current)) }
        sessions = Array(result.suffix(Self.shown).reversed())
        sittings = result.map { ($0.start, $0.length) }
    }

    /// The sessions of the store in `directory`.
    /// - Throws: ``StoreError`` when the journal cannot be read.
    static func read(directory: String) throws -> PracticeSessions {
        PracticeSessions(records: try JournalStore.recentRecords(in: directory, bytes: window))
    }
}
