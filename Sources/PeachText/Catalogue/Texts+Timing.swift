// Texts+Timing: the words of timing training: titles, keys, the screen's lines, the closing count.

import PeachCore
import PeachTraining

extension Texts {
    /// How to answer or strike in a timing mode, in one line.
    func timingKeysHelp(for mode: TrainingMode) -> String {
        switch mode {
        case .gapFill: tr("Strike any key or pad (or Space) in each silent step; q stops.")
        case .echo: tr("Listen to a bar, then echo it on any key or pad (or Space) in the next; q stops.")
        case .calibration:
            tr(
                "Strike your pad (or Space) with every click, \(TimingCalibration.strikesNeeded) times; q stops."
            )
        default: tr("Answer early with a key below C4 (or ← ↓), late with one from C4 up (→ ↑); q stops.")
        }
    }

    /// `count-in at 80 BPM: 1 2 3 4`.
    func echoCountIn(_ tempo: Tempo) -> String { tr("count-in at \(tempo.bpm) BPM: 1 2 3 4") }

    /// `listen · 4:x-xx 2:xx 3:xxx 1:x · level 4`.
    func echoCall(_ rhythm: EchoRhythm, level: Int) -> String {
        tr("listen · \(rhythm.description) · level \(level)")
    }

    /// `your turn: echo 4:x-xx 2:xx 3:xxx 1:x`.
    func echoRespond(_ rhythm: EchoRhythm) -> String { tr("your turn: echo \(rhythm.description)") }

    /// `9 of 10 notes, 1 extra · mean +4.2 ms, on time · score 82 %`, the mean said as fill the gap's is
    /// (``timingVerdict(meanOffsetMs:)``); paired with a calibration (``CompletedEcho/calibrationMs``) the mean
    /// has it taken off and the raw one follows: `mean +4.2 ms (raw +16.2 ms), on time`.
    func echoResult(_ completed: CompletedEcho) -> String {
        var mean = "– ms"
        if let raw = completed.meanOffsetMs, let calibrated = completed.calibratedMeanOffsetMs {
            mean =
                milliseconds(raw, calibrationMs: completed.calibrationMs, signed: true) + ", "
                + timingVerdict(meanOffsetMs: calibrated)
        }
        return tr(
            "\(completed.hits) of \(completed.onsets.count) notes, \(completed.extras) extra · mean \(mean) · "
                + "score \(format(completed.score * 100, 0)) %")
    }

    /// Rhythm echo: each note's offset in whole milliseconds, grouped by the beat it is on (– for a note missed),
    /// with the echo's calibration taken off: `ms by beat: 1: +4 +6 +2 · 2: +3 – · 3: −25 +1 +5 · 4: +2`.
    func echoTiming(_ completed: CompletedEcho) -> String {
        let calibration = completed.calibrationMs
        var beats: [(beat: Int, offsets: [String])] = []
        for onset in completed.onsets {
            let beat = Int((onset.beat + 1e-9).rounded(.down)) + 1
            let offset =
                onset.offsetMs.map { signedWholeMilliseconds($0 - (calibration ?? 0)) } ?? "–"
            if beats.last?.beat == beat {
                beats[beats.count - 1].offsets.append(offset)
            } else {
                beats.append((beat, [offset]))
            }
        }
        let groups = beats.map { "\($0.beat): " + $0.offsets.joined(separator: " ") }.joined(separator: " · ")
        return calibration == nil
            ? tr("ms by beat: \(groups)") : tr("ms by beat, the calibration taken off: \(groups)")
    }

    /// After an echo bar without a strike.
    var echoEmpty: String { tr("No strike in that echo bar; nothing stored.") }

    /// `Level 4: the bars now have triplets.`
    func echoLevel(_ level: Int) -> String {
        let figures = EchoRhythm.additions(level: level).map(\.id).joined(separator: ", ")
        return tr("Level \(level): the bars may now have \(figures).")
    }

    /// `  rhythm echo: level 3 (the next session starts here)`.
    func echoLevelNow(_ level: Int) -> String {
        tr("  rhythm echo: level \(level) (the next session starts here)")
    }

