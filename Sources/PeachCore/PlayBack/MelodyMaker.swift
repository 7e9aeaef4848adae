// MelodyMaker: writes a melody a musician would sing: mostly steps, leaps turned back, ending on a stable degree.

/// Writes the phrase of a melody question in a key, as the level asks (``MelodyLevel``). The phrase is written in
/// scale steps from the tonic and then made notes:
///
/// - it **starts** on 1, 3 or 5 (the tonic triad) and **ends** on 1 (most often), 3 or 5, the last step into it a
///   second or a third;
/// - it moves **by step** (a second, up or down); `leaps` and above take a third or a fourth in about one move of
///   three, `wide` also a sixth or an octave, and after a leap the next move is a **step back** (a leap up is
///   followed by a step down), as melodies written to be sung do;
/// - it stays within a tenth: from the fifth below the tonic (`wide`: the octave below) to the third above its
///   octave, and never repeats a note twice in a row;
/// - in minor it uses the natural minor and has its third (♭3) at least once, so its key is heard from it; a
///   `chromatic` phrase has one note (never the first or last) raised or lowered a semitone so it leads by a
///   semitone to the next (the ♯4 before 5, the ♯1 before 2);
/// - every move, as the phrase is written (``PlayBackQuestion/spelledPhrase(_:in:)``), is a perfect, major or
///   minor interval or a chromatic semitone: never an augmented second (F G♯ A), a diminished fourth (E♭ B in C
///   minor) or a tritone.
///
/// The rhythm (``rhythm(_:using:)``) is a simple one, in 4/4 from a bar's first beat, the last note always a half:
/// `steps` phrases are even quarters (``beats(of:)``); `leaps` may hold a note a half on the bar's first or third
/// beat; `wide` also splits a beat into two eighths; `chromatic` also takes a dotted quarter and an eighth on the
/// first or third beat. So the rhythm grows with the curriculum as the moves do.
public enum MelodyMaker {
    /// The phrase of `level` in the key of `tonic` (MIDI) and `mode`: its notes in order; nil when no phrase
    /// of the level fits the range within a hundred tries (a range too narrow). `naming` is the major key's tonic
    /// as the player named it (``PlayBackQuestion/naming(_:)``), which settles how the phrase is written.
    public static func phrase(
        _ level: MelodyLevel, tonic: MIDINote, mode: KeyMode, naming: KeySignature? = nil,
        in range: ClosedRange<Int>, using generator: inout some RandomNumberGenerator
    ) -> [MIDINote]? {
        let key =
            naming.flatMap { $0.tonicPitchClass == tonic.pitchClass ? Key(named: $0, mode: mode) : nil }
            ?? Key(tonic: tonic.pitchClass, mode: mode)
        for _ in 0..<100 {
            guard let steps = scaleSteps(level, mode: mode, using: &generator) else { continue }
            var notes = steps.map { MIDINote(clamping: tonic.rawValue + semitones(ofStep: $0, mode: mode)) }
            if level.shape == .chromatic {
                guard let altered = chromatic(notes, key: key, using: &generator) else { continue }
                notes = altered
            }
            guard notes.allSatisfy({ range.contains($0.rawValue) }),
                Self.mode(of: notes, tonic: tonic) == mode,
                isPlainlyWritten(notes, in: key)
            else { continue }
            return notes
        }
        return nil
    }

    /// Whether every move of `notes`, written as the phrase is (``PlayBackQuestion/spelledPhrase(_:in:)``), is a
    /// perfect, major or minor interval or a chromatic semitone (``SpelledNote/isPlainInterval(to:)``): no
    /// augmented second, no diminished fourth, no tritone.
    static func isPlainlyWritten(_ notes: [MIDINote], in key: Key) -> Bool {
        let written = PlayBackQuestion.spelledPhrase(notes, in: key)
        return zip(written, written.dropFirst()).allSatisfy { $0.isPlainInterval(to: $1) }
    }

    /// The mode a phrase on `tonic` is in, as its notes tell: minor when it has the minor third above the tonic and
    /// not the major one, else major (the phrases this type writes are in the mode they tell).
    public static func mode(of notes: [MIDINote], tonic: MIDINote) -> KeyMode {
        let classes = Set(notes.map { ($0.pitchClass - tonic.pitchClass + 12) % 12 })
        return classes.contains(3) && !classes.contains(4) ? .minor : .major
    }

    /// How many beats each note of a phrase of `count` notes lasts: quarters, the last a half.
    public static func beats(of count: Int) -> [Double] {
        (0..<count).map { $0 == count - 1 ? 2 : 1 }
    }

    /// The note lengths a phrase's rhythm is made of, in beats: an eighth, a quarter, a dotted quarter, a half.
    public static let noteLengths: Set<Double> = [0.5, 1, 1.5, 2]

