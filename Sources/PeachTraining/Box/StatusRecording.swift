// StatusRecording: the port of the practice box's persistent log of sessions and errors.

import Foundation

/// Where the practice box keeps its lasting record of sessions and errors (the live one is `StatusLog`, a
/// rotated file in the data folder, which `peach serve --status` shows).
public protocol StatusRecording: Sendable {
    /// Appends `message`, stamped with `time`.
    func append(_ message: String, at time: Date)
}
