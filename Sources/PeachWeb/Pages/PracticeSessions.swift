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
/// first page costs the same for a store of a hundred answers or of a lifetime; an older page reads further back
/// (up to ``deepestWindow``).
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

    /// The bytes of the journal's end that are read first (about 8,000 answers); an older page doubles them.
    static let window = 2 << 20
    /// The most bytes read for an older page: 32 MiB, about 120,000 answers (years of daily practice); what
    /// lies before is in the exports.
    static let deepestWindow = 32 << 20
    /// The longest pause within a session, seconds.
    static let pause = 5.0 * 60
    /// The sessions on a page.
    static let shown = 30

    /// The sessions read whole, newest first (the oldest one read is left out unless the journal was read
    /// from its start: its beginning may lie before the bytes read).
    let sessions: [Session]
    /// Every session read, oldest first: its start and length, for the practice time.
    let sittings: [(start: Date, length: Double)]
    /// Whether older sessions may be there that were not read: the journal was not read from its start.
    let hasOlder: Bool

    /// The sessions of `records` (as stored: read in time order, ``TimeOrder``), newest first; `reachesStart`
    /// when they begin the journal.
    init(records: [StoredRecord], reachesStart: Bool = true) {
        var result: [Session] = []
        var current: [StoredRecord] = []
        for record in TimeOrder.ordered(records, by: \.timestamp) {
            if let last = current.last, record.timestamp.timeIntervalSince(last.timestamp) > Self.pause {
                result.append(Session(records: current))
                current = []
            }
            current.append(record)
        }
        if !current.isEmpty { result.append(Session(records: current)) }
        sessions = Array(result.dropFirst(reachesStart ? 0 : 1).reversed())
        sittings = result.map { ($0.start, $0.length) }
        hasOlder = !reachesStart
    }

    /// The sessions of page `number` (1: the newest ``shown``), newest first; empty past the last.
    func page(_ number: Int) -> ArraySlice<Session> {
        let first = (max(number, 1) - 1) * Self.shown
        guard first < sessions.count else { return [] }
        return sessions[first..<min(first + Self.shown, sessions.count)]
    }

    /// Whether page `number` has every session it should show (or is the last there is).
    func covers(page number: Int) -> Bool { !hasOlder || sessions.count > number * Self.shown }

    /// The sessions of the store in `directory`, read from the journal's end until `enough` says they are (or
    /// the journal's start, or ``deepestWindow`` bytes, is reached).
    /// - Throws: ``StoreError`` when the journal cannot be read.
    static func read(
        directory: String, until enough: (PracticeSessions) -> Bool = { _ in true }
    ) throws -> PracticeSessions {
        var bytes = window
        while true {
            let (records, reachesStart) = try JournalStore.recentRecordsReachingStart(
                in: directory, bytes: bytes)
            let sessions = PracticeSessions(records: records, reachesStart: reachesStart)
            if reachesStart || bytes >= deepestWindow || enough(sessions) { return sessions }
            bytes *= 2
        }
    }
}
