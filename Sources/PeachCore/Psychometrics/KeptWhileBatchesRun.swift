// KeptWhileBatchesRun: what a batch of fits keeps (level tables, fits), counted by the batches running and let go
// when the last ends.

import Synchronization

/// State kept while batches of fits run (``ThresholdPosterior/sharingLevelLikelihoods(_:)``) and let go when the
/// last one ends: the level tables (``LevelLikelihoods``) and the fits (``FitMemo``) count their batches the same
/// way.
protocol KeptWhileBatchesRun: ~Copyable {
    /// Batches running: kept while there is one.
    var batches: Int { get set }
    /// Lets go of everything kept (the last batch ended).
    mutating func letGo()
}

extension Mutex where Value: KeptWhileBatchesRun & ~Copyable {
    /// Runs `body` as a batch: kept between its parts; when the last batch running ends, let go.
    borrowing func keeping<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        withLock { $0.batches += 1 }
        defer {
            withLock { kept in
                kept.batches -= 1
                if kept.batches == 0 { kept.letGo() }
            }
        }
        return try body()
    }

    /// Keeps from now on, for the rest of the process (one batch that never ends).
    borrowing func keepFromNowOn() { withLock { $0.batches += 1 } }
}
