// SoundFontUpload: a SoundFont sent from the setup page: streamed into the box's library, checked, then named.

import Foundation
import Hummingbird
import PeachSystem
import PeachText
import PeachTraining

/// `POST /setup/soundfont`: the file's bytes as the body (at most ``limit``), its name in the `X-File-Name`
/// header (percent-encoded). Written as they arrive to a hidden file in the first folder of the box's SoundFont
/// library (the service user's own, `~/.local/share/soundfonts`; never held in memory), checked as `--soundfont`
/// checks a file (``check``: Peach's SoundFont reader, given by the command), and only then given its name, so a
/// file that is no SoundFont, a name the library has already, or a name that could be a path never lands there.
enum SoundFontUpload {
    /// The largest upload taken: 512 MiB (the largest General MIDI fonts are about 300 MB).
    static let limit = 512 << 20

    /// What to answer: a status and one line of text.
    struct Outcome: Sendable {
        let status: HTTPResponse.Status
        let text: String
    }

    /// A file that does not begin as a SoundFont does (`RIFF`, a size, `sfbk`).
    struct NotASoundFont: Error, CustomStringConvertible {
        var description: String { "it does not begin with a SoundFont's RIFF sfbk header" }
    }

    /// Checks only that `path` begins as a SoundFont does (`RIFF`, a size, `sfbk`).
    /// - Throws: ``NotASoundFont``, or the file's error when it cannot be read.
    static func checkHeader(_ path: String) throws {
        let file = try SystemFile(path: path, flags: O_RDONLY)
        defer { file.close() }
        var bytes = [UInt8](repeating: 0, count: 12)
        let count = try bytes.withUnsafeMutableBytes { raw throws(FileError) in
            try file.read(into: raw, atOffset: 0)
        }
        guard count == 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("sfbk".utf8)
        else { throw NotASoundFont() }
    }

    /// Whether `name` may name a file in the library: letters, digits, `-`, `_` and `.`, ending in `.sf2`, not
    /// beginning with a dot, at most 100 characters.
    static func isAcceptable(_ name: String) -> Bool {
        guard name.count <= 100, name.lowercased().hasSuffix(".sf2"), name.count > 4, !name.hasPrefix(".")
        else {
            return false
        }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
    }

    /// Receives `request`'s body into `library`'s first folder as the file its header names.
    static func run(
        _ request: Request, library: SoundFontLibrary, texts: Texts,
        check: @escaping @Sendable (String) throws -> Void
    ) async throws -> Outcome {
        let name = request.headers[DashboardHeader.fileName].flatMap { $0.removingPercentEncoding } ?? ""
        guard isAcceptable(name) else {
            return Outcome(status: .badRequest, text: texts.soundFontBadName(name))
        }
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            return Outcome(status: .contentTooLarge, text: texts(.soundFontTooLarge))
        }
        let stem = String(name.dropLast(4))
        guard !DashboardSettingRules.names(library).contains(where: { $0.lowercased() == stem.lowercased() })
        else { return Outcome(status: .conflict, text: texts.soundFontExists(name)) }
        guard let folder = library.directories.first else {
            return Outcome(status: .internalServerError, text: texts(.soundFontFailed))
        }
        try FileSystem.createDirectory(folder, permissions: 0o755)
        let part = folder + "/.upload-\(UUID().uuidString).part"
        defer { FileSystem.removeQuietly(part) }
        guard let received = try await UploadBody.write(request, to: part, permissions: 0o644, limit: limit)
        else {
            return Outcome(status: .contentTooLarge, text: texts(.soundFontTooLarge))
        }
        do {
            try await BlockingWork.run { try check(part) }
        } catch {
            let reason = texts.message(for: error).replacingOccurrences(of: part, with: name)
            return Outcome(status: .unprocessableContent, text: texts.soundFontRefused(name, reason: reason))
        }
        let target = folder + "/" + name
        // A second name, then the first removed: an existing file of that name is never replaced.
        do {
            try FileSystem.link(part, as: target)
        } catch {
            return Outcome(status: .conflict, text: texts.soundFontExists(name))
        }
        try? FileSystem.syncDirectory(folder)
        return Outcome(status: .ok, text: texts.soundFontAdded(name, megabytes: Double(received) / 1_000_000))
    }
}
