// Terminal: unbuffered line output for commands whose lines must reach a reader at once.

import Foundation

/// Line output that is written at once (not held in stdio's buffer when stdout is a pipe), for commands that
/// report events as they happen (`monitor`, `learn`).
enum Terminal {
    /// Writes `line` and a newline to stdout now.
    /// When the reader has gone (`peach monitor | head`), Peach exits quietly with status 0.
    static func emit(_ line: String) { write(line + "\n") }

    /// Writes `text` to stdout now, as it is.
    static func write(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count)
            }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { exit(0) }
                return
            }
            offset += written
        }
    }
}