    /// `  rhythm echo, sixteenths: 86.0 % of 120 notes hit (likely range 83–89 %) · 4 extra · +3.2 ms (likely range
    /// +1.1 to +5.3 ms) · spread 11.0 ms · 15 bars` (the range of the share hit: ``AccuracyEstimate``; of the mean
    /// offset: counted by echo, ``TimingHistory/EchoCell/likelyRangeOfMeanOffset``).
    func echoSummary(family: TimingPattern.Family, cell: TimingHistory.EchoCell) -> String {
        let mean = cell.offsets.meanIfAny.map { meanOffset($0, likely: cell.likelyRangeOfMeanOffset) } ?? "–"
        let spread = cell.offsets.sampleStandardDeviation.map { format($0, 1) } ?? "–"
        let bars = tr(one: "\(cell.echoes) bar", other: "\(cell.echoes) bars", count: cell.echoes)
        let likely = likelyPercents(AccuracyEstimate(correct: cell.hits, of: cell.notes))
        return tr(
            "  rhythm echo, \(familyName(family)): \(format(cell.hitRate * 100, 1)) % of \(cell.notes) notes hit "
                + "(likely range \(likely)) · \(cell.extras) extra · \(mean) · spread \(spread) ms · \(bars)")
    }

    /// A strike outside an echo bar.
    var echoListenFirst: String { tr("listen to the bar first, then echo it") }

    /// After an audio underrun in rhythm echo: the echo is played again from a count-in.
    var echoDropout: String {
        tr(
            "The sound dropped out (an audio underrun), so the bar was out of time: it does not count; a count-in "
                + "starts again.")
    }

    /// What a calibration measured, in one sentence.
    func calibrated(_ calibration: TimingCalibration) -> String {
        guard calibration.isSteady else {
            return tr(
                "Your \(calibration.strikes) strikes spread \(format(calibration.spreadMs, 1)) ms around their median: "
                    + "too uneven to calibrate by (at most \(format(TimingCalibration.maximumSpreadMs, 0)) ms), so "
                    + "nothing was saved. Strike a pad with each click and keep with it, then calibrate again."
            )
        }
        return tr(
            "Calibrated with \(calibrationMeasured(calibration)). Fill the gap now shows each strike with this taken "
                + "off, and raw; rhythm echo pairs your strikes with it taken off.")
    }

    /// What a calibration measured, for a sentence: `Keystation MIDI 1 on alsa:default: your strikes land 18.0 ms
    /// late (median of 20, spread 2.1 ms)`.
    func calibrationMeasured(_ calibration: TimingCalibration) -> String {
        let offset = calibration.offsetMs
        let lands = offset < 0 ? tr("\(format(-offset, 1)) ms early") : tr("\(format(offset, 1)) ms late")
        return tr(
            "\(calibration.controller) on \(calibration.output): your strikes land \(lands) (median of "
                + "\(calibration.strikes), spread \(format(calibration.spreadMs, 1)) ms)")
    }

    /// `Saved: PATH`, after a calibration.
    public func calibrationSaved(_ path: String) -> String { tr("Saved in \(path).") }

    /// A strike with the calibration taken off, and raw: `8.3 ms late (raw +20.6 ms)`.
    func calibratedStrike(_ rawMs: Double, calibration: TimingCalibration) -> String {
        tr("\(strikeOffset(calibration.calibrated(rawMs))) (raw \(signedMs(rawMs)) ms)")
    }

    /// `listen · 4:xxxx · offset 20 % of a step (37.5 ms) · 80 BPM`: an offset-detection trial playing.
    func timingTrialStatus(_ trial: OffsetDetectionTrial) -> String {
        tr(
            "listen · \(trial.pattern.id) · offset \(format(trial.offsetPercent, 1)) % of a step "
                + "(\(format(abs(trial.offsetMs), 1)) ms) · \(trial.tempo.bpm) BPM")
    }

    /// `early or late? (4:xxxx, played 3 times)`: the loop plays repetition `number`, still unanswered.
    func timingRepetition(_ trial: OffsetDetectionTrial, number: Int) -> String {
        tr("early or late? (\(trial.pattern.id), played \(number) times)")
    }

    /// `early or late?`
    var earlyOrLate: String { tr("early or late?") }

