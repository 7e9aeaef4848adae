// SimulationLauncher: `peach simulate` below the command line: the store, its notices and the report on screen.

import Foundation
import PeachCore
import PeachStore
import PeachText
import PeachTraining

/// Runs a ``Simulation`` for the terminal: opens the store in `directory` when the answers are to be saved
/// (saying what its opening had to tell), reports line by line on stdout and errors on stderr.
public enum SimulationLauncher {
    /// Runs a simulation of `mode` for the user at `locations`: its training settings are the file's with
    /// `training` applied, its timing and play-back settings the file's with the command line's `overrides`
    /// applied (as `peach play` and `peach timing` take them: a key, a cadence, the notes in a row, a tempo);
    /// `playBack` holds the command line's own play-back choices (items, placement); `save` keeps the answers
    /// in the store; `verbose` shows every trial.
    /// - Returns: whether every answer was stored.
    /// - Throws: ``StoreError`` for the settings or the store, ``CommandError`` for an option.
    @MainActor
    public static func run(
        _ mode: SimulationMode, listener: SimulatedListener.Parameters, trials: Int, seed: UInt64,
        at locations: DataLocations, training: (TrainingSettings) throws -> TrainingSettings,
        overrides: [(key: SettingKey, text: String?)], save: Bool, verbose: Bool, texts: Texts,
        player: SimulatedPlayer = SimulatedPlayer(), playBack: PlayBackOptions? = nil
    ) throws -> Bool {
        let loaded = try SettingsFile(path: locations.settingsFile).load().settings
        let settings = try OptionOverrides.apply(overrides, to: loaded)
        let simulation = Simulation(
            mode: mode, parameters: listener, settings: try training(loaded.training), trials: trials,
            seed: seed, timing: settings.timingSettings, player: player,
            playBack: mode.playBackKind.map { kind in
                // In tempo by `--in-tempo` alone: the model player's timing (`--bias`, `--spread`) is this
                // command's, so the melodyInTempo setting (how you play) does not switch it.
                var options = settings.playBack(playBack, kind: kind)
                options.inTempo = playBack?.inTempo == true && kind == .melodies
                return options
            })
        return try run(
            simulation, saveIn: save ? locations.dataDirectory : nil, verbose: verbose, texts: texts)
    }

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
