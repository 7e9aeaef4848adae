// DataCommand: `peach data`: check, export, import and reset the training data.

import ArgumentParser
import Foundation
import PeachStore
import PeachTraining

/// `peach data`: the training data on disk.
struct DataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "data", abstract: CLI.texts.help(.dataAbstract),
        discussion: CLI.texts.help(.dataDiscussion),
        subcommands: [Check.self, Export.self, Import.self, Reset.self])

    /// `peach data check`.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: CLI.texts.help(.dataCheck))

        @OptionGroup var data: DataOptions

        func run() throws {
            let directory = try data.locations().dataDirectory
            let (contents, path, size) = try ProgressLine.showing(.check, texts: CLI.texts) {
                try JournalStore.check(directory: directory, progress: $0)
            }
            for line in CLI.texts.dataCheck(contents, path: path, size: size) { print(line) }
            guard contents.damagedLines.isEmpty, contents.tornTailLength == 0 else { throw ExitCode(1) }
        }
    }

    /// `peach data export`.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CLI.texts.help(.dataExport), discussion: CLI.texts.help(.dataExportDiscussion))

        @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.format)))
        var format: ExportFormat = .json

        @Argument(help: ArgumentHelp(CLI.texts.help(.exportFile)))
        var file: String?

        @OptionGroup var data: DataOptions

        func run() throws {
            let directory = try data.locations().dataDirectory
            var leftOut = 0
            if let file {
                try CLI.checkOutput(file, dataDirectory: data.dataDir)
                let count = try ProgressLine.showing(.export, texts: CLI.texts) {
                    try RecordTransfer.export(
                        from: directory, format: format, toFile: file, progress: $0,
                        leftOut: { _ in leftOut += 1 })
                }
                Terminal.emitError(CLI.texts.exported(count, to: file))
            } else {
                _ = try RecordTransfer.export(from: directory, format: format, leftOut: { _ in leftOut += 1 })
                {
                    Terminal.write($0)
                }
            }
            if leftOut > 0 { Terminal.emitError(CLI.texts.leftOutOfExport(leftOut)) }
        }
    }

    /// `peach data import`.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CLI.texts.help(.dataImport), discussion: CLI.texts.help(.dataImportDiscussion))

        @Argument(help: ArgumentHelp(CLI.texts.help(.importFile)))
        var file: String

        @Flag(name: .long, help: ArgumentHelp(CLI.texts.help(.replace)))
        var replace = false

        @OptionGroup var data: DataOptions

        func run() throws {
            guard !replace else {
                let skipped = SkippedRows(file: file)
                defer { skipped.finish() }
                let records = try ProgressLine.showing(.read, texts: CLI.texts) {
                    try RecordTransfer.readImport(path: file, progress: $0, skipped: skipped.add)
                }
                try data.withJournal {
                    print(CLI.texts.replaced(records.count, backup: try $0.replaceAll(with: records)))
                }
                return
            }
            if access(file, R_OK) != 0 { _ = try RecordTransfer.readImport(path: file) }  // its error, first
            try data.withJournal { store in
                let skipped = SkippedRows(file: file)
                defer { skipped.finish() }
                let result = try ProgressLine.showing(.merge, texts: CLI.texts) { merging in
                    try ProgressLine.showing(.read, texts: CLI.texts) {
                        try store.mergeImport(path: file, progress: (merging, $0), skipped: skipped.add)
                    }
                }
                print(CLI.texts.imported(result.added, duplicates: result.duplicates, skipped: skipped.count))
            }
        }
    }

    /// `peach data reset`.
    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: CLI.texts.help(.dataReset))

        @Flag(name: .long, help: ArgumentHelp(CLI.texts.help(.yes)))
        var yes = false

        @OptionGroup var data: DataOptions

        func run() throws {
            try data.withJournal { store in
                let count = store.contents.comparisonCount + store.contents.pitchMatchingCount
                if !yes {
                    guard isatty(STDIN_FILENO) != 0 else { throw CommandError.refusingToDelete(count: count) }
                    Terminal.write(CLI.texts.confirmDelete(count, in: store.directory))
                    guard readLine()?.lowercased() == "yes" else {
                        print(CLI.texts.nothingDeleted)
                        return
                    }
                }
                print(CLI.texts.deleted(count, backup: try store.replaceAll(with: [])))
            }
        }
    }
}

/// The rows of an iOS/web CSV that `data import` skipped: the first 20 named on stderr, one line each, then
/// how many more.
private final class SkippedRows {
    let file: String
    private(set) var count = 0

    init(file: String) { self.file = file }

    func add(_ row: InterchangeCSV.SkippedRow) {
        count += 1
        if count <= 20 { Terminal.emitError(CLI.texts.skippedRow(row, in: file)) }
    }

    func finish() {
        if count > 20 { Terminal.emitError(CLI.texts.moreSkippedRows(count - 20)) }
    }
}
