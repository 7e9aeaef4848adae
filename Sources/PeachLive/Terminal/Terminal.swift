// Terminal: unbuffered output to stdout and stderr, the live ScreenOutput of every command.

import Foundation
import PeachSystem
import PeachText
import PeachTraining
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

    /// Writes `line` and a newline to stderr now. On a terminal a long line is broken between words to its
    /// width; elsewhere (a log, a pipe) it stays one line.
    public static func emitError(_ line: String) {
        let text: String
        if let columns = standardError.terminalColumns() {
            text = LineWrapper(width: columns).wrap(line).joined(separator: "\n")
        } else {
            text = line
        }
        try? standardError.writeAll(Array((text + "\n").utf8))
    }

    /// Writes `text` to stderr now, as it is.
    public static func writeError(_ text: String) {
        try? standardError.writeAll(Array(text.utf8))
    }

    /// Whether stderr is a terminal.
    public static var isErrorTerminal: Bool { FileSystem.isTerminal(STDERR_FILENO) }

    /// Writes a screen's `line` to stdout now, broken between words to fit ``width``.
    public static func show(_ line: String) {
        write(wrapper.wrap(line).map { $0 + "\n" }.joined())
    }

    /// Writes a question that waits for an answer on the same line: broken between words to fit ``width`` like
    /// a screen's line, its last line left open (no newline), so the answer follows the question's last word.
    public static func prompt(_ question: String) {
        let lines = wrapper.wrap(question)
        write(lines.dropLast().map { $0 + "\n" }.joined() + (lines.last ?? ""))
    }

    /// Writes a screen's `lines` to stdout now, each broken between words to fit ``width``.
    public static func show(_ lines: [String]) { for line in lines { show(line) } }

    /// The width screens fit: stdout's terminal's, else `COLUMNS` when it is a number, else 80.
    /// (`COLUMNS` read by itself: `ProcessInfo`'s environment is a dictionary made anew at each call, 0.36 M
    /// instructions, and a screen asks for the width at each line it shows.)
    public static var width: Int {
        if let columns = standardOutput.terminalColumns() { return columns }
        return width(columns: getenv("COLUMNS").map { String(cString: $0) })
    }

    /// The width for an output that is not a terminal: `COLUMNS` when it is a number of at least 20, else 80.
    public static func width(environment: [String: String]) -> Int { width(columns: environment["COLUMNS"]) }

    private static func width(columns: String?) -> Int {
        if let columns = columns.flatMap(Int.init), columns >= 20 { return columns }
        return LineWrapper.standardWidth
    }

    /// A wrapper for ``width``.
    public static var wrapper: LineWrapper { LineWrapper(width: width) }

    /// Whether stdout is a terminal.
    public static var isTerminal: Bool { FileSystem.isTerminal(STDOUT_FILENO) }

    /// Whether to colour a terminal's output: a terminal, `NO_COLOR` unset or empty, `TERM` not `dumb`.
    public static func wantsColor(environment: [String: String]) -> Bool {
        isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }
}

/// The terminal as a ``ScreenOutput``: stdout, or stderr when stdout carries a machine's stream
/// (`--events -` into a pipe).
@MainActor
public final class TerminalOutput: ScreenOutput {
    private let toStandardError: Bool

    /// The terminal; the screen goes to stderr when `toStandardError`.
    public init(toStandardError: Bool = false) { self.toStandardError = toStandardError }

    /// Writes to stdout (or stderr) now.
    public func write(_ text: String) {
        if toStandardError { Terminal.writeError(text) } else { Terminal.write(text) }
    }

    /// Writes a line to stderr now.
    public func writeError(_ line: String) { Terminal.emitError(line) }
}
