// PlayBackSession: play-back training: Peach plays a question, the player answers on the keys, Peach judges.

import Foundation

/// A play-back session: each trial chooses an item (``PlayBackScheduler``), plays its question, waits for the
/// player to play the answer, judges it (``PlayBackVerdict``), stores it, and after a wrong answer plays the
/// player's answer and then the right one. Every note the player plays sounds at once (``PlayThrough``),
/// answering or not.
///
/// Times: the answer window opens when the question's last note (or the chord) starts. Notes played before it
/// are heard, not scored. The first note played in the window opens the answer; the notes whose onsets (the
/// kernel's stamps, on the input timeline) lie within the chord window of it are the answer, judged a grace
/// of ``judgingGrace`` after the window closes on the session's clock (so a late-read note of the chord still
/// counts, and one stamped later never does). A note stamped within ``AnswerCapture/lateSpan`` after the window
/// is named as late, whether it came before the verdict or during its feedback; a grazed key (``AnswerCapture``)
/// is not part of the answer, and grazed keys alone do not answer. Both are reported
/// (``PlayBackSessionEvent/notCounted(late:grazed:window:)``).
/// Notes and intervals: playing just the given reference does not answer (a player may find the reference
/// first); the window stays open.
///
/// Degrees: the key's cadence (``PlayBackQuestion/cadence``, chords of ``cadenceChordDuration`` and a rest of
/// ``cadenceRest``) sounds before the note when the ``CadencePlan`` says so, and before every replay — or with
/// ``DegreeContext/drone`` the tonic and its fifth, ``droneLead`` alone and then under the note; the window
/// opens when the note starts. After a right answer the note resolves to the tonic
/// (``PlayBackQuestion/resolution(from:)``), so its function is heard.
///
/// Melodies: the tonic chord, then the phrase (``melodyBeat`` a note, the last held twice as long); the window
/// opens when the phrase's last note starts. The answer is every note played from the first on (grazed keys
/// aside), in the order of their stamps, judged ``melodyPause`` after the last one — or ``melodyFinish`` after it
/// once as many notes as the phrase has were played — each note in place (``MelodyMark``). After a wrong answer
/// your phrase and the right one sound at the same pace; in tempo, yours as you played it (each note at its
/// onset) and then the right one at the grid's tempo.
///
/// Melodies in tempo (``PlayBackOptions/inTempo``, with a ``ClickPlayer``): call and response on the click
/// timeline (``TempoGrid``): a count-in bar with the tonic chord, the phrase on the beats, then as many bars for
/// the answer, clicks on every beat. The answer is the notes stamped from half a beat before the response to half
/// a beat after its last place, judged when that has passed; each note also gets its signed offset from its place
/// (``CompletedPlayBack/noteOffsets``). When the output's sound breaks off (``ClickPlayer/dropoutCount``) the
/// answer is not judged and the question plays again (``PlayBackSessionEvent/dropout(new:total:replaying:)``); a
/// response with no note is not judged either, and the question plays again.
///
/// Dropouts: the output's dropouts (an underrun, a silent slip: ``ClickPlayer/dropoutCount``) are told as they
/// are noticed — at each note the player plays, when the window opens, at each verdict and when the feedback
/// ends — so a player whose machine cannot keep up with the buffer hears the crackle named, with its count
/// (``PlayBackSessionEvent/dropout(new:total:replaying:)``). The output is kept awake
/// (``ClickPlayer/keepAwake()``) at each trial and each note, so it does not rest while the player thinks, and a
/// note played after a pause sounds as soon as any other.
///
/// Replay plays the question again (the answer window reopens when its last note starts; after an answer, it
/// sounds once more before the next question); skip plays the right answer and moves on without storing
/// anything. Every stop path silences the question, the feedback
/// and the play-through.
@MainActor
public final class PlayBackSession: TrainingSession {
    /// What the session is doing.
    public enum State: Equatable, Sendable {
        /// Not started, or stopped.
        case idle
        /// The question sounds; the answer window is not open yet.
        case playingQuestion
        /// Waiting for the answer (the window is open).
        case awaitingAnswer
        /// An answer was judged; feedback (and after a wrong one, the comparison) plays.
        case showingFeedback
    }

