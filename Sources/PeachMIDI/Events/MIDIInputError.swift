// MIDIInputError: a MIDI source or destination that could not be opened, read or written.

/// A failure of a raw MIDI source or destination, with the path and the system error number.
public enum MIDIInputError: Error, Hashable, Sendable {
    /// The path could not be opened.
    case cannotOpen(path: String, errno: Int32)
    /// Reading failed (e.g. `ENODEV`: the device was unplugged).
    case readFailed(path: String, errno: Int32)
    /// Writing failed.
    case writeFailed(path: String, errno: Int32)
    /// A sequencer source failed; `description` is the sequencer's own account.
    case sequencer(device: String, description: String)
}
