// PatternKernelTests: offset detection's looped patterns on the real kernel: every note where Peach placed it.

import Foundation
import PeachALSA
import PeachAudio
import PeachCore
import PeachLive
import PeachSystem
import PeachTestSupport
import Testing

/// Offset detection as a session plays it, measured in the alsa-vm VM: the real ``OffsetDetectionSession`` on a
/// live clock loops three patterns (a triplet with a rest, gapped sixteenths, quintuplets) through the internal
/// synth into `hw:Loopback,0,2`; the capture side (`hw:Loopback,1,2`, found as ``TimingKernelTests`` finds its
/// clicks) says when each note was heard, and that is compared with the time the session's click player gave
/// for it. Part of the timing measurement's suite (the same devices, so never at the same time as its tests).
extension TimingKernelTests {
    @Test(
        "looped patterns (3:x-x, 4:x-xx, 5:xxxxx, three repetitions each) sound where Peach placed every note",
        .enabled(if: ALSAMachine.hasLoopback, "needs snd-aloop (alsa-vm)"))
    @MainActor
    func loopedPatternsInVM() async throws {
        // As the timing measurement does: the output settles first (its timeline filter wants a second of
        // readings; an underrun at the start, common in the emulator, starts it anew), so what is measured is the
        // loop's placement, not the emulated device's first second.
        let (sink, recorder, output) = try await TimingKernelTests.settledOutput()
        defer { output.stop() }
        let underrunsBefore = sink.recoveryCount
        let clicks = RecordingClicks(SynthClickPlayer(output: output))
        let patterns = try TimingPattern.parseList("3:x-x,4:x-xx,5:xxxxx")
        let settings = try TimingSettings(patterns: patterns, maxRepetitions: 3)
        let session = OffsetDetectionSession(
            clicks: clicks, settings: { settings }, clock: LiveSessionClock(), observers: [],
            generator: SeededRandomGenerator(seed: 5))
        var trials: [OffsetDetectionTrial] = []
        var spoiled: Set<Int> = []
        session.addEventHandler { event in
            switch event {
            case .trialStarted(let trial, _):
                // The trial's first repetition is placed before this event: the notes are assigned to trials
                // by the answers instead (below).
                trials.append(trial)
            case .dropout:
                spoiled.insert(clicks.trial)
                clicks.trial += 1
            default: break
            }
        }
        session.start()
        // Each trial: its three repetitions play out, then the answer; three trials.
        // 512 × 3 and a long deadline: under a loaded emulator the output underruns every few seconds at
        // 256 × 3 (five dropouts in 30 s in one CI run), and each dropout discards the trial playing.
        let deadline = MonotonicTime.now() + 90
        while session.answeredCount < patterns.count, MonotonicTime.now() < deadline {
            try await Task.sleep(for: .milliseconds(20))
            guard session.state == .awaitingAnswer, let trial = session.currentTrial,
                let last = clicks.placed.last,
                clicks.placed.count(where: { $0.trial == clicks.trial })
                    == trial.pattern.notes.count * 3, clicks.now > last.time + 0.2
            else { continue }
            // A refused answer (a dropout found at that moment) has moved the notes on already.
            if session.answer(trial.direction) { clicks.trial += 1 }
        }
        session.stop()
        try await Task.sleep(for: .milliseconds(300))
        recorder.stop()
        try #require(
            session.answeredCount == patterns.count,
            "\(session.answeredCount) answered; state \(session.state), \(trials.count) trials, \(clicks.placed.count) notes placed, \(spoiled.count) dropouts, settles in \(clicks.settlesIn) s"
        )
        // The patterns take turns, a trial each (a trial a dropout discarded takes its turn too).
        #expect(trials.enumerated().allSatisfy { $1.pattern == patterns[$0 % patterns.count] })

        let heard = recorder.onsets
        var errors: [Double] = []
        for (index, trial) in trials.enumerated() where !spoiled.contains(index) {
            let times = clicks.placed.filter { $0.trial == index }.map(\.time)
            #expect(times.count == trial.pattern.notes.count * 3, "trial \(index): \(times.count) notes")
            // The loop as placed: every repetition a beat after the last, the offset note off in each.
            for (position, time) in times.enumerated() {
                let repetition = position / trial.pattern.notes.count
                let expected =
                    times[0] + Double(repetition) * trial.repetitionLength
                    + trial.clickTimes[position % trial.pattern.notes.count]
                #expect(abs(time - expected) <= 1.5 / sink.sampleRate, "trial \(index), note \(position)")
                guard let onset = TimingKernelTests.onset(near: time, in: heard, within: 0.02) else {
                    Issue.record("trial \(index), note \(position) was not recorded near \(time)")
                    continue
                }
                errors.append(time - onset)
            }
        }
        print(
            "patterns (VM): placed − recorded per note (ms), in order: "
                + errors.map { String(format: "%.2f", $0 * 1000) }.joined(separator: " "))
        let magnitudes = errors.map { abs($0) * 1000 }.sorted()
        try #require(!magnitudes.isEmpty)
        print(
            String(
                format:
                    "patterns (VM): placed − recorded over %d notes of %d trials: median %.3f ms, max %.3f ms; "
                    + "%d trials spoiled by a dropout, %d underruns (%d before the session)",
                magnitudes.count, trials.count - spoiled.count, magnitudes[magnitudes.count / 2],
                magnitudes.last ?? 0, spoiled.count, sink.recoveryCount, underrunsBefore))
        #expect(spoiled.count < trials.count, "a trial was measured")
        #expect(magnitudes[magnitudes.count / 2] <= 1)
        #expect((magnitudes.last ?? 0) <= 2)
    }
}
