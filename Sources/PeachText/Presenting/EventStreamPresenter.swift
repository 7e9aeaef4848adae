// EventStreamPresenter: `--events FILE|-`, a JSON Lines account of a run for other tools and tests.

import Foundation
import PeachCore
import PeachSystem
import PeachTraining

/// Writes one ``EventLine`` per thing that happens in a run, as it happens. A result line comes after the
/// answer is stored (the run presents results only then). Details of a stop are in English, whatever the
/// user's language, so tools can read them.
@MainActor
public final class EventStreamPresenter: TrainingPresenter {
    private let write: (String) -> Void
    private let english = Texts(language: .english)
    /// The key signature the `spelled` fields spell lone notes in (the `keySignature` setting).
    public var keySignature = KeySignature.c

    /// A presenter that hands each line (without its newline) to `write`.
    public init(write: @escaping (String) -> Void) {
        self.write = write
    }

    /// A presenter writing to `file`. When its reader goes away (`--events - | head`, a closed FIFO),
    /// `onClosed` is called so the run can end cleanly; any other failure (a full disk) leaves training going.
    public convenience init(file: SystemFile, onClosed: @escaping @Sendable () -> Void) {
        self.init { line in
            do {
                try file.writeAll(Array((line + "\n").utf8))
            } catch let error as FileError where error.errno == .brokenPipe {
                onClosed()
            } catch {
                // The events are a side channel: the training and its store go on.
            }
        }
    }

    /// The events file for `--events PATH`, opened in place (a FIFO or `/dev/stdout` stays what it is), or
    /// stdout for `-`. New files are the user's alone (0600): they carry answers.
    /// - Throws: ``CommandError/cannotWrite(_:)``.
    public static func openFile(_ path: String) throws(CommandError) -> SystemFile {
        if path == "-" { return SystemFile(borrowing: STDOUT_FILENO, path: "-") }
        do {
            return try SystemFile(path: path, flags: O_WRONLY | O_CREAT | O_TRUNC, permissions: 0o600)
        } catch {
            throw .cannotWrite(error)
        }
    }

    /// Writes the lines for `event`.
    public func present(_ event: TrainingEvent, at time: Date) {
        for line in lines(for: event, at: time) { write(line.json()) }
    }

    /// The lines for `event` (none for events the stream does not carry: notices, ticks, feedback's end).
    public func lines(for event: TrainingEvent, at time: Date) -> [EventLine] {
        var line = EventLine("", at: time)
        switch event {
        case .started(let mode, let profile, let output, let stack):
            line.event = "started"
            line.mode = mode.rawValue
            line.profile = profile
            line.output = output
            line.stack = stack?.rawValue
        case .modeChanged(let mode):
            line.event = "modeChanged"
            line.mode = mode.rawValue
        case .comparison(let event, _):
            return comparisonLines(event, at: time)
        case .pitchMatching(let event, _):
            return pitchMatchingLines(event, at: time)
        case .offsetDetection(let event, _):
            return offsetDetectionLines(event, at: time)
        case .gapFill(let event, let progress):
            return gapFillLines(event, calibration: progress.calibration, at: time)
        case .echo(let event, _):
            return echoLines(event, at: time)
        case .playBack(let event, _):
            return playBackLines(event, at: time)
        case .ended(let ending, _, _):
            line.event = "stopped"
            line.reason = ending.name
            line.detail = english.detail(of: ending)
        case .notice, .tick:
            return []
        }
        return [line]
    }

    private func comparisonLines(_ event: ComparisonSessionEvent, at time: Date) -> [EventLine] {
        var line = EventLine("", at: time)
        switch event {
        case .trialStarted(let comparison):
            line.event = "trialStarted"
            line.set(comparison)
        case .replayStarted(let comparison):
            line.event = "replayStarted"
            line.set(comparison)
        case .note2Started:
            line.event = "note2Started"
        case .answered(let completed):
            var lines = answerLines(
                completed.answer.rawValue, input: completed.inputKind, correct: completed.isCorrect,
                at: completed.timestamp)
            lines[1].cents = completed.comparison.centDifference.rawValue
            return lines
        case .awaitingAnswer, .observerFailed, .feedbackEnded, .stopped:
            return []
        }
        return [line]
    }

