// Texts+Timing: the words of timing training: titles, keys, the screen's lines, the closing count.

import PeachCore
import PeachTraining

extension Texts {
    /// How to answer or strike in a timing mode, in one line.
    func timingKeysHelp(for mode: TrainingMode) -> String {
        mode == .gapFill
            ? tr("Strike any key or pad (or Space) in each silent step; q stops.")
            : tr("Answer early with a key below C4 (or ← ↓), late with one from C4 up (→ ↑); q stops.")
    }

    /// `listen · offset 20 % of a sixteenth (37.5 ms) · 80 BPM`: an offset-detection trial playing.
    func timingTrialStatus(_ trial: OffsetDetectionTrial) -> String {
        tr(
            "listen · offset \(format(trial.offsetPercent, 1)) % of a sixteenth "
                + "(\(format(abs(trial.offsetMs), 1)) ms) · \(trial.tempo.bpm) BPM")
    }

    /// `early or late?`
    var earlyOrLate: String { tr("early or late?") }

    /// `click 3 was 12.5 ms early`: the right answer of an offset-detection trial.
    func timingRightAnswer(_ completed: CompletedOffsetDetection) -> String {
        let click = completed.trial.offsetClick
        let ms = format(abs(completed.trial.offsetMs), 1)
        return completed.trial.direction == .early
            ? tr("click \(click) was \(ms) ms early") : tr("click \(click) was \(ms) ms late")
    }

    /// `Fill the gap at 80 BPM: strike step 4 of every four.`
    func gapFillStart(tempo: Tempo, positions: [Int]) -> String {
        let steps = positions.map(String.init).joined(separator: ", ")
        return tr(
            one: "Fill the gap at \(tempo.bpm) BPM: strike step \(steps) of every four.",
            other: "Fill the gap at \(tempo.bpm) BPM: strike steps \(steps) of every four.",
            count: positions.count)
    }

    /// `8.3 ms late` / `12.0 ms early` / `on time` (under half a millisecond).
    func strikeOffset(_ offsetMs: Double) -> String {
        let ms = format(abs(offsetMs), 1)
        if abs(offsetMs) < 0.5 { return tr("on time") }
        return offsetMs < 0 ? tr("\(ms) ms early") : tr("\(ms) ms late")
    }

    /// `not in a gap`: a strike that does not count.
    var strikeOutside: String { tr("not in a gap: a strike counts within half a sixteenth of one") }

    /// The line after a fill-the-gap trial: how many gaps were struck and the mean offset.
    func gapFillTrial(_ completed: CompletedGapFill) -> String {
        let mean = completed.meanOffsetMs
        let drift =
            abs(mean) < 0.5 ? tr("on time") : mean < 0 ? tr("rushing (early)") : tr("dragging (late)")
        return tr(
            "Sixteen cycles: \(completed.strikes.count) of \(completed.gapCount) gaps struck, mean "
                + "\(format(mean, 1)) ms, \(drift).")
    }

    /// The line after a fill-the-gap trial with no strike.
    var gapFillEmpty: String { tr("Sixteen cycles without a strike in a gap; nothing stored.") }

    /// `42 strikes counted` for the closing line.
    func strikesCounted(_ count: Int) -> String {
        tr(one: "\(count) strike counted", other: "\(count) strikes counted", count: count)
    }

    /// Why the output cannot play timing clicks.
    func message(for error: ClicksUnavailable) -> String {
        tr(
            "\(error.output) cannot play timing clicks; use the built-in synth (--audio-out) or a MIDI synth "
                + "on the sequencer (--output midi).")
    }
}
