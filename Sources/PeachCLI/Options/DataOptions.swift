// DataOptions: the --data-dir option and the training journal it opens.

import ArgumentParser
import PeachLive
import PeachStore
import PeachSystem
import PeachText
import PeachTraining

/// The `--data-dir` option shared by commands that use the training data.
struct DataOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.dataDir), valueName: "folder"))
    var dataDir: String?

    /// The data and settings folders for this run.
    func locations() throws -> DataLocations { try CLI.locations(dataDirectory: dataDir) }

    /// The folders for a command that only reads the training data: a `--data-dir` that names nothing is
    /// refused (``CommandError/noDataFolder(path:)``) rather than shown as an empty store (something that is no
    /// folder is the store's own error). Without the option, a default folder not made yet is a store with no
    /// answers (a newcomer's first `peach profile`). `peach web` does not ask this: it follows a store that
    /// appears later.
    func existingLocations() throws -> DataLocations {
        let locations = try locations()
        if let dataDir, FileSystem.status(locations.dataDirectory) == nil {
            throw CommandError.noDataFolder(path: dataDir)
        }
        return locations
    }

    /// Opens the training journal as its one writer and runs `body` with it on the main actor; `existing` for a
    /// command that needs data already there (``existingLocations()``).
    func withJournal(existing: Bool = false, _ body: @MainActor (JournalStore) throws -> Void) throws {
        let directory = try (existing ? existingLocations() : locations()).dataDirectory
        try MainActor.assumeIsolated {
            let store = try JournalStore(directory: directory)
            for line in CLI.texts.storeNotices(store.contents) { Terminal.emitError(line) }
            try body(store)
        }
    }
}
