// PeachBenchmarks: release-build measurements of the core's speed and memory; prints its figures.
//
// Run: swift run -c release PeachBenchmarks [core | synth | pcm | store | midi | train [RECORDS...] | web [RECORDS [SECONDS]] | report [RECORDS [ROUNDS [KIND]]] | fixture RECORDS DIR | validate SEEDS [kazez|training|measurement] | allocations
//      | latency (in the alsa-vm VM: scripts/latency-vm)]   (PEACH_BENCH_AUDIO=DEVICE, PEACH_BENCH_LATENCY=low)

import CMIDIPeer
import Foundation
import PeachALSA
import PeachAudio
import PeachCore
import PeachMIDI
import PeachStore
import PeachSystem
import PeachTestSupport

/// Resident and peak memory of process `pid` (this one by default), from /proc/PID/status (kB), or nil off Linux.
func memoryKilobytes(pid: String = "self") -> (resident: Int, peak: Int)? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    func field(_ name: String) -> Int? {
        status.split(separator: "\n").first { $0.hasPrefix(name + ":") }
            .flatMap {
                Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
            }
    }
    guard let resident = field("VmRSS"), let peak = field("VmHWM") else { return nil }
    return (resident, peak)
}

extension Array {
    /// Nil when empty.
    var nilIfEmpty: Self? { isEmpty ? nil : self }
}

/// Runs `body` and returns its wall time in seconds.
func measure(_ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    return clock.measure(body).seconds
}

func report(_ name: String, _ value: String) {
    print(name.padding(toLength: 44, withPad: " ", startingAt: 0) + value)
}

func format(_ value: Double, _ decimals: Int = 2) -> String { String(format: "%.\(decimals)f", value) }

/// Record number `index` of a synthetic store, 500 a day: of every ten, one a pitch matching, three timing
/// answers (two offset detections, one fill-the-gap trial: 30 % timing, as a drummer's store), the rest
/// comparisons.
func syntheticRecord(index: Int, generator: inout SeededRandomGenerator) -> StoredRecord {
    let context = TrialContext(settings: .defaults)
    // A day's practice is 500 answers 2.7 s apart; a million span 2,000 days (5.5 years) of weekly history.
    let time = Date(timeIntervalSince1970: 1_609_459_200).addingTimeInterval(
        Double(index / 500) * 86_400 + Double(index % 500) * 2.7)
    let note = MIDINote.random(in: 36...84, using: &generator)
    let cents = Double.random(in: 0.5...60, using: &generator) * (Bool.random(using: &generator) ? 1 : -1)
    switch index % 10 {
    case 2, 5:
        return StoredRecord(
            .rhythm(
                RhythmRecord(
                    offsetDetectionAt: time, tempoBPM: [80, 100, 120][index % 3], offsetMs: cents / 2,
                    isCorrect: Bool.random(using: &generator))))
    case 8:
        return StoredRecord(
            .rhythm(
                RhythmRecord(
                    continuousMatchingAt: time, tempoBPM: [80, 100, 120][index % 3], meanOffsetMs: cents / 4,
                    positions: [nil, cents / 3, cents / 5, cents / 6])))
    default: break
    }
    if index % 10 == 9 {
        return StoredRecord(
            .pitchMatching(
                CompletedPitchMatching(
                    referenceNote: note, initialOffset: Cents(cents), userError: Cents(cents / 10),
                    timestamp: time,
                    context: context, timeTaken: 3.2, tuneControl: .pitchBend)))
    }
    return StoredRecord(
        .comparison(
            CompletedComparison(
                comparison: Comparison(note1: note, note2: note, centDifference: Cents(cents)),
                answer: Bool.random(using: &generator) ? .higher : .lower, timestamp: time, context: context,
                note2AmplitudeOffset: 0, responseTime: 0.45, inputKind: .midiNote)))
}