    private func pitchMatchingLines(_ event: PitchMatchingSessionEvent, at time: Date) -> [EventLine] {
        var line = EventLine("", at: time)
        switch event {
        case .trialStarted(let challenge):
            line.event = "trialStarted"
            line.set(challenge)
        case .replayStarted(let challenge):
            line.event = "replayStarted"
            line.set(challenge)
        case .tunableStarted:
            line.event = "tunableStarted"
        case .committed(let completed):
            line = EventLine("result", at: completed.timestamp)
            line.errorCents = completed.userError.rawValue
            line.band = completed.feedbackBand.rawValue
            line.input = completed.tuneControl.rawValue
        case .observerFailed, .feedbackEnded, .stopped:
            return []
        }
        return [line]
    }

    /// An answer's two lines: `answer` (what and with which control) and `result` (whether it was right),
    /// at the stored record's time; the caller adds the result's trial fields.
    private func answerLines(_ answer: String, input: InputKind, correct: Bool, at time: Date) -> [EventLine]
    {
        var answerLine = EventLine("answer", at: time)
        answerLine.answer = answer
        answerLine.input = input.rawValue
        var result = EventLine("result", at: time)
        result.correct = correct
        return [answerLine, result]
    }

    private func offsetDetectionLines(_ event: OffsetDetectionEvent, at time: Date) -> [EventLine] {
        switch event {
        case .trialStarted(let trial, _):
            var line = EventLine("trialStarted", at: time)
            line.tempo = trial.tempo.bpm
            line.offsetMs = trial.offsetMs
            line.offsetClick = trial.offsetPosition
            line.pattern = trial.pattern.id
            return [line]
        case .repetition(_, let number, _):
            var line = EventLine("repetition", at: time)
            line.repetition = number
            return [line]
        case .answered(let completed):
            var lines = answerLines(
                completed.answer.rawValue, input: completed.inputKind, correct: completed.isCorrect,
                at: completed.timestamp)
            lines[1].offsetMs = completed.trial.offsetMs
            lines[1].tempo = completed.trial.tempo.bpm
            lines[1].pattern = completed.trial.pattern.id
            return lines
        case .dropout:
            return [EventLine("dropout", at: time)]
        case .answerable, .observerFailed, .feedbackEnded, .stopped:
            return []
        }
    }

    private func gapFillLines(
        _ event: GapFillEvent, calibration: TimingCalibration?, at time: Date
    ) -> [EventLine] {
        var line = EventLine("", at: time)
        switch event {
        case .started(let tempo, let positions, _, let pattern):
            line.event = "loopStarted"
            line.tempo = tempo.bpm
            line.gapPositions = positions
            line.pattern = pattern?.id
        case .struck(let strike, _):
            line.event = "strike"
            line.position = strike.position
            line.offsetMs = strike.offsetMs
            line.silentBar = strike.silentBar
            line.calibratedOffsetMs = calibration?.calibrated(strike.offsetMs)
        case .trialCompleted(let completed):
            line = EventLine("result", at: completed.timestamp)
            line.tempo = completed.tempo.bpm
            line.meanOffsetMs = completed.meanOffsetMs
            line.calibratedMeanOffsetMs = completed.calibrationMs.map { completed.meanOffsetMs - $0 }
            line.strikes = completed.strikes.count
            line.driftMsPerBar = completed.drift?.msPerBar
            line.silentMeanOffsetMs = completed.drift?.meanOffsetMs
        case .silence(let bars, _):
            line.event = "silence"
            line.bars = bars
        case .tempoChanged(let tempo, _):
            line.event = "tempoChanged"
            line.tempo = tempo.bpm
        case .dropout:
            line.event = "dropout"
        case .strikeOutside, .trialEmpty, .observerFailed, .stopped:
            return []
        }
        return [line]
    }

    private func echoLines(_ event: EchoEvent, at time: Date) -> [EventLine] {
        switch event {
        case .countIn(let tempo, _):
            var line = EventLine("countIn", at: time)
            line.tempo = tempo.bpm
            return [line]
        case .call(let rhythm, let level, _):
            var line = EventLine("call", at: time)
            line.rhythm = rhythm.description
            line.level = level
            return [line]
        case .respond(let rhythm, _):
            var line = EventLine("respond", at: time)
            line.rhythm = rhythm.description
            return [line]
        case .trialCompleted(let completed):
            let calibration = completed.calibrationMs
            var lines = completed.onsets.map { onset in
                var line = EventLine("echoOnset", at: completed.timestamp)
                line.beat = onset.beat
                line.offsetMs = onset.offsetMs
                line.calibratedOffsetMs = onset.offsetMs.flatMap { offset in calibration.map { offset - $0 } }
                line.hit = onset.offsetMs != nil
                return line
            }
            var result = EventLine("result", at: completed.timestamp)
            result.rhythm = completed.rhythm.description
            result.level = completed.level
            result.hits = completed.hits
            result.missed = completed.missed
            result.extras = completed.extras
            result.score = completed.score
            result.meanOffsetMs = completed.meanOffsetMs
            result.calibratedMeanOffsetMs = completed.meanOffsetMs.flatMap { mean in
                calibration.map { mean - $0 }
            }
            result.tempo = completed.tempo.bpm
            lines.append(result)
            return lines
        case .levelChanged(let level):
            var line = EventLine("levelChanged", at: time)
            line.level = level
            return [line]
        case .dropout:
            return [EventLine("dropout", at: time)]
        case .struck, .strikeOutside, .trialEmpty, .observerFailed, .stopped:
            return []
        }
    }

