// TrainingBenchmark: `PeachBenchmarks train`: the real `peach` binary (train, then the data commands) on a large store.

import Foundation
import PeachCore
import PeachMIDI
import PeachStore
import PeachSystem

/// Measures the `peach train` binary built next to this one: start to first note with `records` stored records
/// (the first start reads the whole journal and saves a snapshot; the next ones read the snapshot), the pause
/// between feedback ending and the next comparison, and CPU while waiting for an answer.
enum TrainingBenchmark {
    static func run(records: Int) {
        print("Training (the peach binary, \(records) stored records, --audio-out null)")
        guard let peach = peachBinary() else { return }
        let root = NSTemporaryDirectory() + "peach-bench-train-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        writeStore(records: records, directory: root + "/data")
        guard (try? FileSystem.createFIFO(root + "/controller.fifo")) != nil else { return }
        let feedback = 0.2
        var starts: [Double] = []
        for _ in 0..<4 {
            guard let start = firstNote(peach: peach, root: root) else { return }
            starts.append(start)
        }
        report(
            "  start → first note, no snapshot yet", "\(format(starts[0] * 1000, 0)) ms (reads every record)")
        let warm = starts.dropFirst().sorted()
        report(
            "  start → first note, with the snapshot",
            "\(format(warm[1] * 1000, 0)) ms median, \(format(warm[0] * 1000, 0)) ms min (3 starts)")
        guard
            let (process, reader, started) = startTrain(
                peach: peach, root: root,
                [
                    "--midi-in", "rawmidi:\(root)/controller.fifo", "--note-duration", "0.3",
                    "--feedback-duration", String(feedback),
                ])
        else { return }
        var events = reader
        let controller = try? SystemFile(path: root + "/controller.fifo", flags: O_WRONLY)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var firstNote: Double?
        var lastResult: Date?
        var pauses: [Double] = []
        var idleCPU: (cpu: Double, wakeups: Double)?
        var restingCPU: (cpu: Double, wakeups: Double)?
        var resident: (resident: Int, peak: Int)?
        var answered = 0
        while answered < 30, let event = events.nextEvent() {
            let name = event["event"] as? String
            let time = (event["time"] as? String).flatMap(formatter.date(from:))
            if name == "trialStarted" {
                if firstNote == nil { firstNote = MonotonicTime.now() - started }
                if let lastResult, let time { pauses.append(time.timeIntervalSince(lastResult) - feedback) }
            } else if name == "note2Started" {
                if answered == 10 {
                    idleCPU = cpuWhileWaiting(pid: process.processIdentifier, seconds: 2)
                    resident = memoryKilobytes(pid: String(process.processIdentifier))
                }
                if answered == 11 {
                    // Once nothing has sounded for AudioOutput.restAfter (5 s), the output rests.
                    usleep(6_000_000)
                    restingCPU = cpuWhileWaiting(pid: process.processIdentifier, seconds: 4)
                }
                try? controller?.writeAll([0x90, 72, 90, 0x80, 72, 0])
            } else if name == "result" {
                lastResult = time
                answered += 1
            }
        }
        process.terminate()
        process.waitUntilExit()
        controller?.close()
        if let firstNote { report("  start → first note (this run)", "\(format(firstNote * 1000, 0)) ms") }
        if !pauses.isEmpty {
            pauses.sort()
            report(
                "  feedback end → next comparison",
                "median \(format(pauses[pauses.count / 2] * 1000, 0)) ms, max \(format((pauses.last ?? 0) * 1000, 0)) ms "
                    + "(\(pauses.count) trials; event times have 1 ms resolution)")
        }
        if let idleCPU {
            report(
                "  CPU while waiting for an answer (2 s)",
                "\(format(idleCPU.cpu * 100, 1)) %, \(format(idleCPU.wakeups, 0)) wake-ups/s")
        }
        if let resident {
            report(
                "  memory while training (10 answers in)",
                "\(resident.resident / 1024) MB resident, \(resident.peak / 1024) MB peak")
        }
        if let restingCPU {
            report(
                "  waiting 6–10 s after the note (resting)",
                "\(format(restingCPU.cpu * 100, 2)) %, \(format(restingCPU.wakeups, 1)) wake-ups/s")
        }
        dataCommands(peach: peach, root: root, records: records)
    }

    /// The release `peach` beside this benchmark, or nil (said on stdout) when it was not built.
    static func peachBinary() -> String? {
        let peach = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("peach").path
        guard FileManager.default.isExecutableFile(atPath: peach) else {
            print("  \(peach) is missing: build it first (swift build -c release)")
            return nil
        }
        return peach
    }

