// DataCommand: `peach data`: check, export, import and reset the training data.

import ArgumentParser
import PeachLive
import PeachStore
import PeachSystem

/// `peach data`: the training data on disk.
struct DataCommand: ParsableCommand {
    static let configuration = CommandConfiguration.peach(
        "data", abstract: .dataAbstract, discussion: .dataDiscussion,
        subcommands: [Check.self, Export.self, Import.self, Reset.self])

    /// `peach data check`.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration.peach("check", abstract: .dataCheck)

        @OptionGroup var data: DataOptions

        func run() throws {
            let intact = try DataTransfer.check(
                directory: try data.existingLocations().dataDirectory, texts: CLI.texts)
            guard intact else { throw ExitCode(1) }
        }
    }

    /// `peach data export`.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration.peach(
            "export", abstract: .dataExport, discussion: .dataExportDiscussion)

        @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.format)))
        var format: ExportFormat = .json

        @Argument(help: ArgumentHelp(CLI.texts.help(.exportFile)))
        var file: String?

        @OptionGroup var data: DataOptions

        func run() throws {
            // `-` is standard output, as for --events (`./-` names a file called -). An output onto Peach's own
            // files is refused first, whatever the store.
            let path = file == "-" ? nil : file
            if let path { try CLI.checkOutput(path, dataDirectory: data.dataDir) }
            let directory = try data.existingLocations().dataDirectory
            try DataTransfer.export(from: directory, format: format, to: path, texts: CLI.texts)
        }
    }

    /// `peach data import`.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration.peach(
            "import", abstract: .dataImport, discussion: .dataImportDiscussion)

        @Argument(help: ArgumentHelp(CLI.texts.help(.importFile)))
        var file: String

        @Flag(name: .long, help: ArgumentHelp(CLI.texts.help(.replace)))
        var replace = false

        @OptionGroup var data: DataOptions

        func run() throws {
            // An unreadable file: its own error, before the store is locked.
            if !FileSystem.isReadable(file) { _ = try RecordTransfer.readImport(path: file) }
            try data.withJournal {
                Terminal.show(try DataTransfer.importFile(file, into: $0, replace: replace, texts: CLI.texts))
            }
        }
    }

    /// `peach data reset`.
    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration.peach("reset", abstract: .dataReset)

        @Flag(name: .long, help: ArgumentHelp(CLI.texts.help(.yes)))
        var yes = false

        @OptionGroup var data: DataOptions

        func run() throws {
            try data.withJournal(existing: true) {
                try DataTransfer.reset($0, confirmed: yes, texts: CLI.texts)
            }
        }
    }
}
