// EventStream: `--events FILE|-`, a JSON Lines account of a training session for other tools and tests.

import Foundation
import PeachCore
import PeachStore

/// Writes one JSON object per line for each thing that happens in a session. Every line has `event` and
/// `time` (ISO 8601, UTC, milliseconds). The events:
///
/// | event | fields |
/// |---|---|
/// | `started` | `mode` (`comparison` or `pitchMatching`), `profile` (controller profile), `output` |
/// | `trialStarted` | comparison: `note1`, `note2` (MIDI numbers), signed `cents`; matching: `referenceNote`, `initialCents` |
/// | `note2Started` | comparison: answers count from now |
/// | `tunableStarted` | matching: the control tunes from now |
/// | `answer` | comparison: `answer` (`higher` or `lower`), `input` |
/// | `result` | comparison: `correct`, `cents`; matching: signed `errorCents`, `band`, `input` |
/// | `stopped` | `reason` (`user`, `signal`, `controllerDisconnected`, `audioFailure`, `inputEnded`), `detail` |
///
/// A line is written (and flushed) as the event happens; a result line comes after the answer is stored.
final class EventStream {
    private let handle: FileHandle

    /// Writes to `path` (created or truncated in place), or stdout for `-`.
    /// - Throws: ``CommandFailure`` naming the file when it cannot be opened.
    init(path: String) throws {
        handle =
            path == "-"
            ? FileHandle.standardOutput
            : try OutputFile.open(path, what: Messages.pick("the events", "die Ereignisse"))
    }

    /// Writes one event.
    func write(_ event: String, at time: Date = Date(), _ fields: [String: Any] = [:]) {
        var object = fields
        object["event"] = event
        object["time"] = Timestamp.format(time)  // exactly as the store writes record times
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            return
        }
        try? handle.write(contentsOf: data + Data("\n".utf8))
    }

    /// The fields of a comparison.
    static func fields(_ comparison: Comparison) -> [String: Any] {
        [
            "note1": comparison.note1.rawValue, "note2": comparison.note2.rawValue,
            "cents": comparison.centDifference.rawValue,
        ]
    }
}
