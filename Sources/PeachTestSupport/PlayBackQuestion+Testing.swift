// PlayBackQuestion+Testing: questions built in tests, where a note outside MIDI would be a mistake of the test.

import PeachCore

extension PlayBackQuestion {
    /// The question of `item` on `reference`; traps when it would leave MIDI 0–127 (a test's own mistake).
    public static func testing(_ item: PlayBackItem, reference: MIDINote) -> PlayBackQuestion {
        guard let question = PlayBackQuestion(item, reference: reference) else {
            preconditionFailure("no question of \(item) on \(reference)")
        }
        return question
    }
}
