// RawMIDIDestination: MIDI output as raw bytes: a rawmidi device, a FIFO, a file or stdout.

import Foundation
import PeachSystem

/// A ``MIDIDestination`` that writes MIDI 1.0 bytes (full status bytes, no running status) to a rawmidi
/// device (`/dev/snd/midiC1D0`), a FIFO, a file (created or truncated) or stdout (`-`).
public final class RawMIDIDestination: MIDIDestination {
    /// The path written, as given.
    public let path: String
    /// `rawmidi:PATH`.
    public var name: String { "rawmidi:\(path)" }

    private let file: SystemFile

    /// Opens `path` for writing: `-` is stdout; a regular file is created or truncated; a device or FIFO is
    /// opened as it is.
    /// - Throws: ``MIDIInputError/cannotOpen(_:)``.
    public init(path: String) throws(MIDIInputError) {
        self.path = path
        do {
            if path == "-" {
                file = try SystemFile(duplicating: STDOUT_FILENO, path: path)
            } else {
                let kind = FileSystem.status(path)?.kind
                let isRegular = kind == nil || kind == .regular
                file = try SystemFile(
                    path: path, flags: O_WRONLY | (isRegular ? O_CREAT | O_TRUNC : 0), permissions: 0o644)
            }
        } catch {
            throw .cannotOpen(error)
        }
    }

    /// Writes the messages' bytes, all of them.
    /// - Throws: ``MIDIInputError/writeFailed(_:)``.
    public func send(_ messages: [MIDIMessage]) throws {
        do { try file.writeAll(messages.flatMap(\.bytes)) } catch { throw MIDIInputError.writeFailed(error) }
    }
}