    private func playBackLines(_ event: PlayBackSessionEvent, at time: Date) -> [EventLine] {
        switch event {
        case .cadence(let key, let context, _):
            var line = EventLine(context == .drone ? "drone" : "cadence", at: time)
            line.key = key.description
            return [line]
        case .grid(let grid):
            var line = EventLine("countIn", at: time)
            line.tempo = grid.tempo.bpm
            return [line]
        case .dropout(_, let total, let replaying):
            var line = EventLine("dropout", at: time)
            line.dropouts = total
            line.replaying = replaying
            return [line]
        case .resolving(let question, let notes):
            var line = EventLine("resolving", at: time)
            line.soundedNotes = notes.map(\.rawValue)
            line.spelled = question.spelled(notes, in: keySignature).map(\.description)
            return [line]
        case .questionStarted(let question, _):
            var line = EventLine("question", at: time)
            line.set(question, in: keySignature)
            return [line]
        case .replayStarted(let question):
            var line = EventLine("replayStarted", at: time)
            line.set(question, in: keySignature)
            return [line]
        case .answerable(let question, _):
            var line = EventLine("answerable", at: time)
            line.answerNotes = question.answerNotes.map(\.rawValue)
            return [line]
        case .referenceOnly:
            return [EventLine("referenceOnly", at: time)]
        case .playedDuringCall:
            return [EventLine("playedDuringCall", at: time)]
        case .answered(let completed):
            var played = EventLine("played", at: completed.timestamp)
            // Onsets to 0.1 ms, as the store keeps them (not a double's tail: 82.10000000000001).
            played.played = completed.played.map {
                EventLine.PlayedNote(
                    note: $0.note.rawValue, velocity: Int($0.velocity.rawValue),
                    onsetMs: ($0.time * 1000 * 10).rounded() / 10)
            }
            played.responseTime = completed.responseTime
            played.input = completed.inputKind.rawValue
            var result = EventLine("result", at: completed.timestamp)
            result.correct = completed.isCorrect
            result.item = completed.question.item.id
            result.verdict = completed.verdict.outcome.rawValue
            if !completed.isCorrect { result.heardAs = completed.verdict.answered?.id }
            if !completed.verdict.marks.isEmpty {
                result.marks = zip(completed.question.answerNotes, completed.verdict.marks).map {
                    note, mark in
                    var played: Int?
                    if case .wrong(let other) = mark { played = other.rawValue }
                    return EventLine.MelodyNote(note: note.rawValue, mark: mark.word, played: played)
                }
                result.extra = completed.verdict.extra.isEmpty ? nil : completed.verdict.extra.map(\.rawValue)
                let offsets = completed.noteOffsets
                if !offsets.isEmpty {
                    result.offsetsMs = offsets.map { offset -> Double? in
                        guard let offset else { return nil }
                        let tenths: Double = (offset * 10_000).rounded()
                        return tenths / 10
                    }
                    result.tempo = completed.tempo?.bpm
                }
            }
            return [played, result]
        case .notCounted(let late, let grazed, _):
            func notes(_ notes: [PlayedNote]) -> [EventLine.PlayedNote]? {
                notes.isEmpty
                    ? nil
                    : notes.map {
                        EventLine.PlayedNote(
                            note: $0.note.rawValue, velocity: Int($0.velocity.rawValue),
                            onsetMs: ($0.time * 1000 * 10).rounded() / 10)
                    }
            }
            var line = EventLine("notCounted", at: time)
            line.late = notes(late)
            line.grazed = notes(grazed.map { PlayedNote(note: $0.note, velocity: $0.velocity, time: 0) })
            return [line]
        case .placementEnded(let inPlay):
            var line = EventLine("placementEnded", at: time)
            line.inPlay = inPlay
            return [line]
        case .skipped(let question):
            var line = EventLine("skipped", at: time)
            line.item = question.item.id
            return [line]
        case .comparingAnswers, .nothingToAsk, .observerFailed, .feedbackEnded, .stopped:
            return []
        }
    }
}