    /// After the chord window closes, how long the session waits for late-read notes before judging, seconds.
    public static let judgingGrace = 0.03
    /// How long a chord or harmonic interval of a question sounds, seconds.
    public static let chordDuration = 1.4
    /// The silence between the player's answer and the right one after a wrong answer, seconds.
    public static let comparisonGap = 0.4
    /// How long each chord of a degrees question's cadence sounds, seconds.
    public static let cadenceChordDuration = 0.75
    /// The rest between a cadence's last chord and the note, seconds.
    public static let cadenceRest = 0.5
    /// Degrees with a drone: how long the drone sounds alone before the note, seconds.
    public static let droneLead = 2.0
    /// Degrees with a drone: how long it holds on after the note starts, at most, seconds: an answer judged
    /// wrong, a skip or the next question stops it sooner; a right one resolves home over it.
    public static let droneHold = 8.0
    /// Degrees with a drone: its velocity, softer than the question (mezzo-piano), so the note stands out.
    public static let droneVelocity: MIDIVelocity = 64
    /// Melodies: how long a beat of the phrase lasts, seconds (a quarter note at 120 BPM).
    public static let melodyBeat = 0.5
    /// The shortest a played note sounds when an answer in tempo is played back as it was (notes struck together
    /// sound together), seconds.
    public static let shortestPlayedNote = 0.08
    /// Melodies: after this many seconds without a note the answer is judged, though notes are missing.
    public static let melodyPause = 2.5
    /// Melodies: once the phrase's count of notes was played, the answer is judged this many seconds after the
    /// last one (a note added at the end still counts as added).
    public static let melodyFinish = 0.8
    /// Melodies: the answer's window, seconds: long enough for any phrase played slowly.
    public static let melodyWindow = PlayBackKind.melodies.onsetSpan
    /// How long each note of a right degree's way home sounds, back to back, seconds (it starts one such step
    /// after the answer).
    public static let resolutionStep = 0.4
    /// The velocity Peach plays questions at: mezzo-forte, as a keyboard player would.
    public static let questionVelocity: MIDIVelocity = 96

    /// What the session is doing.
    public private(set) var state: State = .idle
    /// The current question.
    public private(set) var question: PlayBackQuestion?
    /// Answers judged in this session.
    public private(set) var answeredCount = 0
    /// Right answers in this session.
    public private(set) var correctCount = 0

    private let machinery: SessionMachinery<PlayBackSessionEvent>
    private let player: any NotePlayer
    private let clock: any SessionClock
    private let options: @MainActor () -> PlayBackOptions
    private let settings: @MainActor () -> TrainingSettings
    private let history: @MainActor () -> PlayBackHistory
    private let timeline: @MainActor () -> Double
    /// Places the clicks of melodies in tempo; nil where the output has none.
    private let clicks: (any ClickPlayer)?
    /// Melodies in tempo: the current question's grid, and the output's dropouts when it was placed.
    private var grid: TempoGrid?
    private var gridDropouts = 0
    /// Melodies: whether a note was played while the phrase sounded (in tempo its count-in too; before the window
    /// opens, with the phrase's last note when free, half a beat ahead of the response in tempo): none of them
    /// answers, which the window's opening (free) or a response left empty (in tempo) says.
    private var playedDuringCall = false
    /// The output the questions and the play-through sound on, where it counts dropouts and rests (the internal
    /// synth): its dropouts are told, and it is kept awake while the session plays.
    private let output: (any ClickPlayer)?
    /// The output's own count when its dropouts were last told.
    private var dropoutsTold = 0
    /// The output's dropouts in this session, told so far.
    public private(set) var dropoutCount = 0
    private let observers: [any PlayBackObserver]
    private var generator: SeededRandomGenerator
    private var handles: [any PlaybackHandle] = []
    private var capture = AnswerCapture(window: PlayBackOptions.defaultChordWindow)
    private var windowOpened = 0.0
    /// Placement: whether it goes on, the items it asked, and whether each was right (a skip is a miss).
    private var placing = false
    private var placementAsked: Set<PlayBackItem> = []
    private var placementRight: [Bool] = []
    /// The first onset of the answer judged last (for naming a late note during its feedback).
    private var judgedOnset: Double?
    private var trialOptions: PlayBackOptions
    private var trialSettings = TrainingSettings.defaults
    private var lastItem: PlayBackItem?
    private var answerInput = InputKind.unknown
    /// Degrees: the key of each question and when its cadence sounds.
    private var cadencePlan = CadencePlan(every: 1, key: .random)
    /// Degrees: whether the current question's cadence sounds before it.
    private var playsCadence = false
    /// The player's own notes, sounding.
    public let playThrough: PlayThrough

