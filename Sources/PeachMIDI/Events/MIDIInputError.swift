// MIDIInputError: a MIDI source or destination that could not be opened, read or written.

import PeachCore
import PeachSystem

/// A failure of a MIDI source or destination: a raw path's ``FileError`` or the sequencer's ``DeviceError``.
public enum MIDIInputError: Error, Hashable, Sendable {
    /// The path could not be opened.
    case cannotOpen(FileError)
    /// Reading failed (e.g. `ENODEV`: the device was unplugged).
    case readFailed(FileError)
    /// Writing failed.
    case writeFailed(FileError)
    /// A sequencer source failed.
    case sequencer(DeviceError)
}
