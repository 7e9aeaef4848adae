// ExportFormat: the file formats `peach data export` writes and `peach data import` reads.

/// A format for exporting records.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// Comma-separated values with a header row (``RecordTransfer/csvColumns``), for spreadsheets.
    case csv
    /// A JSON array of record objects (the journal's own fields), one per line, for tools such as `jq`.
    case json
    /// The CSV of Peach on iOS and the web (format version 3, ``InterchangeCSV``), for moving training data
    /// to them: what their importer accepts, nothing more.
    case peachCSV = "peach-csv"
}