    /// A session.
    /// - Parameters:
    ///   - notePlayer: plays the questions, the feedback and the play-through.
    ///   - options: the kind and how answers are judged, read at the start of each trial.
    ///   - settings: reference pitch, velocity, note and gap durations, feedback duration.
    ///   - history: the play-back history so far (the adaptive choice reads it).
    ///   - clock: timers and record times.
    ///   - timeline: now on the input timeline (the monotonic clock live), the time base of note stamps.
    ///   - observers: the store and the tracker, given each answer before its feedback.
    ///   - generator: randomness for items and references.
    ///   - clicks: the clicks of melodies in tempo (its timeline is the input timeline); nil without.
    ///   - output: the output the notes sound on, when it can count its dropouts and rest (the internal synth's
    ///     ``ClickPlayer``); without it, `clicks`.
    public init(
        notePlayer: any NotePlayer, options: @escaping @MainActor () -> PlayBackOptions,
        settings: @escaping @MainActor () -> TrainingSettings,
        history: @escaping @MainActor () -> PlayBackHistory, clock: any SessionClock,
        timeline: @escaping @MainActor () -> Double, observers: [any PlayBackObserver],
        generator: SeededRandomGenerator, clicks: (any ClickPlayer)? = nil,
        output: (any ClickPlayer)? = nil
    ) {
        self.clicks = clicks
        self.output = output ?? clicks
        machinery = SessionMachinery(notePlayer: notePlayer, clock: clock)
        player = notePlayer
        self.clock = clock
        self.options = options
        self.settings = settings
        self.history = history
        self.timeline = timeline
        self.observers = observers
        self.generator = generator
        trialOptions = options()
        let training = settings()
        playThrough = PlayThrough(player: notePlayer, referencePitch: training.referencePitch, gain: .nominal)
    }

    /// Adds a handler for the session's events.
    public func addEventHandler(_ handler: @escaping @MainActor (PlayBackSessionEvent) -> Void) {
        machinery.addEventHandler(handler)
    }

    /// Starts the first trial.
    public func start() {
        guard state == .idle else { return }
        machinery.started()
        dropoutsTold = output?.dropoutCount ?? 0
        dropoutCount = 0
        playThrough.start()
        placing = trialOptions.placement
        cadencePlan = CadencePlan(every: trialOptions.cadenceEvery, key: trialOptions.degreeKey)
        beginTrial()
    }

    /// Stops from any state: silences everything and discards the unanswered question.
    public func stop(reason: SessionStopReason = .userRequest) {
        machinery.stop(reason, discarding: discardTrial)
    }

    // MARK: The player's notes

    /// A note-on from the player at `time` on the input timeline: it sounds, and in the answer window it is part
    /// of the answer.
    public func noteOn(_ note: MIDINote, velocity: MIDIVelocity, at time: Double, input: InputKind) {
        guard state != .idle else { return }
        guard sounded({ try playThrough.noteOn(note, velocity: velocity, at: time) }) else { return }
        output?.keepAwake()
        tellDropouts()
        if state == .showingFeedback {
            lateAfterVerdict(PlayedNote(note: note, velocity: velocity, time: time))
        }
        if state == .playingQuestion, question?.item.kind == .melodies { playedDuringCall = true }
        guard state == .awaitingAnswer else { return }
        answerInput = input
        let first = capture.add(PlayedNote(note: note, velocity: velocity, time: time))
        if let question, question.isPhrase {
            // Free: judged after a pause (or soon after the phrase's count); in tempo: when the response ends.
            guard grid == nil else { return }
            machinery.cancelTimer()
            let done = capture.onsets.count >= question.answerNotes.count
            machinery.schedule(after: done ? Self.melodyFinish : Self.melodyPause) { [weak self] in
                self?.judge()
            }
        } else if first {
            scheduleJudging(after: trialOptions.chordWindow)
        }
    }

