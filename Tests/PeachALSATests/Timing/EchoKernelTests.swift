// EchoKernelTests: fill the gap's ramp and silent bars, and rhythm echo's strikes, on the real kernel (VM).

import Foundation
import PeachALSA
import PeachAudio
import PeachCore
import PeachLive
import PeachSystem
import PeachTestSupport
import Testing

/// Timing round 2 measured end to end in the alsa-vm VM, as ``TimingKernelTests`` measures timing training: the
/// real sessions on a live clock play through the internal synth into `hw:Loopback,0,2`, the capture side
/// (`hw:Loopback,1,2`) says when each click was heard, and strikes are written into the first virtual MIDI device
/// (``VirtualPad``) at known moments and stamped by the kernel. Part of the timing measurement's suite (the same
/// devices, so never at the same time as its tests).
extension TimingKernelTests {
    /// A loopback output that has settled (``settle(_:_:)``), and the recorder of its capture side.
    @MainActor
    static func settledOutput(
        periodFrames: Int = 512
    ) async throws -> (ALSAPCMSink, TimingKernelTests.LoopbackRecorder, AudioOutput) {
        ALSALibrary.printsDiagnostics(false)
        let sink = try ALSAPCMSink(
            device: "hw:Loopback,0,2",
            configuration: PCMConfiguration(periodFrames: periodFrames, periodCount: 3))
        let recorder = try TimingKernelTests.LoopbackRecorder(
            device: "hw:Loopback,1,2", rate: sink.sampleRate, channelCount: sink.channelCount)
        let output = AudioOutput(sink: sink)
        try output.start()
        settle(sink, output)
        return (sink, recorder, output)
    }

    static func describe(_ values: [Double]) -> (median: Double, max: Double) {
        let magnitudes = values.map { abs($0) * 1000 }.sorted()
        return (magnitudes.isEmpty ? .nan : magnitudes[magnitudes.count / 2], magnitudes.last ?? .nan)
    }

    /// Notes' errors (recorded − true offset) in their two parts, each as ``describe(_:)`` gives it (ms): the
    /// whole, the kernel's stamp after its write call (`lateness`, the emulator's) and the rest, Peach's.
    struct SplitErrors {
        let whole: (median: Double, max: Double)
        let stamp: (median: Double, max: Double)
        let peach: (median: Double, max: Double)

        init(_ errors: [Double], lateness: [Double]) {
            whole = TimingKernelTests.describe(errors)
            stamp = TimingKernelTests.describe(lateness)
            peach = TimingKernelTests.describe(zip(errors, lateness).map { $0 - $1 })
        }
    }

    /// What one run of ``rampAndSilenceInVM()`` heard and counted.
    struct RampRun {
        var placed: [Double] = []
        var heard: [Double] = []
        var errors: [Double] = []
        var silences: [Double] = []
        /// Clicks placed but not heard within 20 ms, and not near a dropout.
        var unheard: [Double] = []
        /// Clicks placed but not heard within 20 ms in the second before a dropout was found: the slip moved them.
        var moved = 0
        var dropouts = 0
        var underruns = 0
        var underrunsBefore = 0
        /// The capture side's overruns (a stall of the emulator that lost recorded frames).
        var overruns = 0
    }

    @MainActor
    func runRamp() async throws -> RampRun {
        let (sink, recorder, output) = try await Self.settledOutput()
        defer { output.stop() }
        let underrunsBefore = sink.recoveryCount
        let clicks = RecordingClicks(SynthClickPlayer(output: output))
        // Eighths (steps 2 and 4 silent), so clicks stay far enough apart to be told apart up to 180 BPM.
        let settings = try TimingSettings(
            tempo: try Tempo(bpm: 120), gapPositions: [2, 4], silentBars: 1, silentEvery: 1, tempoRamp: 20,
            rampEvery: 1)
        let session = GapFillSession(
            clicks: clicks, settings: { settings }, clock: LiveSessionClock(), observers: [])
        var dropouts = 0
        var foundAt: [Double] = []
        var silences: [Double] = []
        session.addEventHandler { event in
            switch event {
            case .dropout:
                dropouts += 1
                foundAt.append(clicks.now)
            case .silence(_, let at): silences.append(at)
            default: break
            }
        }
        session.start()
        // Four bars: 120 BPM sounding, 120 silent (the ramp counts bars played), 140 sounding, 140 silent
        // (2 + 2 + 1.7 + 1.7 s).
        try await Task.sleep(for: .seconds(8))
        session.stop()
        try await Task.sleep(for: .milliseconds(300))
        recorder.stop()
        let heard = recorder.onsets
        let placed = clicks.placed.map(\.time).filter { $0 < clicks.now }
        var run = RampRun()
        var errors: [Double] = []
        for time in placed {
            guard let onset = TimingKernelTests.onset(near: time, in: heard, within: 0.02) else {
                // A slip (the emulator's stall, found a little after it ended) moves what was placed before it
                // was found; the session places nothing across it afterwards.
                let nearSlip = foundAt.contains { found in time > found - 1 && time < found + 0.1 }
                if nearSlip { run.moved += 1 } else { run.unheard.append(time) }
                continue
            }
            errors.append(time - onset)
        }
        (run.placed, run.heard, run.errors, run.silences) = (placed, heard, errors, silences)
        (run.dropouts, run.underruns, run.underrunsBefore) = (dropouts, sink.recoveryCount, underrunsBefore)
        run.overruns = recorder.capture.overrunCount
        return run
    }

