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
/// instructions (docs/benchmarks.md). These cases hold nothing counted by reference, so nothing is counted,
/// copied or freed for them on the way to the contents: an offset detection keeps its pattern's steps and
/// family, not the pattern (whose figure is an array), and fill the gap its step means as four numbers, not an
/// array (made and freed for every trial, with the pattern's references, they were 0.1k instructions a record).
enum FiledRecord: Sendable {
    /// A comparison.
    case comparison(FiledComparison)
    /// A pitch matching.
    case pitchMatching(FiledPitchMatching)
    /// An offset-detection trial: its tempo, signed offset, answer, its pattern's steps a beat and family (straight
    /// sixteenths' for a record without a pattern), and its time.
    case offsetDetection(
        tempoBPM: Int, offsetMs: Double, isCorrect: Bool, steps: Int, family: TimingPattern.Family, at: Date)
    /// A fill-the-gap trial: its tempo, mean signed offset, the mean at each step, its silent bars' drift, the
    /// calibration in use and its time.
    case gapFill(
        tempoBPM: Int, meanOffsetMs: Double, stepMeans: GapStepMeans, drift: SilentDrift?,
        calibrationMs: Double?, at: Date)
    /// Any other record (echo, play-back, a line not laid out as Peach writes it), boxed so that it does not
    /// make every slot as large as itself.
    indirect case record(StoredRecord)
}
