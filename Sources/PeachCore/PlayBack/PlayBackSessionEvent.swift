// PlayBackSessionEvent: what a play-back session reports to its presenters.

/// What happens in a play-back session, in order.
public enum PlayBackSessionEvent: TrainingSessionEvent {
    /// The reason when this is ``stopped(_:)``, nil for every other event.
    public var stopReason: SessionStopReason? { if case .stopped(let reason) = self { reason } else { nil } }
    /// The error when this is ``observerFailed(_:)``, nil for every other event.
    public var observerFailure: (any Error)? {
        if case .observerFailed(let error) = self { error } else { nil }
    }

    /// Degrees: the key's cadence, or its drone (`context`), sounds before the question that follows
    /// (``CadencePlan``); whether the key may be named on screen.
    case cadence(Key, context: DegreeContext, namesReference: Bool)
    /// Melodies in tempo: the question's count-in, call and response are placed on the click timeline.
    case grid(TempoGrid)
    /// The output's sound broke off (an underrun, or a stall a sound server hid with silence): `new` dropouts
    /// since the last told, `total` in this session. Any kind: the questions and the player's own notes crackled
    /// (the answer is still judged: what was played is not in doubt). Melodies in tempo, during the count-in, the
    /// phrase or the response (`replaying`): the grid was heard out of time, so the answer is not judged and the
    /// question plays again.
    case dropout(new: Int, total: Int, replaying: Bool)
    /// A question starts sounding; whether its reference may be named on screen.
    case questionStarted(PlayBackQuestion, namesReference: Bool)
    /// The question is played again (replay).
    case replayStarted(PlayBackQuestion)
    /// Melodies: notes were played while the phrase sounded (along with it, or too soon), and none of them
    /// answers. In tempo (`inTempo`), told when the response passed without a note (the count-in counts too): the
    /// phrase plays again (``replayStarted(_:)``). Free, told as the answer window opens (just before
    /// ``answerable(_:namesReference:)``, whose state line then says what to play): the answer is still to be
    /// played, from its first note.
    case playedDuringCall(PlayBackQuestion, inTempo: Bool)
    /// The answer window opened: notes played from now on answer.
    case answerable(PlayBackQuestion, namesReference: Bool)
    /// The player played only the given reference; the answer window stays open for the answer.
    case referenceOnly(PlayBackQuestion)
    /// An answer was judged and stored.
    case answered(CompletedPlayBack)
    /// Notes heard but not part of the answer (after ``answered(_:)``, or alone when grazed keys were all that
    /// was played): `late` ones struck after the chord window of `window` seconds (onsets relative to the
    /// answer's first note), `grazed` keys (``AnswerCapture``).
    case notCounted(late: [PlayedNote], grazed: [PlayedNote], window: Double)
    /// Degrees: after a right answer, the note resolves to the tonic: `notes` sound after it.
    case resolving(PlayBackQuestion, notes: [MIDINote])
    /// After a wrong answer: the player's answer sounds, then the right one.
    case comparingAnswers(played: [MIDINote], right: [MIDINote])
    /// The placement is over (two of three in a row missed, or every item asked): `inPlay` items are in play from
    /// now on, and the questions follow the adaptive pace.
    case placementEnded(inPlay: Int)
    /// The question was skipped (not stored); its right answer sounds.
    case skipped(PlayBackQuestion)
    /// No item can be asked in the note range (the range is too narrow for the item's notes).
    case nothingToAsk
    /// The store or the profile could not take the answer.
    case observerFailed(any Error)
    /// The feedback is over; the next question follows.
    case feedbackEnded
    /// The session stopped.
    case stopped(SessionStopReason)
}