    /// `step 3 was 12.5 ms early`: the right answer of an offset-detection trial.
    func timingRightAnswer(_ completed: CompletedOffsetDetection) -> String {
        let step = completed.trial.offsetPosition
        let ms = format(abs(completed.trial.offsetMs), 1)
        return completed.trial.direction == .early
            ? tr("step \(step) was \(ms) ms early") : tr("step \(step) was \(ms) ms late")
    }

    /// `Fill the gap at 80 BPM: strike step 4 of every four.`
    func gapFillStart(tempo: Tempo, positions: [Int]) -> String {
        let steps = positions.map(String.init).joined(separator: ", ")
        return tr(
            one: "Fill the gap at \(tempo.bpm) BPM: strike step \(steps) of every four.",
            other: "Fill the gap at \(tempo.bpm) BPM: strike steps \(steps) of every four.",
            count: positions.count)
    }

    /// `Fill the gap at 80 BPM in 3:x-x: strike step 2 of every three.`
    func gapFillStart(tempo: Tempo, pattern: TimingPattern) -> String {
        let steps = pattern.rests.map(String.init).joined(separator: ", ")
        return tr(
            one:
                "Fill the gap at \(tempo.bpm) BPM in \(pattern.id): strike step \(steps) of its \(pattern.steps).",
            other:
                "Fill the gap at \(tempo.bpm) BPM in \(pattern.id): strike steps \(steps) of its \(pattern.steps).",
            count: pattern.rests.count)
    }

    /// `8.3 ms late` / `12.0 ms early` / `on time` (under half a millisecond).
    func strikeOffset(_ offsetMs: Double) -> String {
        let ms = format(abs(offsetMs), 1)
        if abs(offsetMs) < 0.5 { return tr("on time") }
        return offsetMs < 0 ? tr("\(ms) ms early") : tr("\(ms) ms late")
    }

    /// After an audio underrun in offset detection: the trial is discarded.
    var offsetDropout: String {
        tr(
            "The sound dropped out (an audio underrun), so the clicks were out of time: this trial does not count."
        )
    }

    /// After an audio underrun in fill the gap: the trial starts again.
    var gapFillDropout: String {
        tr(
            "The sound dropped out (an audio underrun): this trial's strikes do not count, and it starts again."
        )
    }

    /// `not in a gap`: a strike that does not count.
    var strikeOutside: String { tr("not in a gap: a strike counts within half a sixteenth of one") }

    /// The line after a fill-the-gap trial: how many gaps were struck and the mean offset, with the trial's
    /// calibration (``CompletedGapFill/calibrationMs``) taken off and the raw mean after it, as each strike shows
    /// it.
    func gapFillTrial(_ completed: CompletedGapFill) -> String {
        let drift = timingVerdict(meanOffsetMs: completed.calibratedMeanOffsetMs)
        let meanText = milliseconds(
            completed.meanOffsetMs, calibrationMs: completed.calibrationMs, signed: false)
        guard completed.silentBars == 0 else {
            return tr(
                "Trial: \(completed.strikes.count) of \(completed.gapCount) gaps struck with the loop, mean "
                    + "\(meanText), \(drift).")
        }
        return tr(
            "Sixteen cycles: \(completed.strikes.count) of \(completed.gapCount) gaps struck, mean "
                + "\(meanText), \(drift).")
    }

    /// A mean offset as a teacher says it (``TimingVerdict``): `on time` within ±5 ms, `a little late` within
    /// ±20 ms, `dragging (late)` beyond; early likewise.
    func timingVerdict(meanOffsetMs: Double) -> String {
        switch TimingVerdict(meanOffsetMs: meanOffsetMs) {
        case .onTime: tr("on time")
        case .near(.early): tr("a little early")
        case .near(.late): tr("a little late")
        case .far(.early): tr("rushing (early)")
        case .far(.late): tr("dragging (late)")
        }
    }

    /// An offset in milliseconds (`12.0 ms`, signed `+12.0 ms`), with a calibration's offset taken off and the
    /// raw one after it: `0.0 ms (raw +12.0 ms)`.
    func milliseconds(_ raw: Double, calibrationMs: Double?, signed: Bool) -> String {
        let value = raw - (calibrationMs ?? 0)
        let shown = tr("\(signed ? signedMs(value) : format(value, 1)) ms")
        guard calibrationMs != nil else { return shown }
        return tr("\(shown) (raw \(signedMs(raw)) ms)")
    }

