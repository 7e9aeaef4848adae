// LineReader: a child process's output read line by line as it comes, for tests that wait for what it says.

import Foundation

/// Reads a pipe's lines as they come (blocking), keeping every line read.
final class LineReader {
    private let handle: FileHandle
    private var pending = Data()
    /// Every line read so far.
    private(set) var lines: [String] = []

    init(_ pipe: Pipe) { handle = pipe.fileHandleForReading }

    /// The next line (without its newline), or nil at the end of the output.
    func next() -> String? {
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending = Data(pending[(newline + 1)...])
                lines.append(line)
                return line
            }
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            pending += chunk
        }
    }

    /// Reads until a line contains `text`; returns that line, or nil at the end of the output.
    @discardableResult
    func await(_ text: String) -> String? {
        self.await(anyOf: [text])
    }

    /// Reads until a line contains any of `texts`; returns that line, or nil at the end of the output.
    func await(anyOf texts: [String]) -> String? {
        while let line = next() {
            if texts.contains(where: { line.contains($0) }) { return line }
        }
        return nil
    }
}
