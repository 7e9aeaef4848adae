// DataCommand: `peach data`: check, export, import and reset the training data.

import ArgumentParser
import Foundation
import PeachCore
import PeachStore

/// `peach data`: the training data on disk.
struct DataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "data",
        abstract: Messages.pick(
            "Check, export, import or reset the training data.",
            "Trainingsdaten prüfen, exportieren, importieren oder löschen."),
        discussion:
            "The data is a journal of JSON lines, one answer per line, in ~/.local/share/peach/records.jsonl.",
        subcommands: [Check.self, Export.self, Import.self, Reset.self])

    /// `peach data check`.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Verify the data and report counts and damage (exit status 1 when something is damaged).")

        @OptionGroup var location: DataLocationOptions

        func run() throws {
            try reportingFailures {
                let directory = try location.locations().dataDirectory
                let contents = try reportingStoreErrors { try JournalStore.read(directory: directory) }
                let path = directory + "/" + JournalStore.journalName
                let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
                print(
                    Messages.pick("Store:            ", "Speicher:         ") + "\(path) (\(size) "
                        + Messages.pick("bytes", "Bytes") + ")")
                print(
                    Messages.pick("Comparisons:      ", "Vergleiche:       ") + "\(contents.comparisonCount)")
                print(
                    Messages.pick("Pitch matching:   ", "Tonhöhenübung:    ")
                        + "\(contents.pitchMatchingCount)")
                print(
                    Messages.pick("Damaged lines:    ", "Beschädigt:       ")
                        + "\(contents.damagedLines.count)")
                for damaged in contents.damagedLines.prefix(20) {
                    print(Messages.pick("  line ", "  Zeile ") + "\(damaged.line): \(damaged.reason)")
                }
                if contents.damagedLines.count > 20 {
                    print(
                        Messages.pick("  … and ", "  … und ") + "\(contents.damagedLines.count - 20)"
                            + Messages.pick(" more", " weitere"))
                }
                if contents.tornTailLength > 0 {
                    print(
                        Messages.pick(
                            "Torn last line:   \(contents.tornTailLength) bytes (a write cut short; the next training "
                                + "run sets it aside)",
                            "Abgerissene letzte Zeile: \(contents.tornTailLength) Bytes (ein abgebrochenes Schreiben; "
                                + "das nächste Training legt sie beiseite)"))
                }
                guard contents.damagedLines.isEmpty, contents.tornTailLength == 0 else {
                    print(
                        Messages.pick(
                            "Problems found: every other record is intact.",
                            "Probleme gefunden: alle anderen Datensätze sind intakt."))
                    throw ExitCode(1)
                }
                print("OK")
            }
        }
    }

    /// `peach data export`.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: Messages.pick(
                "Write all records as CSV or JSON to a file or to standard output.",
                "Schreibt alle Datensätze als CSV oder JSON in eine Datei oder auf die Standardausgabe."),
            discussion:
                "Examples:\n  peach data export --format csv answers.csv\n  peach data export | jq length")

        @Option(name: .long, help: "csv or json.")
        var format: ExportFormat = .json

        @Argument(help: "The file to write (created with mode 0600); standard output when left out.")
        var file: String?

        @OptionGroup var location: DataLocationOptions

        func run() throws {
            try reportingFailures {
                let directory = try location.locations().dataDirectory
                if let file {
                    let count = try RecordTransfer.export(from: directory, format: format, toFile: file)
                    FileHandle.standardError.write(Data("Exported \(count) records to \(file).\n".utf8))
                } else {
                    _ = try RecordTransfer.export(from: directory, format: format) { text in
                        FileHandle.standardOutput.write(Data(text.utf8))
                    }
                }
            }
        }
    }

    /// `peach data import`.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: Messages.pick(
                "Add records from an export (CSV or JSON) or a journal, without duplicates.",
                "Fügt Datensätze aus einem Export (CSV oder JSON) oder Journal hinzu, ohne Doppelte."),
            discussion:
                "With --replace the data is replaced by the file's records; the old journal is kept as a backup."
        )

        @Argument(help: "The file to import.")
        var file: String

        @Flag(name: .long, help: "Replace all records instead of merging (a backup is kept).")
        var replace = false

        @OptionGroup var location: DataLocationOptions

        func run() throws {
            try reportingFailures {
                let records = try RecordTransfer.readImport(path: file)
                try location.withJournal { store in
                    if replace {
                        let backup = try store.replaceAll(with: records)
                        print(
                            Messages.pick(
                                "Replaced the data with \(records.count) records. Backup: ",
                                "Daten durch \(records.count) Datensätze ersetzt. Sicherung: ") + backup)
                    } else {
                        let result = try store.merge(records)
                        print(
                            Messages.pick(
                                "Imported \(result.added) records; \(result.duplicates) were already there.",
                                "\(result.added) Datensätze importiert; \(result.duplicates) waren schon da.")
                        )
                    }
                }
            }
        }
    }

    /// `peach data reset`.
    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: Messages.pick(
                "Delete all training data (asks first unless --yes; a backup is kept).",
                "Löscht alle Trainingsdaten (fragt vorher, außer mit --yes; eine Sicherung bleibt)."))

        @Flag(name: .long, help: "Do not ask for confirmation.")
        var yes = false

        @OptionGroup var location: DataLocationOptions

        func run() throws {
            try reportingFailures {
                try location.withJournal { store in
                    let count = store.contents.comparisonCount + store.contents.pitchMatchingCount
                    if !yes {
                        guard isatty(STDIN_FILENO) != 0 else {
                            throw CommandFailure.usage(
                                Messages.pick(
                                    "refusing to delete \(count) records without --yes (no terminal to ask).",
                                    "lösche \(count) Datensätze nicht ohne --yes (kein Terminal zum Fragen).")
                            )
                        }
                        print(
                            Messages.pick(
                                "Delete all \(count) records in \(store.directory)? A backup is kept. Type 'yes': ",
                                "Alle \(count) Datensätze in \(store.directory) löschen? Eine Sicherung bleibt. Tippe 'yes': "
                            ),
                            terminator: "")
                        guard readLine()?.lowercased() == "yes" else {
                            print(Messages.pick("Nothing was deleted.", "Nichts wurde gelöscht."))
                            return
                        }
                    }
                    let backup = try store.replaceAll(with: [])
                    print(
                        Messages.pick(
                            "Deleted \(count) records. Backup: ", "\(count) Datensätze gelöscht. Sicherung: ")
                            + backup)
                }
            }
        }
    }
}

extension ExportFormat: ExpressibleByArgument {}