    /// `In the silent bars: 7 strikes, +2.3 ms a bar (dragging further), mean +8.1 ms.` (or too few strikes).
    func silentDrift(_ completed: CompletedGapFill) -> String {
        guard let drift = completed.drift else {
            return tr("In the silent bars: too few strikes to say how you drifted.")
        }
        let way =
            abs(drift.msPerBar) < 0.5
            ? tr("steady") : drift.msPerBar < 0 ? tr("rushing ahead") : tr("dragging further")
        let mean = milliseconds(drift.meanOffsetMs, calibrationMs: completed.calibrationMs, signed: true)
        return tr(
            "In the silent bars: \(drift.strikes) strikes, \(signedMs(drift.msPerBar)) ms a bar (\(way)), mean "
                + "\(mean).")
    }

    /// `The loop drops out for 2 bars: keep striking.`
    func silenceBegins(bars: Int) -> String {
        tr(
            one: "The loop drops out for \(bars) bar: keep striking.",
            other: "The loop drops out for \(bars) bars: keep striking.", count: bars)
    }

    /// `8.3 ms late, in the silence`: a strike while the loop was silent.
    func inTheSilence(_ words: String) -> String { tr("\(words), in the silence") }

    /// `  silent bars, 80–119 BPM: +2.3 ms a bar (dragging further) · mean +8.1 ms · 6 trials`.
    func silentBarsSummary(band: TempoBand, drift: WelfordAccumulator, mean: WelfordAccumulator) -> String {
        let way =
            abs(drift.mean) < 0.5
            ? tr("steady") : drift.mean < 0 ? tr("rushing ahead") : tr("dragging further")
        return tr(
            "  silent bars, \(bandName(band)): \(signedMs(drift.mean)) ms a bar (\(way)) · mean "
                + "\(signedMs(mean.mean)) ms · \(trialsCount(drift.count))")
    }

    /// `Tempo now 88 BPM.`
    func tempoNow(_ tempo: Tempo) -> String { tr("Tempo now \(tempo.bpm) BPM.") }

    /// The line after a fill-the-gap trial with no strike.
    var gapFillEmpty: String { tr("Sixteen cycles without a strike in a gap; nothing stored.") }

    /// `42 strikes counted` for the closing line.
    func strikesCounted(_ count: Int) -> String {
        tr(one: "\(count) strike counted", other: "\(count) strikes counted", count: count)
    }

    /// Why the output cannot play timing clicks.
    func message(for error: ClicksUnavailable) -> String {
        switch error.reason {
        case .noClicks:
            tr(
                "\(error.output) cannot play timing clicks; use the built-in synth (--audio-out) or a MIDI synth "
                    + "on the sequencer (--output midi).")
        case .delayNotExact(.pulseAudio):
            tr(
                "\(error.output) goes through PulseAudio, which does not tell when its sound is heard, so timing "
                    + "is not trained through it; play the sound card directly while PulseAudio steps aside: "
                    + "pasuspender -- peach … --audio-out alsa:hw:0.")
        case .delayNotExact(.jack):
            tr(
                "\(error.output) goes through JACK, where a program learns when a cycle began only from when it is "
                    + "woken: on a test machine that came 5–7 ms after the card's period began (the latency JACK "
                    + "reports was right), so clicks are not heard where they are placed and timing is not trained "
                    + "through it; play a sound card directly while JACK is stopped, or another card: "
                    + "--audio-out alsa:hw:0.")
        case .delayNotExact(.pipeWire):
            tr(
                "\(error.output) goes through PipeWire, which on a test machine moved its sound by several "
                    + "milliseconds without showing it in its delay, so timing is not trained through it; play the "
                    + "sound card directly, which PipeWire lets go of when nothing plays: --audio-out alsa:hw:0 "
                    + "(peach devices lists the cards).")
        case .delayNotExact:
            tr(
                "\(error.output) does not tell when its sound is heard, so timing is not trained through it; "
                    + "play a sound card directly (--audio-out alsa:hw:…).")
        }
    }
}

extension Texts {
    /// `Timing` (the profile's section heading).
    var timingHeading: String { tr("Timing:") }

