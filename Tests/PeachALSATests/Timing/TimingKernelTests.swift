// TimingKernelTests: timing training's exactness on the real kernel: strikes stamped, clicks placed, measured.

import Foundation
import PeachALSA
import PeachAudio
import PeachCore
import PeachMIDI
import PeachSystem
import PeachTestSupport
import Synchronization
import Testing

/// The end-to-end measurement of timing training in the alsa-vm VM. Clicks are placed on the internal synth
/// playing into `hw:Loopback,0,2` and recorded from `hw:Loopback,1,2` (subdevice 2: the tone and serve tests,
/// which may run at the same time, use 0, 1 and 3), where each click's first sample is found
/// and timed on the monotonic clock; strikes are written as note-on bytes into a virtual MIDI device at known
/// moments near each click, and reach Peach's sequencer client with the kernel's stamps. What Peach would
/// record for a strike (its stamp minus the click's time as Peach placed it) is compared with the truth (the
/// moment the bytes were written minus the moment the click was recorded).
///
/// It runs in a VM of its own (`scripts/alsa-vm-tests`' second run, hence a name outside the `vm…` filter of
/// the first): among the other VM tests, some runs came out 3.9–5.1 ms off as a whole, or lost strikes to
/// another test's devices: the loaded emulator, not Peach, was being measured.
@Suite("Timing on the real kernel (VM)", .serialized)
struct TimingKernelTests {
    static let clicks = 40
    static let spacing = 0.25

    /// Records the loopback's capture side on a thread of its own and finds each click in it: its first sample,
    /// as a time on the monotonic clock. The stream's origin is the earliest of many estimates of when its frame
    /// 0 passed (every reading of a position that advances in steps, and of the clock after it, can only be
    /// late), per epoch: an overrun drops frames, so the frames counted after it start a new epoch with an
    /// origin of its own.
    final class LoopbackRecorder: @unchecked Sendable {
        let capture: ALSAPCMCapture
        private let rate: Double
        private let origins = Mutex([Int: Double]())
        private let onsetFrames = Mutex<[(frame: Int, epoch: Int)]>([])
        private let stopRequested = Atomic<Bool>(false)
        private let finished = DispatchSemaphore(value: 0)
        private let kept = Mutex<[Float]>([])
        private let keepsSamples: Bool

        /// Records `device` at `rate` with `channelCount` channels, from now on; with `keepsSamples`, its first
        /// five seconds are kept too (``samples``).
        init(device: String, rate: Double, channelCount: Int, keepsSamples: Bool = false) throws {
            capture = try ALSAPCMCapture(
                device: device, sampleRate: Int(rate), channelCount: channelCount, periodFrames: 128,
                periodCount: 16)
            self.rate = rate
            self.keepsSamples = keepsSamples
            Thread { self.run() }.start()
        }

        /// The first five seconds recorded, interleaved (with `keepsSamples`).
        var samples: [Float] { kept.withLock { $0 } }

        private func run() {
            let frames = 64
            let channels = capture.channelCount
            let buffer = UnsafeMutablePointer<Float>.allocate(capacity: frames * channels)
            defer {
                buffer.deallocate()
                finished.signal()
            }
            var total = 0
            var quiet = Int(rate)
            while !stopRequested.load(ordering: .relaxed) {
                guard let (count, delay) = capture.read(into: buffer, frameCount: frames) else { continue }
                let returned = MonotonicTime.now()
                let epoch = capture.overrunCount
                for frame in 0..<count {
                    let loud = abs(buffer[frame * channels]) > 0.1
                    if loud, quiet > Int(0.05 * rate) {
                        onsetFrames.withLock { $0.append((total + frame, epoch)) }
                    }
                    quiet = loud ? 0 : min(quiet + 1, Int(rate))
                }
                if keepsSamples, total < Int(5 * rate) {
                    kept.withLock { $0 += UnsafeBufferPointer(start: buffer, count: count * channels) }
                }
                total += count
                let estimate = returned - Double(total + delay) / rate
                origins.withLock { $0[epoch] = min($0[epoch] ?? .infinity, estimate) }
            }
        }

