// PlayBackQuestion: what Peach plays for one play-back trial and which notes the answer must contain.

/// One question: the notes Peach sounds (in order, or together), the note the player is given (the
/// reference), and the notes the answer must contain.
public struct PlayBackQuestion: Hashable, Sendable {
    /// The item asked.
    public let item: PlayBackItem
    /// The notes Peach sounds, in order (all at once when ``isHarmonic``).
    public let soundedNotes: [MIDINote]
    /// Whether the notes sound together (a harmonic interval, a chord).
    public let isHarmonic: Bool
    /// The given note the answer is measured from (notes, intervals: the reference; chords: the bass).
    public let reference: MIDINote
    /// The notes the answer must contain, lowest first (in order for melodies, when they come).
    public let answerNotes: [MIDINote]

    /// A question of `item` on `reference` (for chords: the bass, the lowest note of the voicing). Nil when a
    /// note would leave MIDI 0–127.
    public init?(_ item: PlayBackItem, reference: MIDINote) {
        self.item = item
        switch item {
        case .note(let semitones):
            guard let target = try? MIDINote(validating: reference.rawValue + semitones) else { return nil }
            soundedNotes = [reference, target]
            isHarmonic = false
            self.reference = reference
            answerNotes = [target]
        case .interval(let interval, let harmonic):
            guard let target = interval.target(from: reference) else { return nil }
            soundedNotes = harmonic ? [min(reference, target), max(reference, target)] : [reference, target]
            isHarmonic = harmonic
            self.reference = reference
            answerNotes = [target]
        case .chord(let quality, let inversion):
            let root = reference.rawValue - quality.intervals[max(0, min(inversion, quality.voicings - 1))]
            let notes = quality.notes(root: root, inversion: inversion)
            guard let low = notes.first, let high = notes.last, MIDINote.validRange.contains(low),
                MIDINote.validRange.contains(high)
            else { return nil }
            soundedNotes = notes.map { MIDINote(clamping: $0) }
            isHarmonic = true
            self.reference = soundedNotes[0]
            answerNotes = soundedNotes
        }
    }

    /// A question of `item` with a reference drawn at random so every sounded note lies in `range`.
    public static func random(
        _ item: PlayBackItem, in range: ClosedRange<Int>, using generator: inout some RandomNumberGenerator
    ) -> PlayBackQuestion? {
        let (low, high): (Int, Int)
        switch item {
        case .note(let semitones): (low, high) = (min(0, semitones), max(0, semitones))
        case .interval(let interval, _):
            (low, high) = (min(0, interval.semitones), max(0, interval.semitones))
        case .chord(let quality, let inversion):
            let notes = quality.notes(root: 0, inversion: inversion)
            (low, high) = (0, (notes.last ?? 0) - (notes.first ?? 0))
        }
        let first = range.lowerBound - low
        let last = range.upperBound - high
        guard first <= last else { return nil }
        return PlayBackQuestion(
            item, reference: MIDINote(clamping: Int.random(in: first...last, using: &generator)))
    }
}
