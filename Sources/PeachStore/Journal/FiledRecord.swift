// FiledRecord: what a load of the whole journal keeps of a line: the values its contents file, not the record.

import Foundation
import PeachCore

/// What ``JournalStore`` keeps of a journal line while it rebuilds the store's contents (a first start without a
/// snapshot, `peach profile`, the dashboard): for the kinds nearly every line holds, only the plain values
/// ``JournalContents`` files; any other record whole.
///
/// The lines are decoded on two threads and filed, in order, on one: each line's result waits in a slot
/// between the two. A whole ``StoredRecord`` there — 264 bytes, its strings and arrays counted by reference —
/// was made, moved out, copied from and destroyed once for every line, a tenth of the first start's
/// instructions (docs/benchmarks.md). These cases hold nothing counted by reference but an offset detection's
/// pattern (nil but for the patterns' own trials) and fill the gap's step means, and take a third of the room.
enum FiledRecord: Sendable {
    /// A comparison.
    case comparison(FiledComparison)
    /// A pitch matching.
    case pitchMatching(FiledPitchMatching)
    /// An offset-detection trial: its tempo, signed offset, answer, pattern and time.
    case offsetDetection(tempoBPM: Int, offsetMs: Double, isCorrect: Bool, pattern: TimingPattern?, at: Date)
    /// A fill-the-gap trial: its tempo, mean signed offset, the mean at each step, its silent bars' drift, the
    /// calibration in use and its time.
    case gapFill(
        tempoBPM: Int, meanOffsetMs: Double, positions: [Double?], drift: SilentDrift?,
        calibrationMs: Double?, at: Date)
    /// Any other record (echo, play-back, a line not laid out as Peach writes it), boxed so that it does not
    /// make every slot as large as itself.
    indirect case record(StoredRecord)
}
