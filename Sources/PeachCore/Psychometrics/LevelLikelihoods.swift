// LevelLikelihoods: ln P(right) and ln P(wrong) of a stimulus level on a posterior's grid, computed once per process.

import Synchronization

/// The log-likelihoods of a trial at each ``StimulusLevel`` on the grid of a posterior with given slopes, kept
/// once computed: fits of binned counts (every week of a progress chart, every session of the trend, each
/// tempo band of the timing profile) take the same levels again and again, and the logarithms and exponentials
/// are nearly all of a fit's cost. A kept table holds exactly the numbers a fit would compute, so a fit through
/// it gives the same bits.
///
/// The tables are kept process-wide up to ``budgetBytes`` (then computed each time, as before): a full-grid
/// table is 37 KiB, a one-slope table 2.8 KiB, and a profile of years of practice uses about a hundred levels.
enum LevelLikelihoods {
    /// The most bytes of tables kept.
    static let budgetBytes = 8 << 20

    private struct Key: Hashable {
        let slopes: [UInt64]
        let level: Int
    }

    private struct Kept: ~Copyable {
        var tables: [Key: (right: [Double], wrong: [Double])] = [:]
        var bytes = 0
    }

    private static let kept = Mutex(Kept())

    /// ln P(right) and ln P(wrong) of a trial at `level` at each grid point of a posterior over `slopes`
    /// (``ThresholdPosterior/logLikelihoods(cents:slopes:)`` of the level's cents).
    static func table(level: Int, slopes: [Double]) -> (right: [Double], wrong: [Double]) {
        let key = Key(slopes: slopes.map(\.bitPattern), level: level)
        if let table = kept.withLock({ $0.tables[key] }) { return table }
        let table = ThresholdPosterior.logLikelihoods(cents: StimulusLevel.cents(of: level), slopes: slopes)
        let bytes = 2 * table.right.count * MemoryLayout<Double>.stride
        kept.withLock { kept in
            guard kept.bytes + bytes <= budgetBytes, kept.tables[key] == nil else { return }
            kept.tables[key] = table
            kept.bytes += bytes
        }
        return table
    }
}
