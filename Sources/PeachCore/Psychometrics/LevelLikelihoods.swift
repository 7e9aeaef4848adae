// LevelLikelihoods: ln P(right) and ln P(wrong) of a stimulus level on a posterior's grid, shared by a batch of fits.

import Synchronization

/// The log-likelihoods of a trial at each ``StimulusLevel`` on the grid of a posterior with given slopes, kept
/// once computed: fits of binned counts (every week of a progress chart, every session of the trend, each
/// tempo band of the timing profile) take the same levels again and again, and the logarithms and exponentials
/// are nearly all of a fit's cost. A kept table holds exactly the numbers a fit would compute, so a fit through
/// it gives the same bits.
///
/// The tables are kept process-wide up to ``budgetBytes`` (then computed each time, as before): a full-grid
/// table is 37 KiB, a one-slope table 2.8 KiB. A profile of a million answers over years of practice fits with
/// about 230 full-grid tables (8.3 MiB) and 570 one-slope ones (1.6 MiB): at 8 MiB the full ones crowded out
/// the one-slope ones, which were then computed again for every fit (`peach profile --json` on that store:
/// 717 million instructions under callgrind at 8 MiB, 598 million at 12 MiB, the same bytes out, 0.4 MB more
/// resident).
/// They are kept only while a batch of fits runs (``ThresholdPosterior/sharingLevelLikelihoods(_:)``: a report,
/// a dashboard page) and dropped when the last batch ends: a fit alone (a training run's starting difference)
/// computes its tables and lets them go, so a long training run or the box does not carry megabytes of them.
/// The dashboard keeps them for its whole run (``ThresholdPosterior/keepFitsFromNowOn()``).
final class LevelLikelihoods: Sendable {
    /// The most bytes of tables kept.
    static let budgetBytes = 12 << 20

    /// The process's tables, which every fit uses.
    static let shared = LevelLikelihoods()

    private struct Key: Hashable {
        let slopes: [UInt64]
        let level: Int
    }

    private struct Kept: KeptWhileBatchesRun, ~Copyable {
        var tables: [Key: (right: [Double], wrong: [Double])] = [:]
        var bytes = 0
        /// Batches running (``keeping(_:)``): tables are kept while there is one.
        var batches = 0

        mutating func letGo() {
            tables = [:]
            bytes = 0
        }
    }

    private let kept = Mutex(Kept())

    /// ln P(right) and ln P(wrong) of a trial at `level` at each grid point of a posterior over `slopes`
    /// (``ThresholdPosterior/logLikelihoods(cents:slopes:)`` of the level's cents).
    /// `slopeBits`, the slopes' bit patterns, when the caller keeps them (a posterior asks for many levels).
    func table(level: Int, slopes: [Double], slopeBits: [UInt64]? = nil) -> (right: [Double], wrong: [Double])
    {
        let key = Key(slopes: slopeBits ?? slopes.map(\.bitPattern), level: level)
        if let table = kept.withLock({ $0.tables[key] }) { return table }
        let table = ThresholdPosterior.logLikelihoods(cents: StimulusLevel.cents(of: level), slopes: slopes)
        let bytes = 2 * table.right.count * MemoryLayout<Double>.stride
        kept.withLock { kept in
            guard kept.batches > 0, kept.bytes + bytes <= Self.budgetBytes, kept.tables[key] == nil else {
                return
            }
            kept.tables[key] = table
            kept.bytes += bytes
        }
        return table
    }

    /// Runs `body` with the tables kept between its fits; when the last batch running ends, they are dropped.
    func keeping<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try kept.keeping(body)
    }

    /// Keeps the tables from now on, for the rest of the process (one batch that never ends).
    func keepFromNowOn() { kept.keepFromNowOn() }

    /// How many tables are kept now.
    var keptCount: Int { kept.withLock { $0.tables.count } }
}

extension ThresholdPosterior {
    /// Runs `body`, a batch of fits (a report's charts, a dashboard page), with each stimulus level's
    /// log-likelihoods computed once and shared by all its fits, and each fit of binned trials made once
    /// (``FitMemo``); both are let go when the last batch ends. Outside a batch every fit computes its own (the
    /// same bits either way).
    public static func sharingLevelLikelihoods<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try LevelLikelihoods.shared.keeping { () throws(Failure) -> Result in
            try FitMemo.shared.keeping(body)
        }
    }
}
