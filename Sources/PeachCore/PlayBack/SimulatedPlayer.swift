// SimulatedPlayer: a model player for play-back: per-item accuracy, confusions and response times.

/// A model of a player answering play-back questions, for `peach simulate` and tests in virtual time: each
/// item is answered right with its accuracy (``defaultAccuracy`` unless given); a wrong answer plays the item
/// it is confused with (``confusions``), else a neighbour a semitone off (notes, intervals, degrees) or another
/// chord quality on the same bass. Response times are drawn around ``meanResponseTime``; a chord's notes are struck
/// within ``chordSpread`` of each other. A melody is answered note by note, each a little less likely right than
/// the one before (``positionDecay``); in tempo, each note at its place with a bias and a spread
/// (``answerInTempo(_:grid:using:)``).
public struct SimulatedPlayer: Sendable {
    /// Accuracy of an item not in ``accuracy``.
    public var defaultAccuracy: Double
    /// Accuracy per item.
    public var accuracy: [PlayBackItem: Double]
    /// What an item is heard as when it is answered wrong.
    public var confusions: [PlayBackItem: PlayBackItem]
    /// The mean response time, seconds.
    public var meanResponseTime: Double
    /// How far apart a chord's onsets may lie, seconds (a melody's notes stray as far from their steps).
    public var chordSpread: Double
    /// Melodies: how much less likely each note is right than the one before it.
    public var positionDecay: Double
    /// Melodies: seconds between the notes played.
    public var melodyStep = 0.45
    /// Melodies in tempo: how far from its place on the grid the player strikes a note on average, seconds
    /// (positive late).
    public var timingBias = 0.0
    /// Melodies in tempo: the standard deviation of a note's time around its place plus ``timingBias``, seconds.
    public var timingSpread = 0.02

    /// A model player.
    public init(
        defaultAccuracy: Double = 0.9, accuracy: [PlayBackItem: Double] = [:],
        confusions: [PlayBackItem: PlayBackItem] = [:], meanResponseTime: Double = 1.2,
        chordSpread: Double = 0.03, positionDecay: Double = 0.04
    ) {
        self.positionDecay = positionDecay
        self.defaultAccuracy = defaultAccuracy
        self.accuracy = accuracy
        self.confusions = confusions
        self.meanResponseTime = meanResponseTime
        self.chordSpread = chordSpread
    }

    /// The model of the `confuse` option: M3 and m3 heard as each other, right 40 % of the time; else 90 %.
    public static let confusesThirds = SimulatedPlayer(
        accuracy: [
            .interval(DirectedInterval(.majorThird), harmonic: false): 0.4,
            .interval(DirectedInterval(.minorThird), harmonic: false): 0.4,
            .chord(.major, inversion: 0): 0.4, .chord(.minor, inversion: 0): 0.4,
        ],
        confusions: [
            .interval(DirectedInterval(.majorThird), harmonic: false):
                .interval(DirectedInterval(.minorThird), harmonic: false),
            .interval(DirectedInterval(.minorThird), harmonic: false):
                .interval(DirectedInterval(.majorThird), harmonic: false),
            .chord(.major, inversion: 0): .chord(.minor, inversion: 0),
            .chord(.minor, inversion: 0): .chord(.major, inversion: 0),
        ])