    /// A rhythm for a phrase of `level`: how many beats each of its notes lasts (``noteLengths``), the last a half.
    /// Before the last note the phrase is made of figures that each fill a beat or two: a quarter; from `leaps` on
    /// a half, on the bar's first or third beat; from `wide` on two eighths; in `chromatic` a dotted quarter and an
    /// eighth, on the first or third beat. A quarter is the likeliest; `steps` phrases are all quarters (and draw
    /// nothing from `generator`).
    public static func rhythm(
        _ level: MelodyLevel, using generator: inout some RandomNumberGenerator
    ) -> [Double] {
        guard level.shape != .steps else { return beats(of: level.length) }
        // Steps, leaps, wide, chromatic: each shape takes the figures of the one before it, and one more.
        let rank = MelodyLevel.Shape.allCases.firstIndex(of: level.shape) ?? 0
        var lengths: [Double] = []
        var beat = 0.0
        while lengths.count < level.length - 1 {
            let left = level.length - 1 - lengths.count
            let strong = beat.truncatingRemainder(dividingBy: 2) == 0
            // Each figure with its weight, where it may stand.
            var figures: [(lengths: [Double], weight: Int)] = [([1], 6)]
            if strong { figures.append(([2], 2)) }
            if rank >= 2, left >= 2 { figures.append(([0.5, 0.5], 2)) }
            if rank >= 3, left >= 2, strong { figures.append(([1.5, 0.5], 2)) }
            var pick = Int.random(in: 0..<figures.reduce(0) { $0 + $1.weight }, using: &generator)
            for figure in figures {
                pick -= figure.weight
                guard pick < 0 else { continue }
                lengths += figure.lengths
                beat += figure.lengths.reduce(0, +)
                break
            }
        }
        return lengths + [2]
    }

    /// Semitones above the tonic of scale step `step` (0 the tonic, 7 its octave, −1 the seventh below).
    static func semitones(ofStep step: Int, mode: KeyMode) -> Int {
        let octave = step >= 0 ? step / 7 : -((-step + 6) / 7)
        return 12 * octave + mode.scale[step - 7 * octave]
    }

    private static func scaleSteps(
        _ level: MelodyLevel, mode: KeyMode, using generator: inout some RandomNumberGenerator
    ) -> [Int]? {
        let lowest = level.shape == .wide ? -7 : -4
        let highest = 9
        var moves = [-1, 1]
        if level.shape != .steps { moves += [-2, 2, -3, 3] }
        if level.shape == .wide { moves += [-5, 5, -7, 7] }
        var steps = [[0, 2, 4].randomElement(using: &generator) ?? 0]
        while steps.count < level.length - 1 {
            guard let last = steps.last else { return nil }
            let previous = steps.count > 1 ? last - steps[steps.count - 2] : 0
            var choices: [Int]
            if abs(previous) >= 2 {
                choices = [previous > 0 ? -1 : 1]  // a leap is turned back by step
            } else if Double.random(in: 0..<1, using: &generator) < 0.35, moves.count > 2 {
                choices = moves.filter { abs($0) >= 2 }
            } else {
                choices = [-1, 1]
            }
            // No tritone leap (the fourth between 4 and 7 of major, 6 and 2 of minor), the one diatonic move that is
            // not plain: ``isPlainlyWritten(_:in:)`` would drop the phrase, so it is not chosen at all.
            choices = choices.filter { move in
                (lowest...highest).contains(last + move)
                    && abs(semitones(ofStep: last + move, mode: mode) - semitones(ofStep: last, mode: mode))
                        != 6
            }
            guard let move = choices.randomElement(using: &generator) else { return nil }
            steps.append(last + move)
        }
        // The last note: the tonic (or its octave) most often, else 3 or 5, a second or a third from the one before.
        guard let before = steps.last else { return nil }
        let places: [Int] = [0, 7, 0, 7, 2, 4, 9, -3]
        let stable = places.filter { (1...2).contains(abs($0 - before)) }
        guard let last = stable.randomElement(using: &generator) else { return nil }
        steps.append(last)
        if mode == .minor, !steps.contains(where: { (($0 % 7) + 7) % 7 == 2 }) { return nil }
        return steps
    }

    /// One note, never the first or the last, raised or lowered a semitone so it leads by a semitone to the next,
    /// where that note is outside the scale and the moves to it and from it, written as the phrase is (a passing
    /// note raised from the letter below or lowered from the one above), are plain (``isPlainlyWritten(_:in:)``):
    /// a chromatic semitone, a second or a third, never an augmented second (F G♯ A); nil when no note can.
    private static func chromatic(
        _ notes: [MIDINote], key: Key, using generator: inout some RandomNumberGenerator
    ) -> [MIDINote]? {
        let candidates = (1..<(notes.count - 1)).compactMap { index -> (Int, MIDINote)? in
            let next = notes[index + 1].rawValue
            let leading = MIDINote(clamping: notes[index].rawValue < next ? next - 1 : next + 1)
            let inScale = key.mode.scale.contains((leading.pitchClass - key.tonic + 12) % 12)
            guard !inScale, leading != notes[index - 1],
                isPlainlyWritten([notes[index - 1], leading, notes[index + 1]], in: key)
            else { return nil }
            return (index, leading)
        }
        guard let (index, leading) = candidates.randomElement(using: &generator) else { return nil }
        var result = notes
        result[index] = leading
        return result
    }
}