    /// A note struck after the answer was judged: named as late when its stamp is within the late span after the
    /// answer's chord window.
    private func lateAfterVerdict(_ note: PlayedNote) {
        guard let first = judgedOnset else { return }
        let after = note.time - first
        let window = trialOptions.chordWindow
        guard after > window, after <= window + AnswerCapture.lateSpan else { return }
        let late = PlayedNote(note: note.note, velocity: note.velocity, time: after)
        machinery.emit(.notCounted(late: [late], grazed: [], window: window))
    }

    /// A note-off from the player at `time` on the input timeline (a grazed key is told by it).
    public func noteOff(_ note: MIDINote, at time: Double) {
        playThrough.noteOff(note)
        if state == .awaitingAnswer { capture.release(note, at: time) }
    }

    /// The sustain pedal, down or up.
    public func sustain(_ down: Bool) {
        playThrough.sustain(down)
    }

    // MARK: Controls

    /// Plays the question again; an answer already begun is dropped, and the window reopens with its last note.
    /// During the feedback (the answer is stored) the question sounds once more to listen to, and the next one
    /// follows it.
    public func replay() {
        guard let question else { return }
        if state == .showingFeedback {
            machinery.cancelTimer()
            stopQuestionNotes()
            machinery.emit(.replayStarted(question))
            let lead = soundCadence(question)
            let length = soundAnswer(question.soundedNotes, of: question, after: lead)
            machinery.schedule(after: length + trialSettings.feedbackDuration) { [weak self] in
                self?.endFeedback()
            }
            return
        }
        guard state == .playingQuestion || state == .awaitingAnswer else { return }
        machinery.beginTrial()  // a pending judgement or window of the first playing does nothing now
        capture.reset()
        playsCadence = question.item.kind == .degrees || question.item.kind == .melodies
        machinery.emit(.replayStarted(question))
        play(question)
    }

    /// Skips the question: nothing is stored, its right answer sounds (with the reference, as the question
    /// did), and the next question follows.
    public func skip() {
        guard let question, state == .playingQuestion || state == .awaitingAnswer else { return }
        machinery.beginTrial()
        stopQuestionNotes()
        clicks?.cancelClicks()  // a melody in tempo: its grid's clicks not yet heard
        grid = nil
        capture.reset()
        state = .showingFeedback
        machinery.emit(.skipped(question))
        placed(question.item, right: false)
        let right = comparisonNotes(question, played: question.answerNotes)
        let length = soundAnswer(right, of: question, after: 0)
        machinery.schedule(after: length + trialSettings.feedbackDuration) { [weak self] in
            self?.endFeedback()
        }
    }

    // MARK: Trials

    private func beginTrial() {
        machinery.beginTrial()
        output?.keepAwake()
        stopQuestionNotes()
        trialOptions = options()
        trialSettings = settings()
        playThrough.referencePitch = trialSettings.referencePitch
        judgedOnset = nil
        let scheduler = PlayBackScheduler(options: trialOptions)
        if placing, scheduler.placementItem(history(), skipping: placementAsked) == nil { endPlacement() }
        let placementItem = placing ? scheduler.placementItem(history(), skipping: placementAsked) : nil
        guard let next = nextQuestion(scheduler, placementItem: placementItem) else {
            machinery.emit(.nothingToAsk)
            stop(reason: .userRequest)
            return
        }
        lastItem = next.item
        question = next
        capture = AnswerCapture(
            window: next.isPhrase ? Self.melodyWindow : trialOptions.chordWindow,
            grazeVelocity: trialOptions.grazeVelocity)
        if playsCadence, next.item.kind == .degrees, let key = next.key {
            machinery.emit(
                .cadence(
                    key, context: trialOptions.degreeContext, namesReference: trialOptions.namesReference))
        }
        machinery.emit(.questionStarted(next, namesReference: trialOptions.namesReference))
        play(next)
    }