if CommandLine.arguments.dropFirst().first == "render" {
    SynthCost.render(arguments: Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "fixture" {
    TrainingBenchmark.writeStore(
        records: CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 1_000_000,
        directory: CommandLine.arguments.dropFirst(3).first ?? "peach-fixture")
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "allocations" {
    MainActor.assumeIsolated { RenderAllocations.run() }
}
if CommandLine.arguments.dropFirst().first == "wav" {
    WAVCost.write(arguments: Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
}
print("Peach core benchmarks (\(ProcessInfo.processInfo.activeProcessorCount) cores)")
if CommandLine.arguments.dropFirst().first == "synth" {
    SynthCost.printAll()
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "train" {
    for records in CommandLine.arguments.dropFirst(2).compactMap({ Int($0) }).nilIfEmpty ?? [
        100_000, 1_000_000,
    ] {
        TrainingBenchmark.run(records: records)
    }
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "web" {
    WebBenchmark.run(
        records: CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 1_000_000,
        seconds: CommandLine.arguments.dropFirst(3).first.flatMap { Int($0) } ?? 60)
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "report" {
    let arguments = Array(CommandLine.arguments.dropFirst(2))
    ReportRebuild.run(
        records: arguments.first.flatMap { Int($0) } ?? 1_000_000,
        rounds: arguments.dropFirst().first.flatMap { Int($0) } ?? 20, only: arguments.dropFirst(2).first)
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "latency" {
    LatencyBenchmark.run()
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "validate" {
    let seeds = CommandLine.arguments.dropFirst(2).first.flatMap(Int.init) ?? 40
    let only = CommandLine.arguments.dropFirst(3).first
    MainActor.assumeIsolated {
        if only == "sessions" {
            ThresholdValidation.runSessions(seeds: seeds)
        } else {
            ThresholdValidation.run(seeds: seeds, only: only)
        }
    }
    exit(0)
}

/// The section asked for (`core`, `pcm`, `store`, `midi`), or nil for all; `pcm` runs in the alsa-vm VM.
let onlySection = CommandLine.arguments.dropFirst().first
func wants(_ section: String) -> Bool { onlySection == nil || onlySection == section }
if wants("core") {
    // Tuning: note + cents → frequency.
    do {
        let tuning = EqualTemperament.standard
        let count = 5_000_000
        var sink = 0.0
        let seconds = measure {
            for index in 0..<count {
                sink +=
                    tuning.frequency(
                        of: MIDINote(clamping: 21 + index % 88), offsetBy: Cents(Double(index % 200) - 100)
                    ).hertz
            }
        }
        report(
            "tuning: note+cents → frequency",
            "\(format(seconds / Double(count) * 1e9, 1)) ns/call (checksum \(Int(sink) % 997))")
    }

    // Sessions in virtual time with a simulated listener.
    MainActor.assumeIsolated {
        let trials = 100_000
        let clock = VirtualClock()
        let tracker = ProfileTracker()
        let session = ComparisonSession(
            notePlayer: SilentNotePlayer(), profile: { tracker.profile }, settings: { .defaults },
            clock: clock,
            observers: [tracker], generator: SeededRandomGenerator(seed: 1))
        SimulatedListener(
            parameters: .init(threshold: 8), clock: clock, generator: SeededRandomGenerator(seed: 2)
        ).answer(session)
        let seconds = measure {
            session.start()
            clock.run(until: { session.answeredCount >= trials })
            session.stop()
        }
        report(
            "comparison session, simulated listener",
            "\(format(Double(trials) / seconds, 0)) trials/s (\(trials) trials)")
        report(
            "  profile mean (listener threshold 8)", "\(format(tracker.profile.overallMean ?? 0)) cents")
    }

}
if onlySection == nil { SynthCost.printAll() }

// ALSA PCM output: configured latency, and the delay snd_pcm_delay sees on a real device.
if wants("pcm") {
    print("")
    print("ALSA PCM output")
    ALSALibrary.printsDiagnostics(false)
    for (name, configuration) in [
        ("standard", PCMConfiguration.standard), ("low", PCMConfiguration.lowLatency),
    ] {
        report("configured latency, --latency \(name)", "\(configuration)")
    }
    let benchDevice = ProcessInfo.processInfo.environment["PEACH_BENCH_AUDIO"] ?? "default"
    /// PEACH_BENCH_LATENCY: `standard` (default), `low`, or `FRAMESxPERIODS` such as `256x3`.
    let benchLatency: PCMConfiguration = {
        let text = ProcessInfo.processInfo.environment["PEACH_BENCH_LATENCY"] ?? "standard"
        if text == "low" { return .lowLatency }
        let parts = text.split(separator: "x").compactMap { Int($0) }
        return parts.count == 2 ? PCMConfiguration(periodFrames: parts[0], periodCount: parts[1]) : .standard
    }()
    do {
        let sink = try ALSAPCMSink(device: benchDevice, configuration: benchLatency)
        let output = AudioOutput(sink: sink)
        try MainActor.assumeIsolated {
            let player = try SynthNotePlayer(engine: output.engine)
            _ = try player.play(frequency: Frequency(hertz: 440), velocity: 63, amplitude: -12)
        }
        try output.start()
        Thread.sleep(forTimeInterval: 2)
        output.stop()
        let milliseconds = { (frames: Double) in format(frames / sink.sampleRate * 1000, 2) }
        report(
            "\(benchDevice): got",
            "\(sink.sampleFormat.rawValue), \(sink.channelCount) ch, \(Int(sink.sampleRate)) Hz, "
                + "\(sink.bufferFrames / sink.periodFrames) × \(sink.periodFrames) frames = \(milliseconds(Double(sink.bufferFrames))) ms, "
                + (output.isRealTime ? "real-time priority" : "normal priority"))
        if let delay = sink.delayStatistics {
            report(
                "\(benchDevice): snd_pcm_delay after writes (2 s)",
                "min \(milliseconds(Double(delay.minimumFrames))) / mean \(milliseconds(delay.meanFrames)) / max "
                    + "\(milliseconds(Double(delay.maximumFrames))) ms over \(delay.count) writes, "
                    + "\(sink.recoveryCount) underruns")
        }
        if let failure = output.failure { report("\(benchDevice): failed", "\(failure)") }
    } catch {
        report("\(benchDevice)", "no device to measure (\(error)); set PEACH_BENCH_AUDIO=hw:X,Y")
    }
}
if wants("store") {
    // The training store: load time and memory, append latency with fsync.
    print("")
    print("Training store (journal of JSON lines)")
    let storeRoot = NSTemporaryDirectory() + "peach-bench-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: storeRoot) }
    MainActor.assumeIsolated {
        do {
            var generator = SeededRandomGenerator(seed: 7)
            var written = 0
            let directory = storeRoot + "/data"
            for target in [10_000, 100_000, 1_000_000] {
                do {
                    let store = try JournalStore(directory: directory)
                    while written < target {
                        var batch: [StoredRecord] = []
                        for _ in 0..<min(10_000, target - written) {
                            batch.append(syntheticRecord(index: written, generator: &generator))
                            written += 1
                        }
                        try store.append(batch)
                    }
                }
                let size =
                    (try? FileManager.default.attributesOfItem(atPath: directory + "/records.jsonl")[.size]
                        as? Int)
                    ?? 0
                var contents = JournalContents()
                let seconds = measure {
                    contents =
                        (try? JournalStore.read(directory: directory, usingSnapshot: false))
                        ?? JournalContents()
                }
                // A writer opening the store reads what the old snapshot does not cover and saves a new one.
                let opening = measure { _ = try? JournalStore(directory: directory) }
                var fromSnapshot = JournalContents()
                let snapshotSeconds = measure {
                    fromSnapshot = (try? JournalStore.read(directory: directory)) ?? JournalContents()
                }
                let snapshotSize =
                    (try? FileManager.default.attributesOfItem(atPath: directory + "/records.snapshot")[.size]
                        as? Int) ?? 0
                let memory = memoryKilobytes()
                report(
                    "load \(target) records (\(size / 1_048_576) MiB), every line",
                    "\(format(seconds * 1000, 0)) ms, \(format(Double(target) / seconds / 1e6, 2)) M records/s"
                )
                report(
                    "  load through the snapshot (\(snapshotSize / 1_048_576) MiB)",
                    "\(format(snapshotSeconds * 1000, 0)) ms (the writer's open that saved it: \(format(opening * 1000, 0)) ms)"
                )
                if fromSnapshot.profile != contents.profile || fromSnapshot.timeline != contents.timeline {
                    print("  the snapshot's load differs from reading every line!")
                }
                report(
                    "  profile mean / records read",
                    "\(format(contents.profile.overallMean ?? 0)) cents / \(contents.comparisonCount + contents.pitchMatchingCount)"
                )
                if let memory {
                    report(
                        "  memory: resident / peak so far",
                        "\(memory.resident / 1024) / \(memory.peak / 1024) MiB")
                }
                guard target >= 100_000 else { continue }
                // `peach data import`: read an export of the whole store and merge it into an empty one. The CSV of
                // Peach on iOS and the web (read whole, rows skipped one by one) is timed at 100k rows, a phone's
                // years of practice.
                for exportFormat in ExportFormat.allCases where exportFormat != .peachCSV || target == 100_000
                {
                    let file = storeRoot + "/export." + exportFormat.rawValue
                    _ = try RecordTransfer.export(from: directory, format: exportFormat, toFile: file)
                    var records: [StoredRecord] = []
                    let reading = measure { records = (try? RecordTransfer.readImport(path: file)) ?? [] }
                    let target = try JournalStore(
                        directory: storeRoot + "/import-\(exportFormat)-\(records.count)")
                    var added = 0
                    let merging = measure { added = (try? target.merge(records))?.added ?? -1 }
                    report(
                        "  import \(exportFormat.rawValue.uppercased()) of \(records.count) records",
                        "read \(format(reading, 2)) s, merge \(format(merging, 2)) s, \(added) added")
                    if exportFormat == .json {
                        // `data import --replace`: the whole journal rewritten (it was quadratic: 49 s at 100k).
                        let replacing = measure { _ = try? target.replaceAll(with: records) }
                        report("  import --replace of \(records.count) records", "\(format(replacing, 2)) s")
                    }
                    try? FileManager.default.removeItem(atPath: file)
                }
            }

            let appendStore = try JournalStore(directory: storeRoot + "/append")
            var latencies: [Double] = []
            for index in 0..<500 {
                let record = StoredRecord(
                    .comparison(
                        CompletedComparison(
                            comparison: Comparison(
                                note1: 60, note2: 60, centDifference: Cents(Double(index % 50) + 0.5)),
                            answer: .higher, timestamp: Date(), context: TrialContext(settings: .defaults))))
                latencies.append(measure { try? appendStore.append(record) })
            }
            latencies.sort()
            report(
                "append one record with fdatasync (500×)",
                "median \(format(latencies[250] * 1000, 3)) ms, p99 \(format(latencies[495] * 1000, 3)) ms")
        } catch {
            print("store benchmark failed: \(error)")
        }
    }

    // Profile rebuild from results held in memory (after the store, so its peak memory is the store's).
    print("")
    let before = memoryKilobytes()
    for count in [10_000, 100_000, 1_000_000] {
        var generator = SeededRandomGenerator(seed: UInt64(count))
        let context = TrialContext(settings: .defaults)
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        let comparisons = (0..<count).map { index -> CompletedComparison in
            let note = MIDINote.random(in: 36...84, using: &generator)
            let cents =
                Double.random(in: 1...60, using: &generator) * (Bool.random(using: &generator) ? 1 : -1)
            return CompletedComparison(
                comparison: Comparison(note1: note, note2: note, centDifference: Cents(cents)),
                answer: Bool.random(using: &generator) ? .higher : .lower,
                timestamp: start.addingTimeInterval(Double(index) * 3),
                context: context)
        }
        var mean = 0.0
        var trend: Trend?
        let rebuild = MainActor.assumeIsolated {
            measure {
                let tracker = ProfileTracker(comparisons: comparisons)
                mean = tracker.profile.overallMean ?? 0
                trend = tracker.trend.trend
            }
        }
        let timeline = ThresholdTimeline(comparisons: comparisons)
        var days = 0
        let daysSeconds = measure { days = timeline.days(in: TimeZone.gmt).count }
        report(
            "profile+trend+timeline rebuild, \(count)",
            "\(format(rebuild * 1000, 1)) ms (mean \(format(mean)), \(trend?.rawValue ?? "-"))")
        report("  timeline by day, \(count)", "\(format(daysSeconds * 1000, 1)) ms (\(days) days)")
    }
    if let before, let after = memoryKilobytes() {
        report(
            "memory: resident before / after / peak",
            "\(before.resident / 1024) / \(after.resident / 1024) / \(after.peak / 1024) MiB")
    }
}

// MIDI input: the byte parser, the profile mapper, and a raw source's delay from write to handler.
if wants("midi") {
    print("")
    print("MIDI input")
    var generator = SeededRandomGenerator(seed: 7)
    var stream: [UInt8] = []
    while stream.count < 8_000_000 {
        let channel = UInt8.random(in: 0...15, using: &generator)
        let message: MIDIMessage =
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: .noteOn(channel: channel, note: .random(in: 0...127, using: &generator), velocity: 100)
            case 1: .noteOff(channel: channel, note: .random(in: 0...127, using: &generator), velocity: 0)
            case 2:
                .controlChange(
                    channel: channel, controller: 64, value: .random(in: 0...127, using: &generator))
            case 3: .pitchBend(channel: channel, value: .random(in: -8192...8191, using: &generator))
            default: .realTime(.timingClock)
            }
        stream += message.bytes
    }
    // Peach's parser and a plain C state machine (CMIDIPeer) on the same bytes, each handing every message to a
    // handler; the best of five passes each, alternating, so both see the same machine load.
    /// Runs `ours` and the peer (its handler counting, or sorting by kind when `sorting`; its context eight
    /// integers from zero, summed after) five times each, alternating, and reports the best of each under `label`
    /// and `peerLabel`, with what each returned.
    func compareWithPeer(_ label: String, _ peerLabel: String, sorting: Bool, ours: () -> Int) {
        var result = 0
        var peerResult = 0
        var seconds = Double.infinity
        var peerSeconds = Double.infinity
        // Timed here, not through `measure`: its closure would have to capture the closures this takes.
        let clock = ContinuousClock()
        for _ in 0..<5 {
            var started = clock.now
            result = ours()
            seconds = min(seconds, (clock.now - started).seconds)
            var peer = peach_midi_peer()
            var context = [Int](repeating: 0, count: 8)
            started = clock.now
            stream.withUnsafeBufferPointer { buffer in
                context.withUnsafeMutableBytes { context in
                    if sorting {
                        peach_midi_peer_parse(
                            &peer, buffer.baseAddress, buffer.count, peach_midi_peer_kinds,
                            context.baseAddress)
                    } else {
                        peach_midi_peer_parse(
                            &peer, buffer.baseAddress, buffer.count, peach_midi_peer_count,
                            context.baseAddress)
                    }
                }
            }
            peerSeconds = min(peerSeconds, (clock.now - started).seconds)
            peerResult = context.reduce(0, &+)
        }
        report(label, "\(format(Double(stream.count) / seconds / 1e6, 1)) MB/s (\(result); best of 5)")
        report(
            peerLabel,
            "\(format(Double(stream.count) / peerSeconds / 1e6, 1)) MB/s (\(peerResult); best of 5)")
    }
    /// Parses `stream` with a fresh parser, counting messages in a local (a top-level variable here is a global,
    /// whose every access is checked for exclusivity: that, not the parser, was most of the time measured), with
    /// a wrapping add as the peer's C `++` (a checked `+=` gives each kind of message a trap of its own, so the
    /// kinds could not share one path: a jump on the message's kind, mispredicted on a random stream, was half
    /// the parser's time).
    func parseCounting(_ stream: [UInt8]) -> Int {
        var parser = MIDIByteParser()
        var count = 0
        stream.withUnsafeBufferPointer { buffer in parser.parse(buffer) { _ in count &+= 1 } }
        return count
    }
    compareWithPeer(
        "byte parser, mixed stream, per message", "  a C state machine (CMIDIPeer), same bytes",
        sorting: false
    ) { parseCounting(stream) }
    // The same with a handler that looks at each message, as a consumer does: sorted by kind, its first data byte
    // tallied (the C peer's handler does the same with the status byte: a switch, through a function pointer).
    /// Parses `stream`, tallying each kind of message; returns the tallies' sum.
    func parseSorting(_ stream: [UInt8]) -> Int {
        var parser = MIDIByteParser()
        var tallies = (0, 0, 0, 0, 0, 0, 0, 0)
        stream.withUnsafeBufferPointer { buffer in
            parser.parse(buffer) { message in
                switch message {
                case .noteOn(_, let note, _): tallies.0 &+= Int(note) &+ 1
                case .noteOff(_, let note, _): tallies.1 &+= Int(note) &+ 1
                case .polyphonicKeyPressure(_, let note, _): tallies.2 &+= Int(note) &+ 1
                case .controlChange(_, let controller, _): tallies.3 &+= Int(controller) &+ 1
                case .programChange(_, let program): tallies.4 &+= Int(program) &+ 1
                case .channelPressure(_, let pressure): tallies.5 &+= Int(pressure) &+ 1
                case .pitchBend(_, let value): tallies.6 &+= (Int(value) &+ 8192) & 0x7F &+ 1
                default: tallies.7 &+= 1
                }
            }
        }
        return tallies.0 &+ tallies.1 &+ tallies.2 &+ tallies.3 &+ tallies.4 &+ tallies.5 &+ tallies.6
            &+ tallies.7
    }
    compareWithPeer(
        "byte parser, each message sorted by kind", "  the C state machine, a C handler sorting",
        sorting: true
    ) { parseSorting(stream) }
    var parser = MIDIByteParser()
    var messages: [MIDIMessage] = []
    let parseSeconds = measure { messages = parser.parse(stream) }
    report(
        "byte parser, mixed stream, into an array",
        "\(format(Double(stream.count) / parseSeconds / 1e6, 1)) MB/s (\(messages.count) messages)")
    var mapper = ControllerMapper(profile: .builtInDefault)
    var actionCount = 0
    let mapSeconds = measure {
        for (index, message) in messages.enumerated() {
            actionCount += mapper.actions(for: MIDIEvent(message, at: Double(index) * 0.001)).count
        }
    }
    report(
        "default profile mapper",
        "\(format(Double(messages.count) / mapSeconds / 1e6, 1)) M events/s (\(actionCount) actions)")

    // A FIFO into RawMIDISource: time from write(2) to the handler, one note at a time.
    let fifo = NSTemporaryDirectory() + "peach-bench-\(getpid()).fifo"
    if (try? FileSystem.createFIFO(fifo)) != nil {
        defer { FileSystem.removeQuietly(fifo) }
        let arrived = DispatchSemaphore(value: 0)
        final class Stamp: @unchecked Sendable { var time = 0.0 }
        let stamp = Stamp()
        let source = RawMIDISource(path: fifo)
        do {
            try source.start { input in
                if case .event = input {
                    stamp.time = MonotonicTime.now()
                    arrived.signal()
                }
            }
            let writer = try SystemFile(path: fifo, flags: O_WRONLY)
            var delays: [Double] = []
            for index in 0..<1000 {
                let bytes = MIDIMessage.noteOn(channel: 0, note: UInt8(index % 128), velocity: 64).bytes
                let sent = MonotonicTime.now()
                try writer.writeAll(bytes)
                arrived.wait()
                delays.append(stamp.time - sent)
            }
            writer.close()
            source.stop()
            delays.sort()
            report(
                "raw MIDI (FIFO) write → handler, 1000 notes",
                "median \(format(delays[500] * 1e6, 0)) µs, p99 \(format(delays[990] * 1e6, 0)) µs")
        } catch {
            print("raw MIDI benchmark failed: \(error)")
        }
    }
}
