// StackMeasurementTests: how exact timing is through a sound stack (PipeWire, PulseAudio, JACK, the card itself),
// measured on the loopback's capture side in the alsa-vm VM that scripts/stack-vm sets up.

import Foundation
import PeachALSA
import PeachAudio
import PeachCore
import PeachJACK
import PeachSystem
import PeachTestSupport
import Synchronization
import Testing

/// Plays a timing session's clicks through the output `PEACH_STACK_OUTPUT` names (`alsa:pipewire`, `alsa:pulse`,
/// `alsa:jack`, `jack`, `alsa:hw:Loopback,0,2`), with a sound server that `scripts/stack-vm` has started in the VM
/// over the loopback card, and records what comes out on the loopback's capture side. For every click: heard −
/// where Peach placed it, and whether a dropout was flagged before it could have been stored. A stack passes when
/// no click more than 2 ms off went unflagged (discarding is fine; storing a misplaced click is not), the first
/// click included. The figures go into docs/sound.md.
@Suite("A sound stack measured (stack-vm)", .serialized)
struct StackMeasurementTests {
    static let environment = ProcessInfo.processInfo.environment
    static let output = environment["PEACH_STACK_OUTPUT"]

    /// A sink that notes every delay reading the output takes (test-only: it locks on the audio thread): when the
    /// reading was taken and the origin it gives (when frame 0 is heard), to see what a stack's delay showed around
    /// a click it misplaced (`PEACH_STACK_READINGS=1`).
    final class ReadingSink: WrappingSink, @unchecked Sendable {
        let readings = Mutex<[(time: Double, origin: Double)]>([])
        private var written = 0

        override init(_ inner: any AudioSink) {
            super.init(inner)
            readings.withLock { $0.reserveCapacity(100_000) }
        }

        override var queuedFrames: Int {
            let queued = inner.queuedFrames
            let now = MonotonicTime.now()
            let origin = now - Double(written - queued) / inner.sampleRate
            readings.withLock { $0.append((now, origin)) }
            return queued
        }
        override func write(_ samples: UnsafePointer<Float>, frameCount: Int) -> Bool {
            let done = inner.write(samples, frameCount: frameCount)
            if done { written += frameCount }
            return done
        }
    }

    /// What the delay readings said around a click heard `error` seconds from where it was placed: the earliest
    /// origin of each 100 ms from a second before to 200 ms after, against the earliest of the second before.
    static func printReadings(_ sink: ReadingSink, around placed: Double, error: Double) {
        let readings = sink.readings.withLock { $0 }
        let before =
            readings.filter { $0.time >= placed - 1.3 && $0.time < placed - 0.3 }.map(\.origin).min() ?? .nan
        var line = String(
            format: "  click %+.1f ms off; readings' earliest origin per 100 ms (ms):", error * 1000)
        for start in stride(from: placed - 1.0, to: placed + 0.2, by: 0.1) {
            let earliest = readings.filter { $0.time >= start && $0.time < start + 0.1 }.map(\.origin).min()
            line += earliest.map { String(format: " %+.1f", ($0 - before) * 1000) } ?? " -"
        }
        print(line)
    }

    /// One click as placed and as heard.
    struct Click {
        var placed: Double
        var dropoutsAtPlacement: Int
        var heard: Double?
    }

    /// The loopback playback subdevices running now, from the kernel (`/proc/asound/card0/pcm0p/sub*/status`).
    static func runningSubdevices() -> [Int] {
        (0..<8).filter { sub in
            guard
                let bytes = try? SystemFile.readRegularFile(
                    "/proc/asound/card0/pcm0p/sub\(sub)/status", limit: 4096)
            else { return false }
            return String(decoding: bytes, as: UTF8.self).contains("state: RUNNING")
        }
    }