    /// The next question: the placement's item or the scheduler's, on a random reference; degrees in the
    /// block's key (``CadencePlan``), which also says whether the cadence sounds first.
    private func nextQuestion(
        _ scheduler: PlayBackScheduler, placementItem: PlayBackItem?
    ) -> PlayBackQuestion? {
        playsCadence = trialOptions.kind == .melodies  // a melody's tonic chord sounds before it
        guard trialOptions.kind == .degrees else {
            guard let item = placementItem ?? scheduler.next(history(), after: lastItem, using: &generator)
            else {
                return nil
            }
            return PlayBackQuestion.random(
                item, in: trialOptions.range, key: trialOptions.degreeKey, using: &generator)
        }
        if cadencePlan.every != trialOptions.cadenceEvery || cadencePlan.key != trialOptions.degreeKey {
            cadencePlan = CadencePlan(every: trialOptions.cadenceEvery, key: trialOptions.degreeKey)
        }
        let mode = cadencePlan.blockMode
        let chosen =
            placementItem
            ?? scheduler.next(history(), after: lastItem, using: &generator) {
                mode == nil || $0.keyMode == mode
            }
            ?? scheduler.next(history(), after: lastItem, using: &generator)
        guard let item = chosen, let itemMode = item.keyMode,
            let placed = cadencePlan.next(itemMode, in: trialOptions.range, using: &generator)
        else { return nil }
        playsCadence = placed.cadence
        let question: PlayBackQuestion?
        if trialOptions.degreeNotes > 1, case .degree(let degree) = item {
            let row = degreeRow(
                ending: degree, scheduler.activeItems(history()), count: trialOptions.degreeNotes)
            question = PlayBackQuestion(
                degree: degree, tonic: placed.tonic,
                row: row.map { MIDINote(clamping: placed.tonic.rawValue + $0) })
        } else {
            question = PlayBackQuestion(item, reference: placed.tonic)
        }
        // A key the player fixed is spelled as they named it (F♯ major, not G♭ major).
        guard case .tonic(let named) = trialOptions.degreeKey else { return question }
        return question?.naming(named)
    }

    /// Degrees in a row: the semitones above the tonic of `count` degrees ending on `degree`: the ones before it
    /// drawn from the degrees of its mode in play (`active`) and the tonic, never one twice in a row.
    private func degreeRow(ending degree: ScaleDegree, _ active: [PlayBackItem], count: Int) -> [Int] {
        var choices: Set<Int> = [0]
        for case .degree(let other) in active where other.mode == degree.mode {
            choices.insert(other.semitones)
        }
        var row = [degree.semitones]
        while row.count < count {
            let next = row[0]
            let fitting = choices.subtracting([next]).sorted()
            row.insert(fitting.randomElement(using: &generator) ?? 0, at: 0)
        }
        return row
    }

    /// Sounds `question`: its notes one after another (each `noteDuration`, `gapBetweenNotes` apart) or
    /// together (``chordDuration``); the answer window opens when the last starts.
    private func play(_ question: PlayBackQuestion) {
        stopQuestionNotes()
        state = .playingQuestion
        grid = nil
        playedDuringCall = false
        if question.item.kind == .melodies, trialOptions.inTempo, let clicks {
            playInTempo(question, clicks: clicks)
            return
        }
        let lead = playsCadence ? soundCadence(question) : 0
        let lastStart: Double
        if question.item.kind == .melodies {
            let ends = soundPhrase(question.soundedNotes, lengths: question.lengths, after: lead)
            lastStart = ends - (question.lengths.last ?? 2) * Self.melodyBeat
        } else if question.isHarmonic {
            lastStart = lead
            _ = sound(question.soundedNotes, harmonic: true, after: lead)
        } else {
            lastStart =
                lead + Double(question.soundedNotes.count - 1)
                * (trialSettings.noteDuration + trialSettings.gapBetweenNotes)
            _ = sound(question.soundedNotes, harmonic: false, after: lead)
        }
        if lastStart == 0 {
            openWindow(question)
        } else {
            machinery.schedule(after: lastStart) { [weak self] in self?.openWindow(question) }
        }
    }

    private func openWindow(_ question: PlayBackQuestion) {
        guard state == .playingQuestion else { return }
        tellDropouts()
        windowOpened = timeline()
        state = .awaitingAnswer
        if grid == nil, playedDuringCall { machinery.emit(.playedDuringCall(question, inTempo: false)) }
        machinery.emit(.answerable(question, namesReference: trialOptions.namesReference))
        if let grid, let clicks {
            machinery.schedule(after: max(0, grid.answerEnds + Self.scoringDelay - clicks.now)) {
                [weak self] in
                self?.judge()
            }
        }
    }

