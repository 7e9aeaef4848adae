// ImportUpload: an import sent from the data page: streamed to a private file, then merged as peach data import.

import Foundation
import Hummingbird
import PeachStore
import PeachSystem
import PeachText

/// `POST /data/import`: the file's bytes as the body (at most ``limit``), written to a private temporary file
/// as they arrive (never held in memory), then merged into the store by the same all-or-nothing import as
/// `peach data import` (without `--replace`: the dashboard only adds). The merge takes the store's lock like
/// any writer: while `peach serve` or `peach train` holds it, the answer says so and nothing changes.
enum ImportUpload {
    /// The largest upload taken: 32 MiB (about 130 000 answers as JSON).
    static let limit = 32 << 20

    /// What to answer: a status and one line of text.
    struct Outcome: Sendable {
        let status: HTTPResponse.Status
        let text: String
    }

    /// Receives `request`'s body and imports it into the store in `directory`.
    static func run(
        _ request: Request, directory: String, pages: DashboardPages, texts: Texts
    ) async throws
        -> Outcome
    {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            return Outcome(
                status: .contentTooLarge,
                text: texts(.importTooLarge)
            )
        }
        let path = FileManager.default.temporaryDirectory.path + "/peach-web-import-\(UUID().uuidString)"
        defer { FileSystem.removeQuietly(path) }
        guard let received = try await UploadBody.write(request, to: path, permissions: 0o600, limit: limit)
        else {
            return Outcome(status: .contentTooLarge, text: texts(.importTooLarge))
        }
        guard received > 0 else {
            return Outcome(status: .badRequest, text: texts(.importEmpty))
        }
        do {
            let summary = try await MainActor.run { () throws -> String in
                let store = try JournalStore(directory: directory)
                var skipped = 0
                let result = try store.mergeImport(path: path, skipped: { _ in skipped += 1 })
                return texts.imported(result.added, duplicates: result.duplicates, skipped: skipped)
            }
            return Outcome(status: .ok, text: summary)
        } catch {
            if case .locked = error as? StoreError {
                return Outcome(
                    status: .conflict,
                    text: texts(.importBusy))
            }
            let text = pages.publicMessage(error, texts: texts).replacingOccurrences(
                of: path, with: texts(.theUpload))
            return Outcome(status: .unprocessableContent, text: text)
        }
    }
}
