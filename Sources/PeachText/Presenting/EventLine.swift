// EventLine: one line of the `--events` JSON Lines stream, as an Encodable type.

import Foundation
import PeachCore
import PeachStore
import PeachTraining

/// One event of the `--events` stream. Every line has `event` and `time` (ISO 8601, UTC, milliseconds, as the
/// store writes record times); the other fields depend on the event (absent fields are left out):
///
/// | event | fields |
/// |---|---|
/// | `started` | `mode` (`comparison`, `pitchMatching`, `offsetDetection`, …), `profile` (controller profile), `output`, and for the built-in synth `stack` (`hardware`, `dmix`, `pipeWire`, `pulseAudio`, `jack`, `null`, `file`, `other`: what the sound goes through) |
/// | `modeChanged` | `mode` |
/// | `trialStarted` | comparison: `note1`, `note2` (MIDI numbers), signed `cents`; matching: `referenceNote`, `initialCents`; interval trials add `interval`, `tuning` (and matching `targetNote`); timing: `tempo`, signed `offsetMs`, `offsetClick` (the step of the offset note), `pattern` (`4:xxxx`) |
/// | `replayStarted` | comparison: `note1`, `note2`, `cents`; matching: `referenceNote`, `initialCents`; interval trials as above; play-back: as `question` |
/// | `note2Started` | comparison: answers count from now |
/// | `tunableStarted` | matching: the control tunes from now |
/// | `answer` | comparison: `answer` (`higher` or `lower`), `input`; timing: `answer` (`early` or `late`), `input` |
/// | `result` | play-back: `correct`, `item`, `verdict` (`right`, `otherOctave`, `otherVoicing`, `otherRoot`, `incomplete`, `extraNotes`, `wrongItem`, `noItem`, `wrongNotes`), and when wrong `heardAs` (the item the notes played are; absent for none), melodies `marks` and `extra`; comparison: `correct`, `cents`; matching: signed `errorCents`, `band`, `input`; timing: `correct`, `offsetMs`, `tempo`, `pattern`; fill the gap: `tempo`, `meanOffsetMs`, with a calibration `calibratedMeanOffsetMs`, `strikes`, and after silent bars `driftMsPerBar`, `silentMeanOffsetMs`; rhythm echo: `rhythm`, `level`, `hits`, `missed`, `extras`, `score`, `meanOffsetMs`, with a calibration `calibratedMeanOffsetMs`, `tempo` |
/// | `repetition` | timing: the pattern plays again, unanswered: `repetition` (2, 3, …) |
/// | `loopStarted` | fill the gap: `tempo` (BPM), `gapPositions` (the steps to strike), with a pattern `pattern` |
/// | `strike` | fill the gap: a strike that counted: `position` (its gap's step), signed `offsetMs`, with a calibration `calibratedOffsetMs`, in silent bars `silentBar` (bars into the silence) |
/// | `countIn` | rhythm echo: the count-in bar starts: `tempo` |
/// | `call` | rhythm echo: a bar to echo plays: `rhythm`, `level` |
/// | `respond` | rhythm echo: the echo bar starts: `rhythm` |
/// | `echoOnset` | rhythm echo, as an echo bar is scored: each note's `beat`, `hit`, and `offsetMs` when hit, with a calibration `calibratedOffsetMs` |
/// | `levelChanged` | rhythm echo: the level moved to `level` |
/// | `silence` | fill the gap: the loop drops out for `bars` silent bars; strikes go on |
/// | `tempoChanged` | fill the gap: the tempo ramp stepped to `tempo` |
/// | `dropout` | the sound broke off (an audio underrun): timing: the clicks were heard out of time: offset detection discards the trial, fill the gap starts its trial again; play-back: `dropouts` (how many in this session), `replaying` (melodies in tempo: not judged, the phrase plays again; otherwise the answer still counts) |
/// | `cadence` | play-back, degrees: the key's cadence sounds: `key` |
/// | `question` | play-back: `kind` (`notes`, `intervals`, `chords`, `degrees`, `melodies`), `item` (`M3down`, `minor/1`, `5-major`, `steps4`), `referenceNote` (the given note; the bass of a chord; the tonic of a degree or melody), `soundedNotes` (what Peach plays, in order), `answerNotes` (the MIDI notes the answer must contain, lowest first; a melody's in order), `spelled` (those notes as a musician writes them in the question's context: `F4`, `A♭4`, `C5`), `symbol` (a chord's symbol: `Fm`, `G7/B`), `key` (degrees, melodies: `E♭ major`), `lengths` (melodies: each note's length in beats, `[1, 0.5, 0.5, 2]`) |
/// | `resolving` | play-back, degrees: a right note resolves home: `soundedNotes`, `spelled` |
/// | `answerable` | play-back: the answer window opened (notes played from now on answer): `answerNotes` |
/// | `referenceOnly` | play-back: only the given reference was played; the window stays open |
/// | `playedDuringCall` | play-back, melodies: notes were played while the phrase sounded, and none answers. In tempo: the response passed without a note (the count-in counts too); the phrase plays again (`replayStarted`). Free: as the answer window opens (just before `answerable`); the answer is still to be played |
/// | `played` | play-back: the captured answer: `played` (each note's `note`, `velocity` and `onsetMs` after the first, by the kernel's stamps, to 0.1 ms as stored), `responseTime` (seconds after the window opened), `input` |
/// | `skipped` | play-back: the question was skipped (not stored): `item` |
/// | `stopped` | `reason` (`user`, `signal`, `controllerDisconnected`, `audioFailure`, `inputEnded`), `detail` |
///
/// The events table in docs/training.md is checked against ``schema`` by a test, and ``schema`` against what encodes.
public struct EventLine: Encodable, Equatable, Sendable {
    /// The event's name.
    public var event: String
    /// When it happened.
    public var time: String
    /// `started`, `modeChanged`: the mode.
    public var mode: String?
    /// `started`: the controller profile.
    public var profile: String?
    /// `started`: the sound output.
    public var output: String?
    /// `started`: what the built-in synth's sound goes through (``AudioStack``'s names).
    public var stack: String?
    /// Comparison: the first note's MIDI number.
    public var note1: Int?
    /// Comparison: the second note's MIDI number.
    public var note2: Int?
    /// Comparison: the signed cent difference (+ means note 2 is higher).
    public var cents: Double?
    /// Pitch matching: the reference note's MIDI number.
    public var referenceNote: Int?
    /// Pitch matching: the tunable note's starting offset, cents.
    public var initialCents: Double?
    /// Interval trials: the note the tunable tone is tuned to (matching).
    public var targetNote: Int?
    /// Interval trials: the interval, e.g. `P5`, `M3down`.
    public var interval: String?
    /// Interval trials: the tuning (`equal`, `just`, `pythagorean`).
    public var tuning: String?
    /// `answer`: `higher` or `lower`.
    public var answer: String?
    /// `answer`, matching `result`: the kind of input that answered or tuned.
    public var input: String?
    /// Comparison `result`: whether the answer was right.
    public var correct: Bool?
    /// Matching `result`: the signed error, cents (+ sharp).
    public var errorCents: Double?
    /// Matching `result`: the feedback band (`deadCenter`, `close`, `moderate`, `far`).
    public var band: String?
    /// Timing: the tempo, BPM.
    public var tempo: Int?
    /// Timing: a signed offset, milliseconds (negative = early).
    public var offsetMs: Double?
    /// Offset detection: which click (2–4) is offset.
    public var offsetClick: Int?
    /// Fill the gap: in silent bars, the bars since the silence began when the struck gap was due.
    public var silentBar: Double?
    /// Fill the gap: the silent bars' drift, ms per bar (positive: dragging further).
    public var driftMsPerBar: Double?
    /// Fill the gap: the silent bars' mean offset, ms.
    public var silentMeanOffsetMs: Double?
    /// Fill the gap: the bars the loop drops out for.
    public var bars: Int?
    /// Rhythm echo: the bar, e.g. `4:x-xx 2:xx 3:xxx 1:x`.
    public var rhythm: String?
    /// Rhythm echo: the level the bar was drawn at (or moved to).
    public var level: Int?
    /// Rhythm echo: a note's place in the bar, beats.
    public var beat: Double?
    /// Rhythm echo: whether a note was hit.
    public var hit: Bool?
    /// Rhythm echo: the notes hit, missed, and the extra strikes.
    public var hits: Int?
    /// Rhythm echo: the notes missed.
    public var missed: Int?
    /// Rhythm echo: strikes that matched no note.
    public var extras: Int?
    /// Rhythm echo: hits over notes and extra strikes, 0 … 1.
    public var score: Double?
    /// Timing: the pattern, e.g. `4:x-xx`.
    public var pattern: String?
    /// Timing: which repetition of the pattern begins (2, 3, …).
    public var repetition: Int?
    /// Fill the gap: the silent steps (1–4).
    public var gapPositions: [Int]?
    /// Fill the gap `strike`: the step of the gap struck.
    public var position: Int?
    /// Fill the gap `strike`, rhythm echo `echoOnset`: the offset with the timing calibration taken off,
    /// milliseconds.
    public var calibratedOffsetMs: Double?
    /// Fill the gap and rhythm echo `result`: the mean signed offset, milliseconds.
    public var meanOffsetMs: Double?
    /// Fill the gap and rhythm echo `result`: the mean offset with the timing calibration taken off, milliseconds.
    public var calibratedMeanOffsetMs: Double?
    /// Fill the gap `result`: the strikes counted.
    public var strikes: Int?
    /// `stopped`: why.
    public var reason: String?
    /// `stopped`: the details (the device, the signal), in English.
    public var detail: String?
    /// Play-back: the kind.
    public var kind: String?
    /// Play-back: the item's id.
    public var item: String?
    /// Play-back: the notes Peach sounds for the question, in order.
    public var soundedNotes: [Int]?
    /// Play-back: the MIDI notes the answer must contain, lowest first.
    public var answerNotes: [Int]?
    /// Play-back: ``answerNotes`` spelled in the question's context, the English way (`F4`, `A♭4`, `C5`).
    public var spelled: [String]?
    /// Play-back: a chord question's symbol, the English way (`Fm`, `B♭m7`, `G7/B`).
    public var symbol: String?
    /// Play-back, degrees: the question's key, the English way (`E♭ major`, `F♯ minor`).
    public var key: String?
    /// Play-back, melodies: how many beats each note of the phrase lasts (its rhythm: `[1, 0.5, 0.5, 2]`).
    public var lengths: [Double]?
    /// Play-back: the notes of the captured answer.
    public var played: [PlayedNote]?
    /// Play-back: seconds from the answer window opening to the answer's first note.
    public var responseTime: Double?
    /// Play-back: what a wrong answer was heard as (an item id; absent when the notes are no item, as in the
    /// store).
    public var heardAs: String?
    /// Play-back, `placementEnded`: how many items are in play after the placement.
    public var inPlay: Int?
    /// `dropout` in play-back: the dropouts in this session so far.
    public var dropouts: Int?
    /// `dropout` in play-back: whether the question plays again unjudged (melodies in tempo).
    public var replaying: Bool?
    /// Play-back, `notCounted`: notes struck after the chord window (onsets after the answer's first note).
    public var late: [PlayedNote]?
    /// Play-back, `notCounted`: grazed keys (onsets 0: they belong to no answer).
    public var grazed: [PlayedNote]?
    /// Play-back: the kind of answer (``PlayBackVerdict/Outcome``: `right`, `otherOctave`, `otherVoicing`,
    /// `otherRoot`, `incomplete`, `extraNotes`, `wrongItem`, `noItem`).
    public var verdict: String?