    /// Melodies in tempo: places the count-in, the call and the response's clicks a lead time ahead (once the
    /// output's timeline can be trusted), sounds the tonic chord and the phrase on them, and opens the window
    /// half a beat before the response.
    private func playInTempo(_ question: PlayBackQuestion, clicks: any ClickPlayer) {
        let settled = machinery.isSettled(clicks) { [weak self] in
            guard let self, self.state == .playingQuestion else { return }
            self.play(question)
        }
        guard settled else { return }
        clicks.cancelClicks()
        let grid = TempoGrid(
            tempo: trialOptions.tempo, start: clicks.now + clicks.leadTime, lengths: question.lengths)
        self.grid = grid
        gridDropouts = clicks.dropoutCount
        let placed = sounded {
            for click in grid.clicks { _ = try clicks.click(at: click.time, accent: click.accent) }
        }
        guard placed else { return }
        let now = clicks.now
        sound(question.cadence.first ?? [], harmonic: true, after: grid.start - now, lasting: grid.bar * 0.9)
        for (index, note) in question.soundedNotes.enumerated() {
            sound(
                [note], harmonic: false, after: grid.callTimes[index] - now,
                lasting: question.lengths[index] * grid.tempo.beat * 0.9)
        }
        machinery.emit(.grid(grid))
        machinery.schedule(after: max(0, grid.responseStart - grid.tolerance - now)) { [weak self] in
            self?.openWindow(question)
        }
    }

    /// Melodies in tempo: after the response, how long before its notes are judged, seconds (notes stamped in it
    /// have arrived by then).
    static let scoringDelay = 0.05

    /// Degrees: sounds the question's cadence (or its drone, ``DegreeContext``) from now; returns when the note
    /// that follows it starts (0 for the other kinds).
    private func soundCadence(_ question: PlayBackQuestion) -> Double {
        if trialOptions.degreeContext == .drone, !question.drone.isEmpty {
            sound(
                question.drone, harmonic: true, after: 0, lasting: Self.droneLead + Self.droneHold,
                velocity: Self.droneVelocity)
            return Self.droneLead
        }
        var start = 0.0
        for chord in question.cadence {
            sound(chord, harmonic: true, after: start, lasting: Self.cadenceChordDuration)
            start += Self.cadenceChordDuration
        }
        return start == 0 ? 0 : start + Self.cadenceRest
    }

    /// Sounds `notes` as `question` sounds its own (a melody as a phrase, its beats `beat` seconds, a chord
    /// together, others one after another) from `delay`: a replay, a skip's right answer, yours and the right one;
    /// returns when the last ends.
    @discardableResult
    private func soundAnswer(
        _ notes: [MIDINote], of question: PlayBackQuestion, beat: Double = melodyBeat, after delay: Double
    ) -> Double {
        guard question.item.kind == .melodies else {
            return sound(notes, harmonic: question.isHarmonic, after: delay)
        }
        // In the phrase's rhythm where the notes are as many (yours beside the right one, note for note), else
        // in even quarters.
        let lengths =
            notes.count == question.lengths.count ? question.lengths : MelodyMaker.beats(of: notes.count)
        return soundPhrase(notes, lengths: lengths, beat: beat, after: delay)
    }

    /// Melodies: sounds `notes` as a phrase from `delay`, each lasting its `lengths` in beats of `beat` seconds
    /// (``melodyBeat`` unless played in tempo), back to back; returns when the last ends.
    @discardableResult
    private func soundPhrase(
        _ notes: [MIDINote], lengths: [Double], beat: Double = melodyBeat, after delay: Double
    ) -> Double {
        var start = delay
        for (note, beats) in zip(notes, lengths) {
            sound([note], harmonic: false, after: start, lasting: beats * beat)
            start += beats * beat
        }
        return start
    }

    /// Melodies in tempo: sounds an answer as it was played from `delay`: each note at its onset after the first,
    /// held until the next one begins (at least ``shortestPlayedNote``), the last for a `beat`; returns when the
    /// last ends.
    private func soundPlayed(_ played: [PlayedNote], beat: Double, after delay: Double) -> Double {
        var end = delay
        for (index, note) in played.enumerated() {
            let next = index + 1 < played.count ? played[index + 1].time : note.time + beat
            let length = max(next - note.time, Self.shortestPlayedNote)
            sound([note.note], harmonic: false, after: delay + note.time, lasting: length)
            end = max(end, delay + note.time + length)
        }
        return end
    }