    /// A tempo band in words.
    func bandName(_ band: TempoBand) -> String {
        switch band {
        case .slow: tr("below 80 BPM")
        case .moderate: tr("80–119 BPM")
        case .fast: tr("120 BPM and faster")
        }
    }

    /// Early or late at `band`: the threshold as a share of a sixteenth and in milliseconds, with its range; a
    /// threshold whose likely range spans more than ``ProgressHistory/uncertainSpan`` is no number yet, its range
    /// alone (the rule of ``threshold(_:)``, everywhere a threshold is shown).
    func timingThreshold(_ threshold: TimingThreshold, band: TempoBand, sixteenthsOnly: Bool = true) -> String
    {
        let likely = likelyMilliseconds(threshold)
        if ProgressHistory.isUncertain(threshold.percent) {
            return tr(
                "  early or late, \(bandName(band)): too uncertain to say yet (likely range \(likely) ms) · "
                    + "\(answers(threshold.answers))")
        }
        return sixteenthsOnly
            ? tr(
                "  early or late, \(bandName(band)): \(format(threshold.milliseconds, 1)) ms "
                    + "(\(format(threshold.percent.cents, 1)) % of a sixteenth; likely range \(likely) ms) · "
                    + "\(answers(threshold.answers))")
            : tr(
                "  early or late, \(bandName(band)): \(format(threshold.milliseconds, 1)) ms "
                    + "(\(format(threshold.percent.cents, 1)) % of a pattern's step; likely range \(likely) ms) · "
                    + "\(answers(threshold.answers))")
    }

    /// `6.6–8.8`: a timing threshold's likely range in milliseconds, without the unit.
    func likelyMilliseconds(_ threshold: TimingThreshold) -> String {
        let range = threshold.likelyRangeMs
        return "\(format(range.lowerBound, 1))–\(format(range.upperBound, 1))"
    }

    /// The start screen's early-or-late headline at the band with the most answers: `timing 9.8 ms (early or
    /// late, 80–119 BPM; likely range 8.9–11.0 ms)`, or too uncertain to say with its range alone.
    func startTiming(_ threshold: TimingThreshold, band: TempoBand) -> String {
        let likely = likelyMilliseconds(threshold)
        if ProgressHistory.isUncertain(threshold.percent) {
            return tr(
                "timing too uncertain to say yet (early or late, \(bandName(band)); likely range \(likely) ms)"
            )
        }
        return tr(
            "timing \(format(threshold.milliseconds, 1)) ms (early or late, \(bandName(band)); likely range \(likely) ms)"
        )
    }

    /// A pattern family as a musician says it: `sixteenths`, `triplets`, `quarters and eighths` (German
    /// `Sechzehntel`, `Triolen`, `Viertel und Achtel`). The settings and JSON keep the family's own word.
    public func familyName(_ family: TimingPattern.Family) -> String {
        switch family {
        case .sixteenths: tr("sixteenths")
        case .triplets: tr("triplets")
        case .sextuplets: tr("sextuplets")
        case .quintuplets: tr("quintuplets")
        case .septuplets: tr("septuplets")
        case .simple: tr("quarters and eighths")
        }
    }

    /// `  by pattern family: sixteenths 9.8 ms (5.2 %; likely range 8.9–11.0 ms) · triplets …`: each family's
    /// threshold, in ms and as a share of its step, with its likely range, or that it has too few answers yet.
    func timingByFamily(_ families: [(TimingPattern.Family, TimingThreshold?)]) -> String {
        let parts = families.map { family, threshold in
            guard let threshold else { return tr("\(familyName(family)) too few answers") }
            if ProgressHistory.isUncertain(threshold.percent) {
                return tr("\(familyName(family)) too uncertain to say")
            }
            return tr(
                "\(familyName(family)) \(format(threshold.milliseconds, 1)) ms (\(format(threshold.percent.cents, 1)) %; "
                    + "likely range \(likelyMilliseconds(threshold)) ms)")
        }
        return tr("  by pattern family: \(parts.joined(separator: " · "))")
    }

