// LatencyBenchmark: MIDI-in → sound-out through the real kernel: a virtual MIDI device, the sequencer, the synth,
// snd-aloop, measured on the loopback's capture side.

import Foundation
import PeachALSA
import PeachAudio
import PeachCore
import PeachLive
import PeachMIDI
import PeachSystem
import PeachTraining
import Synchronization

/// `PeachBenchmarks latency` (inside the alsa-vm VM: `scripts/latency-vm`): for each `--latency` setting, a
/// thread writes note-on bytes into the virtual MIDI device `/dev/snd/midiC1D0` at random moments and notes the
/// time; they reach Peach's sequencer client through the kernel (client 20:0); the main thread, waiting on its
/// inbox as a training run's does, starts a note on the internal synth; the audio thread renders it into
/// `hw:Loopback,0,0`; a capture thread reads `hw:Loopback,1,0` and times the first sample of each note from the
/// read's return and the capture delay (all on `CLOCK_MONOTONIC`). Prints median and maximum of write → sound.
/// The last setting plays each note after more than ``AudioOutput/restAfter`` of silence, so every note restarts a
/// resting stream; `PEACH_BENCH_LATENCY_ONLY=rest` runs only that one and prints every note's times. The
/// play-through setting sounds each key as play-back does: on the sequencer's thread through a ``PlayThroughTap``
/// into the synth's play-through (the key at its velocity), the main thread's ``PlayThrough`` then leaving it be;
/// "(main thread)" sounds it from the main thread instead, as before the tap;
/// `PEACH_BENCH_LATENCY_ONLY=playthrough` runs only these.
///
/// `PEACH_BENCH_LATENCY_ONLY=low` runs `--latency low` alone (a training note and play-through), with the capture
/// at the output's period: for a loopback clocked by another card's period interrupt instead of the kernel's
/// 4 ms tick (`scripts/latency-vm low`: `snd-aloop timer_source=Dummy`, `snd-dummy` on high-resolution timers
/// playing 64-frame periods), where 64-frame periods can run at all (snd-aloop then needs every stream of the
/// cable at the timer's period).
enum LatencyBenchmark {
    static let notes = 40
    /// A sample above this starts a note (the 10 ms raised-cosine attack crosses it within 0.3 ms).
    static let threshold: Float = 2e-4

    static func monotonic() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    @MainActor static func run() {
        ALSALibrary.printsDiagnostics(false)
        print(
            "MIDI in → sound out (virtual MIDI → sequencer → synth → snd-aloop capture), \(notes) notes each")
        let settings: [(String, PCMConfiguration)] = [
            ("standard", .standard), ("low", .lowLatency),
            ("256x3", PCMConfiguration(periodFrames: 256, periodCount: 3)),
            ("256x2", PCMConfiguration(periodFrames: 256, periodCount: 2)),
            ("512x3", PCMConfiguration(periodFrames: 512, periodCount: 3)),
        ]
        let only = ProcessInfo.processInfo.environment["PEACH_BENCH_LATENCY_ONLY"]
        if only == "low" {
            let period = PCMConfiguration.lowLatency.periodFrames
            measure("low", .lowLatency, capturePeriod: period)
            measure("low, play-through", .lowLatency, playThrough: true, capturePeriod: period)
            measure(
                "low, play-through (main thread)", .lowLatency, playThrough: true, onInputThread: false,
                capturePeriod: period)
            return
        }
        if only == "card" {
            // The card clock at the period of PEACH_BENCH_LATENCY_CONFIG (`scripts/latency-vm card 128x2`).
            let text = ProcessInfo.processInfo.environment["PEACH_BENCH_LATENCY_CONFIG"] ?? "low"
            if text == "playing" {
                // What `peach play` opens without --latency (ALSAPCMSink.forPlaying: 4 × 64 where it sustains).
                for onInputThread in [true, false] {
                    measure(
                        "(none), play-through" + (onInputThread ? "" : " (main thread)"), .playing,
                        count: 100,
                        playThrough: true, onInputThread: onInputThread,
                        capturePeriod: PCMConfiguration.playing.periodFrames, forPlaying: true)
                }
                return
            }
            guard let configuration = PCMConfiguration(latency: text) else {
                report("--latency \(text)", "not a --latency value")
                return
            }
            for onInputThread in [true, false] {
                measure(
                    "\(text), play-through" + (onInputThread ? "" : " (main thread)"), configuration,
                    count: 100,
                    playThrough: true, onInputThread: onInputThread, capturePeriod: configuration.periodFrames
                )
            }
            return
        }
        if only == nil {
            for (name, configuration) in settings { measure(name, configuration) }
        }
        if only == nil || only == "playthrough" {
            measure("low, play-through", .lowLatency, playThrough: true)
            measure("standard, play-through", .standard, playThrough: true)
            measure(
                "512x3, play-through", PCMConfiguration(periodFrames: 512, periodCount: 3), playThrough: true)
        }
        guard only == nil || only == "rest" else { return }
        // Each note after more than AudioOutput.restAfter of silence: the output rests, and the note restarts
        // the stream.
        measure(
            "512x3, each note after a rest", PCMConfiguration(periodFrames: 512, periodCount: 3), count: 8,
            gaps: 5_600_000...6_000_000)
    }