        /// Stops recording and closes the device; returns when the thread has ended.
        func stop() {
            stopRequested.store(true, ordering: .relaxed)
            _ = finished.wait(timeout: .now() + 2)
            capture.close()
        }

        /// When each click recorded so far was heard (its first sample), on the monotonic clock.
        var onsets: [Double] {
            let origins = self.origins.withLock { $0 }
            return onsetFrames.withLock { $0 }.map {
                (origins[$0.epoch] ?? .infinity) + Double($0.frame) / rate
            }
        }
    }

    /// Waits until `output` (started on `sink`) has settled, as a session waits for it (its timeline filter wants
    /// a second of readings; an underrun starts it anew), and has played a second without an underrun (waited
    /// for at most 15 s more): a measurement starts on an emulated machine that keeps up. Just after the VM
    /// booted, the emulator underran 14 times in the settling alone in a CI run on 2026-12-02.
    static func settle(_ sink: ALSAPCMSink, _ output: AudioOutput) {
        Thread.sleep(forTimeInterval: 1.5)
        let giveUp = MonotonicTime.now() + 15
        var underruns = sink.recoveryCount
        var quietSince = MonotonicTime.now()
        while MonotonicTime.now() < giveUp, MonotonicTime.now() < max(output.settledAt, quietSince + 1) {
            Thread.sleep(forTimeInterval: 0.05)
            if sink.recoveryCount != underruns {
                underruns = sink.recoveryCount
                quietSince = MonotonicTime.now()
            }
        }
        while MonotonicTime.now() < output.settledAt { Thread.sleep(forTimeInterval: 0.05) }
    }

    /// The recorded onset nearest `time`, if one is within `limit` seconds of it.
    static func onset(near time: Double, in onsets: [Double], within limit: Double) -> Double? {
        guard let nearest = onsets.min(by: { abs($0 - time) < abs($1 - time) }), abs(nearest - time) <= limit
        else { return nil }
        return nearest
    }

    /// Measures with `measure`, and again (at most five runs in all) while the emulated machine's own underruns
    /// spoiled the run: such a run measured the emulator, not Peach. `spoiled` says how (printed with "measured
    /// again"), or nil for a run to keep. The tests hold whatever run is kept to their bounds. Five, not three: in
    /// CI on 2026-12-02 (4 % of the host's CPU stolen) the emulator underran in three runs of a test in a row
    /// (48 and 68 underruns in the 8 s of fill the gap's first two), while the stage's later tests met 0–5.
    @MainActor
    static func measuredUnspoiled<Run>(
        _ measure: @MainActor () async throws -> Run, spoiled: (Run) -> String?
    ) async rethrows -> Run {
        var run = try await measure()
        for _ in 0..<4 {
            guard let why = spoiled(run) else { break }
            print(why + "; measured again")
            run = try await measure()
        }
        return run
    }

    /// What one run of ``exactTimingInVM()`` measured: per click kept, Peach's error (placed − recorded), the stamp's
    /// error against its write call, the recorded offset's error against the truth and the write call's length;
    /// and how many clicks a dropout spoiled, how many underruns came and before the clicks.
    struct StrikeRun {
        var clickErrors: [Double] = []
        var stampErrors: [Double] = []
        var offsetErrors: [Double] = []
        var writeTimes: [Double] = []
        var discarded = 0
        var underruns = 0
        var underrunsBefore = 0
        var overruns = 0
    }

