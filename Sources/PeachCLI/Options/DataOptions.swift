// DataOptions: the --data-dir option and the training journal it opens.

import ArgumentParser
import PeachLive
import PeachStore
import PeachText
import PeachTraining

/// The `--data-dir` option shared by commands that use the training data.
struct DataOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.dataDir), valueName: "folder"))
    var dataDir: String?

    /// The data and settings folders for this run.
    func locations() throws -> DataLocations { try CLI.locations(dataDirectory: dataDir) }

    /// Opens the training journal as its one writer and runs `body` with it on the main actor.
    func withJournal(_ body: @MainActor (JournalStore) throws -> Void) throws {
        let directory = try locations().dataDirectory
        try MainActor.assumeIsolated {
            let store = try JournalStore(directory: directory)
            for line in CLI.texts.storeNotices(store.contents) { Terminal.emitError(line) }
            try body(store)
        }
    }
}
