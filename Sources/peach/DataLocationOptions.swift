// DataLocationOptions: the --data-dir option and the resolution of Peach's folders for a command.

import ArgumentParser
import Foundation
import PeachStore

/// The `--data-dir` option shared by commands that use the training data.
struct DataLocationOptions: ParsableArguments {
    @Option(
        name: .long, help: "Folder of the training data (default: $PEACH_DATA_DIR or ~/.local/share/peach).")
    var dataDir: String?

    /// The data and settings folders for this run.
    func locations() throws -> DataLocations { try resolveLocations(dataDirectory: dataDir) }

    /// Opens the training journal as its one writer and runs `body` with it on the main actor.
    func withJournal(_ body: @MainActor (JournalStore) throws -> Void) throws {
        let directory = try locations().dataDirectory
        try MainActor.assumeIsolated {
            try body(try JournalStore(directory: directory))
        }
    }
}

/// Peach's folders from the environment and an optional `--data-dir`.
/// - Throws: ``CommandFailure`` when no home folder is known.
func resolveLocations(dataDirectory: String?) throws -> DataLocations {
    do {
        return try DataLocations(
            environment: ProcessInfo.processInfo.environment, dataDirectoryOverride: dataDirectory)
    } catch {
        throw CommandFailure(message: Messages.describe(error), status: 1)
    }
}

/// Runs `body`, turning a ``StoreError`` into a one-line ``CommandFailure`` (exit status 1).
func reportingStoreErrors<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as StoreError {
        throw CommandFailure(message: Messages.describe(error), status: 1)
    }
}
