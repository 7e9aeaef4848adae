// ProgressLine: a one-line progress bar on stderr for long store work, drawn only when stderr is a terminal.

import Foundation
import PeachMIDI
import PeachStore
import PeachSystem
import PeachText
import PeachTraining

/// Shows how far a long operation (`data check`, `data export`, `data import` on a large store) has come: one
/// line on stderr, redrawn in place at most ten times a second, with a bar, the percentage, the records so far
/// and their rate, cleared when the work ends. When stderr is not a terminal (a pipe, a file, a systemd
/// journal) nothing is written at all.
public final class ProgressLine {
    private let task: Texts.ProgressTask
    private let texts: Texts
    private let enabled: Bool
    private let now: () -> Double
    private let start: Double
    private var lastDrawn: Double?
    private let output: (String) -> Void

    /// A progress line for `task`; `enabled` defaults to "stderr is a terminal"; `now` is the clock (seconds);
    /// `output` writes raw text (stderr by default).
    public init(
        _ task: Texts.ProgressTask, texts: Texts, enabled: Bool = FileSystem.isTerminal(STDERR_FILENO),
        now: @escaping () -> Double = MonotonicTime.now,
        output: @escaping (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    ) {
        self.task = task
        self.texts = texts
        self.enabled = enabled
        self.now = now
        self.output = output
        start = now()
    }

    /// Runs `body` with a progress line for `task` (on stderr when it is a terminal), handing it the line's
    /// update function, and clears the line when `body` ends, however it ends.
    public static func showing<T>(
        _ task: Texts.ProgressTask, texts: Texts, _ body: (@escaping (StoreProgress) -> Void) throws -> T
    ) rethrows -> T {
        let line = ProgressLine(task, texts: texts)
        defer { line.finish() }
        return try body(line.update)
    }

    /// Redraws the line for `progress`, unless the last drawing was less than 0.1 s ago.
    public func update(_ progress: StoreProgress) {
        guard enabled else { return }
        let time = now()
        if let lastDrawn, time - lastDrawn < 0.1 { return }
        lastDrawn = time
        let fraction = progress.total > 0 ? Double(progress.done) / Double(progress.total) : 0
        let elapsed = max(time - start, 1e-3)
        output(
            "\r"
                + texts.progress(
                    task, fraction: fraction, records: progress.records,
                    perSecond: Double(progress.records) / elapsed)
                + "\u{1B}[K")
    }

    /// Clears the line if one was drawn.
    public func finish() {
        if lastDrawn != nil { output("\r\u{1B}[K") }
        lastDrawn = nil
    }
}