    /// `early 7.5 ms (likely range 6.6–8.8 ms) · late 8.4 ms (…)`; a direction whose likely range spans more than
    /// 2.5 × is too uncertain to say (as a week of the progress chart).
    func timingByDirection(early: TimingThreshold?, late: TimingThreshold?) -> String {
        func text(_ threshold: TimingThreshold?) -> String {
            guard let threshold else { return "–" }
            if ProgressHistory.isUncertain(threshold.percent) { return tr("too uncertain to say") }
            return tr(
                "\(format(threshold.milliseconds, 1)) ms (likely range \(likelyMilliseconds(threshold)) ms)")
        }
        return tr("early \(text(early)) · late \(text(late))")
    }

    /// A band with too few answers for a threshold.
    func timingTooFewAnswers(band: TempoBand) -> String {
        tr("  early or late, \(bandName(band)): too few answers for a threshold yet")
    }

    /// `Timing trend: improving`.
    func timingTrend(_ trend: Trend) -> String { tr("  timing trend: \(trendWord(trend))") }

    /// Fill the gap at `band`: the mean offset with its likely range (± one standard error, from two trials),
    /// its spread, the trials and the mean per step, each with its likely range too (`4: -2.0 (-3.1 to -0.9)`).
    func gapFillSummary(
        band: TempoBand, trials: WelfordAccumulator, steps: [(position: Int, offsets: WelfordAccumulator)]
    ) -> String {
        let mean = trials.mean
        let drift = timingVerdict(meanOffsetMs: mean)
        let spread = trials.sampleStandardDeviation.map { format($0, 1) } ?? "–"
        let perStep = steps.map { step in
            let mean = signedMs(step.offsets.mean)
            guard let range = step.offsets.likelyRangeOfMean else { return "\(step.position): \(mean)" }
            let (low, high) = (signedMs(range.lowerBound), signedMs(range.upperBound))
            return tr("\(step.position): \(mean) (\(low) to \(high))")
        }.joined(separator: ", ")
        return tr(
            "  fill the gap, \(bandName(band)): \(meanOffset(mean, likely: trials.likelyRangeOfMean)), \(drift) · "
                + "spread \(spread) ms · "
                + "\(trialsCount(trials.count)) · by step \(perStep)")
    }

    /// `+6.3 ms (likely range +1.0 to +11.6 ms)`: a mean offset with its likely range (fill the gap's: ± one
    /// standard error of its trials; rhythm echo's: of its echoes), or without one where there is none yet.
    func meanOffset(_ mean: Double, likely range: ClosedRange<Double>?) -> String {
        guard let range else { return signedMilliseconds(mean) }
        let (low, high) = (signedMs(range.lowerBound), signedMs(range.upperBound))
        return tr("\(signedMs(mean)) ms (likely range \(low) to \(high) ms)")
    }

    /// `+5.0` / `-3.1`.
    func signedMs(_ value: Double) -> String { signed(value, 1) }

    /// `+12.5 ms`: a signed offset (one that rounds to zero reads `+0.0 ms`, as ``signed(_:_:)`` writes it).
    public func signedMilliseconds(_ value: Double) -> String { tr("\(signedMs(value)) ms") }

    /// The start screen's fill-the-gap headline: `fill the gap +2.2 ms (likely range +0.1 to +4.3 ms), on time
    /// (80–119 BPM, 12 trials)`.
    func startGapFill(band: TempoBand, trials: WelfordAccumulator) -> String {
        tr(
            "fill the gap \(meanOffset(trials.mean, likely: trials.likelyRangeOfMean)), "
                + "\(timingVerdict(meanOffsetMs: trials.mean)) "
                + "(\(bandName(band)), \(trialsCount(trials.count)))")
    }

    /// The start screen's rhythm-echo headline: `rhythm echo level 3, 86 % of 412 notes hit (likely range 84–88 %)`
    /// (the range of the share hit: ``AccuracyEstimate``, as the profile's line of each family has it).
    func startEcho(level: Int, hits: Int, notes: Int) -> String {
        let share = notes == 0 ? 0 : Double(hits) / Double(notes) * 100
        let likely = likelyPercents(AccuracyEstimate(correct: hits, of: notes))
        return tr(
            "rhythm echo level \(level), \(format(share, 0)) % of \(notes) notes hit (likely range \(likely))"
        )
    }

    /// `1 trial` / `12 trials`.
    func trialsCount(_ count: Int) -> String {
        tr(one: "\(count) trial", other: "\(count) trials", count: count)
    }
}