    /// Play-back, melodies: each note of the phrase judged in place.
    public var marks: [MelodyNote]?
    /// Play-back, melodies: the notes played that belong to no note of the phrase.
    public var extra: [Int]?
    /// Play-back, melodies in tempo: each note of the phrase, how far from its place on the grid it was played,
    /// milliseconds (positive late, to 0.1 ms; null when missing).
    public var offsetsMs: [Double?]?

    /// One note of a melody's `result`: the note asked, how it was answered, and the note played instead.
    public struct MelodyNote: Encodable, Equatable, Sendable {
        /// The MIDI note asked.
        public var note: Int
        /// `right`, `wrong` or `missing`.
        public var mark: String
        /// The note played instead (`wrong` only).
        public var played: Int?
    }

    /// One played note of a `played` line.
    public struct PlayedNote: Encodable, Equatable, Sendable {
        /// The MIDI note.
        public var note: Int
        /// The note-on velocity.
        public var velocity: Int
        /// The onset after the answer's first note, milliseconds.
        public var onsetMs: Double
    }

    /// A line for `event` at `time`.
    public init(_ event: String, at time: Date) {
        self.event = event
        self.time = Timestamp.format(time)
    }

    /// Every event's name, in the order a session meets them (`--events`' help lists them so).
    public static let eventOrder = [
        "started", "modeChanged", "trialStarted", "replayStarted", "note2Started", "tunableStarted", "answer",
        "result",
        "repetition", "loopStarted", "silence", "tempoChanged", "countIn", "call", "respond", "echoOnset",
        "levelChanged", "strike", "dropout", "cadence", "drone", "question", "answerable",
        "referenceOnly", "playedDuringCall", "played", "notCounted", "resolving", "placementEnded",
        "skipped",
        "stopped",
    ]