    @Test(
        "fill the gap ramped 20 BPM a bar played with every other bar silent: each click where Peach placed it, none in the silence",
        .enabled(if: ALSAMachine.hasLoopback, "needs snd-aloop (alsa-vm)"))
    @MainActor
    func rampAndSilenceInVM() async throws {
        // The emulated machine may underrun by itself now and then, and a session skips what a dropout spoils (a
        // silent bar's drift included): a run whose underruns left fewer than 12 clicks or no silent bar is
        // measured again.
        let run = try await Self.measuredUnspoiled({ try await runRamp() }) { run in
            (run.errors.count < 12 || run.silences.isEmpty) && (run.underruns > 0 || run.dropouts > 0)
                ? "ramp and silence (VM): \(run.underruns) underruns and \(run.dropouts) slips of the emulator's own "
                    + "left \(run.errors.count) clicks and \(run.silences.count) silences" : nil
        }
        let (placed, heard, errors, silences) = (run.placed, run.heard, run.errors, run.silences)
        let (dropouts, underruns, underrunsBefore) = (run.dropouts, run.underruns, run.underrunsBefore)
        // An unheard click says how far the nearest onset was, so that a shift of the whole run tells itself from
        // clicks that never sounded or were never recorded.
        for time in run.unheard {
            let nearest = heard.min { abs($0 - time) < abs($1 - time) }
            let away = nearest.map { String(format: "%+.1f ms away", ($0 - time) * 1000) } ?? "none"
            let counts = "\(heard.count) onsets heard in all, \(run.overruns) capture overruns"
            Issue.record("a click placed at \(time) was not heard (nearest onset \(away); \(counts))")
        }
        // Nothing sounds in a silent bar: no onset between a silence's start and the next placed click.
        for start in silences {
            let next = placed.first { $0 > start + 0.01 } ?? .infinity
            let inSilence = heard.filter { $0 > start + 0.01 && $0 < next - 0.01 }
            #expect(inSilence.isEmpty, "heard in the silence from \(start): \(inSilence)")
        }
        let (median, maximum) = Self.describe(errors)
        print(
            String(
                format:
                    "ramp and silence (VM): placed − recorded over %d clicks: median %.3f ms, max %.3f ms; "
                    + "%d silences, %d dropouts (%d clicks moved by them), %d underruns (%d before the session)",
                errors.count, median, maximum, silences.count, dropouts, run.moved, underruns, underrunsBefore
            ))
        try #require(
            errors.count >= 12 && silences.count >= 1, "\(errors.count) clicks, \(silences.count) silences")
        // A dropout moves what follows it: only a run without one is held to the bound.
        if dropouts == 0 {
            #expect(median <= 1 && maximum <= 2)
        }
    }

    @Test(
        "rhythm echo: strikes written around each note of the echo bar are recorded with their true offsets",
        .enabled(
            if: ALSAMachine.hasVirtualMIDI && ALSAMachine.hasLoopback,
            "needs snd-virmidi and snd-aloop (alsa-vm)"))
    @MainActor
    func echoInVM() async throws {
        // 512 × 3 (settledOutput's): the emulated machine underruns about every ten seconds at 256 × 3, and each
        // dropout discards the echo being played (a rest, a count-in): a larger buffer lets echoes through (the
        // placement is exact at any size).
        let (sink, recorder, output) = try await Self.settledOutput()
        defer { output.stop() }
        let pad = try VirtualPad()
        defer { pad.stop() }
        let clicks = RecordingClicks(SynthClickPlayer(output: output))
        let settings = try TimingSettings(tempo: try Tempo(bpm: 120))
        let session = EchoSession(
            clicks: clicks, settings: { settings }, clock: LiveSessionClock(), observers: [], level: 2,
            generator: SeededRandomGenerator(seed: 17))
        let beat = settings.tempo.beat
        var generator = SeededRandomGenerator(seed: 23)
        // Each call bar says what to echo: the strikes are written a bar later, each within ±25 ms of its note.
        // A dropout discards the bars not yet scored (their strikes are still written, and stamped).
        struct Planned {
            let echoStart: Double
            let notes: [Double]
            let firstStrike: Int
            var discarded = false
        }
        var planned: [Planned] = []
        var strikes = 0
        var echoes: [CompletedEcho] = []
        var dropouts = 0
        session.addEventHandler { event in
            switch event {
            case .call(let rhythm, _, let start):
                guard planned.count(where: { !$0.discarded }) < 2 else { return }
                let echoStart = start + 4 * beat
                let notes = rhythm.onsets.map { echoStart + $0 * beat }
                planned.append(Planned(echoStart: echoStart, notes: notes, firstStrike: strikes))
                strikes += notes.count
                pad.strike(at: notes.map { $0 + Double.random(in: -0.025...0.025, using: &generator) })
            case .trialCompleted(let echo): echoes.append(echo)
            case .dropout:
                dropouts += 1
                let now = clicks.now
                for index in planned.indices where planned[index].echoStart + 4 * beat > now - 0.1 {
                    planned[index].discarded = true
                }
            default: break
            }
        }
        session.start()
        // Under the emulator a long run meets a few dropouts; each costs a rest and a count-in.
        let deadline = MonotonicTime.now() + 150
        // The pad's strikes reach the session as the run hands a controller's on: with the kernel's stamps.
        var forwarded = 0
        while echoes.count < 2, MonotonicTime.now() < deadline {
            try await Task.sleep(for: .milliseconds(20))
            let stamped = pad.stamped
            for stamp in stamped.dropFirst(forwarded) { session.strike(at: stamp, input: .midiNote) }
            forwarded = stamped.count
        }
        session.stop()
        try await Task.sleep(for: .milliseconds(300))
        recorder.stop()
        try #require(echoes.count >= 2, "\(echoes.count) echoes, \(dropouts) dropouts")
        let heard = recorder.onsets
        // Each echo bar's first low click, as placed and as heard, anchors its grid.
        var errors: [Double] = []
        var stampParts: [Double] = []
        for (echo, bar) in zip(echoes.prefix(2), planned.filter { !$0.discarded }) {
            #expect(echo.onsets.count == bar.notes.count)
            guard
                let anchor = clicks.placed.first(where: { !$0.accent && abs($0.time - bar.echoStart) < 0.002 }
                )?
                .time,
                let heardAnchor = TimingKernelTests.onset(near: anchor, in: heard, within: 0.02)
            else {
                Issue.record("the echo bar's first click was not heard")
                continue
            }
            for (index, onset) in echo.onsets.enumerated() {
                guard let recorded = onset.offsetMs, let truth = pad.truth(of: bar.firstStrike + index),
                    let lateness = pad.lateness(of: bar.firstStrike + index)
                else { continue }
                let trueOffset = truth - (bar.notes[index] + heardAnchor - anchor)
                errors.append(recorded / 1000 - trueOffset)
                stampParts.append(lateness)
            }
        }
        let hits = echoes.prefix(2).reduce(0) { $0 + $1.hits }
        let notes = echoes.prefix(2).reduce(0) { $0 + $1.onsets.count }
        let split = SplitErrors(errors, lateness: stampParts)
        print(
            String(
                format:
                    "echo (VM): recorded − true offset over %d of %d notes: median %.3f ms, max %.3f ms (the "
                    + "stamp after its write call: median %.3f ms, max %.3f ms; Peach's part: max %.3f ms); "
                    + "%d dropouts, %d underruns",
                errors.count, notes, split.whole.median, split.whole.max, split.stamp.median, split.stamp.max,
                split.peach.max, dropouts, sink.recoveryCount))
        #expect(hits == notes, "every strike within ±25 ms of its note is its echo")
        try #require(errors.count >= notes * 3 / 4)
        // As in the timing measurement, the kernel's stamp against the write call is the emulator's: only the
        // median is held to a millisecond, and Peach's part of every note to 2 ms.
        #expect(split.whole.median <= 1 && split.peach.max <= 2)
    }
}
