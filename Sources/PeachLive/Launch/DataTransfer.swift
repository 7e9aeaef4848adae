// DataTransfer: `peach data check`, `export` and `import` below the command line: progress, notices, summary.

import Foundation
import PeachStore
import PeachSystem
import PeachText
import PeachTraining

/// The work of `peach data check`, `peach data export` and `peach data import`: the check or the transfer with its progress line on stderr, the
/// notices (records a format leaves out, rows of an iOS/web CSV that were skipped: the first 20 named, one
/// line each, then how many more) and the summary.
public enum DataTransfer {
    /// Checks the store in `directory` with a progress line on stderr and shows what it holds and any damage.
    /// - Returns: whether it is intact (no damaged line, no torn tail).
    public static func check(directory: String, texts: Texts) throws -> Bool {
        let check = try ProgressLine.showing(.check, texts: texts) {
            try JournalStore.check(directory: directory, progress: $0)
        }
        for line in texts.dataCheck(check) { Terminal.show(line) }
        return check.isIntact
    }

    /// Writes the store in `directory` in `format` to `file` (atomically, with a progress line and a closing
    /// line on stderr), or to standard output when `file` is nil.
    public static func export(
        from directory: String, format: ExportFormat, to file: String?, texts: Texts
    ) throws {
        var leftOut = 0
        var playBack = 0
        var echoes = 0
        let count = { (record: StoredRecord) in
            switch record.payload {
            case .playBack: playBack += 1
            case .echo: echoes += 1
            case .comparison, .pitchMatching, .rhythm: leftOut += 1
            }
        }
        if let file {
            let written = try ProgressLine.showing(.export, texts: texts) {
                try RecordTransfer.export(
                    from: directory, format: format, toFile: file, progress: $0, leftOut: count)
            }
            Terminal.emitError(texts.exported(written, to: file))
        } else {
            _ = try RecordTransfer.export(from: directory, format: format, leftOut: count) {
                Terminal.write($0)
            }
        }
        if leftOut > 0 { Terminal.emitError(texts.leftOutOfExport(leftOut)) }
        if playBack > 0 { Terminal.emitError(texts.playBackLeftOutOfExport(playBack)) }
        if echoes > 0 { Terminal.emitError(texts.echoLeftOutOfExport(echoes)) }
    }

    /// Adds the records of `file` that `store` lacks (or, with `replace`, replaces them all, keeping a backup);
    /// returns the summary line.
    @MainActor
    public static func importFile(
        _ file: String, into store: JournalStore, replace: Bool, texts: Texts
    ) throws -> String {
        var skipped = 0
        let skip = { (row: InterchangeCSV.SkippedRow) in
            skipped += 1
            if skipped <= 20 { Terminal.emitError(texts.skippedRow(row, in: file)) }
        }
        defer { if skipped > 20 { Terminal.emitError(texts.moreSkippedRows(skipped - 20)) } }
        if replace {
            let records = try ProgressLine.showing(.read, texts: texts) {
                try RecordTransfer.readImport(path: file, progress: $0, skipped: skip)
            }
            return texts.replaced(records.count, backup: try store.replaceAll(with: records))
        }
        let result = try ProgressLine.showing(.merge, texts: texts) { merging in
            try ProgressLine.showing(.read, texts: texts) {
                try store.mergeImport(path: file, progress: (merging, $0), skipped: skip)
            }
        }
        return texts.imported(result.added, duplicates: result.duplicates, skipped: skipped)
    }

    /// Deletes every record of `store`, keeping the old journal as a backup, after the user types `yes` at the
    /// terminal (unless `confirmed`, `--yes`).
    /// - Throws: ``CommandError/refusingToDelete(count:)`` unconfirmed with no terminal to ask; the store's
    ///   error when it cannot write.
    @MainActor
    public static func reset(_ store: JournalStore, confirmed: Bool, texts: Texts) throws {
        let count = store.contents.recordCount
        if !confirmed {
            guard FileSystem.isTerminal(STDIN_FILENO) else {
                throw CommandError.refusingToDelete(count: count)
            }
            Terminal.prompt(texts.confirmDelete(count, in: store.directory))
            guard readLine()?.lowercased() == "yes" else {
                Terminal.show(texts.nothingDeleted)
                return
            }
        }
        Terminal.show(texts.deleted(count, backup: try store.replaceAll(with: [])))
    }
}