    /// The frequency of the first note in `samples` (interleaved, `channels`), by its zero crossings.
    static func frequency(of samples: [Float], channels: Int, rate: Double) -> Double? {
        let mono = stride(from: 0, to: samples.count, by: channels).map { samples[$0] }
        guard let first = mono.firstIndex(where: { abs($0) > 0.05 }) else { return nil }
        // The note is the first sound: it ends where 50 ms of quiet begin (the clicks come after).
        var last = first
        var quiet = 0
        for index in first..<mono.count {
            if abs(mono[index]) > 0.05 {
                last = index
                quiet = 0
            } else {
                quiet += 1
                if quiet > Int(rate / 20) { break }
            }
        }
        guard last - first > Int(rate / 2) else { return nil }
        // The middle of the note, away from its ramps.
        let start = first + Int(rate / 10)
        let end = last - Int(rate / 10)
        var crossings: [Double] = []
        for index in start..<end where mono[index] <= 0 && mono[index + 1] > 0 {
            let fraction = Double(-mono[index]) / Double(mono[index + 1] - mono[index])
            crossings.append(Double(index) + fraction)
        }
        guard crossings.count > 10 else { return nil }
        // The median of the cycles' own lengths: a capture overrun or an underrun (frames missing in the recording)
        // spoils one cycle, not the measure.
        let periods = zip(crossings.dropFirst(), crossings).map { $0 - $1 }.sorted()
        return rate / periods[periods.count / 2]
    }

