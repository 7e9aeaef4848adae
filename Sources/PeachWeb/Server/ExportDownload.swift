// ExportDownload: an export of the store made for one download, streamed, and gone when it is sent.

import Foundation
import Hummingbird
import PeachStore
import PeachSystem

/// A download of the store as `peach data export` writes it (the same function, so the same bytes): made into a
/// private temporary file off the server's threads, opened and unlinked at once (nothing is left behind, even
/// when the browser goes away), then streamed in 64 KiB pieces.
enum ExportDownload {
    /// The piece size of the stream.
    static let pieceSize = 64 * 1024

    /// The response for an export of the store in `directory` as `format`, its file name dated `now`.
    /// - Throws: the export's ``StoreError`` (the page turns it into a 500 without the details).
    static func response(directory: String, format: ExportFormat, now: Date) async throws -> Response {
        let path = FileManager.default.temporaryDirectory.path + "/peach-web-export-\(UUID().uuidString)"
        let file = try await BlockingWork.run { () throws -> SystemFile in
            defer { FileSystem.removeQuietly(path) }
            _ = try RecordTransfer.export(from: directory, format: format, toFile: path)
            return try SystemFile(path: path, flags: O_RDONLY)
        }
        let size = try file.size()
        var headers: HTTPFields = [
            .contentType: contentType(format),
            .contentDisposition: "attachment; filename=\"\(fileName(format, now: now))\"",
        ]
        headers[.cacheControl] = "no-store"
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody(contentLength: size) { writer in
                defer { file.close() }
                var piece = [UInt8](repeating: 0, count: pieceSize)
                while true {
                    let count = try piece.withUnsafeMutableBytes { try file.read(into: $0) } ?? 0
                    if count == 0 { break }
                    try await writer.write(ByteBuffer(bytes: piece[0..<count]))
                }
                try await writer.finish(nil)
            })
    }

    /// `peach-2026-11-27.json` (`.csv`, `-ios.csv`).
    static func fileName(_ format: ExportFormat, now: Date) -> String {
        let day = String(
            ISO8601DateFormatter.string(from: now, timeZone: .current, formatOptions: [.withFullDate]))
        switch format {
        case .json: return "peach-\(day).json"
        case .csv: return "peach-\(day).csv"
        case .peachCSV: return "peach-\(day)-ios.csv"
        }
    }

    private static func contentType(_ format: ExportFormat) -> String {
        format == .json ? "application/json" : "text/csv; charset=utf-8"
    }
}
