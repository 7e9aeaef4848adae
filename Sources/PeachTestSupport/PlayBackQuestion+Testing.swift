// PlayBackQuestion+Testing: questions built in tests, where a note outside MIDI would be a mistake of the test.

import PeachCore

extension PlayBackQuestion {
    /// The question of `item` on `reference`; traps when it would leave MIDI 0–127 (a test's own mistake). A
    /// melody is the level's phrase written by ``MelodyMaker`` in the major key of `reference`, the same for the
    /// same arguments.
    public static func testing(_ item: PlayBackItem, reference: MIDINote) -> PlayBackQuestion {
        if case .melody(let level) = item {
            var generator = SeededRandomGenerator(
                seed: UInt64(reference.rawValue) &* 31 &+ UInt64(level.length))
            guard
                let notes = MelodyMaker.phrase(
                    level, tonic: reference, mode: .major, in: 0...127, using: &generator),
                let question = PlayBackQuestion(melody: level, tonic: reference, notes: notes)
            else { preconditionFailure("no melody of \(item) on \(reference)") }
            return question
        }
        guard let question = PlayBackQuestion(item, reference: reference) else {
            preconditionFailure("no question of \(item) on \(reference)")
        }
        return question
    }
}
