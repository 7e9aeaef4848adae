// RecordingPresenter: a TrainingPresenter that keeps every event with its time, and a recording screen output.

import Foundation
import PeachText
import PeachTraining

/// Keeps every event a run presents, in order, with its time.
@MainActor
public final class RecordingPresenter: TrainingPresenter {
    /// The events and their times.
    public private(set) var presented: [(event: TrainingEvent, time: Date)] = []
    /// Called with each event as it arrives, to check what else had happened by then.
    public var onPresent: (@MainActor (TrainingEvent) -> Void)?

    /// An empty recorder.
    public init() {}

    /// Records the event.
    public func present(_ event: TrainingEvent, at time: Date) {
        presented.append((event, time))
        onPresent?(event)
    }

    /// The events only.
    public var events: [TrainingEvent] { presented.map(\.event) }
}

/// A ``ScreenOutput`` that keeps what was written to the screen and to the error stream.
@MainActor
public final class RecordingScreenOutput: ScreenOutput {
    /// Everything written to the screen, as it was written.
    public private(set) var screen = ""
    /// The error lines.
    public private(set) var errors: [String] = []

    /// An empty recorder.
    public init() {}

    /// Records screen text.
    public func write(_ text: String) { screen += text }

    /// Records an error line.
    public func writeError(_ line: String) { errors.append(line) }

    /// The screen's lines (state-line rewrites left in as they were written).
    public var lines: [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