    /// The fields each event carries besides `event` and `time`, as docs/training.md documents them.
    public static let schema: [String: Set<String>] = [
        "started": ["mode", "profile", "output", "stack"],
        "modeChanged": ["mode"],
        "trialStarted": [
            "note1", "note2", "cents", "referenceNote", "initialCents", "targetNote", "interval", "tuning",
            "tempo",
            "offsetMs", "offsetClick", "pattern",
        ],
        "replayStarted": [
            "note1", "note2", "cents", "referenceNote", "initialCents", "targetNote", "interval", "tuning",
            "kind",
            "item", "soundedNotes", "answerNotes", "spelled", "symbol", "key", "lengths",
        ],
        "note2Started": [],
        "tunableStarted": [],
        "answer": ["answer", "input"],
        "result": [
            "correct", "cents", "errorCents", "band", "input", "offsetMs", "tempo", "pattern", "meanOffsetMs",
            "calibratedMeanOffsetMs", "strikes",
            "item", "heardAs", "verdict", "marks", "extra", "offsetsMs", "driftMsPerBar",
            "silentMeanOffsetMs", "rhythm",
            "level", "hits",
            "missed",
            "extras",
            "score",
        ],
        "repetition": ["repetition"],
        "loopStarted": ["tempo", "gapPositions", "pattern"],
        "strike": ["position", "offsetMs", "calibratedOffsetMs", "silentBar"],
        "silence": ["bars"],
        "countIn": ["tempo"],
        "call": ["rhythm", "level"],
        "respond": ["rhythm"],
        "echoOnset": ["beat", "offsetMs", "calibratedOffsetMs", "hit"],
        "levelChanged": ["level"],
        "tempoChanged": ["tempo"],
        "dropout": ["dropouts", "replaying"],
        "cadence": ["key"],
        "drone": ["key"],
        "question": [
            "kind", "item", "referenceNote", "soundedNotes", "answerNotes", "spelled", "symbol", "key",
            "lengths",
        ],
        "answerable": ["answerNotes"],
        "referenceOnly": [],
        "playedDuringCall": [],
        "played": ["played", "responseTime", "input"],
        "notCounted": ["late", "grazed"],
        "resolving": ["soundedNotes", "spelled"],
        "placementEnded": ["inPlay"],
        "skipped": ["item"],
        "stopped": ["reason", "detail"],
    ]