    /// Sounds `notes` after `delay` seconds, together or one after another (each `lasting` seconds and back to
    /// back, or a chord's duration, or a note's with the gap between), at `velocity`; returns when the last ends.
    @discardableResult
    private func sound(
        _ notes: [MIDINote], harmonic: Bool, after delay: Double, lasting: Double? = nil,
        velocity: MIDIVelocity = questionVelocity
    ) -> Double {
        let duration = lasting ?? (harmonic ? Self.chordDuration : trialSettings.noteDuration)
        let step = lasting ?? (trialSettings.noteDuration + trialSettings.gapBetweenNotes)
        let trial = machinery.trialNumber
        for (index, note) in notes.enumerated() {
            let start = delay + (harmonic ? 0 : Double(index) * step)
            let begin = { [weak self] in
                guard let self, self.machinery.trialNumber == trial, self.state != .idle else { return }
                self.startNote(note, for: duration, velocity: velocity)
            }
            if start == 0 { begin() } else { clock.schedule(after: .seconds(start)) { begin() } }
        }
        return delay + (harmonic ? duration : Double(max(notes.count - 1, 0)) * step + duration)
    }

    private func startNote(_ note: MIDINote, for duration: Double, velocity: MIDIVelocity) {
        _ = sounded {
            let handle = try player.playKey(
                note, velocity: velocity, referencePitch: trialSettings.referencePitch, gain: .nominal)
            handles.append(handle)
            clock.schedule(after: .seconds(duration)) { try? handle.stop() }
        }
    }

    private func stopQuestionNotes() {
        for handle in handles { try? handle.stop() }
        handles.removeAll()
    }

    private func scheduleJudging(after seconds: Double) {
        machinery.schedule(after: seconds + Self.judgingGrace) { [weak self] in self?.judge() }
    }

    private func judge() {
        guard state == .awaitingAnswer, let question else { return }
        // A grazed first key moved the answer's start: wait for the window of the first note that counts (a
        // melody's window is its whole answer, judged by its pause instead).
        if !question.isPhrase, let closes = capture.closesAt,
            closes + Self.judgingGrace - timeline() > 1e-6
        {
            scheduleJudging(after: closes - timeline())
            return
        }
        tellDropouts()
        if grid != nil, let clicks, clicks.dropoutCount != gridDropouts || capture.answer.isEmpty {
            // The grid was heard out of time (told as it was noticed), or nothing was played: not judged; the
            // question plays again. Notes played along with the phrase instead are told (not a dropout's replay).
            if clicks.dropoutCount == gridDropouts, playedDuringCall {
                machinery.emit(.playedDuringCall(question, inTempo: true))
            }
            capture.reset()
            machinery.emit(.replayStarted(question))
            play(question)
            return
        }
        let answer =
            grid.map { grid in capture.answer.filter { $0.time <= grid.answerEnds } } ?? capture.answer
        if grid != nil { clicks?.cancelClicks() }  // the response's last clicks give way to the feedback
        let late = capture.late
        let grazed = capture.grazed
        guard !answer.isEmpty else {
            // Grazed keys alone do not answer: the window stays open.
            capture.reset()
            if !grazed.isEmpty {
                machinery.emit(.notCounted(late: [], grazed: grazed, window: trialOptions.chordWindow))
            }
            return
        }
        let notes = answer.map(\.note)
        let onlyReference = !notes.isEmpty && notes.allSatisfy { $0 == question.reference }
        let givesReference = question.item.kind == .notes || question.item.kind == .intervals
        if givesReference, onlyReference, question.answerNotes != [question.reference] {
            capture.reset()
            machinery.emit(.referenceOnly(question))
            return
        }
        let completed = CompletedPlayBack(
            question: question, played: answer, anyOctave: trialOptions.anyOctave,
            anyVoicing: trialOptions.anyVoicing, timestamp: machinery.now,
            responseTime: (capture.firstOnset ?? windowOpened) - windowOpened, inputKind: answerInput,
            tempo: grid?.tempo,
            gridOffset: grid.flatMap { grid in answer.first.map { $0.time - grid.responseStart } })
        let kept = machinery.delivered(to: observers, discarding: discardTrial) {
            try $0.playBackCompleted(completed)
        }
        guard kept else { return }
        answeredCount += 1
        if completed.isCorrect { correctCount += 1 }
        state = .showingFeedback
        machinery.emit(.answered(completed))
        placed(question.item, right: completed.isCorrect)
        judgedOnset = capture.firstOnset
        if !late.isEmpty || !grazed.isEmpty {
            let first = capture.firstOnset ?? 0
            let after = late.map { PlayedNote(note: $0.note, velocity: $0.velocity, time: $0.time - first) }
            machinery.emit(.notCounted(late: after, grazed: grazed, window: trialOptions.chordWindow))
        }
        var rest = trialSettings.feedbackDuration
        let from = question.isPhrase ? completed.verdict.played.last : completed.verdict.played.first
        let resolution = from.map { question.resolution(from: $0) } ?? []
        if completed.isCorrect, !resolution.isEmpty {
            machinery.emit(.resolving(question, notes: resolution))
            rest =
                sound(resolution, harmonic: false, after: Self.resolutionStep, lasting: Self.resolutionStep)
                + rest
        }
        if !completed.isCorrect {
            stopQuestionNotes()
            let yours = comparisonNotes(question, played: completed.verdict.played)
            let right = comparisonNotes(question, played: question.answerNotes)
            machinery.emit(.comparingAnswers(played: yours, right: right))
            // A melody in tempo (call and response, the only answer with a tempo): yours in your own time, then
            // the right one at the tempo it was asked in.
            let beat = completed.tempo?.beat ?? Self.melodyBeat
            let first =
                completed.tempo == nil
                ? soundAnswer(yours, of: question, after: 0.3)
                : soundPlayed(completed.played, beat: beat, after: 0.3)
            rest =
                soundAnswer(right, of: question, beat: beat, after: first + Self.comparisonGap)
                + trialSettings.feedbackDuration
        }
        machinery.schedule(after: rest) { [weak self] in self?.endFeedback() }
    }

