// SimulationLauncher: `peach simulate` below the command line: the store, its notices and the report on screen.

import Foundation
import PeachStore
import PeachText
import PeachTraining

/// Runs a ``Simulation`` for the terminal: opens the store in `directory` when the answers are to be saved
/// (saying what its opening had to tell), reports line by line on stdout and errors on stderr.
public enum SimulationLauncher {
    /// Runs `simulation` from now; `verbose` shows every trial.
    /// - Returns: whether every answer was stored.
    /// - Throws: ``StoreError`` when the store cannot be opened.
    @MainActor
    public static func run(
        _ simulation: Simulation, saveIn directory: String?, verbose: Bool, texts: Texts
    ) throws
        -> Bool
    {
        let store = try directory.map { try JournalStore(directory: $0) }
        for line in store.map({ texts.storeNotices($0.contents) }) ?? [] { Terminal.emitError(line) }
        let report = SimulationReport(texts: texts, verbose: verbose) { Terminal.show($0) }
        return simulation.run(start: Date(), store: store, report: report, error: Terminal.emitError)
    }
}
