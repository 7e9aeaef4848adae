// ExportDownload: an export of the store streamed to the browser as it is made, without a file, two at a time.

import Foundation
import Hummingbird
import PeachStore
import PeachSystem
import Synchronization

/// A download of the store as `peach data export` writes it (the same function, so the same bytes), made on a
/// thread of its own while it is sent: each piece of about 64 KiB is handed to the connection and the next is
/// made only when that one is taken (``PieceHandoff``), so a download holds two pieces of memory and no disk
/// however large the store, and a browser that stops reading stops the export (the connection is let go after a
/// minute unread: ``ConnectionGuard``). At most ``concurrentLimit`` run at once; another is told to come back
/// (503 with `Retry-After`), so downloads cannot take every core of a Pi. Downloads need a signed-in browser
/// (``DashboardRoutes``): the pages show a person's progress, but every answer with its time is their practice
/// history, which leaves the box only for its owner.
final class ExportDownload: Sendable {
    /// Exports running at once, at most.
    static let concurrentLimit = 2
    /// How long a piece may wait to be taken before the export gives up.
    static let handoffLimit = 60.0

    private let running = Mutex(0)

    /// A gate for the server's exports.
    init() {}

    /// The response for an export of the store in `directory` as `format`, its file name dated `now`; a 503 when
    /// ``concurrentLimit`` are running.
    /// - Throws: the export's ``StoreError`` when the store cannot be read (before anything is sent: the page
    ///   turns it into a 500 without the details).
    func response(directory: String, format: ExportFormat, now: Date) async throws -> Response {
        let started = running.withLock { count in
            guard count < Self.concurrentLimit else { return false }
            count += 1
            return true
        }
        guard started else {
            return Response(
                status: .serviceUnavailable, headers: [.retryAfter: "30", .cacheControl: "no-store"])
        }
        let handoff = PieceHandoff(limit: Self.handoffLimit)
        let thread = Thread { [self] in
            defer { running.withLock { $0 -= 1 } }
            do {
                _ = try RecordTransfer.exportBytes(from: directory, format: format) { try handoff.put($0) }
                handoff.finish(nil)
            } catch {
                handoff.finish(error)
            }
        }
        thread.name = "peach-web-export"
        thread.start()
        // The first piece (or the whole of a small store) before the headers: a store that cannot be read is an
        // error page, not a download cut short.
        let first: [UInt8]?
        do { first = try await handoff.next() } catch {
            handoff.cancel()
            throw error
        }
        var headers: HTTPFields = [
            .contentType: Self.contentType(format),
            .contentDisposition: "attachment; filename=\"\(Self.fileName(format, now: now))\"",
        ]
        headers[.cacheControl] = "no-store"
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                do {
                    if let first { try await writer.write(ByteBuffer(bytes: first)) }
                    while first != nil, let piece = try await handoff.next() {
                        try await writer.write(ByteBuffer(bytes: piece))
                    }
                    try await writer.finish(nil)
                } catch {
                    handoff.cancel()
                    throw error
                }
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