    /// The notes that play an answer back as the question sounded: the reference and the note for notes and
    /// intervals, the notes themselves for chords.
    private func comparisonNotes(_ question: PlayBackQuestion, played: [MIDINote]) -> [MIDINote] {
        guard question.item.kind != .chords, question.item.kind != .melodies else { return played }
        if question.item.kind == .degrees { return question.isPhrase ? played : Array(played.prefix(1)) }
        let others = played.filter { $0 != question.reference }
        guard let note = others.first ?? played.first else { return [question.reference] }
        switch question.item {
        case .interval(_, true): return [min(question.reference, note), max(question.reference, note)]
        default: return [question.reference, note]
        }
    }

    /// Counts a placement question: two misses among the last three end the placement.
    private func placed(_ item: PlayBackItem, right: Bool) {
        guard placing else { return }
        placementAsked.insert(item)
        placementRight.append(right)
        if placementRight.suffix(3).count(where: { !$0 }) >= 2 { endPlacement() }
    }

    private func endPlacement() {
        guard placing else { return }
        placing = false
        let inPlay = PlayBackScheduler(options: trialOptions).activeItems(history()).count
        machinery.emit(.placementEnded(inPlay: inPlay))
    }

    private func endFeedback() {
        guard state == .showingFeedback else { return }
        tellDropouts()
        machinery.emit(.feedbackEnded)
        beginTrial()
    }

    /// Tells the output's dropouts since they were last told, if any. Melodies in tempo before the verdict: the
    /// grid they broke is played again.
    private func tellDropouts() {
        let count = output?.dropoutCount ?? 0
        guard count > dropoutsTold else {
            dropoutsTold = count  // an output opened anew counts from 0
            return
        }
        let new = count - dropoutsTold
        dropoutsTold = count
        dropoutCount += new
        // In tempo the question plays again only when the grid heard it (a dropout since the grid was placed).
        let gridBroken = grid != nil && clicks?.dropoutCount != gridDropouts
        let replaying = gridBroken && state != .showingFeedback
        machinery.emit(.dropout(new: new, total: dropoutCount, replaying: replaying))
    }

    /// Discards what the stop leaves: the unfinished trial, back to idle (``SessionMachinery/stop(_:discarding:)``).
    private func discardTrial() {
        clicks?.cancelClicks()
        grid = nil
        stopQuestionNotes()
        playThrough.silence()
        capture.reset()
        question = nil
        state = .idle
    }
}
