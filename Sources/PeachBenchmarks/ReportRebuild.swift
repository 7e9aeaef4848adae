// ReportRebuild: what the dashboard's overview costs after each stored answer, on a lifetime of answers.

import Foundation
import PeachCore
import PeachStore
import PeachText

/// The dashboard's work per stored answer, in process: a store of `records` synthetic answers is read (through
/// its snapshot) and the overview's report made once, with fits kept as `peach web` keeps them
/// (``ThresholdPosterior/keepFitsFromNowOn()``); then `rounds` answers of each kind are added one at a time, and
/// after each the overview's parts are made again from a new report, as the first reload after that answer
/// makes them (the summary, the trend's sentences, the profile chart's SVG). Prints CPU milliseconds an answer;
/// for instructions, run it under callgrind counting only ``answerRounds(_:offset:index:generator:_:)`` (its
/// total over N rounds of one kind).
enum ReportRebuild {
    /// The answer kinds added, by their index in ``syntheticRecord(index:generator:)``'s cycle of ten.
    static let kinds: [(name: String, offset: Int)] = [
        ("comparison", 0), ("pitch matching", 9), ("offset detection", 2), ("fill the gap", 8),
    ]

    static func run(records: Int, rounds: Int, only: String?) {
        let root = NSTemporaryDirectory() + "peach-bench-report-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        TrainingBenchmark.writeStore(records: records, directory: root)
        MainActor.assumeIsolated { _ = try? JournalStore(directory: root) }
        guard var contents = try? JournalStore.read(directory: root) else {
            print("the store could not be read")
            return
        }
        ThresholdPosterior.keepFitsFromNowOn()
        let range = PeachSettings.defaults.training.noteRange
        let texts = Texts(language: .english)
        func overview() -> Int {
            let report = ProfileReport(
                contents: contents, range: range, texts: texts, days: 14, timeZone: .current)
            return report.summaryLines.count + ProgressTrend(texts: texts).sentences(report.progress).count
                + report.svg(progress: false).utf8.count
        }
        var sink = overview()
        var generator = SeededRandomGenerator(seed: 7)
        var index = records
        for kind in kinds where only == nil || only == kind.name {
            let before = cpuSeconds()
            sink &+= answerRounds(rounds, offset: kind.offset, index: &index, generator: &generator) {
                contents.add($0)
                return overview()
            }
            let perAnswer = (cpuSeconds() - before) * 1000 / Double(max(rounds, 1))
            report("  \(kind.name) answer, then the overview", "\(format(perAnswer, 2)) ms CPU an answer")
        }
        if sink == 0 { print("nothing made") }
    }

    /// `rounds` answers of the kind at `offset` in the cycle of ten, each handed to `answer` (which stores it
    /// and makes the overview). Its own function, never inlined, so that callgrind counts only it:
    /// `valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*ReportRebuild*answerRounds*'`
    /// counts the answers and their overviews without the store's setup (counted with it, 0 against N rounds,
    /// the setup moved the difference by up to 0.7 million instructions an answer between runs).
    @inline(never)
    static func answerRounds(
        _ rounds: Int, offset: Int, index: inout Int, generator: inout SeededRandomGenerator,
        _ answer: (StoredRecord) -> Int
    ) -> Int {
        var sink = 0
        for _ in 0..<rounds {
            index += (10 + offset - index % 10) % 10
            sink &+= answer(syntheticRecord(index: index, generator: &generator))
            index += 1
        }
        return sink
    }

    /// This process's user and system CPU seconds.
    static func cpuSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