    @MainActor static func measure(
        _ name: String, _ configuration: PCMConfiguration, count: Int = notes,
        gaps: ClosedRange<UInt32> = 120_000...220_000, playThrough: Bool = false, onInputThread: Bool = true,
        capturePeriod: Int = 128, forPlaying: Bool = false
    ) {
        let notes = count
        let label = "--latency \(name)"
        let sink: ALSAPCMSink
        let capture: ALSAPCMCapture
        do {
            sink =
                forPlaying
                ? try ALSAPCMSink.forPlaying(device: "hw:Loopback,0,0")
                : try ALSAPCMSink(device: "hw:Loopback,0,0", configuration: configuration)
            capture = try ALSAPCMCapture(
                device: "hw:Loopback,1,0", sampleRate: Int(sink.sampleRate), channelCount: sink.channelCount,
                periodFrames: capturePeriod, periodCount: 2048 / capturePeriod)
        } catch {
            report(label, "not measurable here: \(error)")
            return
        }
        let output = AudioOutput(sink: sink)
        let onsets = Mutex<[Double]>([])
        let sent = Mutex<[Double]>([])
        var received: [Double] = []  // when the main thread took each note-on from its inbox
        let arrived = Mutex<[Double]>([])  // when the sequencer's thread had each note-on
        let stop = Atomic<Bool>(false)
        let finished = DispatchSemaphore(value: 0)
        // The capture side: every read's frames timed back from the read's return and the capture delay.
        let reader = Thread {
            let frames = 64
            let buffer = UnsafeMutablePointer<Float>.allocate(capacity: frames * capture.channelCount)
            defer {
                buffer.deallocate()
                finished.signal()
            }
            var quietFrames = Int.max
            while !stop.load(ordering: .relaxed) {
                guard let (count, delay) = capture.read(into: buffer, frameCount: frames) else { continue }
                let returned = monotonic()
                for frame in 0..<count {
                    let loud = abs(buffer[frame * capture.channelCount]) > threshold
                    if loud, quietFrames > 960 {  // 20 ms of silence before: a new note
                        let time = returned - Double(delay + count - frame) / capture.sampleRate
                        onsets.withLock { $0.append(time) }
                    }
                    quietFrames = loud ? 0 : quietFrames &+ 1
                }
            }
        }
        do {
            try output.start()
            reader.start()
            let sequencer = try ALSASequencer(clientName: "Peach latency")
            let inbox = Inbox<MIDIEvent>()
            let tap = PlayThroughTap()
            try sequencer.connectInput(from: MIDIAddress(client: 20, port: 0))
            try sequencer.startNotifications { notification in
                if case .message(let event) = notification {
                    if case .noteOn = event.message { arrived.withLock { $0.append(monotonic()) } }
                    tap.take(event)
                    inbox.post(event)
                }
            }
            defer { sequencer.stopNotifications() }
            // The controller: note on, 80 ms, note off, 120–220 ms of silence, written as raw bytes.
            let writer = Thread {
                guard let device = try? SystemFile(path: "/dev/snd/midiC1D0", flags: O_WRONLY) else { return }
                var generator = SeededRandomGenerator(seed: 3)
                for _ in 0..<notes {
                    usleep(UInt32.random(in: gaps, using: &generator))
                    let on: [UInt8] = [0x90, 69, 100]
                    sent.withLock { $0.append(monotonic()) }
                    try? device.writeAll(on)
                    usleep(80_000)
                    let off: [UInt8] = [0x80, 69, 0]
                    try? device.writeAll(off)
                }
            }
            writer.start()
            try MainActor.assumeIsolated {
                let player = try SynthNotePlayer(engine: output.engine)
                let through = PlayThrough(player: player, referencePitch: 440, gain: .nominal)
                through.start()
                if playThrough && onInputThread { tap.route(to: player, profile: .builtInDefault) }
                defer { through.silence() }
                var handle: (any PlaybackHandle)?
                let deadline = monotonic() + Double(notes) * (Double(gaps.upperBound) / 1e6 + 0.1) + 1
                while monotonic() < deadline,
                    sent.withLock({ $0.count }) < notes || handle != nil || !through.soundingNotes.isEmpty
                {
                    guard let event = inbox.next(timeout: 0.5) else { continue }
                    if case .noteOn = event.message { received.append(monotonic()) }
                    switch event.message {
                    case .noteOn(_, let note, let velocity) where playThrough:
                        try through.noteOn(
                            MIDINote(clamping: Int(note)), velocity: MIDIVelocity(clamping: Int(velocity)),
                            at: event.time)
                    case .noteOff(_, let note, _) where playThrough:
                        through.noteOff(MIDINote(clamping: Int(note)))
                    case .noteOn:
                        handle = try player.play(
                            frequency: Frequency(hertz: 440), velocity: 100, amplitude: -6)
                    case .noteOff:
                        try handle?.stop()
                        handle = nil
                    default: break
                    }
                }
            }
            usleep(300_000)
        } catch {
            if output.failure == nil { report(label, "failed: \(error)") }
        }
        stop.store(true, ordering: .relaxed)
        output.stop()
        _ = finished.wait(timeout: .now() + 2)
        capture.close()
        // Each write is matched with the first onset after it (and before the next write).
        let writes = sent.withLock { $0 }
        let heard = onsets.withLock { $0 }
        if let failure = output.failure {
            report(label, "not measurable here: the output stopped (\(failure))")
            return
        }
        var latencies: [Double] = []
        var firstNote: Double?  // the first note written, when it was heard
        var toMain: [Double] = []  // the write → the main thread has the note-on (kernel, sequencer, wake-up)
        var toSequencer: [Double] = []  // the write → the sequencer's thread has it (kernel, its wake-up)
        let arrivals = arrived.withLock { $0 }
        var toSound: [Double] = []  // the main thread → the note's first sample heard (synth, buffer, card)
        for (index, time) in writes.enumerated() {
            let next = index + 1 < writes.count ? writes[index + 1] : .infinity
            guard let onset = heard.first(where: { $0 >= time && $0 < next }) else { continue }
            latencies.append(onset - time)
            if index == 0 { firstNote = onset - time }
            if let came = arrivals.first(where: { $0 >= time && $0 < next && $0 <= onset }) {
                toSequencer.append(came - time)
            }
            if let taken = received.first(where: { $0 >= time && $0 < next && $0 <= onset }) {
                toMain.append(taken - time)
                toSound.append(onset - taken)
            }
        }
        guard !latencies.isEmpty else {
            report(label, "no note heard (\(writes.count) sent, \(heard.count) onsets)")
            return
        }
        // An emulated CPU too slow for the buffer underruns all the time: its figures would be of the stalls.
        let seconds = Double(notes) * (Double(gaps.lowerBound + gaps.upperBound) / 2e6 + 0.08)
        if Double(sink.recoveryCount) > seconds * 2 {
            report(
                label,
                "not measurable here: \(sink.recoveryCount) underruns in \(Int(seconds)) s (\(configuration))"
            )
            return
        }
        if ProcessInfo.processInfo.environment["PEACH_BENCH_LATENCY_ONLY"] == "rest" {
            print(
                "  sent:", writes.map { format($0 - writes[0], 3) }, "heard:",
                heard.map { format($0 - writes[0], 3) })
        }
        report(
            label,
            "\(sink.bufferFrames / max(1, sink.periodFrames)) × \(sink.periodFrames) frames: \(spread(latencies)) (\(latencies.count) of \(writes.count) notes, buffer "
                + "\(format(Double(sink.bufferFrames) / sink.sampleRate * 1000, 1)) ms, \(sink.recoveryCount) underruns, "
                + "\(capture.overrunCount) overruns, \(output.restCount) rests)")
        if let firstWrite = writes.first, let came = arrivals.first(where: { $0 >= firstWrite }) {
            report(
                "  first note-on: MIDI in → sequencer thread",
                "\(format((came - firstWrite) * 1000, 1)) ms")
        }
        if let firstWrite = writes.first, let taken = received.first(where: { $0 >= firstWrite }) {
            report(
                "  first note-on: MIDI in → main thread", "\(format((taken - firstWrite) * 1000, 1)) ms")
        }
        var firstText = "not heard (the capture misses a stream's first start)"
        if let firstNote { firstText = "\(format(firstNote * 1000, 1)) ms" }
        report("  the first note", firstText)
        report("  of which MIDI in → sequencer thread", spread(toSequencer))
        report("  of which MIDI in → main thread", spread(toMain))
        report("  and main thread → sound", spread(toSound))
    }

    /// `median 3.0 ms, 95th percentile 4.1 ms, max 4.3 ms, min 2.0 ms` of `seconds`, with the 5th and 99th
    /// percentiles (nearest rank).
    static func spread(_ seconds: [Double]) -> String {
        let sorted = seconds.sorted()
        guard let first = sorted.first, let last = sorted.last else { return "none" }
        func percentile(_ fraction: Double) -> Double {
            let rank = Int((Double(sorted.count) * fraction).rounded(.up))
            return sorted[min(sorted.count - 1, max(0, rank - 1))] * 1000
        }
        return "median \(format(sorted[sorted.count / 2] * 1000, 1)) ms, 95th percentile "
            + "\(format(percentile(0.95), 1)) ms, 99th \(format(percentile(0.99), 1)) ms, 5th "
            + "\(format(percentile(0.05), 1)) ms, max \(format(last * 1000, 1)) ms, min \(format(first * 1000, 1)) ms"
    }
}