    @MainActor
    func runStrikes() throws -> StrikeRun {
        // 512 × 3, as the other tests here (a click is placed as exactly at any size): with both of the host's
        // cores taken (two busy loops beside the VM, 2026-12-02) the emulator ran 256 × 3 dry 33–78 times in each
        // run's 14 s and spoiled 28–37 of the 40 clicks in five runs, while the tests at 512 × 3 passed.
        let sink = try ALSAPCMSink(
            device: "hw:Loopback,0,2", configuration: PCMConfiguration(periodFrames: 512, periodCount: 3))
        let recorder = try LoopbackRecorder(
            device: "hw:Loopback,1,2", rate: sink.sampleRate, channelCount: sink.channelCount)
        let output = AudioOutput(sink: sink)
        try output.start()
        defer { output.stop() }

        // The pad: strikes written into the first virtual MIDI device, stamped in the kernel.
        let pad = try VirtualPad()
        #expect(pad.sequencer.hasKernelTimestamps)
        defer { pad.stop() }

        Self.settle(sink, output)
        var run = StrikeRun()
        run.underrunsBefore = sink.recoveryCount
        let player = SynthClickPlayer(output: output)
        // Each click is placed a lead time before it is due, as a session places a trial's, and every change of
        // the output's dropout count is noted: a click that a dropout may have moved (one between its placement
        // and just after it sounded) is what a session discards, so it is left out here and counted.
        let lead = 0.3
        let first = player.now + lead + 0.05
        let planned = (0..<Self.clicks).map { first + Double($0) * Self.spacing }
        // The controller: each strike written at a known moment within ±40 ms of its click.
        var generator = SeededRandomGenerator(seed: 31)
        let offsets = (0..<Self.clicks).map { _ in Double.random(in: -0.04...0.04, using: &generator) }
        pad.strike(at: zip(planned, offsets).map { $0 + $1 })
        var placed: [Double] = []
        var placedAt: [Double] = []
        var dropouts: [Double] = []
        var dropoutCount = player.dropoutCount
        let end = planned[planned.count - 1] + 0.5
        while MonotonicTime.now() < end {
            let now = MonotonicTime.now()
            if placed.count < Self.clicks, now >= planned[placed.count] - lead {
                placedAt.append(now)
                placed.append(try player.click(at: planned[placed.count], accent: false))
            }
            if player.dropoutCount != dropoutCount {
                dropoutCount = player.dropoutCount
                dropouts.append(now)
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        recorder.stop()

        let heard = recorder.onsets
        let writes = pad.writes
        let stamped = pad.stamped
        try #require(
            writes.count == Self.clicks && stamped.count == Self.clicks,
            "\(writes.count) written, \(stamped.count) stamped")
        for index in 0..<Self.clicks {
            if dropouts.contains(where: { $0 >= placedAt[index] - 0.01 && $0 <= placed[index] + 0.1 }) {
                run.discarded += 1
                continue
            }
            guard let onset = Self.onset(near: placed[index], in: heard, within: 0.02) else {
                Issue.record("click \(index) was not recorded near \(placed[index])")
                continue
            }
            // The strike happened while its bytes were being written: the kernel stamps them within that call,
            // so the truth is the moment of the call nearest the stamp (the call's length is the VM's jitter).
            let write = writes[index]
            let struck = min(max(stamped[index], write.before), write.after)
            run.writeTimes.append(write.after - write.before)
            run.clickErrors.append(placed[index] - onset)
            run.stampErrors.append(stamped[index] - struck)
            let recorded = stamped[index] - placed[index]
            let truth = struck - onset
            run.offsetErrors.append(recorded - truth)
        }
        run.underruns = sink.recoveryCount
        run.overruns = recorder.capture.overrunCount
        return run
    }

    @Test(
        "strikes are stamped by the kernel and clicks land where Peach placed them: recorded offsets match the truth",
        .enabled(
            if: ALSAMachine.hasVirtualMIDI && ALSAMachine.hasLoopback,
            "needs snd-virmidi and snd-aloop (alsa-vm)"))
    @MainActor
    func exactTimingInVM() async throws {
        ALSALibrary.printsDiagnostics(false)
        // The emulated machine may underrun by itself now and then, and a session discards what a dropout may
        // have moved: a run whose underruns spoiled more than a quarter of the clicks is measured again.
        let run = try await Self.measuredUnspoiled({ try runStrikes() }) { run in
            run.offsetErrors.count < Self.clicks * 3 / 4 && run.underruns > 0
                ? "timing (VM): \(run.discarded) of \(Self.clicks) clicks spoiled by \(run.underruns) underruns of "
                    + "the emulator's own" : nil
        }
        func describe(_ values: [Double]) -> String {
            let magnitudes = values.map { abs($0) * 1000 }.sorted()
            let median = magnitudes[magnitudes.count / 2]
            return String(format: "median %.3f ms, max %.3f ms", median, magnitudes.last ?? 0)
        }
        print("timing (VM): click placed − recorded: \(describe(run.clickErrors))")
        print("timing (VM): strike stamp outside its write call: \(describe(run.stampErrors))")
        print("timing (VM): the write call itself (the VM's jitter): \(describe(run.writeTimes))")
        print(
            "timing (VM): recorded offset − true offset: \(describe(run.offsetErrors)) over "
                + "\(run.offsetErrors.count) strikes (\(run.discarded) discarded: a dropout between placing the click "
                + "and hearing it)")
        print(
            "timing (VM): \(run.underruns) playback underruns (\(run.underrunsBefore) before the clicks were placed), "
                + "\(run.overruns) capture overruns (the capture's frames are counted anew after each)")
        let magnitudes = run.offsetErrors.map { abs($0) }.sorted()
        // Dropouts are rare here (0-3 per run, most before the clicks): most strikes must be measured.
        try #require(magnitudes.count >= Self.clicks * 3 / 4, "\(run.discarded) of \(Self.clicks) discarded")
        #expect(magnitudes[magnitudes.count / 2] <= 0.001)
        // Peach's part of every offset (where it placed the click against where it was heard) within 2 ms, each;
        // the kernel's part (its stamp against the write call) is the emulator's: a strike's stamp came up to
        // 3.8 ms after its write returned on a loaded machine (no KVM), so only its median is Peach's promise.
        #expect(run.clickErrors.map { abs($0) }.max() ?? 1 <= 0.002)
        #expect(run.stampErrors.map { abs($0) }.sorted()[run.stampErrors.count / 2] <= 0.001)
    }

    /// A real device behind a sound server that hides an underrun: when asked, its writer stalls for `stall`
    /// seconds while the "server" keeps the device fed with silence, so the device never runs dry and no
    /// underrun is reported, yet every frame after the stall is heard that much later than before.
    final class HiddenStallSink: WrappingSink, @unchecked Sendable {
        let stall: Double
        let stallRequested = Atomic<Bool>(false)
        let stalledAt = Mutex<Double?>(nil)
        private let silence: UnsafeMutablePointer<Float>

        init(_ inner: ALSAPCMSink, stall: Double) {
            self.stall = stall
            silence = .allocate(capacity: inner.periodFrames * inner.channelCount)
            silence.initialize(repeating: 0, count: inner.periodFrames * inner.channelCount)
            super.init(inner)
        }

        deinit { silence.deallocate() }

        override func write(_ samples: UnsafePointer<Float>, frameCount: Int) -> Bool {
            if stallRequested.exchange(false, ordering: .relaxed) {
                let start = MonotonicTime.now()
                stalledAt.withLock { $0 = start }
                while MonotonicTime.now() < start + stall {
                    guard inner.write(silence, frameCount: inner.periodFrames) else { return false }
                }
            }
            return inner.write(samples, frameCount: frameCount)
        }
    }

    /// The silent slip's length, seconds.
    static let stall = 0.080

    /// What one run of the silent-slip measurement saw.
    struct SlipRun {
        /// When the writer's stall began (monotonic seconds).
        var stalledAt: Double
        /// When the dropout count first rose after the stall, if it did.
        var foundAt: Double?
        /// Underruns the device reported (a run with any measured something else too).
        var underruns: Int
        /// Slips found: the dropouts that were not reported underruns.
        var slips: Int
        /// Each click: when Peach placed it, heard − placed, and whether the slip had been found when it was
        /// placed.
        var clicks: [(placed: Double, error: Double, afterSlip: Bool)]
    }

    /// Plays a click every 250 ms, each placed 150 ms ahead (a session's lead time), as a fill-the-gap loop
    /// does, with the writer's 80 ms stall (two and a half buffers of 512 × 3: a buffer the emulated machine
    /// keeps fed) hidden 2 s in; records them on the capture side.
    @MainActor
    func runSlip() throws -> SlipRun {
        let device = try ALSAPCMSink(
            device: "hw:Loopback,0,2", configuration: PCMConfiguration(periodFrames: 512, periodCount: 3))
        let sink = HiddenStallSink(device, stall: Self.stall)
        let recorder = try LoopbackRecorder(
            device: "hw:Loopback,1,2", rate: device.sampleRate, channelCount: device.channelCount)
        let output = AudioOutput(sink: sink)
        try output.start()
        defer { output.stop() }
        Self.settle(device, output)
        let player = SynthClickPlayer(output: output)
        func slips() -> Int { player.dropoutCount - device.recoveryCount }
        var placed: [(time: Double, afterSlip: Bool)] = []
        var foundAt: Double?
        func watch() {
            if foundAt == nil, slips() > 0 { foundAt = player.now }
        }
        let start = player.now + 0.2
        for index in 0..<20 {
            let due = start + Double(index) * 0.25
            while player.now < due - 0.15 {
                watch()
                Thread.sleep(forTimeInterval: 0.005)
            }
            if index == 8 { sink.stallRequested.store(true, ordering: .relaxed) }
            placed.append((try player.click(at: due, accent: false), slips() > 0))
        }
        while player.now < start + 5.2 {
            watch()
            Thread.sleep(forTimeInterval: 0.005)
        }
        recorder.stop()
        let heard = recorder.onsets
        var clicks: [(placed: Double, error: Double, afterSlip: Bool)] = []
        for click in placed {
            // As far as the stall can move a click (the stall and the rest of the silence's last period, which
            // the expectations below allow), and well short of the next click, 0.25 s on.
            guard let onset = Self.onset(near: click.time, in: heard, within: Self.stall + 0.04) else {
                Issue.record("the click placed at \(click.time) was not recorded")
                continue
            }
            clicks.append((click.time, onset - click.time, click.afterSlip))
        }
        return SlipRun(
            stalledAt: try #require(sink.stalledAt.withLock { $0 }), foundAt: foundAt,
            underruns: device.recoveryCount, slips: slips(), clicks: clicks)
    }

    @Test(
        "a silent slip (a stall a sound server hides with silence, no underrun) is found as a dropout; clicks placed after it land where Peach says",
        .enabled(if: ALSAMachine.hasLoopback, "needs snd-aloop (alsa-vm)"))
    @MainActor
    func silentSlipInVM() async throws {
        ALSALibrary.printsDiagnostics(false)
        // The emulated machine may underrun by itself now and then, or slip silently itself (a dropout found
        // before the stall was made): such a run measured that too, and is measured again.
        let run = try await Self.measuredUnspoiled({ try runSlip() }) { run in
            if run.underruns > 0 {
                return "timing (VM), silent slip: \(run.underruns) underruns of the emulator's own"
            }
            if let found = run.foundAt, found < run.stalledAt {
                return "timing (VM), silent slip: the emulator slipped by itself before the stall"
            }
            return nil
        }
        try #require(run.underruns == 0, "the emulator underran in five runs")
        let end = run.stalledAt + Self.stall
        print(
            "timing (VM), silent slip of \(Int(Self.stall * 1000)) ms, no underrun reported: found "
                + (run.foundAt.map { String(format: "%.1f ms after the stall ended", ($0 - end) * 1000) }
                    ?? "never")
                + "; heard − placed per click (ms): "
                + run.clicks.map { String(format: "%.1f", $0.error * 1000) }.joined(separator: " "))
        let found = try #require(run.foundAt, "the slip was not found")
        #expect(run.slips == 1, "one dropout: the slip")
        // Found within the filter's window (the buffer and a period, 43 ms) and the polling, after the stall.
        #expect(found - end < 0.12)
        for click in run.clicks where click.afterSlip {
            #expect(abs(click.error) <= 0.002, "placed after the slip was found: \(click)")
        }
        for click in run.clicks where click.placed < run.stalledAt - 0.2 {
            #expect(abs(click.error) <= 0.002, "heard before the stall: \(click)")
        }
        // What a session must not store (it sees the dropout and discards): a click heard late by the stall (and
        // the rest of the silence's last period).
        #expect(
            run.clicks.contains {
                !$0.afterSlip && $0.error >= Self.stall - 0.002 && $0.error < Self.stall + 0.03
            },
            "the stall moved a click")
    }
}
