// Earcon: the practice box's short sound signs (ready, each mode, stop, a pitch-matching result), as notes.

import PeachCore

/// A short figure of notes the practice box plays instead of showing a screen. Every earcon is a contour a
/// musician reads at once, played by the internal synth (no sample files):
///
/// | earcon | notes | reads as |
/// |---|---|---|
/// | ``ready`` | C5 E5 G5, rising | a controller is connected and Peach waits for a mode |
/// | ``comparison`` | C5 then G5 | two different notes: compare them |
/// | ``pitchMatching`` | E5 then E5 | the same note twice: make them equal |
/// | ``stopped`` | G5 E5 C5, falling | the session ended |
/// | ``timing`` | G5 G5 G5 | the same note in time: fill the gap |
/// | ``playNotes`` | C5 and C6 together | play back one note |
/// | ``playIntervals`` | C5 and G5 together | play back an interval |
/// | ``playChords`` | C5, E5 and G5 together | play back a chord |
/// | ``playDegrees`` | G5 then C5, falling | a degree in a key (the fifth falling home to the tonic) |
/// | ``playMelodies`` | C5 D5 E5 G5, rising | a phrase to play back |
/// | ``calibration`` | A5 four times, short and even | the timing calibration: tap along with the clicks |
/// | ``chime`` | E6 and B6 together, short | a play-back answer was right (a wrong one: your answer, then the right one); a calibration was kept |
/// | ``strike(offsetMs:)`` | one short note right after a fill-the-gap strike (the calibration taken off) | on time: A5; rushing: B5 (within ``nearTimingBand``) or E6; dragging: G5 or D5 |
/// | ``timingResult(_:)`` | A5, then a second note | after each fill-the-gap trial: on time (within ``onTimeBand``): A5 again; rushing (early) above, dragging (late) below: a whole tone within ``nearTimingBand``, a fifth beyond |
/// | ``result(_:)`` | A5, then a second note | in tune: A5 again; sharp: above A5, flat: below; a whole tone when the error was within ``nearBand``, a fifth when beyond |
///
/// Each note is 110 ms with a 30 ms gap, so a three-note earcon lasts 0.39 s; a result starts 80 ms after the
/// commit (the tuned note's release first) and ends 0.33 s after it.
public struct Earcon: Hashable, Sendable {
    /// One note of an earcon.
    public struct Note: Hashable, Sendable {
        /// The MIDI note (equal temperament on A4 = 440 Hz; earcons are signs, not training notes).
        public var note: MIDINote
        /// When it starts, from the start of the earcon.
        public var start: Duration
        /// How long it sounds.
        public var duration: Duration
    }

    /// What the earcon says (its name in logs and tests).
    public var name: String
    /// Its notes, in order of start.
    public var notes: [Note]

    /// How long one note sounds.
    public static let noteLength = Duration.milliseconds(110)
    /// The silence between two notes.
    public static let noteGap = Duration.milliseconds(30)
    /// A pitch-matching error within this many cents is "in tune" (the result repeats the reference).
    public static let inTuneBand = 5.0
    /// A pitch-matching error beyond ``inTuneBand`` and within this many cents is "near" (a whole tone); beyond
    /// it, "far" (a fifth).
    public static let nearBand = 20.0

    /// The silence before a result earcon, so the tuned note's release has ended when it starts.
    public static let resultDelay = Duration.milliseconds(80)

    /// An earcon of `notes`.
    init(name: String, notes: [Note]) {
        self.name = name
        self.notes = notes
    }

    /// An earcon of `notes` played one after another, the first after `delay`.
    init(name: String, sequence notes: [Int], delay: Duration = .zero) {
        self.name = name
        self.notes = notes.enumerated().map { index, note in
            Note(
                note: MIDINote(clamping: note), start: delay + (Self.noteLength + Self.noteGap) * index,
                duration: Self.noteLength)
        }
    }