    @Test(
        "clicks through the stack: none more than 2 ms off goes unflagged, the first click included",
        .enabled(if: output != nil, "set up by scripts/stack-vm (PEACH_STACK_OUTPUT names the output)"))
    @MainActor
    func measureStack() throws {
        ALSALibrary.printsDiagnostics(false)
        let name = try #require(Self.output)
        let spec = try AudioOutputSpec(parsing: name)
        let latency =
            Self.environment["PEACH_STACK_LATENCY"].flatMap(PCMConfiguration.init(latency:)) ?? .standard
        let seconds = Self.environment["PEACH_STACK_SECONDS"].flatMap(Double.init) ?? 20
        let inner: any AudioSink
        switch spec {
        case .alsa(let device): inner = try ALSAPCMSink(device: device, configuration: latency)
        case .jack(let target): inner = try JACKSink(target: target)
        case .wav, .null:
            Issue.record("\(name) is no sound stack")
            return
        }
        let readingSink = Self.environment["PEACH_STACK_READINGS"] == "1" ? ReadingSink(inner) : nil
        let sink: any AudioSink = readingSink ?? inner
        let output = AudioOutput(sink: sink)
        try output.start()
        defer { output.stop() }
        let clicks = SynthClickPlayer(output: output)
        let player = try SynthNotePlayer(engine: output.engine, timbre: "sine")

        // The server's own stream on the loopback: the subdevice running now (the server opened it for Peach).
        var subdevice: Int?
        let waitUntil = MonotonicTime.now() + 5
        while subdevice == nil, MonotonicTime.now() < waitUntil {
            subdevice =
                Self.environment["PEACH_STACK_CAPTURE"].flatMap(Int.init) ?? Self.runningSubdevices().first
            if subdevice == nil { usleep(20_000) }
        }
        let sub = try #require(subdevice, "no loopback playback is running")
        let recorder = try TimingKernelTests.LoopbackRecorder(
            device: "plughw:Loopback,1,\(sub)", rate: 48_000, channelCount: 2, keepsSamples: true)

        // A note first: its pitch through the stack.
        let note = try player.play(frequency: Frequency(hertz: 440), velocity: 100, amplitude: .nominal)
        usleep(1_200_000)
        try note.stop()
        usleep(300_000)

        // The timeline settles, then clicks every 125 ms (fill the gap at 120 BPM), each placed a lead time ahead
        // (at least 250 ms, as a session's two cycles ahead), the first as a session's first trial places it.
        let settleDeadline = MonotonicTime.now() + 10
        while clicks.settlesIn > 0, MonotonicTime.now() < settleDeadline { usleep(10_000) }
        var placed: [Click] = []
        var dropoutTimes: [(time: Double, count: Int)] = [(clicks.now, clicks.dropoutCount)]
        let first = clicks.now + clicks.leadTime
        let count = Int(seconds / 0.125)
        for index in 0..<count {
            let due = first + Double(index) * 0.125
            while clicks.now < due - max(0.25, clicks.leadTime + 0.02) {
                if dropoutTimes.last?.count != clicks.dropoutCount {
                    dropoutTimes.append((clicks.now, clicks.dropoutCount))
                }
                usleep(2_000)
            }
            placed.append(
                Click(
                    placed: try clicks.click(at: due, accent: index % 4 == 0),
                    dropoutsAtPlacement: clicks.dropoutCount))
        }
        let end = first + Double(count) * 0.125 + 0.5
        while clicks.now < end {
            if dropoutTimes.last?.count != clicks.dropoutCount {
                dropoutTimes.append((clicks.now, clicks.dropoutCount))
            }
            usleep(2_000)
        }
        recorder.stop()

        let onsets = recorder.onsets
        let pitch = Self.frequency(of: recorder.samples, channels: 2, rate: 48_000)
        var errors: [Double] = []
        var flagged = 0
        var unflaggedMisplaced: [Double] = []
        for index in placed.indices {
            placed[index].heard = TimingKernelTests.onset(
                near: placed[index].placed, in: onsets, within: 0.06)
            let click = placed[index]
            // A session checks for a dropout when a strike or an answer comes, within the click's half sixteenth
            // and then at the next cycle: a dropout counted by 200 ms after the click keeps it from being stored.
            let countThen = dropoutTimes.last { $0.time <= click.placed + 0.2 }?.count ?? 0
            let isFlagged = countThen != click.dropoutsAtPlacement
            if isFlagged { flagged += 1 }
            guard let heard = click.heard else {
                if !isFlagged { unflaggedMisplaced.append(.infinity) }
                continue
            }
            let error = heard - click.placed
            if !isFlagged { errors.append(error) }
            if abs(error) > 0.002 && !isFlagged {
                unflaggedMisplaced.append(error)
                if let readingSink { Self.printReadings(readingSink, around: click.placed, error: error) }
            }
        }
        let magnitudes = errors.map { abs($0) * 1000 }.sorted()
        let median = magnitudes.isEmpty ? Double.nan : magnitudes[magnitudes.count / 2]
        let firstError = placed.first.flatMap { $0.heard.map { ($0 - (placed.first?.placed ?? 0)) * 1000 } }
        print(
            "stack (VM) \(name) [\(sink.stack.rawValue), \(latency.periodCount)×\(latency.periodFrames) asked]: "
                + "\(placed.count) clicks; heard − placed median \(String(format: "%.2f", median)) ms, max "
                + "\(String(format: "%.2f", magnitudes.last ?? .nan)) ms; \(clicks.dropoutCount) dropouts flagged "
                + "(\(flagged) clicks discarded, \(sink.recoveryCount) reported underruns); misplaced and unflagged: "
                + "\(unflaggedMisplaced.count) \(unflaggedMisplaced.prefix(5).map { String(format: "%.1f", $0 * 1000) }); "
                + "first click \(firstError.map { String(format: "%.2f", $0) } ?? "?") ms; measured delay "
                + "\(String(format: "%.1f", output.measuredDelay * 1000)) ms; pitch "
                + (pitch.map { String(format: "%.2f cents", 1200 * log2($0 / 440)) } ?? "?"))
        #expect(unflaggedMisplaced.isEmpty, "clicks more than 2 ms off with no dropout flagged")
        #expect(placed.count - flagged > placed.count / 2, "most clicks must be measurable")
        if let pitch { #expect(abs(1200 * log2(pitch / 440)) < 0.5, "pitch \(pitch) Hz") }
    }
}
