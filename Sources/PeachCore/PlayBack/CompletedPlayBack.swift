// CompletedPlayBack: one answered play-back question, as the store keeps it and the profile counts it.

import Foundation

/// An answered play-back question: what was asked, what was played (each note's velocity and onset after the
/// answer's first), the verdict, and how long the player took to start.
public struct CompletedPlayBack: Hashable, Sendable {
    /// The question.
    public let question: PlayBackQuestion
    /// The notes of the answer in onset order; each ``PlayedNote/time`` is seconds after the first onset
    /// (0 for the first), kept to 0.1 ms.
    public let played: [PlayedNote]
    /// The verdict.
    public let verdict: PlayBackVerdict
    /// Notes and intervals were judged in any octave.
    public let anyOctave: Bool
    /// Chords were judged in any voicing.
    public let anyVoicing: Bool
    /// When the answer was judged.
    public let timestamp: Date
    /// Seconds from the end of the question (the answer window opening) to the answer's first onset; 0 when
    /// the player started during the question (at most ``ValueDomains/answerTime``'s day).
    public let responseTime: Double
    /// What the notes came from (`midi-note`, `keyboard`, `simulated`).
    public let inputKind: InputKind
    /// Melodies in tempo: the tempo of the grid the answer was played against; nil when played freely.
    public let tempo: Tempo?
    /// Melodies in tempo: the first note played, seconds after the response's first beat (``TempoGrid``), kept to
    /// 0.1 ms; with the onsets it places every note on the grid.
    public let gridOffset: Double?

    /// A completed question; the verdict is made from the played notes (``PlayBackVerdict/judge``), the onsets
    /// made relative to the first and kept to 0.1 ms, the time and the response time to the millisecond (what
    /// the store keeps, so an answer read back equals the one given).
    public init(
        question: PlayBackQuestion, played: [PlayedNote], anyOctave: Bool, anyVoicing: Bool, timestamp: Date,
        responseTime: Double, inputKind: InputKind, tempo: Tempo? = nil, gridOffset: Double? = nil
    ) {
        let first = played.map(\.time).min() ?? 0
        self.question = question
        self.played = played.map {
            PlayedNote(
                note: $0.note, velocity: $0.velocity, time: (($0.time - first) * 10_000).rounded() / 10_000)
        }
        self.tempo = tempo
        self.gridOffset = gridOffset.map { ($0 * 10_000).rounded() / 10_000 }
        verdict = PlayBackVerdict.judge(
            question, played: played.map(\.note),
            options: PlayBackOptions(kind: question.item.kind, anyOctave: anyOctave, anyVoicing: anyVoicing),
            beats: Self.beats(of: question, played: self.played, tempo: tempo, gridOffset: self.gridOffset))
        self.anyOctave = anyOctave
        self.anyVoicing = anyVoicing
        self.timestamp = Date(
            timeIntervalSince1970: (timestamp.timeIntervalSince1970 * 1000).rounded() / 1000)
        self.responseTime =
            (min(max(responseTime, 0), ValueDomains.answerTime.upperBound) * 1000).rounded() / 1000
        self.inputKind = inputKind
    }

    /// Melodies in tempo: each note's place on the response's grid and each played note's, in beats from the
    /// response's first beat (what the alignment weighs, ``MelodyMark/alignment(expected:played:anyOctave:beats:)``);
    /// nil when played freely.
    static func beats(
        of question: PlayBackQuestion, played: [PlayedNote], tempo: Tempo?, gridOffset: Double?
    ) -> (expected: [Double], played: [Double])? {
        guard let tempo, let gridOffset else { return nil }
        let grid = TempoGrid(tempo: tempo, start: 0, lengths: question.lengths)
        return (grid.noteBeats, played.map { (gridOffset + $0.time) / tempo.beat })
    }

    /// Degrees in a row: the asked degree (the row's last note) was played right though another note of the row
    /// was not: a miss of the question, but no confusion of its item.
    public var missedOnlyTheLine: Bool {
        !isCorrect && question.item.kind == .degrees && question.isPhrase && verdict.marks.last == .right
    }

    /// Melodies in tempo: each note of the phrase, how far from its place on the grid it was played, seconds
    /// (positive late; nil when missing); empty when played freely. The note that answered a place is the one the
    /// verdict's alignment gives it (``PlayBackVerdict/answeredBy``), right or wrong.
    public var noteOffsets: [Double?] {
        guard let tempo, let gridOffset,
            let beats = Self.beats(of: question, played: played, tempo: tempo, gridOffset: gridOffset)
        else { return [] }
        var offsets: [Double?] = []
        for (index, beat) in zip(verdict.answeredBy, beats.expected) {
            guard let index else {
                offsets.append(nil)
                continue
            }
            let place: Double = beat * tempo.beat
            offsets.append(gridOffset + played[index].time - place)
        }
        return offsets
    }

    /// Whether the answer was right.
    public var isCorrect: Bool { verdict.isCorrect }
}

/// Receives every answered play-back question before its feedback: the store (durably) and the profile tracker.
@MainActor
public protocol PlayBackObserver: AnyObject {
    /// Called once per answered question.
    func playBackCompleted(_ completed: CompletedPlayBack) throws
}