    /// The answer to `question`: the notes played with their onsets relative to the first (seconds), and the
    /// response time (seconds after the answer window opened).
    public func answer(
        _ question: PlayBackQuestion, using generator: inout some RandomNumberGenerator
    ) -> (notes: [(note: MIDINote, onset: Double)], responseTime: Double) {
        if case .melody = question.item { return answerMelody(question, using: &generator) }
        let right = Double.random(in: 0..<1, using: &generator) < (accuracy[question.item] ?? defaultAccuracy)
        var notes = question.answerNotes
        if question.isPhrase, case .degree = question.item {
            // Degrees in a row: the notes before the asked one right, the asked one as the item's accuracy says.
            if !right, let last = notes.last {
                let heard = confusions[question.item] ?? neighbour(of: question.item, using: &generator)
                let wrong = PlayBackQuestion(heard, reference: question.reference)?.answerNotes.first
                notes[notes.count - 1] = wrong.flatMap { $0 != last ? $0 : nil } ?? last.advanced(by: 1)
            }
            let onsets = notes.enumerated().map { index, note in
                (
                    note: note,
                    onset: Double(index) * melodyStep + Double.random(in: 0...chordSpread, using: &generator)
                )
            }
            return (onsets, responseTime(using: &generator))
        }
        if !right {
            let heard = confusions[question.item] ?? neighbour(of: question.item, using: &generator)
            if let wrong = PlayBackQuestion(heard, reference: question.reference), wrong.answerNotes != notes
            {
                notes = wrong.answerNotes
            } else if let first = notes.first {
                notes = [first.rawValue < 127 ? first.advanced(by: 1) : first.advanced(by: -1)]
            }
        }
        let onsets = notes.enumerated().map { index, note in
            (note: note, onset: index == 0 ? 0 : Double.random(in: 0...chordSpread, using: &generator))
        }
        return (onsets, responseTime(using: &generator))
    }

    /// A melody: each note right with the item's accuracy less ``positionDecay`` for each note before it (memory
    /// gives out along the phrase), else a semitone or a whole tone off; the notes ``melodyStep`` apart.
    private func answerMelody(
        _ question: PlayBackQuestion, using generator: inout some RandomNumberGenerator
    ) -> (notes: [(note: MIDINote, onset: Double)], responseTime: Double) {
        let base = accuracy[question.item] ?? defaultAccuracy
        let notes = question.answerNotes.enumerated().map { index, note -> (note: MIDINote, onset: Double) in
            let right = Double.random(in: 0..<1, using: &generator) < base - positionDecay * Double(index)
            let miss = [-2, -1, 1, 2].randomElement(using: &generator) ?? 1
            let played = right ? note : MIDINote(clamping: note.rawValue + miss)
            return (
                played, Double(index) * melodyStep + Double.random(in: 0...chordSpread, using: &generator)
            )
        }
        return (notes, responseTime(using: &generator))
    }

    /// A melody in tempo, played against `grid`: each note's pitch as a free answer has it (right a little less
    /// often at each place: ``positionDecay``), struck at its place plus ``timingBias`` and a normal error of
    /// ``timingSpread``; times on the grid's timeline, in the order struck.
    public func answerInTempo(
        _ question: PlayBackQuestion, grid: TempoGrid, using generator: inout some RandomNumberGenerator
    ) -> [(note: MIDINote, time: Double)] {
        let pitches = answerMelody(question, using: &generator).notes
        let notes = zip(pitches, grid.places).map { played, place in
            (
                note: played.note,
                time: place + generator.nextGaussian(mean: timingBias, standardDeviation: timingSpread)
            )
        }
        return notes.sorted { $0.time < $1.time }
    }

    /// How long after the answer window opened the player starts: ``meanResponseTime`` ± 40 %, at least 0.15 s.
    private func responseTime(using generator: inout some RandomNumberGenerator) -> Double {
        max(0.15, meanResponseTime * Double.random(in: 0.6...1.4, using: &generator))
    }

    private func neighbour(
        of item: PlayBackItem, using generator: inout some RandomNumberGenerator
    ) -> PlayBackItem {
        let step = Bool.random(using: &generator) ? 1 : -1
        switch item {
        case .note(let semitones):
            return .note(semitones: max(-12, min(12, semitones + (semitones == 12 ? -1 : step))))
        case .interval(let interval, let harmonic):
            let semitones =
                interval.semitones + (interval.interval == .octave ? (interval.isDown ? 1 : -1) : step)
            return .interval(DirectedInterval(semitones: semitones) ?? interval, harmonic: harmonic)
        case .chord(let quality, let inversion):
            let others = ChordQuality.allCases.filter {
                $0 != quality && $0.intervals.count == quality.intervals.count && inversion < $0.voicings
                    && (inversion == 0 || !$0.isSymmetric)
            }
            return .chord(others.randomElement(using: &generator) ?? quality, inversion: inversion)
        case .degree(let degree):
            return .degree(ScaleDegree(mode: degree.mode, semitones: degree.semitones + step))
        case .melody:
            return item  // a melody's notes are missed one by one (answerMelody)
        }
    }
}