    /// Writes a store of `records` synthetic records (``syntheticRecord(index:generator:)``) in `directory`, as
    /// `PeachBenchmarks fixture RECORDS DIR` does for measuring whole `peach` processes by hand.
    static func writeStore(records: Int, directory: String) {
        MainActor.assumeIsolated {
            do {
                let store = try JournalStore(directory: directory)
                var generator = SeededRandomGenerator(seed: 11)
                for batch in 0..<(records + 9999) / 10_000 {
                    try store.append(
                        (0..<min(10_000, records - batch * 10_000)).map {
                            syntheticRecord(index: batch * 10_000 + $0, generator: &generator)
                        })
                }
            } catch {
                print("  cannot write the records: \(error)")
            }
        }
    }

    /// The data commands on the same store, each a whole `peach` process: wall time and peak memory.
    static func dataCommands(peach: String, root: String, records: Int) {
        let data = ["--data-dir", root + "/data"]
        let perRecord = { (seconds: Double) in "\(format(seconds / Double(records) * 1e6, 2)) µs CPU/record" }
        for (name, arguments) in [
            ("peach data check", ["data", "check"] + data),
            ("peach profile --json", ["profile", "--json"] + data),
            (
                "peach data export (JSON)",
                ["data", "export", "--format", "json", root + "/export.json"] + data
            ),
            ("peach data export (CSV)", ["data", "export", "--format", "csv", root + "/export.csv"] + data),
            (
                "peach data import (into an empty store)",
                ["data", "import", root + "/data/records.jsonl", "--data-dir", root + "/import"]
            ),
        ] {
            guard let (seconds, cpu, peak) = run(peach, arguments) else {
                report("  " + name, "failed")
                continue
            }
            report(
                "  " + name,
                "\(format(seconds, 2)) s wall, \(format(cpu, 2)) s CPU (\(perRecord(cpu))), \(peak / 1024) MB peak"
            )
        }
    }

    /// Runs `peach` with `arguments`, output discarded; its wall time, CPU time (user + system: what the load of a
    /// shared machine does not inflate) and peak resident memory (kB), or nil when it could not run or failed.
    static func run(
        _ peach: String, _ arguments: [String]
    ) -> (seconds: Double, cpu: Double, peakKilobytes: Int)? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([peach] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let started = MonotonicTime.now()
        guard posix_spawn(&pid, peach, &actions, nil, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid, status == 0 else { return nil }
        let cpu =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
        return (MonotonicTime.now() - started, cpu, usage.ru_maxrss)
    }

    /// Starts `peach train` on the store in `root`, returns the time to its first `trialStarted` event, and
    /// stops it.
    static func firstNote(peach: String, root: String) -> Double? {
        guard let launched = startTrain(peach: peach, root: root, ["--midi-in", "/dev/null"]) else {
            return nil
        }
        let (process, started) = (launched.process, launched.started)
        var reader = launched.reader
        var first: Double?
        while first == nil, let event = reader.nextEvent() {
            if event["event"] as? String == "trialStarted" { first = MonotonicTime.now() - started }
        }
        process.terminate()
        process.waitUntilExit()
        return first
    }

    /// Starts `peach train --audio-out null --events -` on the store in `root` with `arguments` added; returns
    /// the process, a reader of its events and when it started, or nil (said on stdout) if it would not start.
    static func startTrain(
        peach: String, root: String, _ arguments: [String]
    ) -> (
        process: Process, reader: LineReader, started: Double
    )? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: peach)
        process.arguments =
            ["train", "--audio-out", "null", "--events", "-", "--data-dir", root + "/data"] + arguments
        process.environment = ["HOME": root, "XDG_CONFIG_HOME": root + "/config"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let started = MonotonicTime.now()
        do { try process.run() } catch {
            print("  cannot start peach: \(error)")
            return nil
        }
        return (process, LineReader(handle: output.fileHandleForReading), started)
    }

    /// The process's CPU use (user + system) over `seconds`, as a fraction of one core, and its threads' wake-ups
    /// per second (voluntary context switches: each render of a period into a sink that paces is one).
    static func cpuWhileWaiting(pid: Int32, seconds: Double) -> (cpu: Double, wakeups: Double)? {
        func ticks() -> Double? {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else {
                return nil
            }
            return user + system
        }
        func switches() -> Int {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            return tasks.reduce(0) { sum, task in
                let status =
                    (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)) ?? ""
                let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
                return sum + (line.flatMap { Int($0.split(separator: "\t").last ?? "") } ?? 0)
            }
        }
        guard let before = ticks() else { return nil }
        let switchesBefore = switches()
        usleep(UInt32(seconds * 1_000_000))
        guard let after = ticks() else { return nil }
        return (
            (after - before) / Double(sysconf(Int32(_SC_CLK_TCK))) / seconds,
            Double(switches() - switchesBefore) / seconds
        )
    }
}

/// Reads JSON Lines from a pipe, skipping lines that are not JSON objects.
struct LineReader {
    let handle: FileHandle
    private var pending = Data()

    init(handle: FileHandle) { self.handle = handle }

    mutating func nextEvent() -> [String: Any]? {
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = pending[pending.startIndex..<newline]
                pending = Data(pending[(newline + 1)...])
                if let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any] {
                    return object
                }
                continue
            }
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            pending += chunk
        }
    }
}
