// Terminal: unbuffered output to stdout and stderr, the live ScreenOutput of every command.

import Foundation
import PeachSystem
import Synchronization

/// Output that is written at once (not held in stdio's buffer when stdout is a pipe), for commands that
/// report events as they happen (`train`, `monitor`, `learn`). When the reader of stdout has gone
/// (`peach monitor | head`), Peach exits quietly with status 0, or calls the handler set by
/// ``onBrokenPipe(_:)`` once and drops later writes.
public enum Terminal {
    private static let standardOutput = SystemFile(borrowing: STDOUT_FILENO, path: "-")
    private static let standardError = SystemFile(borrowing: STDERR_FILENO, path: "-")
    private static let brokenPipe = Mutex<(handler: (@Sendable () -> Void)?, broken: Bool)>((nil, false))

    /// What to do when the reader of stdout goes away, instead of exiting at once: a training run ends cleanly
    /// (silencing an external synth) rather than die mid-note. Later writes are dropped.
    public static func onBrokenPipe(_ handler: @escaping @Sendable () -> Void) {
        brokenPipe.withLock { $0.handler = handler }
    }

    /// Writes `line` and a newline to stdout now.
    public static func emit(_ line: String) { write(line + "\n") }

    /// Writes `text` to stdout now, as it is.
    public static func write(_ text: String) {
        if brokenPipe.withLock({ $0.broken }) { return }
        do {
            try standardOutput.writeAll(Array(text.utf8))
        } catch  where error.errno == .brokenPipe {
            let handler = brokenPipe.withLock { state in
                state.broken = true
                return state.handler
            }
            guard let handler else { exit(0) }
            handler()
        } catch {
            // stdout is gone some other way: nothing left to tell.
        }
    }

    /// Writes `line` and a newline to stderr now.
    public static func emitError(_ line: String) {
        try? standardError.writeAll(Array((line + "\n").utf8))
    }

    /// Whether stdout is a terminal.
    public static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Whether to colour a terminal's output: a terminal, `NO_COLOR` unset or empty, `TERM` not `dumb`.
    public static func wantsColor(environment: [String: String]) -> Bool {
        isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }
}

/// The terminal as a ``ScreenOutput``.
@MainActor
public final class TerminalOutput: ScreenOutput {
    /// The terminal.
    public init() {}

    /// Writes to stdout now.
    public func write(_ text: String) { Terminal.write(text) }

    /// Writes a line to stderr now.
    public func writeError(_ line: String) { Terminal.emitError(line) }
}
