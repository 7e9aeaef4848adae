// PlayBackOptions: how a play-back run asks and judges: kind, items, octave and voicing rules, chord window.

/// What a play-back run asks and how it judges the answers (the `peach play` options).
public struct PlayBackOptions: Hashable, Sendable {
    /// The kind of question.
    public var kind: PlayBackKind
    /// The items to ask, fixed (no unlocking); nil for the adaptive catalogue (``PlayBackScheduler``).
    public var items: [PlayBackItem]?
    /// Notes and intervals: a played note counts in any octave (its pitch class).
    public var anyOctave: Bool
    /// Chords: any voicing of the chord counts (the same pitch classes over the same bass pitch class).
    public var anyVoicing: Bool
    /// Whether the reference note (notes, intervals) or the chord's lowest note is named on screen.
    public var namesReference: Bool
    /// Notes whose onsets (kernel time stamps) lie within this many seconds of an answer's first note form one
    /// answer (a chord, or an interval played as both notes).
    public var chordWindow: Double
    /// A note struck at this velocity or softer and let go within ``AnswerCapture/grazeDuration`` is a grazed key,
    /// not part of the answer (0: every note counts).
    public var grazeVelocity = defaultGrazeVelocity
    /// Whether the run begins with a placement (`--placement`, "I know these"): the catalogue's items not asked
    /// yet, one question each in order, until two of three in a row are missed (``PlayBackSession``).
    public var placement = false
    /// The lowest and highest note a question may sound.
    public var range: ClosedRange<Int>
    /// Degrees: the cadence sounds before every this many questions of a block, 1…8 (``CadencePlan``).
    public var cadenceEvery = 1
    /// Degrees and melodies: the key the questions are in, random (per block, per phrase) or a fixed tonic.
    public var degreeKey = DegreeKey.random
    /// Degrees: what sets the key before a note, the cadence or a drone (``DegreeContext``).
    public var degreeContext = DegreeContext.cadence
    /// Degrees: how many notes a question plays in a row, 1…3: the degree asked comes last, after degrees in play
    /// of its mode (``PlayBackQuestion/init(degree:tonic:row:)``).
    public var degreeNotes = 1
    /// Melodies: call and response against the click (``TempoGrid``) instead of free time.
    public var inTempo = false
    /// Melodies in tempo: the tempo (the `tempo` setting).
    public var tempo = Tempo.standard

    /// The default chord window: 100 ms.
    public static let defaultChordWindow = 0.1
    /// The default velocity of a grazed key: 40 (a key brushed on the way is struck at 20–40; a note meant
    /// pianissimo is held longer than 60 ms).
    public static let defaultGrazeVelocity = 40
    /// The allowed chord windows, seconds: 20 ms to 1 s (the `chordWindow` setting's range).
    public static let chordWindows =
        (ValueDomains.chordWindow.lowerBound / 1000)...(ValueDomains.chordWindow.upperBound / 1000)

    /// Options for `kind` with the defaults: adaptive items, octave- and voicing-exact, the reference named,
    /// a 100 ms chord window, questions within C3…C6.
    public init(
        kind: PlayBackKind, items: [PlayBackItem]? = nil, anyOctave: Bool = false, anyVoicing: Bool = false,
        namesReference: Bool = true, chordWindow: Double = defaultChordWindow,
        range: ClosedRange<Int> = 48...84
    ) {
        self.kind = kind
        self.items = items
        self.anyOctave = anyOctave
        self.anyVoicing = anyVoicing
        self.namesReference = namesReference
        self.chordWindow = min(max(chordWindow, Self.chordWindows.lowerBound), Self.chordWindows.upperBound)
        self.range = range
    }
}

extension PlayBackOptions {
    /// The options a run uses for `kind`: `chosen` (the command line's) when they are of that kind, else the
    /// defaults, with questions within the settings' note range.
    public static func forRun(
        _ chosen: PlayBackOptions?, kind: PlayBackKind, settings: TrainingSettings
    )
        -> PlayBackOptions
    {
        var options =
            chosen?.kind == kind ? chosen ?? PlayBackOptions(kind: kind) : PlayBackOptions(kind: kind)
        options.range = settings.noteRange.lowerBound.rawValue...settings.noteRange.upperBound.rawValue
        return options
    }
}