    /// The line as JSON text (sorted keys, no newline).
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The fields of a play-back question, its notes spelled (lone ones in `key`).
    mutating func set(_ question: PlayBackQuestion, in key: KeySignature) {
        kind = question.item.kind.rawValue
        item = question.item.id
        referenceNote = question.reference.rawValue
        soundedNotes = question.soundedNotes.map(\.rawValue)
        answerNotes = question.answerNotes.map(\.rawValue)
        spelled = question.spelled(question.answerNotes, in: key).map(\.description)
        var english = Self.english
        english.keySignature = key
        symbol = english.chordSymbol(question)
        self.key = question.key?.description
        lengths = question.item.kind == .melodies ? question.lengths : nil
    }

    /// The words of the fields that are text for people (a chord's symbol), the English way as every line.
    private static let english = Texts(language: .english)

    mutating func set(_ comparison: Comparison) {
        note1 = comparison.note1.rawValue
        note2 = comparison.note2.rawValue
        cents = comparison.centDifference.rawValue
        if let trialInterval = comparison.interval, trialInterval != .prime {
            interval = trialInterval.description
            tuning = comparison.tuningSystem.rawValue
        }
    }

    /// The fields of a pitch-matching challenge.
    mutating func set(_ challenge: PitchMatchingChallenge) {
        referenceNote = challenge.referenceNote.rawValue
        initialCents = challenge.initialOffset.rawValue
        if challenge.interval != .prime {
            targetNote = challenge.targetNote.rawValue
            interval = challenge.interval.description
            tuning = challenge.tuningSystem.rawValue
        }
    }
}