    /// An earcon of `notes` sounding together for `duration` (twice a note's length unless given).
    init(name: String, together notes: [Int], duration: Duration = noteLength * 2) {
        self.name = name
        self.notes = notes.map { Note(note: MIDINote(clamping: $0), start: .zero, duration: duration) }
    }

    /// A controller is connected and the box waits for a mode.
    public static let ready = Earcon(name: "ready", sequence: [72, 76, 79])
    /// Comparison training starts.
    public static let comparison = Earcon(name: "comparison", sequence: [72, 79])
    /// Pitch-matching training starts.
    public static let pitchMatching = Earcon(name: "pitchMatching", sequence: [76, 76])
    /// The session ended (a stop, or the controller went away while audio remains).
    public static let stopped = Earcon(name: "stopped", sequence: [79, 76, 72])
    /// Timing training (fill the gap) starts.
    public static let timing = Earcon(name: "timing", sequence: [79, 79, 79])
    /// Play-back of notes starts (also the play-back menu's first entry).
    public static let playNotes = Earcon(name: "playNotes", together: [72, 84])
    /// Play-back of intervals starts.
    public static let playIntervals = Earcon(name: "playIntervals", together: [72, 79])
    /// Play-back of chords starts.
    public static let playChords = Earcon(name: "playChords", together: [72, 76, 79])
    /// Play-back of scale degrees starts: the fifth falling home to the tonic.
    public static let playDegrees = Earcon(name: "playDegrees", sequence: [79, 72])
    /// Play-back of melodies starts: a rising phrase.
    public static let playMelodies = Earcon(name: "playMelodies", sequence: [72, 74, 76, 79])
    /// Rhythm echo starts: an eighth and two sixteenths on E6 (also the menu's entry after chords).
    public static let echo = Earcon(
        name: "echo",
        notes: [0, 240, 360].map {
            Note(note: 88, start: .milliseconds($0), duration: .milliseconds(90))
        })
    /// The timing calibration starts (the menu's last entry): four short, even clicks on A5, as a metronome
    /// counts in: tap along with them.
    public static let calibration = Earcon(
        name: "calibration",
        notes: (0..<4).map {
            Note(note: 81, start: .milliseconds(180 * $0), duration: .milliseconds(60))
        })
    /// A play-back answer was right (and a rhythm echo scoring ``EchoLevel/promotion`` or more; a calibration kept).
    public static let chime = Earcon(name: "chime", together: [88, 95], duration: .milliseconds(150))
    /// A fill-the-gap trial's mean offset within this many milliseconds is "on time" (``TimingVerdict``'s band).
    public static let onTimeBand = TimingVerdict.onTimeBand
    /// A mean offset beyond ``onTimeBand`` and within this many milliseconds is "near" (a whole tone).
    public static let nearTimingBand = TimingVerdict.nearBand

    /// The earcon of a mode.
    public static func mode(_ mode: TrainingMode) -> Earcon {
        switch mode {
        case .pitchMatching: .pitchMatching
        case .gapFill, .offsetDetection: .timing
        case .calibration: .calibration
        case .echo: .echo
        case .comparison, .measurement: .comparison
        case .playBack(let kind): playBack(kind)
        }
    }

    /// The earcon of a play-back kind (the menu's entry, and the start of its session).
    public static func playBack(_ kind: PlayBackKind) -> Earcon {
        switch kind {
        case .notes: playNotes
        case .intervals: playIntervals
        case .chords: playChords
        case .degrees: playDegrees
        case .melodies: playMelodies
        }
    }

    /// How long a strike's note sounds: short, so it is done before the loop's next step.
    public static let strikeNoteLength = Duration.milliseconds(40)
    /// The silence between a strike and its note.
    public static let strikeDelay = Duration.milliseconds(20)

