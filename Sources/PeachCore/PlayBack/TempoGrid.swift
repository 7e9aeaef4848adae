// TempoGrid: a melody in tempo laid on the click timeline: count-in, the call, the response and its grid.

/// Where a melody question in tempo (call and response) falls on the click timeline: a **count-in** bar of four
/// clicks (the first accented) while the tonic chord sounds, the **call** — the phrase on the beat grid, in its
/// rhythm (``PlayBackQuestion/lengths``), with a click on every beat — and then the
/// **response**: as many bars again with a click on every beat (each bar's first accented), in which the player
/// plays the phrase back. Each note of the response has its **place** on the grid, the moment it is due; a note
/// played counts from half a beat before the response's first beat to half a beat after its last place.
public struct TempoGrid: Hashable, Sendable {
    /// Beats in a bar.
    public static let beatsPerBar = 4
    /// The tempo.
    public let tempo: Tempo
    /// When the count-in's first click sounds, on the click timeline.
    public let start: Double
    /// Each note's beat from the phrase's first (0 for the first).
    public let noteBeats: [Double]

    /// How many beats the phrase's notes last in all.
    public let phraseBeats: Double

    /// The grid of a phrase whose notes last `lengths` beats each (``PlayBackQuestion/lengths``) at `tempo`, its
    /// count-in from `start`.
    public init(tempo: Tempo, start: Double, lengths: [Double]) {
        self.tempo = tempo
        self.start = start
        var beats: [Double] = []
        var beat = 0.0
        for length in lengths {
            beats.append(beat)
            beat += length
        }
        noteBeats = beats
        phraseBeats = beat
    }

    /// Bars the call (and the response) take.
    public var phraseBars: Int {
        max(1, Int((phraseBeats / Double(Self.beatsPerBar)).rounded(.up)))
    }

    /// A bar's length, seconds.
    public var bar: Double { Double(Self.beatsPerBar) * tempo.beat }
    /// When the call's first note sounds.
    public var callStart: Double { start + bar }
    /// When the response's first beat is.
    public var responseStart: Double { callStart + Double(phraseBars) * bar }
    /// When the response's bars end.
    public var responseEnd: Double { responseStart + Double(phraseBars) * bar }
    /// How far before its place, or after the last place, a note still counts: half a beat.
    public var tolerance: Double { tempo.beat / 2 }

    /// When each note of the call sounds.
    public var callTimes: [Double] { noteBeats.map { callStart + $0 * tempo.beat } }
    /// Each note's place in the response.
    public var places: [Double] { noteBeats.map { responseStart + $0 * tempo.beat } }
    /// Until when a note played counts: half a beat after the last place.
    public var answerEnds: Double { (places.last ?? responseStart) + tolerance }

    /// Every click, in time order: the count-in's four, one on every beat of the call and of the response; each
    /// bar's first accented.
    public var clicks: [(time: Double, accent: Bool)] {
        let beats = Self.beatsPerBar * (1 + 2 * phraseBars)
        return (0..<beats).map { (start + Double($0) * tempo.beat, $0 % Self.beatsPerBar == 0) }
    }
}
