// CadencePlan: degrees: which key each question is in, and whether its cadence sounds first.

/// The key of each degrees question and when the cadence sets it. Questions come in **blocks** of
/// ``blockLength`` in one key (one tonic, one mode): a block begins with the run, after ``blockLength``
/// questions, or when the next item is of the other mode; a new block takes a new tonic (``DegreeKey/random``,
/// never the last one) or the fixed one, placed so the cadence (an octave below the tonic) and the note (up to
/// a seventh above) lie in the note range, within ``comfortable`` where the range allows — at random among the
/// tonics that fit (``tonics(in:above:mayLeave:)``: in a narrow range a key the cadence's places lack is placed
/// so that its notes stay in the range and the bass sounds below it, so a 25-key controller is asked in every
/// key, not only C and C♯), or the fixed one's octave nearest their middle (in a one-octave range that octave
/// may reach past the range: the answer counts in any octave). The cadence sounds at a block's first question
/// and then every ``every``-th
/// (1: before each question; 3: the first, fourth, seventh …), so the player learns to hold the key in mind
/// (asked for by open-ear's users). A replay always plays it.
public struct CadencePlan: Sendable {
    /// How many questions a block asks in one key.
    public static let blockLength = 8
    /// Where a tonic is placed when the note range allows: G3–B4 (the cadence's bass from G2, the note up to A♯5).
    public static let comfortable = 55...71
    /// The cadence sounds before every `every`-th question of a block (1…``blockLength``).
    public let every: Int
    /// Random tonics or a fixed one.
    public let key: DegreeKey
    /// The mode of the block under way; nil before the first question.
    public private(set) var mode: KeyMode?
    /// The tonic (where the cadence is voiced) of the block under way.
    public private(set) var tonic: MIDINote?
    private var asked = 0

    /// Where a tonic may lie so that its chord's bass (an octave below) and the notes up to `above` semitones over
    /// it stay in `range`: within ``comfortable`` where the range allows. A range too narrow for the bass too
    /// (under `12 + above` semitones: the two octaves of a 25-key controller, say) places the tonic so that the
    /// notes stay in it and the bass sounds below it: the cadence accompanies, it is not answered. Nil only when
    /// not even the notes fit.
    public static func tonicPlaces(in range: ClosedRange<Int>, above: Int) -> ClosedRange<Int>? {
        guard range.lowerBound + 12 <= range.upperBound - above else {
            guard range.lowerBound <= range.upperBound - above else { return nil }
            return range.lowerBound...(range.upperBound - above)
        }
        let fitting = (range.lowerBound + 12)...(range.upperBound - above)
        return fitting.overlaps(comfortable) ? fitting.clamped(to: comfortable) : fitting
    }

    /// The tonics a block (or a melody, `above` 7) may take: every place of ``tonicPlaces(in:above:)``, and each
    /// pitch class they lack once, at its octave nearest their middle among the tonics whose notes (`above`
    /// semitones over it) stay in `range`, the bass below it; with `mayLeave`, where no such octave is (a range
    /// of an octave), at its octave nearest their middle. Without it a narrow range kept most keys out: in a
    /// 25-key controller's C3–C5 the places with the bass in the range are C4 and C♯4 alone. Empty when not even
    /// the notes fit.
    public static func tonics(in range: ClosedRange<Int>, above: Int, mayLeave: Bool) -> [Int] {
        guard let places = tonicPlaces(in: range, above: above) else { return [] }
        var tonics = Array(places)
        guard places.count < 12 else { return tonics }
        let middle = (places.lowerBound + places.upperBound) / 2
        let notesFit = range.lowerBound...(range.upperBound - above)
        for pitchClass in 0..<12 where !places.contains(where: { $0 % 12 == pitchClass }) {
            if let fitting = notesFit.filter({ $0 % 12 == pitchClass }).min(by: {
                abs($0 - middle) < abs($1 - middle)
            }) {
                tonics.append(fitting)
            } else if mayLeave {
                // The pitch class's octave nearest the middle, the lower on a tie.
                let below = middle - ((middle - pitchClass) % 12 + 12) % 12
                tonics.append(middle - below <= below + 12 - middle ? below : below + 12)
            }
        }
        return tonics
    }

    /// A plan with the cadence every `every` questions (clamped to 1…``blockLength``) in `key`.
    public init(every: Int, key: DegreeKey) {
        self.every = min(max(every, 1), Self.blockLength)
        self.key = key
    }

    /// The mode the next question must be in to stay in the block; nil when the next question begins a block.
    public var blockMode: KeyMode? { asked < Self.blockLength ? mode : nil }

    /// Places the next question, of `mode`: its tonic, and whether the cadence sounds before it. Nil only when
    /// `range` is narrower than the notes (``tonicPlaces(in:above:)``).
    public mutating func next(
        _ mode: KeyMode, in range: ClosedRange<Int>, using generator: inout some RandomNumberGenerator
    ) -> (tonic: MIDINote, cadence: Bool)? {
        if blockMode != mode || tonic == nil {
            let tonics = Self.tonics(in: range, above: 11, mayLeave: true)
            guard let places = Self.tonicPlaces(in: range, above: 11) else { return nil }
            let candidates: [Int]
            if let fixed = key.tonicPitchClass {
                // The octave of the fixed tonic nearest the places' middle: inside them whenever one is.
                let middle = (places.lowerBound + places.upperBound) / 2
                let octaves = tonics.filter { $0 % 12 == fixed }
                candidates = octaves.min(by: { abs($0 - middle) < abs($1 - middle) }).map { [$0] } ?? []
            } else {
                let last = tonic?.pitchClass
                let fresh = tonics.filter { $0 % 12 != last }  // never the last block's tonic
                candidates = fresh.isEmpty ? tonics : fresh
            }
            guard let chosen = candidates.randomElement(using: &generator) else { return nil }
            tonic = MIDINote(clamping: chosen)
            self.mode = mode
            asked = 0
        }
        let cadence = asked % every == 0
        asked += 1
        guard let tonic else { return nil }
        return (tonic, cadence)
    }
}