    /// The by-ear feedback on one fill-the-gap strike, ``strikeDelay`` after it: a single short note, A5 when
    /// on time (within ±``onTimeBand`` ms), above when rushing (early), below when dragging (late): a whole
    /// tone within ``nearTimingBand``, a fifth beyond.
    public static func strike(offsetMs: Double) -> Earcon {
        let (interval, band) = timingInterval(offsetMs)
        return Earcon(
            name: "strike." + band,
            notes: [
                Note(note: MIDINote(clamping: 81 + interval), start: strikeDelay, duration: strikeNoteLength)
            ])
    }

    /// The semitones from A5 that say how early or late `offsetMs` is (0 on time; up rushing, down dragging: a
    /// whole tone within ``nearTimingBand``, a fifth beyond) and the band's name.
    private static func timingInterval(_ offsetMs: Double) -> (semitones: Int, band: String) {
        func way(_ direction: TimingDirection) -> (up: Int, name: String) {
            direction == .early ? (1, "Rushing") : (-1, "Dragging")
        }
        switch TimingVerdict(meanOffsetMs: offsetMs) {
        case .onTime: return (0, "onTime")
        case .near(let direction): return (way(direction).up * 2, "near" + way(direction).name)
        case .far(let direction): return (way(direction).up * 7, "far" + way(direction).name)
        }
    }

    /// A fill-the-gap trial's result: A5, then A5 again when the mean offset was within ±``onTimeBand`` ms;
    /// else a note above A5 when rushing (early), below when dragging (late): a whole tone within
    /// ``nearTimingBand``, a fifth beyond. Rushing reads as "ahead", up; dragging as "behind", down.
    public static func timingResult(meanOffsetMs: Double) -> Earcon {
        let (interval, band) = timingInterval(meanOffsetMs)
        return Earcon(name: "timingResult." + band, sequence: [81, 81 + interval])
    }

    /// A rhythm echo's result: the ``chime`` when it scored ``EchoLevel/promotion`` or more; else the
    /// ``timingResult(meanOffsetMs:)`` of its hits, with the calibration it was paired with taken off, when at
    /// least half of it was right (it says early or late); else A5 falling to E5: missed.
    public static func echoResult(_ completed: CompletedEcho) -> Earcon {
        if completed.score >= EchoLevel.promotion { return chime }
        if completed.score >= EchoLevel.demotion, let mean = completed.calibratedMeanOffsetMs {
            return timingResult(meanOffsetMs: mean)
        }
        return Earcon(name: "echoMissed", sequence: [81, 76])
    }

    /// A pitch-matching result, ``resultDelay`` after the commit: A5, then A5 again when `error` was within ±``inTuneBand`` cents; else a note
    /// above A5 when the tuned note was sharp (below when flat): a whole tone when within ``nearBand``, a fifth
    /// beyond it.
    public static func result(_ error: Cents) -> Earcon {
        let magnitude = abs(error.rawValue)
        let step = magnitude <= inTuneBand ? 0 : magnitude <= nearBand ? 2 : 7
        let direction = error.rawValue > 0 ? 1 : -1
        let band = step == 0 ? "inTune" : (step == 2 ? "near" : "far") + (direction > 0 ? "Sharp" : "Flat")
        return Earcon(name: "result." + band, sequence: [81, 81 + direction * step], delay: resultDelay)
    }

    /// From the start of the first note to the end of the last.
    public var duration: Duration {
        notes.map { $0.start + $0.duration }.max() ?? .zero
    }

    /// Plays the earcon on `player` at `level` (dB): its notes are placed together, so a player that counts its
    /// own time (the internal synth) keeps their spacing exact however busy the main actor is (a store written
    /// on a Pi's SD card at a session's end); other players start and stop them by timers on `clock`. A note
    /// that cannot be played is skipped (an earcon is never worth an error).
    @MainActor
    public func play(on player: any NotePlayer, clock: any SessionClock, level: AmplitudeDB) {
        for note in notes {
            try? player.play(
                frequency: note.note.frequency(referencePitch: 440), velocity: 80, amplitude: level,
                after: note.start, duration: note.duration, clock: clock)
        }
    }
}
